// SPDX-License-Identifier: Apache-2.0
#pragma once
// Notifications (docs/notifications.md): each user's private list of what happened that
// concerns them, written by the domain from the same events the mail notifier mails
// (board_events.h, offers.h, tournaments.h), in the transaction of the change:
//   * a board: your move (and its reminder), a draw or take-back to answer or answered,
//     the result, a comment (players and followers; never one by someone a block stands
//     between the reader and: board_news.h), a board a challenge or an offer started;
//   * an offer: an invitation to you, yours declined, one to you withdrawn;
//   * a tournament: a round started, the tournament over or cancelled.
// Nobody is told of their own action, and acting on a board marks the actor's notifications
// of it read.  Read by their owner only (the JSON API with the token, the `notifications`
// command with the password); `next` finds the board that has waited longest for the
// user's move.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/base/paging.h"
#include "server/base/texts.h"
#include "server/domain/play/board.h"
#include "server/domain/play/board_events.h"
#include "server/domain/play/offers.h"
#include "server/domain/tournaments/tournaments.h"
#include "server/storage/notification_store.h"

namespace ludus::server {

class Service;

// --- written inside the change's transaction (Service and Tournaments call them) ----------
void notify_board_event(Session& session, const Board& board, const BoardEvent& event,
                        const std::vector<BoardReader>& readers, int64_t now);
void notify_offer_event(Session& session, const OfferRecord& offer, const OfferEvent& event, int64_t now);
void notify_tournament_event(Session& session, const TournamentRecord& tournament,
                             const std::vector<TournamentPlayer>& players, const TournamentEvent& event, int64_t now);

// Deletes the notifications older than kNotificationKeptSeconds (a chore of the mail worker
// and `ludus cleanup`); returns how many.
int prune_old_notifications(Store& store, int64_t now);

// --- read by their owner -------------------------------------------------------------------
struct NotificationList {
  std::vector<NotificationRecord> items;  // one page, newest first
  int unread = 0;                         // of all the user's notifications
  int64_t revision = 0;                   // of the user's list (what a live page waits on)
};

class Notifications {
 public:
  // The most ids one request may mark read.
  static constexpr size_t kMaxMarkedAtOnce = kMaxNotificationsPerUser;

  explicit Notifications(Service& service) : service_(&service) {}

  NotificationList list(const std::string& user, const Page& page = {20, 0});
  int64_t revision(const std::string& user);
  // Marks the selected notifications of `user` read (400 bad_field beyond kMaxMarkedAtOnce
  // ids); returns the first page after it.
  NotificationList mark_read(const std::string& user, const NotificationSelection& selection,
                             const Page& page = {20, 0});
  // The board where `user` has the move that has waited longest (Session::next_board_to_move),
  // other than `except`.
  std::optional<int64_t> next_board(const std::string& user, std::optional<int64_t> except = std::nullopt);

 private:
  Service* service_;
};

// A notification's line in `language`: its row keeps the line as a Message (texts.h), so
// each reader reads it in the language they read in now (a row kept before as plain text
// is read as it is).
std::string notification_text(const NotificationRecord& notification, const Language& language);
// {"id", "kind", "text", "created_at", "read", and "board" / "offer" / "tournament", "actor"
// when it has one}: the JSON API's and the data export's form, "text" in `language`.
nlohmann::json notification_json(const NotificationRecord& notification, const Language& language = Language());
// "* 2026-11-23 21:00 UTC  board 12  Ndengrod: alice plays e5 ...; your move" (the `*`
// while unread): the command's form, one line each, in `language`.
std::string format_notifications(const NotificationList& list, const std::string& user,
                                 const Language& language = Language());

}  // namespace ludus::server
