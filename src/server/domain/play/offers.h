// SPDX-License-Identifier: Apache-2.0
#pragma once
// Challenges by consent (docs/community.md): an offer to play is an invitation (addressed
// to one user, who accepts or declines) or a seek (an open challenge anyone eligible may
// take: the lobby).  Offers expire.  Each user says who may challenge them (ask: every
// challenge is an invitation; all: boards start at once; none: refused) and may cap their
// active boards.  Typed queries on a Session held in a transaction (as mail_store.h).
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/base/texts.h"
#include "server/storage/mail_store.h"
#include "server/storage/store.h"

namespace ludus::server {

enum class OfferKind { Invitation, Seek };
enum class OfferStatus { Open, Taken, Declined, Withdrawn, Expired };
// The seat the poster of an offer takes.
enum class SeatChoice { First, Second, Random };
// Who may challenge a user.
enum class ChallengePolicy { Ask, All, None };

std::string_view offer_kind_name(OfferKind kind);        // "invitation", "seek"
std::string_view offer_status_name(OfferStatus status);  // "open", "taken", ...
std::string_view seat_choice_name(SeatChoice seat);      // "first", "second", "random"
std::optional<SeatChoice> seat_choice_by_name(std::string_view name);
std::string_view challenge_policy_name(ChallengePolicy policy);  // "ask", "all", "none"
std::optional<ChallengePolicy> challenge_policy_by_name(std::string_view name);

// How long an offer stays open.
constexpr int64_t kOfferLifetimeSeconds = 7 * 86400;
// The most open offers one user may have posted at once.
constexpr int kMaxOpenOffersPerUser = 20;

struct OfferRecord {
  int64_t id = 0;
  OfferKind kind = OfferKind::Invitation;
  std::string game;                            // registry name
  std::map<std::string, std::string> options;  // the game's, canonical
  TimeLimits limits;                           // the board's, once started
  std::string from;                            // the poster
  std::optional<std::string> to;               // the addressee of an invitation
  bool from_bot = false, to_bot = false;       // poster, addressee: bot accounts (read with the row)
  SeatChoice seat = SeatChoice::First;         // the poster's seat
  std::optional<int> min_rating, max_rating;   // a seek's range of the taker's rating in the game
  bool rated = true;
  bool exploration = false;                    // the board's (board_settings.h)
  OfferStatus status = OfferStatus::Open;
  std::optional<int64_t> board;                // once taken
  int64_t created_at = 0, expires_at = 0;
  std::optional<int64_t> closed_at;
  std::optional<int64_t> rematch_of;          // an invitation to a rematch: the finished board it repeats

  // The game's options and the board's words (nagtime, forfeittime, rated, exploration): how the offers
  // table stores them and the API shows them.
  std::map<std::string, std::string> options_and_settings() const;
  bool open_at(int64_t now) const { return status == OfferStatus::Open && expires_at > now; }
  // "offer 5"
  std::string name() const { return "offer " + std::to_string(id); }
};

struct ChallengeSettings {
  ChallengePolicy policy = ChallengePolicy::Ask;
  std::optional<int> max_active;  // most active boards; nullopt = no limit
};

// What happened to an offer, for the listeners that must record it in the same
// transaction (the mail outbox): a new invitation, one declined or withdrawn.
enum class OfferEventKind { Invited, Declined, Withdrawn };
struct OfferEvent {
  OfferEventKind kind = OfferEventKind::Invited;
  std::string actor;
  Message summary;  // one line, written in each reader's language (texts.h)
};
using OfferEventSink = std::function<void(Session& session, const OfferRecord& offer, const OfferEvent& event)>;

// --- queries ----------------------------------------------------------------------------
int64_t insert_offer(Session& session, const OfferRecord& offer);
std::optional<OfferRecord> find_offer(Session& session, int64_t id);
// The open, unexpired invitation from `from` to a rematch of `board`, if any.
std::optional<OfferRecord> open_rematch(Session& session, int64_t board, const std::string& from, int64_t now);
// Open offers at `now`: every seek (of `game` when given), and with `invited` also the
// invitations to or from that user; oldest first, at most `limit` of those numbered above
// `after`.
std::vector<OfferRecord> open_offers(Session& session, int64_t now, const std::string& game, const std::string& invited,
                                     int64_t after, int limit);
// The open offers `user` posted or is invited to, oldest first (what a block or a suspension
// closes).
std::vector<OfferRecord> open_offers_involving(Session& session, int64_t now, const std::string& user);
// Closes an open offer; false when it was no longer open (another request took it first).
bool close_offer(Session& session, int64_t id, OfferStatus status, std::optional<int64_t> board, int64_t now);
// Marks the offers past their expiry as expired; returns how many.
int expire_offers(Session& session, int64_t now);
// Offers `user` posted after `since` that started no board: {how many, when the earliest}.
std::pair<int, int64_t> offers_posted_since(Session& session, const std::string& user, int64_t since);
int open_offers_of(Session& session, const std::string& user, int64_t now);
// Every offer `user` posted or was invited by, open or closed, oldest first.
std::vector<OfferRecord> offers_of(Session& session, const std::string& user);

std::optional<ChallengeSettings> challenge_settings(Session& session, const std::string& user);
void set_challenge_settings(Session& session, const std::string& user, const ChallengeSettings& settings);
// Active boards where `user` holds a seat.
int active_boards_of(Session& session, const std::string& user);

}  // namespace ludus::server
