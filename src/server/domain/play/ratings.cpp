// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/ratings.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "server/domain/accounts/accounts.h"
#include "server/base/errors.h"

namespace ludus::server {
namespace {

constexpr double kPointUnits = 1e6;       // rating and deviation: millionths
constexpr double kVolatilityUnits = 1e9;  // volatility: billionths

int64_t fixed(double value, double units) { return std::llround(value * units); }

PlayerRating with_value(PlayerRating row, const glicko2::Rating& value) {
  row.rating = fixed(value.rating, kPointUnits);
  row.deviation = fixed(value.deviation, kPointUnits);
  row.volatility = fixed(value.volatility, kVolatilityUnits);
  return row;
}

double periods_between(int64_t from, int64_t to) {
  if (from <= 0 || to <= from) return 0.0;
  return static_cast<double>(to - from) / static_cast<double>(kRatingPeriodSeconds);
}

#define LUDUS_RATING_COLUMNS "player, game, rating, deviation, volatility, games, wins, losses, draws, updated_at"

PlayerRating read_rating(const sql::Query& q) {
  PlayerRating r;
  r.player = q.text(0);
  r.game = q.text(1);
  r.rating = q.int64(2);
  r.deviation = q.int64(3);
  r.volatility = q.int64(4);
  r.games = q.integer(5);
  r.wins = q.integer(6);
  r.losses = q.integer(7);
  r.draws = q.integer(8);
  r.updated_at = q.int64(9);
  return r;
}

// The SQL texts are literals (Connection::query caches them by address): one per table.
#define LUDUS_RATING_UPSERT(table)                                                                         \
  "INSERT INTO " table " (" LUDUS_RATING_COLUMNS ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) "     \
  "ON CONFLICT (player, game) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "    \
  "volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, "                      \
  "losses = excluded.losses, draws = excluded.draws, updated_at = excluded.updated_at"
#define LUDUS_RATING_SELECT(table) "SELECT " LUDUS_RATING_COLUMNS " FROM " table " WHERE player = ?1 AND game = ?2"

}  // namespace

void store_rating(Session& session, const PlayerRating& r, RatingTable table) {
  session.connection()
      .query(table == RatingTable::Puzzles ? LUDUS_RATING_UPSERT("puzzle_ratings") : LUDUS_RATING_UPSERT("ratings"))
      .bind_all(r.player, r.game, r.rating, r.deviation, r.volatility, r.games, r.wins, r.losses, r.draws, r.updated_at)
      .run();
}

namespace {

void store_change(Session& session, const RatingChange& c) {
  session.connection()
      .query("INSERT INTO rating_changes (board, player, game, opponent, result, rating_before, deviation_before, "
             "volatility_before, rating_after, deviation_after, volatility_after, at) "
             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)")
      .bind_all(c.board, c.player, c.game, c.opponent, game_result_name(c.result), c.before.rating,
                c.before.deviation, c.before.volatility, c.after.rating, c.after.deviation, c.after.volatility, c.at)
      .run();
}

GameResult result_by_name(const std::string& name) {
  if (name == "win") return GameResult::Win;
  if (name == "loss") return GameResult::Loss;
  return GameResult::Draw;
}

#define LUDUS_CHANGE_COLUMNS                                                                              \
  "board, player, game, opponent, result, rating_before, deviation_before, volatility_before, rating_after, " \
  "deviation_after, volatility_after, at"

RatingChange read_change(const sql::Query& q) {
  RatingChange c;
  c.board = q.int64(0);
  c.player = q.text(1);
  c.game = q.text(2);
  c.opponent = q.text(3);
  c.result = result_by_name(q.text(4));
  for (PlayerRating* r : {&c.before, &c.after}) {
    r->player = c.player;
    r->game = c.game;
  }
  c.before.rating = q.int64(5);
  c.before.deviation = q.int64(6);
  c.before.volatility = q.int64(7);
  c.after.rating = q.int64(8);
  c.after.deviation = q.int64(9);
  c.after.volatility = q.int64(10);
  c.at = q.int64(11);
  return c;
}

bool same_numbers(const PlayerRating& a, const PlayerRating& b) {
  return std::tie(a.player, a.game, a.rating, a.deviation, a.volatility, a.games, a.wins, a.losses, a.draws,
                  a.updated_at) == std::tie(b.player, b.game, b.rating, b.deviation, b.volatility, b.games, b.wins,
                                            b.losses, b.draws, b.updated_at);
}

bool same_change(const RatingChange& a, const RatingChange& b) {
  auto numbers = [](const PlayerRating& r) { return std::tie(r.rating, r.deviation, r.volatility); };
  return std::tie(a.board, a.player, a.game, a.opponent, a.result, a.at) ==
             std::tie(b.board, b.player, b.game, b.opponent, b.result, b.at) &&
         numbers(a.before) == numbers(b.before) && numbers(a.after) == numbers(b.after);
}

}  // namespace

const char* game_result_name(GameResult result) {
  switch (result) {
    case GameResult::Win: return "win";
    case GameResult::Loss: return "loss";
    case GameResult::Draw: return "draw";
  }
  return "draw";
}

PlayerRating PlayerRating::fresh(const std::string& player, const std::string& game) {
  PlayerRating r;
  r.player = player;
  r.game = game;
  const glicko2::Constants c;
  return with_value(r, {c.initial_rating, c.initial_deviation, c.initial_volatility});
}

glicko2::Rating PlayerRating::value() const {
  return {static_cast<double>(rating) / kPointUnits, static_cast<double>(deviation) / kPointUnits,
          static_cast<double>(volatility) / kVolatilityUnits};
}

double PlayerRating::deviation_at(int64_t now) const {
  return glicko2::deviation_after(value(), periods_between(updated_at, now));
}

std::array<RatingChange, 2> apply_rated_game(const RatedGame& game, PlayerRating& seat0, PlayerRating& seat1) {
  std::array<PlayerRating*, 2> rows = {&seat0, &seat1};
  std::array<RatingChange, 2> changes;
  for (int seat = 0; seat < 2; ++seat) {
    const PlayerRating& me = *rows[seat];
    const PlayerRating& them = *rows[1 - seat];
    const double score = game.winner_seat < 0 ? 0.5 : (game.winner_seat == seat ? 1.0 : 0.0);
    const glicko2::Game played{them.rating_points(), them.deviation_at(game.at), score};
    RatingChange& c = changes[seat];
    c.board = game.board;
    c.player = me.player;
    c.game = game.game;
    c.opponent = them.player;
    c.result = game.winner_seat < 0 ? GameResult::Draw : (score > 0.5 ? GameResult::Win : GameResult::Loss);
    c.before = me;
    c.after = with_value(me, glicko2::update(me.value(), {&played, 1}, periods_between(me.updated_at, game.at)));
    c.after.games += 1;
    c.after.wins += c.result == GameResult::Win;
    c.after.losses += c.result == GameResult::Loss;
    c.after.draws += c.result == GameResult::Draw;
    c.after.updated_at = game.at;
    c.at = game.at;
  }
  // Both from the ratings before the game: written only now.
  seat0 = changes[0].after;
  seat1 = changes[1].after;
  return changes;
}

bool standard_options(const std::string& game, const std::map<std::string, std::string>& options) {
  return !nonstandard_options_reason(game, options);
}

std::optional<std::string> nonstandard_options_reason(const std::string& game,
                                                      const std::map<std::string, std::string>& options) {
  std::optional<History> standard;
  try {
    standard.emplace(new_history(game, {}));
  } catch (const std::exception&) {
    return "only the games of this server are rated";
  }
  const auto defaults = standard->game().options().values();
  if (defaults == options) return std::nullopt;
  std::string differences;
  for (const auto& [name, value] : defaults) {
    const auto given = options.find(name);
    if (given != options.end() && given->second == value) continue;
    differences += (differences.empty() ? "" : ", ") + name + " " + value +
                   (given == options.end() ? "" : ", not " + given->second);
  }
  return "only boards with " + standard->game().info().title + "'s standard options are rated (" + differences + ")";
}

std::optional<std::string> unrated_reason(const GameRecord& record, int seats_that_moved) {
  if (!record.rated) return "the board is unrated";
  if (record.ending == Ending::Aborted) return "the game was aborted by both players";
  if (record.seats[0] == record.seats[1]) return "one player holds both seats";
  if (auto why = nonstandard_options_reason(record.game, record.options)) return why;
  if (seats_that_moved < 2) return "a player never moved: the game was aborted";
  return std::nullopt;
}

void rate_finished_game(Session& session, const Board& board) {
  const GameRecord& record = board.record();
  std::set<int> movers;
  for (const MoveRecord& m : board.moves()) movers.insert(m.seat);
  if (!board.is_over() || unrated_reason(record, static_cast<int>(movers.size()))) return;
  const RatedGame game{record.id, record.game, record.seats, board.winner_seat(), record.finished_at.value_or(record.updated_at)};
  PlayerRating first = rating_of(session, record.seats[0], record.game);
  PlayerRating second = rating_of(session, record.seats[1], record.game);
  for (const RatingChange& change : apply_rated_game(game, first, second)) store_change(session, change);
  store_rating(session, first);
  store_rating(session, second);
}

PlayerRating rating_of(Session& session, const std::string& player, const std::string& game, RatingTable table) {
  auto q = session.connection().query(table == RatingTable::Puzzles ? LUDUS_RATING_SELECT("puzzle_ratings")
                                                                     : LUDUS_RATING_SELECT("ratings"));
  q.bind_all(player, game);
  return q.step() ? read_rating(q) : PlayerRating::fresh(player, game);
}

std::vector<Standing> standings(Session& session, const std::string& game, int limit, int offset) {
  auto q = session.connection().query("SELECT " LUDUS_RATING_COLUMNS
                                      " FROM ratings WHERE game = ?1 ORDER BY rating DESC, player LIMIT ?2 OFFSET ?3");
  q.bind_all(game, limit, offset);
  std::vector<Standing> out;
  while (q.step()) {
    PlayerRating r = read_rating(q);
    // Equal ratings share a rank, as ratings_of() counts it.
    const bool tied = !out.empty() && out.back().rating.rating == r.rating;
    const int rank = tied ? out.back().rank : offset + static_cast<int>(out.size()) + 1;
    out.push_back({rank, std::move(r)});
  }
  return out;
}

std::vector<Standing> ratings_of(Session& session, const std::string& player) {
  auto q = session.connection().query(
      "SELECT player, game, rating, deviation, volatility, games, wins, losses, draws, updated_at, "
      "(SELECT count(*) FROM ratings o WHERE o.game = r.game AND o.rating > r.rating) "
      "FROM ratings r WHERE player = ?1 ORDER BY game");
  q.bind(1, player);
  std::vector<Standing> out;
  while (q.step()) out.push_back({q.integer(10) + 1, read_rating(q)});
  return out;
}

std::vector<RatingChange> rating_history(Session& session, const std::string& player, int limit) {
  auto q = session.connection().query("SELECT " LUDUS_CHANGE_COLUMNS
                                      " FROM rating_changes WHERE player = ?1 ORDER BY id DESC LIMIT ?2");
  q.bind_all(player, limit);
  std::vector<RatingChange> out;
  while (q.step()) out.push_back(read_change(q));
  std::reverse(out.begin(), out.end());
  return out;
}

RerateReport rerate(Store& store, bool write) {
  return store.retrying([&](Session& session) {
    auto tx = write ? session.write() : session.read();
    sql::Connection& db = session.connection();
    struct Finished {
      RatedGame game;
      int64_t first_change = 0;  // 0: never rated yet
    };
    std::vector<Finished> finished;
    {
      auto q = db.query(
          "SELECT id, game, options, seat0, seat1, winner_seat, rated, finished_at, updated_at, "
          "(SELECT count(DISTINCT seat) FROM moves m WHERE m.game_id = g.id), "
          "(SELECT min(id) FROM rating_changes c WHERE c.board = g.id), ending "
          "FROM games g WHERE status = 'finished'");
      while (q.step()) {
        GameRecord record;
        record.id = q.int64(0);
        record.game = q.text(1);
        record.options = options_from_json(q.text(2));
        record.seats = {q.text(3), q.text(4)};
        record.rated = q.int64(6) != 0;
        record.ending = q.text(11) == ending_name(Ending::Aborted) ? Ending::Aborted : Ending::Rules;
        if (unrated_reason(record, q.integer(9))) continue;
        const int64_t at = q.is_null(7) ? q.int64(8) : q.int64(7);
        finished.push_back({RatedGame{record.id, record.game, record.seats, q.is_null(5) ? -1 : q.integer(5), at},
                            q.is_null(10) ? 0 : q.int64(10)});
      }
    }
    // The order they ended in; boards that ended in the same second in the order they
    // were rated (which was the order their transactions committed in).
    std::sort(finished.begin(), finished.end(), [](const Finished& a, const Finished& b) {
      auto key = [](const Finished& f) {
        return std::tuple(f.game.at, f.first_change == 0 ? INT64_MAX : f.first_change, f.game.board);
      };
      return key(a) < key(b);
    });
    std::map<std::pair<std::string, std::string>, PlayerRating> replayed;
    std::vector<RatingChange> changes;
    auto row = [&](const std::string& player, const std::string& game) -> PlayerRating& {
      auto [it, added] = replayed.try_emplace({player, game}, PlayerRating::fresh(player, game));
      return it->second;
    };
    for (const Finished& f : finished)
      for (RatingChange& c : apply_rated_game(f.game, row(f.game.seats[0], f.game.game), row(f.game.seats[1], f.game.game)))
        changes.push_back(std::move(c));

    RerateReport report;
    report.games = static_cast<int>(finished.size());
    report.players = static_cast<int>(replayed.size());
    {
      auto q = db.query("SELECT " LUDUS_RATING_COLUMNS " FROM ratings");
      size_t found = 0;
      while (q.step()) {
        const PlayerRating r = read_rating(q);
        auto it = replayed.find({r.player, r.game});
        found += it != replayed.end();
        if (it == replayed.end() || !same_numbers(it->second, r)) ++report.differences;
      }
      // Replayed players missing from the table (those present were compared above).
      report.differences += static_cast<int>(replayed.size() - found);
    }
    {
      auto q = db.query("SELECT " LUDUS_CHANGE_COLUMNS " FROM rating_changes ORDER BY id");
      size_t i = 0;
      while (q.step()) {
        if (i >= changes.size() || !same_change(changes[i], read_change(q))) ++report.differences;
        ++i;
      }
      if (i < changes.size()) report.differences += static_cast<int>(changes.size() - i);
    }
    if (!write) return report;
    db.query("DELETE FROM rating_changes").run();
    db.query("DELETE FROM ratings").run();
    for (const RatingChange& c : changes) store_change(session, c);
    for (const auto& [key, r] : replayed) store_rating(session, r);
    tx.commit();
    report.written = true;
    return report;
  });
}

}  // namespace ludus::server
