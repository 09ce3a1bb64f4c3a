// SPDX-License-Identifier: Apache-2.0
#include "server/domain/community/notifications.h"

#include <fmt/format.h>

#include "server/base/errors.h"
#include "server/domain/play/board_news.h"
#include "server/domain/play/board_text.h"
#include "server/domain/service.h"

namespace ludus::server {
namespace {

// What a board's news is as a notification, and its line; nullopt: not worth one (a move
// seen by a follower, an update).  A follower hears of comments and results only.
std::optional<std::pair<NotificationKind, std::string>> board_notice(const Board& board, const BoardEvent& event,
                                                                     const std::string& reader) {
  const std::string title = board.game().info().title + ": ";
  const bool player = board.seat_of(reader) >= 0;
  switch (board_news(board, event, reader)) {
    case BoardNews::Reminder: return std::pair{NotificationKind::Move, title + event.summary};
    case BoardNews::YourMove: return std::pair{NotificationKind::Move, title + event.summary + "; your move"};
    // Their lines did not answer the turn just played: the move is theirs to make by hand.
    case BoardNews::ConditionalDropped: return std::pair{NotificationKind::Move, title + event.summary};
    case BoardNews::GameOver:
      return std::pair{NotificationKind::Result, title + event.summary + "; " + board_name(board.id()) +
                                                     " is over: " + status_line(board)};
    case BoardNews::DrawProposed:
    case BoardNews::TakeBackProposed: return std::pair{NotificationKind::Proposal, title + event.summary};
    case BoardNews::Proposal:
      if (!player) return std::nullopt;
      return std::pair{NotificationKind::Proposal, title + event.summary};
    case BoardNews::Comment: return std::pair{NotificationKind::Comment, title + event.summary};
    case BoardNews::ReviewReady: return std::pair{NotificationKind::Review, title + event.summary};
    case BoardNews::NewGame:
      if (!player) return std::nullopt;
      return std::pair{NotificationKind::Invitation, title + event.summary};
    case BoardNews::Moved:
    case BoardNews::Update: break;
  }
  return std::nullopt;
}

}  // namespace

void notify_board_event(Session& session, const Board& board, const BoardEvent& event,
                        const std::vector<BoardReader>& readers, int64_t now) {
  if (event.summary.empty()) return;
  // Who acted has seen the board: what they were told of it is read.
  if (!event.actor.empty() && !Accounts::is_ai(event.actor))
    mark_notifications_read(session, event.actor, NotificationSelection{{}, board.id(), false}, now);
  for (const BoardReader& reader : readers) {
    if (reader.user == event.actor) continue;
    const auto notice = board_notice(board, event, reader.user);
    if (!notice) continue;
    NotificationRecord n;
    n.user = reader.user;
    n.kind = notice->first;
    n.board = board.id();
    n.actor = event.actor;
    n.text = notice->second;
    n.created_at = now;
    insert_notification(session, n);
  }
}

void notify_offer_event(Session& session, const OfferRecord& offer, const OfferEvent& event, int64_t now) {
  // Invited and withdrawn: the addressee hears of it; declined: the poster (as by mail).
  const std::string user = event.kind == OfferEventKind::Declined ? offer.from : offer.to.value_or("");
  if (user.empty() || user == event.actor || Accounts::is_ai(user)) return;
  NotificationRecord n;
  n.user = user;
  n.kind = NotificationKind::Invitation;
  n.offer = offer.id;
  n.actor = event.actor;
  n.text = event.summary;
  n.created_at = now;
  insert_notification(session, n);
}

void notify_tournament_event(Session& session, const TournamentRecord& tournament,
                             const std::vector<TournamentPlayer>& players, const TournamentEvent& event, int64_t now) {
  for (const TournamentPlayer& p : players) {
    if (Accounts::is_ai(p.player)) continue;
    NotificationRecord n;
    n.user = p.player;
    n.kind = NotificationKind::Tournament;
    n.tournament = tournament.id;
    n.text = event.summary;
    n.created_at = now;
    insert_notification(session, n);
  }
}

int prune_old_notifications(Store& store, int64_t now) {
  return store.retrying([&](Session& session) {
    auto tx = session.write();
    const int pruned = prune_notifications(session, now - kNotificationKeptSeconds);
    tx.commit();
    return pruned;
  });
}

NotificationList Notifications::list(const std::string& user, const Page& page) {
  auto session = service_->store().session();
  auto tx = session.read();
  return {notifications_of(session, user, page), unread_notifications(session, user),
          notifications_revision(session, user)};
}

int64_t Notifications::revision(const std::string& user) {
  auto session = service_->store().session();
  return notifications_revision(session, user);
}

NotificationList Notifications::mark_read(const std::string& user, const NotificationSelection& selection,
                                          const Page& page) {
  if (selection.ids.size() > kMaxMarkedAtOnce)
    bad_request(fmt::format("at most {} notifications at once", kMaxMarkedAtOnce), "bad_field");
  const int64_t now = service_->accounts().now();
  service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    mark_notifications_read(session, user, selection, now);
    tx.commit();
  });
  return list(user, page);
}

std::optional<int64_t> Notifications::next_board(const std::string& user, std::optional<int64_t> except) {
  auto session = service_->store().session();
  return session.next_board_to_move(user, except);
}

nlohmann::json notification_json(const NotificationRecord& n) {
  nlohmann::json out = {{"id", n.id},
                        {"kind", notification_kind_name(n.kind)},
                        {"text", n.text},
                        {"created_at", n.created_at},
                        {"read", n.read}};
  if (n.board) out["board"] = *n.board;
  if (n.offer) out["offer"] = *n.offer;
  if (n.tournament) out["tournament"] = *n.tournament;
  if (!n.actor.empty()) out["actor"] = n.actor;
  return out;
}

std::string format_notifications(const NotificationList& list, const std::string& user) {
  std::string out = fmt::format("Notifications of {}: {} unread.\n", user, list.unread);
  for (const NotificationRecord& n : list.items) {
    const std::string about = n.board        ? board_name(*n.board)
                              : n.offer      ? "offer " + std::to_string(*n.offer)
                              : n.tournament ? "tournament " + std::to_string(*n.tournament)
                                             : std::string();
    out += fmt::format("{} {}  {:<14} {}\n", n.read ? ' ' : '*', format_time(n.created_at), about, n.text);
  }
  return out;
}

}  // namespace ludus::server
