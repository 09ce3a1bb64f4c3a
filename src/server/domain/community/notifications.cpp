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
std::optional<std::pair<NotificationKind, Message>> board_notice(const Board& board, const BoardEvent& event,
                                                                 const std::string& reader) {
  const TextArgs args{{"game", board.game().info().title}, {"summary", event.summary}};
  // TRANSLATORS: {game} is the game's name (never translated), {summary} what happened.
  Message line = text("{game}: {summary}", args);
  const bool player = board.seat_of(reader) >= 0;
  switch (board_news(board, event, reader)) {
    case BoardNews::Reminder: return std::pair{NotificationKind::Move, line};
    case BoardNews::YourMove: return std::pair{NotificationKind::Move, text("{game}: {summary}; your move", args)};
    // Their lines did not answer the turn just played: the move is theirs to make by hand.
    case BoardNews::ConditionalDropped: return std::pair{NotificationKind::Move, line};
    case BoardNews::GameOver:
      // TRANSLATORS: {status} is the board's result line ("alice wins by resignation").
      return std::pair{NotificationKind::Result,
                       text("{game}: {summary}; board {board} is over: {status}",
                            {{"game", board.game().info().title}, {"summary", event.summary}, {"board", board.id()},
                             {"status", status_line(board)}})};
    case BoardNews::DrawProposed:
    case BoardNews::TakeBackProposed: return std::pair{NotificationKind::Proposal, line};
    case BoardNews::Proposal:
      if (!player) return std::nullopt;
      return std::pair{NotificationKind::Proposal, line};
    case BoardNews::Comment: return std::pair{NotificationKind::Comment, line};
    case BoardNews::ReviewReady: return std::pair{NotificationKind::Review, line};
    case BoardNews::NewGame:
      if (!player) return std::nullopt;
      return std::pair{NotificationKind::Invitation, line};
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
    n.text = notice->second.serialized();
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
  n.text = event.summary.serialized();
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
    n.text = event.summary.serialized();
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

std::string notification_text(const NotificationRecord& n, const Language& language) {
  return Message::parse(n.text).in(language);
}

nlohmann::json notification_json(const NotificationRecord& n, const Language& language) {
  nlohmann::json out = {{"id", n.id},
                        {"kind", notification_kind_name(n.kind)},
                        {"text", notification_text(n, language)},
                        {"created_at", n.created_at},
                        {"read", n.read}};
  if (n.board) out["board"] = *n.board;
  if (n.offer) out["offer"] = *n.offer;
  if (n.tournament) out["tournament"] = *n.tournament;
  if (!n.actor.empty()) out["actor"] = n.actor;
  return out;
}

std::string format_notifications(const NotificationList& list, const std::string& user, const Language& language) {
  std::string out = trn(language, "Notifications of {user}: {n} unread.", "Notifications of {user}: {n} unread.",
                        list.unread, {{"user", user}}) +
                    "\n";
  for (const NotificationRecord& n : list.items) {
    const std::string about = n.board        ? tr(language, "board {board}", {{"board", *n.board}})
                              : n.offer      ? tr(language, "offer {offer}", {{"offer", *n.offer}})
                              : n.tournament ? tr(language, "tournament {tournament}", {{"tournament", *n.tournament}})
                                             : std::string();
    out += fmt::format("{} {}  {:<14} {}\n", n.read ? ' ' : '*', format_time(n.created_at), about,
                       notification_text(n, language));
  }
  return out;
}

}  // namespace ludus::server
