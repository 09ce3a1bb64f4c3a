// SPDX-License-Identifier: Apache-2.0
#pragma once
// Keeping a community safe (docs/community.md): players block players, anyone logged in
// reports a comment, and administrators (users with the admin role, made on the server
// machine with `ludus admin grant`) hide comments, suspend and restore accounts and end a
// suspended player's boards.  Every administrator's action is one transaction with its
// line in the audit log (who, what, when, target, reason).
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "server/domain/service.h"
#include "server/storage/community_store.h"

namespace ludus::server {

// The one rule of blocks (docs/community.md): two people may meet -- a board between them
// (a challenge, an invitation, an open challenge taken, a tournament's pairing), a comment
// by one on the other's board, one's words mailed to the other -- unless either blocks the
// other.  The computer blocks nobody.  Every check below is this rule.
bool may_meet(Session& session, const std::string& one, const std::string& other);
// 403 blocked unless `actor` and `other` may meet, told to the actor ("OTHER takes no
// `what` from you", or "you block OTHER"): the actor is one of the two, so the reply tells
// nobody else who blocks whom.  `what` is marked N_ (translated).
void check_not_blocked(Session& session, const std::string& actor, const std::string& other,
                       const char* what = N_("challenges, invitations or comments"));
// 403 blocked unless `commenter` may meet both players of a board (its seats).
void check_may_comment(Session& session, const std::array<std::string, 2>& seats, const std::string& commenter);
// The pairs of a tournament's players who may not meet, each with the one whose block came
// first (who forfeits a game between them that a pairing cannot avoid).
std::map<std::pair<std::string, std::string>, std::string> tournament_refusals(Session& session, int64_t tournament);

class Moderation {
 public:
  static constexpr size_t kMaxReason = 500;
  static constexpr int kReportsPerHour = 20;  // of one reporter

  explicit Moderation(Service& service) : service_(&service) {}

  // --- everyone -------------------------------------------------------------------------
  // `user` blocks (on) or unblocks `other` (404 unknown user, 400 oneself).  Blocking also
  // declines or withdraws the open invitations between the two.
  void block(const std::string& user, const std::string& other, bool on);
  std::vector<std::string> blocked(const std::string& user);
  // Reports a comment (404 when there is none to see) to the administrators; returns the
  // report's number.  429 past kReportsPerHour.
  int64_t report(const std::string& reporter, int64_t comment, std::string_view reason);

  // --- administrators (`admin`: a user with the admin role, 403 not_admin otherwise) ------
  // Grants or revokes the role; the actor is the console of the server machine.
  void grant(const std::string& user, bool admin);
  std::vector<ReportRow> reports(const std::string& admin, bool all);
  // Hides (or shows again) a comment everywhere and closes its reports.
  void hide_comment(const std::string& admin, int64_t comment, std::string_view reason, bool hidden = true);
  // Suspends an account: no login, commands or mail from it, its tokens revoked, its open
  // offers withdrawn.  restore() lifts it.
  void suspend(const std::string& admin, const std::string& user, std::string_view reason);
  void restore(const std::string& admin, const std::string& user, std::string_view reason);
  // Ends every active board of a suspended user as their resignation; returns the boards.
  std::vector<int64_t> forfeit_boards(const std::string& admin, const std::string& user, std::string_view reason);
  std::vector<AuditEntry> audit(int limit = 100);
  // What an administrator's page shows, read at once: the reports (closed ones too when
  // `all_reports`), the suspended accounts and the newest `audit_limit` lines of the log.
  // Blocks are not in it: each player's are private to them.
  struct View {
    std::vector<ReportRow> reports;
    std::vector<SuspendedAccount> suspended;
    std::vector<AuditEntry> audit;
  };
  View view(const std::string& admin, bool all_reports, int audit_limit = 50);

 private:
  void check_admin(Session& session, const std::string& admin);
  std::string known_user(Session& session, const std::string& user);
  // The open offers `user` posted or is invited to.
  std::vector<OfferRecord> open_offers_of(const std::string& user);
  Service* service_;
};

}  // namespace ludus::server
