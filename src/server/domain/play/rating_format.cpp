// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/rating_format.h"

#include <cmath>

#include <fmt/format.h>

#include "core/registry.h"
#include "server/domain/accounts/accounts.h"
#include "server/domain/play/board_text.h"

namespace ludus::server {
namespace {

long points(double value) { return std::lround(value); }

// A rating or deviation as shown: a tenth of a point is more than it can tell apart.
double tenths(double value) { return std::round(value * 10.0) / 10.0; }

// "1662?" for a provisional rating.
std::string rating_text(const PlayerRating& r, int64_t now) {
  return std::to_string(points(r.rating_points())) + (r.provisional_at(now) ? "?" : "");
}

std::string result_phrase(GameResult result) {
  switch (result) {
    case GameResult::Win: return "beat";
    case GameResult::Loss: return "lost to";
    case GameResult::Draw: return "drew with";
  }
  return "";
}

}  // namespace

std::string format_standings(const std::string& game, const std::vector<Standing>& standings, int64_t now) {
  const std::string title = game_title(game);
  if (standings.empty()) return title + ": no rated games yet.\n";
  std::string out = fmt::format("{} standings ({} player{}; ? marks a provisional rating: deviation above {})\n",
                                title, standings.size(), standings.size() == 1 ? "" : "s",
                                static_cast<int>(kProvisionalDeviation));
  out += fmt::format("{:>4}  {:<20} {:>7} {:>4} {:>6} {:>5} {:>5} {:>6}\n", "Rank", "Player", "Rating", "Dev", "Games",
                     "Won", "Lost", "Drawn");
  for (const Standing& s : standings) {
    const PlayerRating& r = s.rating;
    out += fmt::format("{:>4}  {:<20} {:>7} {:>4} {:>6} {:>5} {:>5} {:>6}\n", s.rank, r.player, rating_text(r, now),
                       points(r.deviation_at(now)), r.games, r.wins, r.losses, r.draws);
  }
  return out;
}

std::string format_player_ratings(const std::string& player, const std::vector<Standing>& ratings,
                                  const std::vector<RatingChange>& history, int64_t now) {
  std::string out = fmt::format("Ratings of {}\n", player);
  if (ratings.empty()) return out + "  no rated games yet.\n";
  for (const Standing& s : ratings) {
    const PlayerRating& r = s.rating;
    out += fmt::format("  {:<9} {:>6} +-{:<4} rank {:<4} ({} game{}: {} won, {} lost, {} drawn)\n", game_title(r.game),
                       rating_text(r, now), points(r.deviation_at(now)), s.rank, r.games, r.games == 1 ? "" : "s",
                       r.wins, r.losses, r.draws);
  }
  out += "\nRated games, oldest first:\n";
  for (const RatingChange& c : history)
    out += fmt::format("  {}  {:<9} board {:<6} {:<30} {:>5} -> {}\n", format_time(c.at), game_title(c.game), c.board,
                       result_phrase(c.result) + " " + c.opponent, points(c.before.rating_points()),
                       points(c.after.rating_points()));
  return out;
}

nlohmann::json standing_json(const Standing& s, int64_t now, bool with_player) {
  const PlayerRating& r = s.rating;
  nlohmann::json j = {{"rank", s.rank},
                      {"rating", tenths(r.rating_points())},
                      {"deviation", tenths(r.deviation_at(now))},
                      {"provisional", r.provisional_at(now)},
                      {"games", r.games},
                      {"wins", r.wins},
                      {"losses", r.losses},
                      {"draws", r.draws}};
  if (with_player) {
    j["player"] = r.player;
    j["computer"] = Accounts::is_ai(r.player);
  } else {
    j["game"] = r.game;
  }
  return j;
}

nlohmann::json rating_change_json(const RatingChange& change) {
  return {{"game", change.game},
          {"board", change.board},
          {"at", change.at},
          {"rating_before", tenths(change.before.rating_points())},
          {"rating", tenths(change.after.rating_points())},
          {"deviation", tenths(change.after.value().deviation)},
          {"opponent", change.opponent},
          {"result", game_result_name(change.result)}};
}

}  // namespace ludus::server
