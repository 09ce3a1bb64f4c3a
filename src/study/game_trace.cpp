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

// A key of the board, the colour to move and the seats (FNV-1a over the stones; the ASCII board
// when the game exposes no geometry).
uint64_t position_key(const State& state) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  const Geometry* g = state.game().board_geometry();
  if (g) {
    for (int s = 0; s < g->num_sites(); ++s) mix(static_cast<uint64_t>(state.site_colour(s) + 2));
  } else {
    mix(std::hash<std::string>{}(state.render()));
  }
  mix(static_cast<uint64_t>(state.to_move()) + 7);
  // A pie swap changes who holds which colour and nothing on the board: not a repetition.
  mix(state.seats_swapped() ? 11 : 13);
  return h;
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

void TraceRecorder::before_ply(const History& history, const ai::MoveChoice* choice) {
  const State& state = history.state();
  PlyTrace ply;
  ply.seat = state.seat_to_move();
  ply.turn = history.num_moves() == 0 ? 1 : history.turn_number(history.num_moves() - 1) + (history.mid_turn() ? 0 : 1);
  std::vector<Action> legal;
  state.legal_actions(legal);
  ply.legal = static_cast<int>(legal.size());
  if (choice) add_search(ply, *choice, ply.seat);
  if (const Geometry* g = history.game().board_geometry()) {
    covered_.resize(static_cast<size_t>(g->num_sites()), false);
    for (int s = 0; s < g->num_sites(); ++s) {
      const int colour = state.site_colour(s);
      if (colour < 0) continue;
      ++ply.stones[colour];
      covered_[static_cast<size_t>(s)] = true;
    }
  }
  ply.repeated = !seen_.insert(position_key(state)).second;
  trace_.plies.push_back(ply);
}

GameTrace TraceRecorder::finish(const History& history) {
  const State& state = history.state();
  if (const Geometry* g = history.game().board_geometry()) {
    covered_.resize(static_cast<size_t>(g->num_sites()), false);
    for (int s = 0; s < g->num_sites(); ++s)
      if (state.site_colour(s) >= 0) covered_[static_cast<size_t>(s)] = true;
    trace_.sites = g->num_sites();
    trace_.covered = static_cast<int>(std::count(covered_.begin(), covered_.end(), true));
  }
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

nlohmann::json trace_to_json(const GameTrace& t) {
  nlohmann::json plies = nlohmann::json::array();
  for (const auto& p : t.plies)
    plies.push_back({p.seat, p.turn, p.legal, unknown_or_number(p.eval), p.reasonable, unknown_or_number(p.narrowness),
                     unknown_or_number(p.spread), p.stones[0], p.stones[1], p.repeated ? 1 : 0});
  return {{"plies", plies},           {"turns", t.turns},           {"winning_seat", t.winning_seat},
          {"winning_colour", t.winning_colour}, {"adjudicated", t.adjudicated}, {"swap_taken", t.swap_taken},
          {"first_move", t.first_move}, {"end_reason", t.end_reason}, {"sites", t.sites},
          {"covered", t.covered}};
}

GameTrace trace_from_json(const nlohmann::json& j) {
  try {
    GameTrace t;
    for (const auto& p : j.at("plies")) {
      if (!p.is_array() || p.size() != 10) throw LudusError("a ply is not a list of 10 values");
      PlyTrace ply;
      ply.seat = p[0].get<int>();
      ply.turn = p[1].get<int>();
      ply.legal = p[2].get<int>();
      ply.eval = number_or_unknown(p[3]);
      ply.reasonable = p[4].get<int>();
      ply.narrowness = number_or_unknown(p[5]);
      ply.spread = number_or_unknown(p[6]);
      ply.stones[0] = p[7].get<int>();
      ply.stones[1] = p[8].get<int>();
      ply.repeated = p[9].get<int>() != 0;
      t.plies.push_back(ply);
    }
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
