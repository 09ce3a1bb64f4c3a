// SPDX-License-Identifier: Apache-2.0
#include "ai/puzzles.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ai/solver/dfpn.h"
#include "ai/solver/exact_key.h"
#include "core/embedded_file.h"
#include "core/error.h"
#include "core/geometry.h"
#include "core/notation.h"
#include "core/registry.h"

namespace ludus {
extern const EmbeddedFile kPuzzleSets[];
extern const int kPuzzleSets_count;
}  // namespace ludus

namespace ludus::ai {
namespace {

void add_turns(const State& state, std::vector<Action>& prefix, const solver::ExactKeyer& keyer,
               std::unordered_set<uint64_t>& seen, std::vector<WholeTurn>& out) {
  for (Action a : state.legal_actions()) {
    auto child = state.clone();
    const bool ends = state.ends_turn(a);
    child->apply(a);
    prefix.push_back(a);
    if (!ends) {
      add_turns(*child, prefix, keyer, seen, out);
    } else if (seen.insert(keyer.unmirrored_key(*child)).second) {
      out.push_back({prefix, std::move(child)});
    }
    prefix.pop_back();
  }
}

// Stones of `colour` on the board.
int stones_of(const State& state, int colour) {
  const Geometry* geometry = state.game().board_geometry();
  int n = 0;
  for (int s = 0; s < geometry->num_sites(); ++s) n += state.site_colour(s) == colour;
  return n;
}

// FNV-1a, 64 bits: the digest of the judgements, the same on every machine.
struct Digest {
  uint64_t h = 0xcbf29ce484222325ull;
  void add(std::string_view text) {
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
    h = (h ^ 0xff) * 0x100000001b3ull;  // a separator, so "ab"+"c" differs from "a"+"bc"
  }
  std::string hex() const { return fmt::format("{:016x}", h); }
};

// Thrown when the bounded reading of the defence runs out of steps.
struct OutOfSteps {};

// Whether `winner` wins from `state` within `k` more turns of its own, whatever the other
// seat does; every whole turn generated costs a step.
bool wins_within(const State& state, int winner, int k, int64_t& steps) {
  if (state.is_terminal()) return state.winning_seat() == winner;
  if (k == 0) return false;
  std::vector<WholeTurn> turns = whole_turns(state);
  steps -= static_cast<int64_t>(turns.size());
  if (steps < 0) throw OutOfSteps{};
  if (state.seat_to_move() != winner) {
    for (const WholeTurn& t : turns)
      if (!wins_within(*t.after, winner, k, steps)) return false;
    return true;
  }
  for (const WholeTurn& t : turns)
    if (t.after->is_terminal() && t.after->winning_seat() == winner) return true;
  if (k == 1) return false;
  for (const WholeTurn& t : turns)
    if (!t.after->is_terminal() && wins_within(*t.after, winner, k - 1, steps)) return true;
  return false;
}

// The winner's turn at `state`: the one proven winning turn, every other proven not to
// win.  Adds every judgement to `digest`.
struct TurnJudgement {
  PuzzleRejection rejection = PuzzleRejection::kNone;
  std::vector<Action> winning;
  int choices = 0;
  uint64_t nodes = 0;
};

TurnJudgement judge_turns(const Game& game, const State& state, const PuzzleLimits& limits, Digest& digest) {
  TurnJudgement j;
  solver::SearchLimits search;
  search.memory_bytes = limits.memory_bytes;
  search.max_nodes = limits.nodes;
  search.threat_budget = 1000;  // games with a threat search (Ndengrod) prove fours at once
  solver::Dfpn dfpn(game, search);
  const int mover = state.seat_to_move();
  const std::vector<WholeTurn> turns = whole_turns(state);
  j.choices = static_cast<int>(turns.size());
  // Immediate wins first: two of them settle the question without a search.
  int wins = 0;
  for (const WholeTurn& t : turns)
    if (t.after->is_terminal() && t.after->winning_seat() == mover) ++wins;
  if (wins >= 2) {
    j.rejection = PuzzleRejection::kSeveral;
    return j;
  }
  // Cheaply refused: a position the mover does not win has no winning turn.
  if (wins == 0 && !dfpn.solved_for(state, mover, mover)) {
    j.rejection = dfpn.stopped() ? PuzzleRejection::kUnsettled : PuzzleRejection::kNoWin;
    j.nodes = dfpn.nodes();
    return j;
  }
  wins = 0;
  for (const WholeTurn& t : turns) {
    bool win = false;
    if (t.after->is_terminal()) {
      win = t.after->winning_seat() == mover;
    } else {
      win = dfpn.solved_for(*t.after, mover, mover);
      if (!win && dfpn.stopped()) {
        j.rejection = PuzzleRejection::kUnsettled;
        break;
      }
    }
    digest.add(turn_text(state, t.plies) + (win ? "=W" : "=N"));
    if (win && ++wins == 1) j.winning = t.plies;
    if (wins >= 2) {
      j.rejection = PuzzleRejection::kSeveral;
      break;
    }
  }
  if (j.rejection == PuzzleRejection::kNone && wins == 0) j.rejection = PuzzleRejection::kNoWin;
  j.nodes = dfpn.nodes();
  return j;
}

std::unique_ptr<State> state_after(const Game& game, const std::vector<Action>& moves) {
  auto state = game.new_initial_state();
  for (Action a : moves) state->apply(a);
  return state;
}

void apply_all(State& state, const std::vector<Action>& plies) {
  for (Action a : plies) state.apply(a);
}

}  // namespace

std::vector<WholeTurn> whole_turns(const State& state) {
  std::vector<WholeTurn> out;
  if (state.is_terminal()) return out;
  const solver::ExactKeyer keyer(state.game());
  std::unordered_set<uint64_t> seen;
  std::vector<Action> prefix;
  add_turns(state, prefix, keyer, seen, out);
  return out;
}

std::string turn_text(const State& before, const std::vector<Action>& plies) {
  auto state = before.clone();
  std::vector<std::string> texts;
  for (Action a : plies) {
    texts.push_back(state->action_to_text(a));
    state->apply(a);
  }
  return join_plies(texts);
}

double Puzzle::rating() const {
  const double r = 1200.0 + 300.0 * (turns() - 1) + 60.0 * std::log2(std::max(1, choices));
  return std::clamp(r, 800.0, 2400.0);
}

std::string_view rejection_name(PuzzleRejection rejection) {
  switch (rejection) {
    case PuzzleRejection::kNone: return "a puzzle";
    case PuzzleRejection::kOver: return "the game is over";
    case PuzzleRejection::kNoWin: return "no winning turn";
    case PuzzleRejection::kSeveral: return "several winning turns";
    case PuzzleRejection::kUnsettled: return "unsettled within the budget";
    case PuzzleRejection::kTooLong: return "the win takes too many turns";
    case PuzzleRejection::kForced: return "one turn only";
  }
  return "unknown";
}

PuzzleVerdict make_puzzle(const std::shared_ptr<const Game>& game, const std::vector<Action>& moves,
                          const PuzzleLimits& limits) {
  PuzzleVerdict verdict;
  auto state = state_after(*game, moves);
  if (state->is_terminal()) {
    verdict.rejection = PuzzleRejection::kOver;
    return verdict;
  }
  Puzzle puzzle;
  puzzle.game = game;
  puzzle.moves = moves;
  puzzle.winner_seat = state->seat_to_move();
  const int winner = puzzle.winner_seat;
  Digest digest;
  bool captures = false;
  auto reject = [&](PuzzleRejection why) {
    verdict.rejection = why;
    return verdict;
  };
  for (int turn = 0; turn < limits.max_turns; ++turn) {
    const TurnJudgement j = judge_turns(*game, *state, limits, digest);
    verdict.nodes += j.nodes;
    if (j.rejection != PuzzleRejection::kNone) return reject(j.rejection);
    if (turn == 0) puzzle.choices = j.choices;
    if (turn == 0 && j.choices < 2) return reject(PuzzleRejection::kForced);
    const int loser_colour = state->colour_of_seat(1 - winner);
    const int loser_stones = stones_of(*state, loser_colour);
    digest.add(turn_text(*state, j.winning));
    apply_all(*state, j.winning);
    captures = captures || stones_of(*state, loser_colour) < loser_stones;
    puzzle.line.push_back(j.winning);
    if (state->is_terminal()) {
      if (state->winning_seat() != winner) return reject(PuzzleRejection::kNoWin);  // cannot happen: proven
      puzzle.nodes = verdict.nodes;
      const std::string ending = state->ending_theme();
      if (!ending.empty()) puzzle.themes.push_back(ending);
      if (captures) puzzle.themes.push_back("captures");
      puzzle.digest = digest.hex();
      verdict.puzzle = std::move(puzzle);
      return verdict;
    }
    // The longest defence: the reply after which the winner needs the most turns.
    const int remaining = limits.max_turns - turn - 1;
    if (remaining == 0) return reject(PuzzleRejection::kTooLong);
    int64_t steps = static_cast<int64_t>(limits.reply_steps);
    const WholeTurn* longest = nullptr;
    int longest_turns = 0;
    try {
      std::vector<WholeTurn> replies = whole_turns(*state);
      for (const WholeTurn& reply : replies) {
        int needed = 0;
        for (int k = 1; k <= remaining && needed == 0; ++k)
          if (wins_within(*reply.after, winner, k, steps)) needed = k;
        if (needed == 0) return reject(PuzzleRejection::kTooLong);
        if (needed > longest_turns) longest = &reply, longest_turns = needed;
      }
      if (!longest) return reject(PuzzleRejection::kNoWin);
      digest.add(turn_text(*state, longest->plies));
      puzzle.line.push_back(longest->plies);
      state = longest->after->clone();
    } catch (const OutOfSteps&) {
      return reject(PuzzleRejection::kUnsettled);
    }
    if (state->is_terminal()) return reject(PuzzleRejection::kNoWin);  // the loser's reply ended it: not proven
  }
  return reject(PuzzleRejection::kTooLong);
}

void PuzzleTally::add(const PuzzleVerdict& verdict) {
  ++positions;
  nodes += verdict.nodes;
  if (verdict.puzzle) ++kept;
  else ++rejected[static_cast<size_t>(verdict.rejection)];
}

std::optional<Puzzle> puzzle_from_game(const History& game, const PuzzleLimits& limits, PuzzleTally& tally) {
  std::vector<int> starts;  // plies before each turn, the last turns only
  for (int ply = game.num_moves() - 1; ply >= 0 && static_cast<int>(starts.size()) < 2 * limits.max_turns; --ply)
    if (game.turn_start(ply) == ply) starts.push_back(ply);
  std::reverse(starts.begin(), starts.end());
  for (int ply : starts) {
    const std::vector<Action> moves(game.actions().begin(), game.actions().begin() + ply);
    PuzzleVerdict verdict = make_puzzle(game.game_ptr(), moves, limits);
    tally.add(verdict);
    if (verdict.puzzle) return std::move(verdict.puzzle);
  }
  return std::nullopt;
}

std::string puzzle_json(const Puzzle& puzzle) {
  const Game& game = *puzzle.game;
  auto state = game.new_initial_state();
  nlohmann::json moves = nlohmann::json::array();
  for (Action a : puzzle.moves) {
    moves.push_back(state->action_to_text(a));
    state->apply(a);
  }
  nlohmann::json line = nlohmann::json::array();
  for (const auto& turn : puzzle.line) {
    line.push_back(turn_text(*state, turn));
    apply_all(*state, turn);
  }
  nlohmann::json j = {{"game", game.name()},
                      {"options", game.options().values()},
                      {"moves", moves},
                      {"line", line},
                      {"winner", puzzle.winner_seat},
                      {"themes", puzzle.themes},
                      {"difficulty",
                       {{"turns", puzzle.turns()},
                        {"choices", puzzle.choices},
                        {"nodes", puzzle.nodes},
                        {"rating", std::lround(puzzle.rating())}}},
                      {"digest", puzzle.digest}};
  return j.dump();
}

Puzzle parse_puzzle(std::string_view json_line) {
  try {
    const nlohmann::json j = nlohmann::json::parse(json_line);
    Puzzle p;
    p.game = make_game(j.at("game").get<std::string>(), j.value("options", std::map<std::string, std::string>{}));
    auto state = p.game->new_initial_state();
    for (const auto& m : j.at("moves")) {
      if (state->is_terminal()) throw LudusError("a move after the end of the game");
      const Action a = state->parse_action(m.get<std::string>());
      p.moves.push_back(a);
      state->apply(a);
    }
    for (const auto& t : j.at("line")) {
      if (state->is_terminal()) throw LudusError("a turn after the end of the game");
      std::vector<Action> plies;
      const int mover = state->seat_to_move();
      for (const std::string& ply : state->split_turn_text(t.get<std::string>())) {
        if (state->is_terminal() || state->seat_to_move() != mover) throw LudusError("'" + t.get<std::string>() + "' is more than one turn");
        const Action a = state->parse_action(ply);
        plies.push_back(a);
        state->apply(a);
      }
      p.line.push_back(std::move(plies));
    }
    p.winner_seat = j.at("winner").get<int>();
    // What any reader relies on (the server plays lines by index): the winner's turns and
    // the answers between them, ending with the winner's win.
    if (p.line.size() % 2 == 0) throw LudusError("a line ends with the winner's turn");
    if (!state->is_terminal() || state->winning_seat() != p.winner_seat)
      throw LudusError("the line does not end with the winner's win");
    p.themes = j.at("themes").get<std::vector<std::string>>();
    const auto& d = j.at("difficulty");
    p.choices = d.at("choices").get<int>();
    p.nodes = d.at("nodes").get<uint64_t>();
    p.digest = j.at("digest").get<std::string>();
    return p;
  } catch (const nlohmann::json::exception& e) {
    throw LudusError(std::string("bad puzzle: ") + e.what());
  } catch (const LudusError& e) {
    const std::string what = e.what();
    throw LudusError(what.rfind("bad puzzle: ", 0) == 0 ? what : "bad puzzle: " + what);
  }
}

std::string verify_puzzle(const Puzzle& stored, const PuzzleLimits& limits) {
  PuzzleLimits own = limits;
  own.max_turns = stored.turns();  // the line it claims, no longer
  const PuzzleVerdict found = make_puzzle(stored.game, stored.moves, own);
  if (!found.puzzle) return fmt::format("not a puzzle: {}", rejection_name(found.rejection));
  const Puzzle& p = *found.puzzle;
  if (p.winner_seat != stored.winner_seat) return "another seat wins";
  if (p.line != stored.line) return "another line: " + puzzle_json(p);
  if (p.themes != stored.themes) return "other themes";
  if (p.digest != stored.digest) return fmt::format("another digest ({} for {})", p.digest, stored.digest);
  return {};
}

std::vector<std::pair<std::string, std::string_view>> starter_puzzle_sets() {
  std::vector<std::pair<std::string, std::string_view>> out;
  for (int i = 0; i < kPuzzleSets_count; ++i) out.emplace_back(kPuzzleSets[i].name, kPuzzleSets[i].text());
  return out;
}

}  // namespace ludus::ai
