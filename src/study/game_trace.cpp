// SPDX-License-Identifier: Apache-2.0
#include "study/game_trace.h"

#include <algorithm>
#include <functional>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/geometry.h"
#include "core/notation.h"

namespace ludus::study {
namespace {

// Moves searched fewer times than this have win rates too noisy for clarity.
constexpr int64_t kMinVisitsForClarity = 2;

uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull; }  // FNV-1a step

// A key of the stones on the board (the ASCII board when the game exposes no geometry).
uint64_t board_key(const State& state) {
  uint64_t h = 1469598103934665603ull;
  const Geometry* g = state.game().board_geometry();
  if (!g) return mix(h, std::hash<std::string>{}(state.render()));
  for (int s = 0; s < g->num_sites(); ++s) h = mix(h, static_cast<uint64_t>(state.site_colour(s) + 2));
  return h;
}

// The board, the colour to move and which seat holds which colour (a pie swap changes who
// holds which colour and nothing on the board: not a repetition).
uint64_t position_key(uint64_t board, const State& state) {
  return mix(mix(board, static_cast<uint64_t>(state.to_move()) + 7), state.seats_swapped() ? 11 : 13);
}

// The position and the rules' state besides the stones (a pie still to come, the phase of
// a turn, passes in a row).
uint64_t situation_key(uint64_t position, const History& history) {
  const auto parts = history.state().exact_key_parts();
  return mix(mix(position, parts ? parts->rules + 17 : 19), history.mid_turn() ? 23 : 29);
}

// Adjacency steps between two sites (breadth-first over the board), or kNoDistance.
int steps_between(const Geometry& g, int from, int to) {
  std::vector<int> distance(static_cast<size_t>(g.num_sites()), -1);
  std::vector<int> queue = {from};
  distance[static_cast<size_t>(from)] = 0;
  for (size_t head = 0; head < queue.size(); ++head) {
    const int site = queue[head];
    if (site == to) return distance[static_cast<size_t>(site)];
    for (int next : g.neighbours(site))
      if (distance[static_cast<size_t>(next)] < 0) {
        distance[static_cast<size_t>(next)] = distance[static_cast<size_t>(site)] + 1;
        queue.push_back(next);
      }
  }
  return PlyTrace::kNoDistance;
}

// How far a ply written `from-to` (RULES.md: a slide) moved its stone; kNoDistance for
// anything else.
int move_distance(const Geometry* g, const std::string& move) {
  if (!g) return PlyTrace::kNoDistance;
  const auto parts = split_move(move, '-');
  if (!parts) return PlyTrace::kNoDistance;
  std::string error;
  const int from = g->parse(parts->first, &error), to = g->parse(parts->second, &error);
  if (from < 0 || to < 0 || from == to) return PlyTrace::kNoDistance;
  return steps_between(*g, from, to);
}

void add_search(PlyTrace& ply, const ai::MoveChoice& choice, int seat) {
  if (choice.root_moves.empty()) return;  // forced move: no search
  const double mover = (choice.value + 1) / 2;
  ply.eval = seat == 0 ? mover : 1 - mover;
  int64_t most = 0;
  for (const auto& m : choice.root_moves) most = std::max(most, m.visits);
  int reasonable = 0;
  double sum = 0, best = 0;
  int counted = 0;
  for (const auto& m : choice.root_moves) {
    if (most > 0 && static_cast<double>(m.visits) >= kReasonableVisitShare * static_cast<double>(most)) ++reasonable;
    if (m.visits >= kMinVisitsForClarity) {
      sum += m.win_rate;
      best = counted ? std::max(best, m.win_rate) : m.win_rate;
      ++counted;
    }
  }
  ply.reasonable = reasonable;
  if (counted == 0) return;
  const double mean = sum / counted;
  const double threshold = mean + 0.75 * (best - mean);
  int standing_out = 0;
  double squares = 0;
  for (const auto& m : choice.root_moves) {
    if (m.visits < kMinVisitsForClarity) continue;
    if (m.win_rate >= threshold - 1e-12) ++standing_out;
    squares += (m.win_rate - mean) * (m.win_rate - mean);
  }
  ply.narrowness = static_cast<double>(standing_out) / counted;
  ply.spread = squares / counted;
}

double number_or_unknown(const nlohmann::json& j) { return j.is_null() ? kUnknown : j.get<double>(); }
nlohmann::json unknown_or_number(double v) { return known(v) ? nlohmann::json(v) : nlohmann::json(); }

}  // namespace

PositionFacts TraceRecorder::facts(const History& history) {
  const State& state = history.state();
  PositionFacts facts;
  if (const Geometry* g = history.game().board_geometry()) {
    covered_.resize(static_cast<size_t>(g->num_sites()), false);
    for (int s = 0; s < g->num_sites(); ++s) {
      const int colour = state.site_colour(s);
      if (colour < 0) continue;
      ++facts.stones[colour];
      covered_[static_cast<size_t>(s)] = true;
    }
  }
  for (int c = 0; c < 2; ++c)
    if (const auto score = state.shown_score(c)) facts.score[c] = *score;
  const uint64_t board = board_key(state), position = position_key(board, state);
  facts.repeats.board = !boards_.insert(board).second;
  facts.repeats.position = !positions_.insert(position).second;
  facts.repeats.situation = !situations_.insert(situation_key(position, history)).second;
  return facts;
}

void TraceRecorder::before_ply(const History& history, const ai::MoveChoice* choice) {
  const State& state = history.state();
  PlyTrace ply;
  ply.seat = state.seat_to_move();
  ply.turn = history.current_turn();
  std::vector<Action> legal;
  state.legal_actions(legal);
  ply.legal = static_cast<int>(legal.size());
  if (choice) add_search(ply, *choice, ply.seat);
  ply.position = facts(history);
  trace_.plies.push_back(ply);
}

GameTrace TraceRecorder::finish(const History& history) {
  trace_.final_position = facts(history);
  const Geometry* g = history.game().board_geometry();
  if (g) {
    trace_.sites = g->num_sites();
    trace_.covered = static_cast<int>(std::count(covered_.begin(), covered_.end(), true));
  }
  const auto& moves = history.moves();
  for (size_t i = 0; i < trace_.plies.size() && i < moves.size(); ++i) trace_.plies[i].distance = move_distance(g, moves[i]);
  trace_.turns = history.num_moves() ? history.turn_number(history.num_moves() - 1) : 0;
  if (history.is_over()) {
    trace_.winning_colour = history.winner();
    trace_.winning_seat = history.winning_seat();
    trace_.adjudicated = history.ending() == Ending::Adjudication;
    trace_.end_reason = history.end_reason();
  }
  trace_.first_move = history.moves().empty() ? "" : history.moves().front();
  trace_.swap_taken = std::any_of(history.moves().begin(), history.moves().end(),
                                  [](const std::string& m) { return move_word(m) == MoveWord::Swap; });
  GameTrace done = std::move(trace_);
  *this = TraceRecorder();
  return done;
}

GameTrace trace_of_history(const History& history) {
  History replay(history.game_ptr());
  TraceRecorder recorder;
  for (Action a : history.actions()) {
    recorder.before_ply(replay, nullptr);
    replay.play(a);
  }
  // Endings from outside the rules (resignation, adjudication) come from the record.
  GameTrace trace = recorder.finish(history);
  return trace;
}

namespace {

// A position's facts as [stones 0, stones 1, score 0, score 1, repeats] (repeats: bit 1 the
// board, 2 the position, 4 the situation).
nlohmann::json facts_to_json(const PositionFacts& f) {
  const int repeats = (f.repeats.board ? 1 : 0) | (f.repeats.position ? 2 : 0) | (f.repeats.situation ? 4 : 0);
  return {f.stones[0], f.stones[1], f.score[0], f.score[1], repeats};
}

PositionFacts facts_from_json(const nlohmann::json& j) {
  if (!j.is_array() || j.size() != 5) throw LudusError("bad game trace: a position is not a list of 5 values");
  PositionFacts f;
  for (int c = 0; c < 2; ++c) {
    f.stones[c] = j[static_cast<size_t>(c)].get<int>();
    f.score[c] = j[static_cast<size_t>(2 + c)].get<int>();
  }
  const int repeats = j[4].get<int>();
  f.repeats = {(repeats & 1) != 0, (repeats & 2) != 0, (repeats & 4) != 0};
  return f;
}

}  // namespace

nlohmann::json trace_to_json(const GameTrace& t) {
  nlohmann::json plies = nlohmann::json::array();
  for (const auto& p : t.plies)
    plies.push_back({p.seat, p.turn, p.legal, unknown_or_number(p.eval), p.reasonable, unknown_or_number(p.narrowness),
                     unknown_or_number(p.spread), facts_to_json(p.position), p.distance});
  return {{"plies", plies},           {"final", facts_to_json(t.final_position)},
          {"turns", t.turns},         {"winning_seat", t.winning_seat},
          {"winning_colour", t.winning_colour}, {"adjudicated", t.adjudicated}, {"swap_taken", t.swap_taken},
          {"first_move", t.first_move}, {"end_reason", t.end_reason}, {"sites", t.sites},
          {"covered", t.covered}};
}

GameTrace trace_from_json(const nlohmann::json& j) {
  try {
    GameTrace t;
    for (const auto& p : j.at("plies")) {
      if (!p.is_array() || p.size() != 9) throw LudusError("bad game trace: a ply is not a list of 9 values");
      PlyTrace ply;
      ply.seat = p[0].get<int>();
      ply.turn = p[1].get<int>();
      ply.legal = p[2].get<int>();
      ply.eval = number_or_unknown(p[3]);
      ply.reasonable = p[4].get<int>();
      ply.narrowness = number_or_unknown(p[5]);
      ply.spread = number_or_unknown(p[6]);
      ply.position = facts_from_json(p[7]);
      ply.distance = p[8].get<int>();
      t.plies.push_back(ply);
    }
    t.final_position = facts_from_json(j.at("final"));
    t.turns = j.at("turns").get<int>();
    t.winning_seat = j.at("winning_seat").get<int>();
    t.winning_colour = j.at("winning_colour").get<int>();
    t.adjudicated = j.at("adjudicated").get<bool>();
    t.swap_taken = j.at("swap_taken").get<bool>();
    t.first_move = j.at("first_move").get<std::string>();
    t.end_reason = j.at("end_reason").get<std::string>();
    t.sites = j.at("sites").get<int>();
    t.covered = j.at("covered").get<int>();
    return t;
  } catch (const nlohmann::json::exception& e) {
    throw LudusError(std::string("bad game trace: ") + e.what());
  }
}

}  // namespace ludus::study
