// SPDX-License-Identifier: Apache-2.0
#include "server/domain/tournaments/tournaments.h"

#include <array>

#include "server/base/enum_names.h"
#include "server/base/errors.h"
#include "server/domain/play/board_settings.h"
#include "server/storage/returned_id.h"

namespace ludus::server {
namespace {

constexpr std::array<std::string_view, 4> kStatusNames = {"open", "running", "finished", "cancelled"};

#define LUDUS_TOURNAMENT_COLUMNS                                                                                \
  "id, game, options, rated, format, rounds, min_players, max_players, starts_at, creator, status, round, " \
  "created_at, started_at, finished_at, revision, name"

[[noreturn]] void corrupt(int64_t id, const std::string& what) {
  throw ServiceError(ErrorKind::Internal, "corrupt_tournament", "tournament " + std::to_string(id) + " has " + what);
}

TournamentRecord read_tournament(const sql::Query& q) {
  TournamentRecord t;
  t.id = q.int64(0);
  t.game = q.text(1);
  t.options = options_from_json(q.text(2));
  try {
    t.limits = take_board_settings(t.options).limits;  // "rated" has its own column
  } catch (const ServiceError&) {
    corrupt(t.id, "bad settings");
  }
  t.rated = q.int64(3) != 0;
  const auto format = tournament_format_by_name(q.text(4));
  if (!format) corrupt(t.id, "an unknown format");
  t.format = *format;
  t.rounds = q.integer(5);
  t.min_players = q.integer(6);
  t.max_players = q.integer(7);
  if (!q.is_null(8)) t.starts_at = q.int64(8);
  t.creator = q.text(9);
  t.status = tournament_status_by_name(q.text(10)).value_or(TournamentStatus::Cancelled);
  t.round = q.integer(11);
  t.created_at = q.int64(12);
  if (!q.is_null(13)) t.started_at = q.int64(13);
  if (!q.is_null(14)) t.finished_at = q.int64(14);
  t.revision = q.int64(15);
  t.title = q.text(16);
  return t;
}

}  // namespace

std::string_view tournament_status_name(TournamentStatus status) { return kStatusNames[static_cast<size_t>(status)]; }
std::optional<TournamentStatus> tournament_status_by_name(std::string_view name) {
  return enum_by_name<TournamentStatus>(name, kStatusNames);
}

std::map<std::string, std::string> TournamentRecord::options_and_settings() const {
  std::map<std::string, std::string> all = options;
  all.merge(board_setting_words(limits, rated, false));  // tournament boards never allow exploration
  return all;
}

int64_t insert_tournament(Session& session, const TournamentRecord& t) {
  auto q = session.connection().query(
      "INSERT INTO tournaments (game, options, rated, format, rounds, min_players, max_players, starts_at, creator, "
      "status, created_at, name) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open', ?10, ?11) RETURNING id");
  q.bind_all(t.game, options_to_json(t.options_and_settings()), t.rated ? 1 : 0, tournament_format_name(t.format), t.rounds,
             t.min_players, t.max_players, t.starts_at, t.creator, t.created_at, t.title);
  return returned_id(q, "a new tournament");
}

void name_tournament(Session& session, int64_t id, const std::string& title) {
  session.connection().query("UPDATE tournaments SET name = ?2 WHERE id = ?1").bind_all(id, title).run();
}

std::optional<TournamentRecord> find_tournament(Session& session, int64_t id) {
  auto q = session.connection().query("SELECT " LUDUS_TOURNAMENT_COLUMNS " FROM tournaments WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return read_tournament(q);
}

std::optional<TournamentRecord> find_tournament_to_change(Session& session, int64_t id) {
  if (session.connection().backend() != sql::Backend::Postgres) return find_tournament(session, id);
  auto q = session.connection().query("SELECT " LUDUS_TOURNAMENT_COLUMNS " FROM tournaments WHERE id = ?1 FOR UPDATE");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return read_tournament(q);
}

void update_tournament(Session& session, TournamentRecord& t) {
  auto q = session.connection().query(
      "UPDATE tournaments SET status = ?2, rounds = ?3, round = ?4, started_at = ?5, finished_at = ?6, "
      "revision = revision + 1 WHERE id = ?1 RETURNING revision");
  q.bind_all(t.id, tournament_status_name(t.status), t.rounds, t.round, t.started_at, t.finished_at);
  if (!q.step()) throw ServiceError(ErrorKind::Internal, "corrupt_tournament", "no tournament " + std::to_string(t.id) + " to update");
  t.revision = q.int64(0);
  q.run();  // to its end
  // Other processes' live pages hear of it at commit (PostgreSQL NOTIFY; SQLite's feed polls).
  session.connection().notify_tournament_change(t.id, t.revision);
}

std::vector<TournamentRecord> list_tournaments(Session& session, const std::string& status, const std::string& game,
                                               const Page& page) {
  auto q = session.connection().query(
      "SELECT " LUDUS_TOURNAMENT_COLUMNS " FROM tournaments WHERE (CAST(?1 AS TEXT) IS NULL OR status = ?1)"
      " AND (CAST(?2 AS TEXT) IS NULL OR game = ?2) ORDER BY id DESC LIMIT ?3 OFFSET ?4");
  std::optional<std::string> only_status, only_game;
  if (!status.empty()) only_status = status;
  if (!game.empty()) only_game = game;
  q.bind_all(only_status, only_game, page.limit, page.offset);
  std::vector<TournamentRecord> out;
  while (q.step()) out.push_back(read_tournament(q));
  return out;
}

std::vector<int64_t> tournaments_due(Session& session, int64_t now) {
  auto q = session.connection().query(
      "SELECT id FROM tournaments WHERE status = 'open' AND starts_at IS NOT NULL AND starts_at <= ?1 ORDER BY id");
  q.bind(1, now);
  std::vector<int64_t> out;
  while (q.step()) out.push_back(q.int64(0));
  return out;
}

int live_tournaments_of(Session& session, const std::string& creator) {
  auto q = session.connection().query(
      "SELECT count(*) FROM tournaments WHERE creator = ?1 AND status IN ('open', 'running')");
  q.bind(1, creator);
  return q.step() ? q.integer(0) : 0;
}

std::pair<int, int64_t> tournaments_created_since(Session& session, const std::string& creator, int64_t since) {
  auto q = session.connection().query("SELECT count(*), min(created_at) FROM tournaments WHERE creator = ?1 AND created_at > ?2");
  q.bind_all(creator, since);
  if (!q.step() || q.integer(0) == 0) return {0, 0};
  return {q.integer(0), q.int64(1)};
}

std::vector<TournamentPlayer> tournament_players(Session& session, int64_t tournament) {
  auto q = session.connection().query(
      "SELECT player, seed, rating, joined_at, withdrawn FROM tournament_players WHERE tournament = ?1"
      " ORDER BY seed, joined_at, player");
  q.bind(1, tournament);
  std::vector<TournamentPlayer> out;
  while (q.step()) out.push_back({q.text(0), q.optional_int(1), q.optional_int(2), q.int64(3), q.int64(4) != 0});
  return out;
}

void add_tournament_player(Session& session, int64_t tournament, const std::string& player, int64_t now) {
  session.connection()
      .query("INSERT INTO tournament_players (tournament, player, joined_at) VALUES (?1, ?2, ?3)")
      .bind_all(tournament, player, now)
      .run();
}

void remove_tournament_player(Session& session, int64_t tournament, const std::string& player) {
  session.connection()
      .query("DELETE FROM tournament_players WHERE tournament = ?1 AND player = ?2")
      .bind_all(tournament, player)
      .run();
}

void seed_tournament_player(Session& session, int64_t tournament, const std::string& player, int seed, int rating) {
  session.connection()
      .query("UPDATE tournament_players SET seed = ?3, rating = ?4 WHERE tournament = ?1 AND player = ?2")
      .bind_all(tournament, player, seed, rating)
      .run();
}

void withdraw_tournament_player(Session& session, int64_t tournament, const std::string& player) {
  session.connection()
      .query("UPDATE tournament_players SET withdrawn = 1 WHERE tournament = ?1 AND player = ?2")
      .bind_all(tournament, player)
      .run();
}

std::vector<TournamentGame> tournament_games(Session& session, int64_t tournament) {
  auto q = session.connection().query(
      "SELECT round, slot, replay, first_player, second_player, kind, outcome, board FROM tournament_games"
      " WHERE tournament = ?1 ORDER BY round, slot, replay");
  q.bind(1, tournament);
  std::vector<TournamentGame> out;
  while (q.step()) {
    TournamentGame g;
    g.round = q.integer(0);
    g.slot = q.integer(1);
    g.replay = q.integer(2);
    g.first = q.text(3);
    if (!q.is_null(4)) g.second = q.text(4);
    const auto kind = tournament_game_kind_by_name(q.text(5));
    const auto outcome = game_outcome_by_name(q.text(6));
    if (!kind || !outcome) corrupt(tournament, "a game of an unknown kind or outcome");
    g.kind = *kind;
    g.outcome = *outcome;
    if (!q.is_null(7)) g.board = q.int64(7);
    out.push_back(std::move(g));
  }
  return out;
}

void insert_tournament_game(Session& session, int64_t tournament, const TournamentGame& g) {
  std::optional<std::string> second;
  if (g.has_opponent()) second = g.second;
  session.connection()
      .query("INSERT INTO tournament_games (tournament, round, slot, replay, first_player, second_player, kind, "
             "outcome, board) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
      .bind_all(tournament, g.round, g.slot, g.replay, g.first, second, tournament_game_kind_name(g.kind),
                game_outcome_name(g.outcome), g.board)
      .run();
}

void set_tournament_outcome(Session& session, int64_t tournament, const TournamentGame& g) {
  session.connection()
      .query("UPDATE tournament_games SET outcome = ?5 WHERE tournament = ?1 AND round = ?2 AND slot = ?3 AND replay = ?4")
      .bind_all(tournament, g.round, g.slot, g.replay, game_outcome_name(g.outcome))
      .run();
}

std::optional<int64_t> tournament_of_board(Session& session, int64_t board) {
  auto q = session.connection().query("SELECT tournament FROM tournament_games WHERE board = ?1");
  q.bind(1, board);
  if (!q.step()) return std::nullopt;
  return q.int64(0);
}

}  // namespace ludus::server
