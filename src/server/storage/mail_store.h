// SPDX-License-Identifier: Apache-2.0
#pragma once
// The play-by-e-mail tables (schema migration 4): the outbox, each user's mail
// preference, and the time limits of the boards.  Every query of the mail feature is
// here, on a Session the caller holds in a transaction, so the outbox row of a change is
// written in that change's transaction.  Plain SQL (INTEGER/TEXT, ?N parameters).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

// What a user wants to receive about the boards they play or follow.  Replies to their own
// mail, error replies and time-limit reminders are sent whatever the preference.
enum class MailPreference { Every, Digest, None };
std::string_view mail_preference_name(MailPreference preference);  // "every", "digest", "none"
std::optional<MailPreference> mail_preference_by_name(std::string_view name);

// The hour (UTC) of a daily digest when the user chose none.
constexpr int kDefaultDigestHour = 7;

struct MailAddressee {
  std::string email;  // "" when the user gave none
  MailPreference preference = MailPreference::Every;
  int digest_hour = kDefaultDigestHour;  // 0-23, UTC: when their daily digest goes out
};

// A code a mail carries (a reset or verification code).  The outbox keeps it apart from the
// mail's text, which names it kSecretMark, and forgets it once the mail is sent, refused or
// the code expired: no row keeps a live code longer than it takes to send it, and `ludus db
// export` and backups never carry one (docs/security.md, "Secrets at rest").
struct MailSecret {
  std::string text;
  int64_t expires_at = 0;
};
inline constexpr std::string_view kSecretMark = "{code}";
// `body` with its kSecretMark replaced by `secret` (as it is sent).
std::string with_secret(std::string body, std::string_view secret);

// A mail to send.  Subject and recipient are single lines (the outbox never stores CR/LF
// in them: enqueue_mail replaces them by blanks, and cuts a subject at 300 bytes).
struct OutgoingMail {
  std::string recipient;
  std::string user;                // "" when it answers a stranger
  std::optional<int64_t> board;
  std::string subject;
  std::string body;
  std::string in_reply_to;         // Message-ID answered, "" for none
  std::optional<MailSecret> secret;  // a code the body names as kSecretMark
};

enum class OutboxStatus { Queued, Digest, Merged, Sent, Failed };

struct OutboxRow {
  int64_t id = 0;
  OutgoingMail mail;
  int attempts = 0;
  int64_t created_at = 0;
};

// Per-board time limits in days (0 = none).
struct TimeLimits {
  static constexpr int kMaxDays = 365;
  int nag_days = 7;
  int forfeit_days = 21;
};

// A board's time limits and the clock of its current turn.  The clock stands still while
// the player to move is on holiday (holiday_store.h), except on tournament boards, which
// keep hard time (docs/turns.md "Holidays").
struct TurnClock {
  int64_t board = 0;
  TimeLimits limits;
  int64_t turn_started_at = 0;
  bool nagged = false;
  int64_t paused = 0;  // seconds of the turn so far the player to move spent on holiday
  // The seconds the turn has counted at `now` (the time it was read at).
  int64_t elapsed(int64_t now) const { return now - turn_started_at - paused; }
  // When `days` of the turn will have counted, if no holiday pauses it meanwhile.
  int64_t due_at(int days) const { return turn_started_at + paused + int64_t{days} * 86400; }
};

// --- users ------------------------------------------------------------------------------
std::optional<MailAddressee> mail_addressee(Session& session, const std::string& user);
void set_mail_preference(Session& session, const std::string& user, MailPreference preference);
// `hour`: 0-23 (UTC; the caller checked it).
void set_digest_hour(Session& session, const std::string& user, int hour);
// Users following a board (its players follow from the start unless they unsubscribed).
std::vector<std::string> board_subscribers(Session& session, int64_t board);

// --- outbox ------------------------------------------------------------------------------
// status: Queued (send now) or Digest (wait for the user's digest).
int64_t enqueue_mail(Session& session, const OutgoingMail& mail, OutboxStatus status, int64_t now);
// Marks up to `limit` queued rows due at `now` and not claimed by a live sender as
// claimed by `claimer` until `claim_until`, and returns them (oldest first) with their codes
// in their bodies, as they are to be sent.  Run in a write transaction: two senders never
// get the same row.
std::vector<OutboxRow> claim_due_mail(Session& session, const std::string& claimer, int64_t now, int64_t claim_until,
                                      int limit);
// Whether claim_due_mail would find a row at `now`: a read, so a sender may look often
// (another process, `ludus mail`, queues replies without waking this one).
bool mail_due(Session& session, int64_t now);
// After the server accepted the mail (or for good refused it): done, claim released, and
// the code it carried forgotten.
void finish_mail(Session& session, int64_t id, const std::string& claimer, OutboxStatus status, int64_t now,
                 const std::string& error = {});
// A failed attempt: tried again at `next_attempt_at`.
void retry_mail(Session& session, int64_t id, const std::string& claimer, int64_t next_attempt_at,
                const std::string& error);
// The latest time at or before `now` when the clock (UTC) showed `hour`:00.
int64_t latest_digest_time(int64_t now, int hour);
// Users whose digest is due at `now`: they have a part created before the latest time their
// digest hour came (latest_digest_time), so each gets one digest a day, at their hour.
std::vector<std::string> users_with_digest_due(Session& session, int64_t now);
std::vector<OutboxRow> digest_parts(Session& session, const std::string& user);
void mark_merged(Session& session, int64_t id);
// Rows by status, for `ludus mail --status` and the tests.
int count_mail(Session& session, OutboxStatus status);
// Mails queued for `recipient` since `since` (whatever became of them): how many answers
// an address got lately, so a mail loop or a forged reply address is answered a bounded
// number of times.
int mail_to_since(Session& session, const std::string& recipient, int64_t since);
// Inbound mails by what became of them, counted in the database so the server's metrics
// (ludus_mail_received_total) see the mails every `ludus mail` process read: an outcome
// (answered; refused: an error reply went back; ignored: no reply) and the reason for it,
// both from these fixed sets.  Each reason belongs to one outcome (outcome_of), except
// Unrecorded: mails counted before schema 11 kept reasons.
enum class ReceivedMail { Answered, Refused, Ignored };
enum class MailReason {
  None,             // answered: every command carried out
  TooBig,           // refused before any command ran: bigger than --max-size
  Malformed,        //   not readable as a mail (headers, encoding)
  UnreadableBody,   //   a command needed the body and it could not be decoded
  NoCommands,       //   Subject `multiple` and no command lines
  TooManyCommands,  //   more command lines than a mail may hold
  BadCommand,       // refused by a command: unknown, malformed, an illegal move
  BadPassword,      //   wrong user or password
  Forbidden,        //   a known user who may not do this
  NotFound,         //   no such board, user or offer
  Conflict,         //   the board moved on (a stale move number, a closed offer)
  RateLimited,      //   over one of the service's limits
  Busy,             //   the database could not take it then
  Internal,         //   the server's own fault
  NoAddress,        // ignored: no From or Reply-To to answer
  Automatic,        //   an automatic mail (bounce, vacation reply, list)
  Flooded,          //   the address got too many replies in the last hour (a loop, a forgery)
  Unrecorded,       // counted before reasons were
};
inline constexpr std::array<std::string_view, 3> kReceivedMailNames = {"answered", "refused", "ignored"};
inline constexpr std::array<std::string_view, 18> kMailReasonNames = {
    "none",        "too_big",   "malformed", "unreadable_body", "no_commands", "too_many_commands",
    "bad_command", "bad_password", "forbidden", "not_found",    "conflict",    "rate_limited",
    "busy",        "internal",  "no_address", "automatic",      "flooded",     "unrecorded"};
static_assert(kMailReasonNames.size() == static_cast<size_t>(MailReason::Unrecorded) + 1,
              "a name for every MailReason, in its order");
static_assert(kReceivedMailNames.size() == static_cast<size_t>(ReceivedMail::Ignored) + 1,
              "a name for every ReceivedMail, in its order");
inline std::string_view received_mail_name(ReceivedMail outcome) { return kReceivedMailNames[static_cast<size_t>(outcome)]; }
inline std::string_view mail_reason_name(MailReason reason) { return kMailReasonNames[static_cast<size_t>(reason)]; }
ReceivedMail outcome_of(MailReason reason);  // Unrecorded: Ignored (it has no outcome of its own)
// Adds one mail to its (outcome_of(reason), reason) count, in the caller's transaction.
void count_received_mail(Session& session, MailReason reason);
struct ReceivedMailCount {
  ReceivedMail outcome;
  MailReason reason;
  int64_t count;
};
// Every (outcome, reason) pair a mail can be counted in, 0 when none was yet, and the
// Unrecorded counts there are.
std::vector<ReceivedMailCount> received_mail_counts(Session& session);
// How long finished rows (sent, merged into a digest, refused for good) are kept, for a
// look at what went out; queued and digest rows are never pruned.
constexpr int64_t kFinishedMailKeptSeconds = 30 * 86400;
// Deletes the finished rows created before `older_than`; returns how many.
int prune_finished_mail(Session& session, int64_t older_than);
// Forgets the codes expired at `now` (a mail still queued then is refused for good: its
// code could no longer be used); returns how many.
int forget_expired_secrets(Session& session, int64_t now);
// The statement of forget_expired_secrets, ?1 the time: a backup runs it on its copy with
// the largest time (backup.cpp).
const char* forget_secrets_sql();

// --- time limits -------------------------------------------------------------------------
// Sets a new board's limits; its first turn starts at `now`.
void set_time_limits(Session& session, int64_t board, TimeLimits limits, int64_t now);
TimeLimits time_limits(Session& session, int64_t board);
// The seat to move changed: its clock starts at `now`, with no reminder sent yet.
void start_turn(Session& session, int64_t board, int64_t now);
void mark_nagged(Session& session, int64_t board);
// The board's limits and the clock of its current turn at `now`; nullopt when there is no
// board.
std::optional<TurnClock> turn_clock(Session& session, int64_t board, int64_t now);
// Active boards whose player to move is a person (the computer moves by itself) past
// their nag time (not yet nagged) or their forfeit time at `now`, holidays counted out.
std::vector<TurnClock> overdue_boards(Session& session, int64_t now);

}  // namespace ludus::server
