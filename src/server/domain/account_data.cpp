// SPDX-License-Identifier: Apache-2.0
#include "server/domain/account_data.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "server/base/errors.h"
#include "server/domain/accounts/chosen_language.h"
#include "server/domain/play/game_json.h"
#include "server/domain/play/offer_format.h"
#include "server/domain/play/rating_format.h"
#include "server/domain/tournaments/tournament_text.h"
#include "server/domain/community/notifications.h"
#include "server/domain/puzzles/puzzles.h"
#include "server/storage/account_store.h"
#include "server/storage/community_store.h"
#include "server/storage/conditional_store.h"

namespace ludus::server {
namespace {

using nlohmann::json;

// Every board `user` holds a seat on (of `status`: "" for all), by number.
std::vector<GameRecord> boards_of(Service& service, const std::string& user, const std::string& status) {
  GameFilter filter;
  filter.user = user;
  filter.status = status;
  filter.limit = 1000000;
  std::vector<GameRecord> boards = service.list(filter);
  std::sort(boards.begin(), boards.end(), [](const GameRecord& a, const GameRecord& b) { return a.id < b.id; });
  return boards;
}

enum class Place { Out, Joined, Playing };

// Where `user` stands in tournament `id`: joined one still open, playing one under way.
Place place_in(Service& service, int64_t id, const std::string& user) {
  const TournamentView view = service.tournaments().view(id);
  const auto me = std::find_if(view.players.begin(), view.players.end(),
                               [&](const TournamentPlayer& p) { return p.player == user; });
  if (me == view.players.end()) return Place::Out;
  if (view.tournament.status == TournamentStatus::Open) return Place::Joined;
  if (view.tournament.status == TournamentStatus::Running && !me->withdrawn) return Place::Playing;
  return Place::Out;
}

std::vector<int64_t> tournament_ids(Service& service, const std::string& user) {
  auto session = service.store().session();
  return tournaments_of(session, user);
}

std::string counted(int n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

json AccountData::export_json(const std::string& user) {
  Service& service = *service_;
  json out;
  {
    auto session = service.store().session();
    auto tx = session.read();
    const auto record = session.find_user(user);
    if (!record) not_found(text("no user '{user}'", {{"user", user}}));
    const auto addressee = mail_addressee(session, user);
    const auto settings = challenge_settings(session, user);
    out["account"] = {{"user", record->id},
                      {"email", record->email},
                      {"pending_email", record->pending_email},
                      {"created_at", record->created_at},
                      {"admin", record->admin},
                      {"mail", mail_preference_name(addressee ? addressee->preference : MailPreference::Every)},
                      {"digest_hour", addressee ? addressee->digest_hour : kDefaultDigestHour},
                      {"challenges", challenge_policy_name(settings ? settings->policy : ChallengePolicy::Ask)},
                      {"max_active", settings && settings->max_active ? json(*settings->max_active) : json()},
                      {"auto_review", auto_review(session, user).value_or(false)},
                      {"language", user_language(session, user).value_or("")}};
    out["blocks"] = blocked_by(session, user);
    out["following"] = followed_boards(session, user);
    out["holidays"] = holiday_plan_json(holiday_plan(session, user, service.accounts().now()));
    out["puzzles"] = Puzzles::user_data(session, user, service.accounts().now());
    json comments = json::array();
    for (const AuthoredComment& c : comments_by(session, user))
      comments.push_back({{"id", c.id},
                          {"board", c.board},
                          {"after_move", c.after_ply},
                          {"text", c.body},
                          {"at", c.created_at},
                          {"hidden_by_moderator", c.hidden}});
    out["comments"] = comments;
    json offers = json::array();
    for (const OfferRecord& o : offers_of(session, user)) offers.push_back(offer_json(o));
    out["offers"] = offers;
    json reports = json::array();
    for (const FiledReport& r : reports_by(session, user))
      reports.push_back({{"id", r.id}, {"comment", r.comment}, {"reason", r.reason}, {"open", r.open}, {"at", r.created_at}});
    out["reports"] = reports;
    json notifications = json::array();
    // Their lines in the language the account chose (English when none).
    const Language language = chosen_language(session, user);
    for (const NotificationRecord& n : notifications_of(session, user, Page{kMaxNotificationsPerUser, 0}))
      notifications.push_back(notification_json(n, language));
    out["notifications"] = notifications;
    // The reviews they asked for (the players' automatic ones are the board's, asked by nobody).
    json reviews = json::array();
    for (const StoredReview& r : reviews_asked_by(session, user)) reviews.push_back(stored_review_json(r));
    out["reviews"] = reviews;
    json games = json::array();
    for (const GameRecord& g : boards_of(service, user, "")) {
      json board = game_summary_json(g);
      json moves = json::array();
      for (const MoveRecord& m : session.moves(g.id))
        moves.push_back({{"move_number", m.ply}, {"seat", m.seat}, {"move", m.move}, {"at", m.played_at}});
      board["moves"] = moves;
      // Their own conditional moves on it (never the opponent's).
      if (const auto mine = find_conditional(session, g.id, user))
        board["conditional_moves"] = {{"lines", mine->tree}, {"dropped_because", mine->note}};
      games.push_back(std::move(board));
    }
    out["games"] = games;
  }
  const Service::PlayerRatings ratings = service.player_ratings(user);
  const int64_t now = service.accounts().now();
  json standings = json::array(), history = json::array();
  for (const Standing& s : ratings.ratings) standings.push_back(standing_json(s, now, false));
  for (const RatingChange& change : ratings.history) history.push_back(rating_change_json(change));
  out["ratings"] = standings;
  out["rating_history"] = history;
  json tournaments = json::array();
  for (int64_t id : tournament_ids(service, user)) tournaments.push_back(tournament_json(service.tournaments().view(id).tournament));
  out["tournaments"] = tournaments;
  out["exported_at"] = now;
  return out;
}

DeletionPlan AccountData::plan(const std::string& user) {
  Service& service = *service_;
  DeletionPlan plan;
  plan.active_boards = static_cast<int>(boards_of(service, user, "active").size());
  plan.finished_boards = static_cast<int>(boards_of(service, user, "finished").size());
  for (const OfferRecord& o : service.offers("", user, true)) plan.open_offers += o.from == user || o.to == user;
  for (int64_t id : tournament_ids(service, user)) {
    const Place s = place_in(service, id, user);
    plan.tournaments_joined += s == Place::Joined;
    plan.tournaments_playing += s == Place::Playing;
  }
  return plan;
}

std::string AccountData::delete_account(const std::string& user) {
  Service& service = *service_;
  // Each step ends something under way as the player could have ended it (the others are
  // told as then); a step that finds it ended meanwhile has nothing left to do.
  auto tolerate = [](const std::function<void()>& step) {
    try {
      step();
    } catch (const ServiceError& e) {
      if (e.kind() != ErrorKind::Conflict && e.kind() != ErrorKind::NotFound) throw;
    }
  };
  for (const OfferRecord& o : service.offers("", user, true))
    if (o.from == user || o.to == user) tolerate([&] { service.decline(o.id, user); });
  for (int64_t id : tournament_ids(service, user)) {
    const Place s = place_in(service, id, user);
    if (s == Place::Joined) tolerate([&] { service.tournaments().leave(id, user); });
    if (s == Place::Playing) tolerate([&] { service.tournaments().withdraw(id, user); });
  }
  for (const GameRecord& g : boards_of(service, user, "active")) tolerate([&] { service.resign(g.id, user); });
  const int64_t now = service.accounts().now();
  return service.store().retrying([&](Session& session) {
    auto tx = session.write();
    if (!session.find_user(user)) not_found(text("no user '{user}'", {{"user", user}}));
    GameFilter active;
    active.user = user;
    active.status = "active";
    active.limit = 1;
    if (!session.list_games(active).empty())
      conflict(text("a board of {user} started meanwhile: ask again to delete the account", {{"user", user}}), "conflict");
    const std::string name = next_deleted_name(session, Accounts::kDeletedPrefix);
    erase_account(session, user, name, now);
    tx.commit();
    return name;
  });
}

std::string plan_text(const DeletionPlan& plan) {
  return fmt::format("{} resigned (each opponent wins), {} withdrawn, {} left, {} withdrawn from (the rest lost); "
                     "{} kept for the opponents to replay",
                     counted(plan.active_boards, "active board", "active boards"),
                     counted(plan.open_offers, "open offer", "open offers"),
                     counted(plan.tournaments_joined, "tournament not yet started", "tournaments not yet started"),
                     counted(plan.tournaments_playing, "tournament under way", "tournaments under way"),
                     counted(plan.finished_boards, "finished board", "finished boards"));
}

}  // namespace ludus::server
