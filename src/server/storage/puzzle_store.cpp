// SPDX-License-Identifier: Apache-2.0
#include "server/storage/puzzle_store.h"

#include "server/storage/returned_id.h"

namespace ludus::server {
namespace {

#define LUDUS_ATTEMPT_COLUMNS "a.id, a.puzzle_id, a.user_id, a.turns, a.status, a.started_at, a.finished_at"

// LUDUS_ATTEMPT_COLUMNS read from column `first` on.
PuzzleAttempt read_attempt(const sql::Query& q, int first = 0) {
  PuzzleAttempt a;
  a.id = q.int64(first);
  a.puzzle = q.int64(first + 1);
  a.user = q.text(first + 2);
  a.turns = q.integer(first + 3);
  a.status = q.text(first + 4);
  a.started_at = q.int64(first + 5);
  if (!q.is_null(first + 6)) a.finished_at = q.int64(first + 6);
  return a;
}

}  // namespace

std::optional<int64_t> insert_puzzle(Session& session, const PuzzleRow& puzzle, int64_t now) {
  auto q = session.connection().query(
      "INSERT INTO puzzles (game, digest, record, created_at) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT (game, digest) DO NOTHING RETURNING id");
  q.bind_all(puzzle.game, puzzle.digest, puzzle.record, now);
  if (!q.step()) return std::nullopt;
  const int64_t id = q.int64(0);
  q.run();
  return id;
}

std::optional<PuzzleRow> find_puzzle(Session& session, int64_t id) {
  auto q = session.connection().query("SELECT id, game, digest, record FROM puzzles WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return PuzzleRow{q.int64(0), q.text(1), q.text(2), q.text(3)};
}

std::optional<PuzzleRow> untried_puzzle(Session& session, const std::string& user, const std::string& game, int64_t rating) {
  auto q = session.connection().query(
      "SELECT p.id, p.game, p.digest, p.record FROM puzzles p "
      "JOIN puzzle_ratings r ON r.player = 'puzzle:' || p.id AND r.game = p.game "
      "WHERE p.game = ?1 AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = p.id AND a.user_id = ?2) "
      "AND NOT EXISTS (SELECT 1 FROM mistake_puzzles m WHERE m.puzzle_id = p.id) "
      "ORDER BY abs(r.rating - ?3), p.id LIMIT 1");
  q.bind_all(game, user, rating);
  if (!q.step()) return std::nullopt;
  return PuzzleRow{q.int64(0), q.text(1), q.text(2), q.text(3)};
}

int64_t insert_attempt(Session& session, const PuzzleAttempt& a) {
  auto q = session.connection().query(
      "INSERT INTO puzzle_attempts (puzzle_id, user_id, turns, status, started_at) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id");
  q.bind_all(a.puzzle, a.user, a.turns, a.status, a.started_at);
  return returned_id(q, "a new puzzle attempt");
}

std::optional<PuzzleAttempt> find_attempt(Session& session, int64_t id) {
  auto q = session.connection().query("SELECT " LUDUS_ATTEMPT_COLUMNS " FROM puzzle_attempts a WHERE a.id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return read_attempt(q);
}

std::optional<PuzzleAttempt> open_attempt(Session& session, const std::string& user, const std::string& game) {
  auto q = session.connection().query(
      "SELECT " LUDUS_ATTEMPT_COLUMNS " FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id "
      "WHERE a.user_id = ?1 AND a.status = 'open' AND p.game = ?2 "
      "AND NOT EXISTS (SELECT 1 FROM mistake_puzzles m WHERE m.puzzle_id = p.id) ORDER BY a.id DESC LIMIT 1");
  q.bind_all(user, game);
  if (!q.step()) return std::nullopt;
  return read_attempt(q);
}

void update_attempt(Session& session, const PuzzleAttempt& a) {
  auto q = session.connection().query("UPDATE puzzle_attempts SET turns = ?2, status = ?3, finished_at = ?4 WHERE id = ?1");
  q.bind_all(a.id, a.turns, a.status, a.finished_at).run();
}

std::vector<std::pair<PuzzleAttempt, std::string>> attempts_of(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT " LUDUS_ATTEMPT_COLUMNS ", p.game FROM puzzle_attempts a "
                                      "JOIN puzzles p ON p.id = a.puzzle_id WHERE a.user_id = ?1 ORDER BY a.id");
  q.bind(1, user);
  std::vector<std::pair<PuzzleAttempt, std::string>> out;
  while (q.step()) out.emplace_back(read_attempt(q), q.text(7));
  return out;
}

std::vector<std::pair<std::string, int>> puzzle_counts(Session& session) {
  auto q = session.connection().query("SELECT game, count(*) FROM puzzles p WHERE NOT EXISTS (SELECT 1 FROM mistake_puzzles m WHERE m.puzzle_id = p.id) "
      "GROUP BY game ORDER BY game");
  std::vector<std::pair<std::string, int>> out;
  while (q.step()) out.emplace_back(q.text(0), q.integer(1));
  return out;
}

std::optional<int64_t> puzzle_with_digest(Session& session, const std::string& game, const std::string& digest) {
  auto q = session.connection().query("SELECT id FROM puzzles WHERE game = ?1 AND digest = ?2");
  q.bind_all(game, digest);
  if (!q.step()) return std::nullopt;
  return q.int64(0);
}

void insert_mistake(Session& session, const MistakePuzzle& m) {
  session.connection()
      .query("INSERT INTO mistake_puzzles (puzzle_id, user_id, board_id, turn, created_at) VALUES (?1, ?2, ?3, ?4, ?5) "
             "ON CONFLICT (user_id, board_id, turn) DO NOTHING")
      .bind_all(m.puzzle, m.user, m.board, m.turn, m.created_at)
      .run();
}

std::vector<MistakePuzzle> mistakes_of(Session& session, const std::string& user, std::optional<int64_t> board) {
#define LUDUS_MISTAKES_OF                                                                                  \
  "SELECT m.puzzle_id, m.user_id, m.board_id, m.turn, m.created_at, p.game, " LUDUS_ATTEMPT_COLUMNS             \
  " FROM mistake_puzzles m JOIN puzzles p ON p.id = m.puzzle_id "                                              \
  "LEFT JOIN puzzle_attempts a ON a.puzzle_id = m.puzzle_id AND a.user_id = m.user_id WHERE m.user_id = ?1 "
  // Two texts: a statement is cached by its (literal) text.
  auto q = session.connection().query(board ? LUDUS_MISTAKES_OF "AND m.board_id = ?2 ORDER BY m.board_id DESC, m.turn"
                                            : LUDUS_MISTAKES_OF "ORDER BY m.board_id DESC, m.turn");
#undef LUDUS_MISTAKES_OF
  q.bind(1, user);
  if (board) q.bind(2, *board);
  std::vector<MistakePuzzle> out;
  while (q.step()) {
    MistakePuzzle m{q.int64(0), q.text(1), q.int64(2), q.integer(3), q.int64(4), q.text(5), std::nullopt};
    if (!q.is_null(6)) m.attempt = read_attempt(q, 6);
    out.push_back(std::move(m));
  }
  return out;
}

bool is_mistake_puzzle(Session& session, int64_t puzzle) {
  auto q = session.connection().query("SELECT 1 FROM mistake_puzzles WHERE puzzle_id = ?1 LIMIT 1");
  q.bind(1, puzzle);
  return q.step();
}

bool owns_mistake_puzzle(Session& session, const std::string& user, int64_t puzzle) {
  auto q = session.connection().query("SELECT 1 FROM mistake_puzzles WHERE puzzle_id = ?1 AND user_id = ?2 LIMIT 1");
  q.bind_all(puzzle, user);
  return q.step();
}

}  // namespace ludus::server
