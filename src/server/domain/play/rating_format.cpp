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

// "beat bob": the rated game's result from the player's side.
std::string result_phrase(GameResult result, const std::string& opponent, const Language& language) {
  switch (result) {
    case GameResult::Win: return tr(language, "beat {opponent}", {{"opponent", opponent}});
    case GameResult::Loss: return tr(language, "lost to {opponent}", {{"opponent", opponent}});
    case GameResult::Draw: return tr(language, "drew with {opponent}", {{"opponent", opponent}});
  }
  return opponent;
}

}  // namespace

std::string format_standings(const std::string& game, const std::vector<Standing>& standings, int64_t now,
                             const Language& language) {
  const std::string title = game_title(game);
  if (standings.empty()) return tr(language, "{game}: no rated games yet.", {{"game", title}}) + "\n";
  std::string out =
      trn(language, "{game} standings ({n} player; ? marks a provisional rating: deviation above {deviation})",
          "{game} standings ({n} players; ? marks a provisional rating: deviation above {deviation})",
          static_cast<int64_t>(standings.size()),
          {{"game", title}, {"deviation", static_cast<int>(kProvisionalDeviation)}}) +
      "\n";
  // TRANSLATORS: the headings of the standings' columns, each a word or an abbreviation
  out += fmt::format("{:>4}  {:<20} {:>7} {:>4} {:>6} {:>5} {:>5} {:>6}\n", tr(language, "Rank"), tr(language, "Player"),
                     tr(language, "Rating"), tr(language, "Dev"), tr(language, "Games"), tr(language, "Won"),
                     tr(language, "Lost"), tr(language, "Drawn"));
  for (const Standing& s : standings) {
    const PlayerRating& r = s.rating;
    out += fmt::format("{:>4}  {:<20} {:>7} {:>4} {:>6} {:>5} {:>5} {:>6}\n", s.rank, r.player, rating_text(r, now),
                       points(r.deviation_at(now)), r.games, r.wins, r.losses, r.draws);
  }
  return out;
}

std::string format_player_ratings(const std::string& player, const std::vector<Standing>& ratings,
                                  const std::vector<RatingChange>& history, int64_t now, const Language& language) {
  std::string out = tr(language, "Ratings of {user}", {{"user", player}}) + "\n";
  if (ratings.empty()) return out + "  " + tr(language, "no rated games yet.") + "\n";
  for (const Standing& s : ratings) {
    const PlayerRating& r = s.rating;
    out += fmt::format("  {:<9} {:>6} +-{:<4} ", game_title(r.game), rating_text(r, now), points(r.deviation_at(now))) +
           trn(language, "rank {rank} ({n} game: {won} won, {lost} lost, {drawn} drawn)",
               "rank {rank} ({n} games: {won} won, {lost} lost, {drawn} drawn)", r.games,
               {{"rank", s.rank}, {"won", r.wins}, {"lost", r.losses}, {"drawn", r.draws}}) +
           "\n";
  }
  out += "\n" + tr(language, "Rated games, oldest first:") + "\n";
  for (const RatingChange& c : history)
    out += fmt::format("  {}  {:<9} {:<12} {:<30} {:>5} -> {}\n", format_time(c.at), game_title(c.game),
                       tr(language, "board {board}", {{"board", c.board}}), result_phrase(c.result, c.opponent, language),
                       points(c.before.rating_points()), points(c.after.rating_points()));
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
