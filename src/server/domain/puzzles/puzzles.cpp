// SPDX-License-Identifier: Apache-2.0
#include "server/domain/puzzles/puzzles.h"

#include <cmath>
#include <sstream>

#include <fmt/format.h>

#include "ai/puzzles.h"
#include "ai/solver/exact_key.h"
#include "core/error.h"
#include "core/registry.h"
#include "server/base/errors.h"
#include "server/domain/play/ratings.h"
#include "server/storage/puzzle_store.h"

namespace ludus::server {
namespace {

using nlohmann::json;

std::string puzzle_player(int64_t id) { return "puzzle:" + std::to_string(id); }

json rating_json(const PlayerRating& r, int64_t now) {
  return {{"rating", std::lround(r.rating_points())},
          {"deviation", std::lround(r.deviation_at(now))},
          {"provisional", r.provisional_at(now)},
          {"attempts", r.games},
          {"solved", r.wins}};
}

// The texts of plies and turns, from the start of the puzzle's game.
struct PuzzleTexts {
  std::vector<std::string> moves;  // the position's plies
  std::vector<std::string> line;   // the line's turns
};

PuzzleTexts texts_of(const ai::Puzzle& p) {
  PuzzleTexts t;
  auto state = p.game->new_initial_state();
  for (Action a : p.moves) {
    t.moves.push_back(state->action_to_text(a));
    state->apply(a);
  }
  for (const auto& turn : p.line) {
    t.line.push_back(ai::turn_text(*state, turn));
    for (Action a : turn) state->apply(a);
  }
  return t;
}

// `rated`: whether the attempt's end changes the ratings (not at one's own mistakes).
json attempt_json(const PuzzleAttempt& a, const ai::Puzzle& p, const PlayerRating& mine, const PlayerRating& puzzle,
                  bool rated, int64_t now) {
  const PuzzleTexts texts = texts_of(p);
  // Played: the user's right turns and the replies after them.
  const size_t played = std::min(texts.line.size(), static_cast<size_t>(2 * a.turns));
  json j = {{"attempt", a.id},
            {"puzzle", a.puzzle},
            {"game", p.game->name()},
            {"title", p.game->info().title},
            {"options", p.game->options().values()},
            {"moves", texts.moves},
            {"played", std::vector<std::string>(texts.line.begin(), texts.line.begin() + static_cast<long>(played))},
            {"seat", p.winner_seat},
            {"turns", p.turns()},
            {"themes", p.themes},
            {"puzzle_rating", std::lround(puzzle.rating_points())},
            {"status", a.status},
            {"rated", rated},
            {"rating", rating_json(mine, now)}};
  if (a.status != "open")  // the rest of the line: from the turn that failed, or nothing once solved
    j["solution"] = std::vector<std::string>(texts.line.begin() + static_cast<long>(played), texts.line.end());
  return j;
}

ai::Puzzle stored_puzzle(Session& session, int64_t id) {
  const auto row = find_puzzle(session, id);
  if (!row) not_found(text("no puzzle {puzzle}", {{"puzzle", id}}));
  return ai::parse_puzzle(row->record);
}

// The user's turn typed at `state`, whole: its plies applied to a copy.  400 otherwise.
std::unique_ptr<State> after_turn(const State& state, std::string_view typed) {
  auto after = state.clone();
  const std::vector<std::string> plies = state.split_turn_text(typed);
  if (plies.empty()) bad_request(text("give a turn"));
  for (size_t i = 0; i < plies.size(); ++i) {
    if (after->is_terminal())
      bad_request(text("'{turn}' goes on after the end of the game", {{"turn", std::string(typed)}}));
    Action a = kNoAction;
    try {
      a = after->parse_action(plies[i]);
    } catch (const LudusError& e) {
      bad_request(e.what(), "illegal_move");
    }
    const bool ends = after->ends_turn(a);
    if (ends != (i + 1 == plies.size()))
      bad_request(ends ? text("'{turn}' is more than one turn", {{"turn", std::string(typed)}})
                       : text("'{turn}' is part of a turn: give the whole turn", {{"turn", std::string(typed)}}),
                  "illegal_move");
    after->apply(a);
  }
  return after;
}

// Adds `puzzle` (its line of JSON `line`) with its starting rating unless the table has it
// (by game and digest); returns its id when added.
std::optional<int64_t> add_puzzle(Session& session, const ai::Puzzle& puzzle, const std::string& line, int64_t now) {
  const auto id = insert_puzzle(session, {0, puzzle.game->name(), puzzle.digest, line}, now);
  if (!id) return std::nullopt;
  PlayerRating rating = PlayerRating::fresh(puzzle_player(*id), puzzle.game->name());
  rating.rating = std::llround(puzzle.rating() * 1e6);
  store_rating(session, rating, RatingTable::Puzzles);
  return id;
}

}  // namespace

int Puzzles::load(std::string_view jsonl, const std::string& source) {
  struct Parsed {
    ai::Puzzle puzzle;
    std::string line;
  };
  std::vector<Parsed> parsed;
  std::istringstream in{std::string(jsonl)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    try {
      parsed.push_back({ai::parse_puzzle(line), line});
    } catch (const LudusError& e) {
      throw LudusError(fmt::format("{}:{}: {}", source, number, e.what()));
    }
  }
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    const int64_t now = clock_();
    int added = 0;
    for (const Parsed& p : parsed)
      if (add_puzzle(session, p.puzzle, p.line, now)) ++added;
    tx.commit();
    return added;
  });
}

int Puzzles::load_starter_sets() {
  int added = 0;
  for (const auto& [name, text] : ai::starter_puzzle_sets()) added += load(text, "data/puzzles/" + name + ".jsonl");
  return added;
}

json Puzzles::overview(const std::string& user) {
  auto session = store_->session();
  auto tx = session.read();
  const int64_t now = clock_();
  json games = json::array(), ratings = json::object();
  for (const auto& [game, count] : puzzle_counts(session)) {
    games.push_back({{"game", game}, {"title", game_title(game)}, {"puzzles", count}});
    if (!user.empty()) ratings[game] = rating_json(rating_of(session, user, game, RatingTable::Puzzles), now);
  }
  return {{"games", games}, {"ratings", ratings}};
}

json Puzzles::user_data(Session& session, const std::string& user, int64_t now) {
  json ratings = json::object(), attempts = json::array();
  for (const auto& [attempt, game] : attempts_of(session, user)) {
    if (!ratings.contains(game)) ratings[game] = rating_json(rating_of(session, user, game, RatingTable::Puzzles), now);
    attempts.push_back({{"attempt", attempt.id}, {"puzzle", attempt.puzzle}, {"game", game}, {"status", attempt.status},
                        {"turns", attempt.turns}, {"started_at", attempt.started_at},
                        {"finished_at", attempt.finished_at ? json(*attempt.finished_at) : json()}});
  }
  json mistakes = json::array();
  for (const MistakePuzzle& m : mistakes_of(session, user, std::nullopt))
    mistakes.push_back({{"puzzle", m.puzzle}, {"game", m.game}, {"board", m.board}, {"turn", m.turn}, {"created_at", m.created_at}});
  return {{"ratings", ratings}, {"attempts", attempts}, {"mistakes", mistakes}};
}

json Puzzles::next(const std::string& user, std::string_view game_name) {
  std::string game;
  try {
    game = find_game(game_name).info->name;
  } catch (const LudusError& e) {
    bad_request(e.what(), "unknown_game");
  }
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    const int64_t now = clock_();
    const PlayerRating mine = rating_of(session, user, game, RatingTable::Puzzles);
    std::optional<PuzzleAttempt> attempt = open_attempt(session, user, game);
    if (!attempt) {
      const auto row = untried_puzzle(session, user, game, mine.rating);
      if (!row) not_found(text("no puzzle of {game} left for {user}", {{"game", game_title(game)}, {"user", user}}));
      attempt = PuzzleAttempt{0, row->id, user, 0, "open", now, std::nullopt};
      attempt->id = insert_attempt(session, *attempt);
    }
    const ai::Puzzle puzzle = stored_puzzle(session, attempt->puzzle);
    const PlayerRating its = rating_of(session, puzzle_player(attempt->puzzle), game, RatingTable::Puzzles);
    json out = attempt_json(*attempt, puzzle, mine, its, true, now);
    tx.commit();
    return out;
  });
}

json Puzzles::play(const std::string& user, int64_t attempt_id, std::string_view turn) {
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    const int64_t now = clock_();
    std::optional<PuzzleAttempt> attempt = find_attempt(session, attempt_id);
    if (!attempt || attempt->user != user)
      not_found(text("no puzzle attempt {attempt} of yours", {{"attempt", attempt_id}}));
    if (attempt->status != "open") conflict(text("this puzzle is over: ask for the next one"), "puzzle_over");
    const ai::Puzzle puzzle = stored_puzzle(session, attempt->puzzle);
    // The position before the user's turn: the puzzle's, then the line played so far.
    auto state = puzzle.game->new_initial_state();
    for (Action a : puzzle.moves) state->apply(a);
    const size_t next = static_cast<size_t>(2 * attempt->turns);
    for (size_t i = 0; i < next; ++i)
      for (Action a : puzzle.line[i]) state->apply(a);
    const std::unique_ptr<State> typed = after_turn(*state, turn);
    auto expected = state->clone();
    for (Action a : puzzle.line[next]) expected->apply(a);
    const ai::solver::ExactKeyer keyer(*puzzle.game);
    const bool right = keyer.unmirrored_key(*typed) == keyer.unmirrored_key(*expected);
    std::string result = "wrong", reply;
    if (right) {
      ++attempt->turns;
      const bool last = next + 1 == puzzle.line.size();
      result = last ? "solved" : "right";
      if (last) attempt->status = "solved";
      else reply = ai::turn_text(*expected, puzzle.line[next + 1]);
    } else {
      attempt->status = "failed";
    }
    const std::string game = puzzle.game->name();
    PlayerRating mine = rating_of(session, user, game, RatingTable::Puzzles);
    PlayerRating its = rating_of(session, puzzle_player(attempt->puzzle), game, RatingTable::Puzzles);
    double change = 0;
    // One's own mistakes are unrated: the player met the position in their game, and its
    // review named the turn to find.
    const bool rated = !is_mistake_puzzle(session, attempt->puzzle);
    if (attempt->status != "open") attempt->finished_at = now;
    if (attempt->status != "open" && rated) {
      const double before = mine.rating_points();
      apply_rated_game({attempt->id, game, {user, puzzle_player(attempt->puzzle)}, attempt->status == "solved" ? 0 : 1, now},
                       mine, its);
      store_rating(session, mine, RatingTable::Puzzles);
      store_rating(session, its, RatingTable::Puzzles);
      change = mine.rating_points() - before;
    }
    update_attempt(session, *attempt);
    json out = attempt_json(*attempt, puzzle, mine, its, rated, now);
    out["result"] = result;
    out["reply"] = reply.empty() ? json(nullptr) : json(reply);
    if (attempt->status != "open") out["rating_change"] = std::lround(change);
    tx.commit();
    return out;
  });
}

std::vector<Puzzles::FoundMistake> Puzzles::find_mistakes(const Board& board, const ai::GameReview& review,
                                                           int positions, const ai::PuzzleLimits& limits) {
  std::vector<FoundMistake> found;
  const History& history = board.history();
  const ai::solver::ExactKeyer keyer(board.game());
  // Proven wins thrown away first (the solver settled a win there), then the search's
  // mistakes and blunders, the earliest first within each.
  std::vector<const ai::ReviewedTurn*> tried;
  for (const ai::ReviewedTurn& turn : review.turns)
    if (turn.note == ai::ProofNote::kWinThrown) tried.push_back(&turn);
  for (const ai::ReviewedTurn& turn : review.turns)
    if (turn.note != ai::ProofNote::kWinThrown &&
        (turn.label == ai::MoveLabel::kMistake || turn.label == ai::MoveLabel::kBlunder))
      tried.push_back(&turn);
  for (const ai::ReviewedTurn* erred : tried) {
    if (positions <= 0) break;
    const ai::ReviewedTurn& turn = *erred;
    const std::string& player = board.player(turn.seat);
    if (Accounts::is_ai(player) || turn.first_ply + turn.plies > history.num_moves()) continue;
    --positions;
    const auto& actions = history.actions();
    const std::vector<Action> before(actions.begin(), actions.begin() + turn.first_ply);
    ai::PuzzleVerdict verdict = ai::make_puzzle(history.game_ptr(), before, limits);
    if (!verdict.puzzle) continue;
    // The turn played was not the winning one (a search's label may call a winning turn a
    // drop): the same position reached is the same turn.
    auto played = history.game().new_initial_state();
    for (int ply = 0; ply < turn.first_ply + turn.plies; ++ply) played->apply(actions[static_cast<size_t>(ply)]);
    auto winning = history.game().new_initial_state();
    for (Action a : before) winning->apply(a);
    for (Action a : verdict.puzzle->line.front()) winning->apply(a);
    if (keyer.unmirrored_key(*played) == keyer.unmirrored_key(*winning)) continue;
    found.push_back({player, turn.number, std::move(*verdict.puzzle)});
  }
  return found;
}

void Puzzles::store_mistakes(Session& session, int64_t board, const std::vector<FoundMistake>& found, int64_t now) {
  for (const FoundMistake& m : found) {
    const std::string game = m.puzzle.game->name();
    std::optional<int64_t> id = add_puzzle(session, m.puzzle, ai::puzzle_json(m.puzzle), now);
    if (!id) id = puzzle_with_digest(session, game, m.puzzle.digest);
    if (!id) continue;  // cannot happen: the insert met that row
    insert_mistake(session, {*id, m.user, board, m.turn, now, game, std::nullopt});
  }
}

json Puzzles::mine(const std::string& user, std::optional<int64_t> board) {
  auto session = store_->session();
  auto tx = session.read();
  json puzzles = json::array();
  for (const MistakePuzzle& m : mistakes_of(session, user, board))
    puzzles.push_back({{"puzzle", m.puzzle},
                       {"game", m.game},
                       {"title", game_title(m.game)},
                       {"board", m.board},
                       {"turn", m.turn},
                       {"created_at", m.created_at},
                       {"status", m.attempt ? m.attempt->status : "new"},
                       {"attempt", m.attempt ? json(m.attempt->id) : json()}});
  return {{"puzzles", puzzles}};
}

json Puzzles::mistake(const std::string& user, int64_t puzzle_id) {
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    const int64_t now = clock_();
    if (!owns_mistake_puzzle(session, user, puzzle_id)) not_found(text("no puzzle {puzzle} from your mistakes", {{"puzzle", puzzle_id}}));
    const ai::Puzzle puzzle = stored_puzzle(session, puzzle_id);
    std::optional<PuzzleAttempt> attempt;
    for (const MistakePuzzle& m : mistakes_of(session, user, std::nullopt))
      if (m.puzzle == puzzle_id && m.attempt) attempt = m.attempt;
    if (!attempt) {
      attempt = PuzzleAttempt{0, puzzle_id, user, 0, "open", now, std::nullopt};
      attempt->id = insert_attempt(session, *attempt);
    }
    const std::string game = puzzle.game->name();
    const PlayerRating mine = rating_of(session, user, game, RatingTable::Puzzles);
    const PlayerRating its = rating_of(session, puzzle_player(puzzle_id), game, RatingTable::Puzzles);
    json out = attempt_json(*attempt, puzzle, mine, its, false, now);
    tx.commit();
    return out;
  });
}

}  // namespace ludus::server
