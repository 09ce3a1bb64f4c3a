// SPDX-License-Identifier: Apache-2.0
#include "ai/review.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ai/grading.h"
#include "ai/player.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/text.h"
#include "core/turn_count.h"

namespace ludus::ai {

using solver::Value;

std::string label_name(MoveLabel label) {
  switch (label) {
    case MoveLabel::kInaccuracy: return "inaccuracy";
    case MoveLabel::kMistake: return "mistake";
    case MoveLabel::kBlunder: return "blunder";
    case MoveLabel::kNone: break;
  }
  return "";
}

std::string note_name(ProofNote note) {
  switch (note) {
    case ProofNote::kWinThrown: return "win thrown away";
    case ProofNote::kOnlyWin: return "only winning move";
    case ProofNote::kNone: break;
  }
  return "";
}

MoveLabel review_label(double before, double after) {
  // Lichess's Advice.scala: 0.3, 0.2, 0.1 on winning chances from -1 to +1.
  const double drop = 2 * (before - after);
  constexpr double kSlack = 1e-9;  // a drop of exactly a threshold counts
  if (drop >= 0.3 - kSlack) return MoveLabel::kBlunder;
  if (drop >= 0.2 - kSlack) return MoveLabel::kMistake;
  if (drop >= 0.1 - kSlack) return MoveLabel::kInaccuracy;
  return MoveLabel::kNone;
}

double move_accuracy(double before, double after) {
  // Lichess's AccuracyPercent.fromWinPercents, in winning percentage points, with its
  // "+1 uncertainty bonus".
  if (after >= before) return 100;
  const double drop = 100 * (before - after);
  const double raw = 103.1668100711649 * std::exp(-0.04354415386753951 * drop) - 3.166924740191411;
  return std::clamp(raw + 1, 0.0, 100.0);
}

namespace {

// What the review knows of one position at the start of a turn (or the end).
struct PositionView {
  int mover = -1;                  // seat to move; -1 when the game is over there
  double first_chance = NAN;       // the first seat's winning chance; NaN: not known yet
  Value proven = Value::kUnknown;  // for the mover, by the solver
  std::string best;
  std::vector<std::string> best_line;
  double chance_for(int seat) const { return seat == 0 ? first_chance : 1 - first_chance; }
};

double value_chance(Value value) {
  return value == Value::kWin ? 1.0 : value == Value::kLoss ? 0.0 : 0.5;
}

Value value_for_seat(const PositionView& view, int seat) {
  if (view.mover < 0) {
    if (view.first_chance == 0.5) return Value::kDraw;
    return view.chance_for(seat) == 1 ? Value::kWin : Value::kLoss;
  }
  return view.mover == seat ? view.proven : solver::opposite(view.proven);
}

class Reviewer {
 public:
  Reviewer(const Game& game, const ReviewSettings& settings) : settings_(settings) {
    player_ = make_player(fmt::format("mcts:iters={},threads=1,seed={}", settings.iterations, settings.seed));
    if (settings.proof_seconds <= 0) return;
    proof_deadline_ = std::chrono::steady_clock::now() +
                      std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                          std::chrono::duration<double>(settings.proof_total_seconds));
    try {
      judge_.emplace(game, GradingLimits{.solve_seconds = settings.proof_seconds,
                                             .memory_bytes = settings.proof_memory});
    } catch (const LudusError&) {
      // The solver cannot key this game's positions: the review goes without proofs.
    }
  }
  bool proofs() const { return judge_.has_value(); }
  bool cut() const { return cut_; }

  // The solver's value of `state` for `seat`; kUnknown once the review's proof time is spent.
  Value proven(const State& state, int seat) {
    if (!judge_) return Value::kUnknown;
    if (std::chrono::steady_clock::now() >= proof_deadline_) {
      cut_ = true;
      return Value::kUnknown;
    }
    return judge_->value_for(state, seat);
  }

  PositionView view(const History& history) {
    PositionView view;
    const State& state = history.state();
    if (state.is_terminal()) {
      const int winner = state.winning_seat();
      view.first_chance = winner == kDraw ? 0.5 : winner == 0 ? 1.0 : 0.0;
      return view;
    }
    view.mover = state.seat_to_move();
    view.proven = proven(state, view.mover);
    player_->new_game();
    const MoveChoice choice = player_->choose(history);
    std::optional<double> chance;
    if (choice.proven == ProvenResult::kWin) chance = 1.0;
    else if (choice.proven == ProvenResult::kLoss) chance = 0.0;
    else if (choice.proven == ProvenResult::kDraw) chance = 0.5;
    else if (choice.iterations > 0) chance = (choice.value + 1) / 2;
    if (view.proven != Value::kUnknown) chance = value_chance(view.proven);
    if (chance) view.first_chance = view.mover == 0 ? *chance : 1 - *chance;
    view.best_line = choice.best_line;
    // The best turn: the search's plies while the same mover goes on (Epoxy's two actions).
    std::vector<std::string> plies{state.action_to_text(choice.action)};
    History line = history;
    line.play(choice.action);
    while (line.mid_turn() && !line.is_over()) {
      player_->new_game();
      const Action next = player_->choose(line).action;
      plies.push_back(line.state().action_to_text(next));
      line.play(next);
    }
    view.best = join_plies(plies);
    return view;
  }

  // Whether every other move of the one-ply turn `played` from `state` is proven not to
  // win for `mover` (who wins with `played`); false when one wins or is not settled.
  bool only_winning_move(const State& state, Action played, int mover) {
    if (!judge_) return false;
    const std::vector<Action> legal = state.legal_actions();
    if (static_cast<int>(legal.size()) - 1 > settings_.most_alternatives) return false;
    for (Action other : legal) {
      if (other == played) continue;
      auto child = state.clone();
      child->apply(other);
      if (child->is_terminal()) {
        if (child->winning_seat() == mover) return false;
        continue;
      }
      if (child->seat_to_move() == mover) return false;  // not a whole turn: not settled here
      const Value value = proven(*child, mover);
      if (value == Value::kWin || value == Value::kUnknown) return false;
    }
    return true;
  }

 private:
  ReviewSettings settings_;
  std::unique_ptr<Player> player_;
  std::optional<PositionJudge> judge_;
  std::chrono::steady_clock::time_point proof_deadline_{};
  bool cut_ = false;
};

// Population standard deviation of xs[first, last).
double deviation(const std::vector<double>& xs, size_t first, size_t last) {
  const double n = static_cast<double>(last - first);
  double mean = 0, squares = 0;
  for (size_t i = first; i < last; ++i) mean += xs[i];
  mean /= n;
  for (size_t i = first; i < last; ++i) squares += (xs[i] - mean) * (xs[i] - mean);
  return std::sqrt(squares / n);
}

// Lichess's AccuracyPercent.gameAccuracy: per seat, the mean of its moves' accuracies
// weighted by the volatility of the winning chance around each move, averaged with their
// harmonic mean.  `first_percent` holds the first seat's winning percentage at the start
// of every turn and at the end.
std::array<double, 2> game_accuracy(const std::vector<ReviewedTurn>& turns, const std::vector<double>& first_percent) {
  const size_t n = turns.size();
  const size_t window = std::clamp<size_t>(n / 10, 2, 8);
  std::array<double, 2> weighted{0, 0}, weights{0, 0}, inverse{0, 0};
  std::array<int, 2> count{0, 0};
  for (size_t i = 0; i < n; ++i) {
    // Lichess's windows: the first window-2 moves share the first window, then one slides.
    const size_t first = i + 2 > window ? i + 2 - window : 0;
    const size_t last = std::min(first + window, first_percent.size());
    const double weight = std::clamp(deviation(first_percent, first, last), 0.5, 12.0);
    const int seat = turns[i].seat;
    weighted[seat] += turns[i].accuracy * weight;
    weights[seat] += weight;
    inverse[seat] += 1 / std::max(1.0, turns[i].accuracy);
    ++count[seat];
  }
  std::array<double, 2> accuracy{-1, -1};
  for (int seat : {0, 1})
    if (count[seat]) accuracy[seat] = (weighted[seat] / weights[seat] + count[seat] / inverse[seat]) / 2;
  return accuracy;
}

}  // namespace

GameReview review_game(const History& record, const ReviewSettings& settings) {
  const std::vector<WrittenTurn> written = written_turns(record, record.num_moves());
  if (written.empty()) throw LudusError("the record holds no move to review");
  GameReview review;
  review.settings = settings;
  Reviewer reviewer(record.game(), settings);
  review.proofs = reviewer.proofs();

  std::vector<PositionView> views;  // at the start of every turn, then at the end
  std::vector<std::unique_ptr<State>> starts;
  History line(record.game_ptr());
  const std::vector<Action>& actions = record.actions();
  for (const WrittenTurn& turn : written) {
    views.push_back(reviewer.view(line));
    starts.push_back(line.state().clone());
    for (int p = 0; p < turn.plies; ++p) line.play(actions[turn.first_ply + p]);
  }
  views.push_back(reviewer.view(line));
  // A position the search did not weigh (one legal move) is worth what the next one is.
  for (size_t i = views.size(); i-- > 0;)
    if (std::isnan(views[i].first_chance)) views[i].first_chance = i + 1 < views.size() ? views[i + 1].first_chance : 0.5;

  std::vector<double> first_percent;
  for (const PositionView& view : views) first_percent.push_back(100 * view.first_chance);
  for (size_t i = 0; i < written.size(); ++i) {
    const WrittenTurn& turn = written[i];
    ReviewedTurn reviewed;
    reviewed.number = turn.number;
    reviewed.first_ply = turn.first_ply;
    reviewed.plies = turn.plies;
    reviewed.seat = turn.mover.seat;
    reviewed.colour = turn.mover.colour;
    reviewed.played = turn.text;
    reviewed.before = views[i].chance_for(turn.mover.seat);
    reviewed.after = views[i + 1].chance_for(turn.mover.seat);
    reviewed.best = views[i].best;
    reviewed.best_line = views[i].best_line;
    reviewed.label = review_label(reviewed.before, reviewed.after);
    reviewed.accuracy = move_accuracy(reviewed.before, reviewed.after);
    if (views[i].proven == Value::kWin && views[i].mover == turn.mover.seat) {
      const Value after = value_for_seat(views[i + 1], turn.mover.seat);
      if (after == Value::kLoss || after == Value::kDraw)
        reviewed.note = ProofNote::kWinThrown;
      else if (after == Value::kWin && turn.plies == 1 &&
               reviewer.only_winning_move(*starts[i], actions[turn.first_ply], turn.mover.seat))
        reviewed.note = ProofNote::kOnlyWin;
    }
    review.turns.push_back(std::move(reviewed));
  }
  review.accuracy = game_accuracy(review.turns, first_percent);
  review.proofs_cut = reviewer.cut();
  return review;
}

nlohmann::json review_json(const GameReview& review) {
  nlohmann::json turns = nlohmann::json::array();
  for (const ReviewedTurn& t : review.turns)
    turns.push_back({{"number", t.number}, {"first_ply", t.first_ply}, {"plies", t.plies}, {"seat", t.seat},
                     {"colour", t.colour}, {"played", t.played}, {"before", t.before}, {"after", t.after}, {"best", t.best},
                     {"best_line", t.best_line}, {"label", label_name(t.label)}, {"note", note_name(t.note)},
                     {"accuracy", t.accuracy}});
  nlohmann::json accuracy = nlohmann::json::array();
  for (double a : review.accuracy) accuracy.push_back(a < 0 ? nlohmann::json() : nlohmann::json(a));
  return {{"turns", turns},
          {"accuracy", accuracy},
          {"proofs", review.proofs},
          {"proofs_cut", review.proofs_cut},
          {"iterations", review.settings.iterations},
          {"seed", review.settings.seed},
          {"proof_seconds", review.settings.proof_seconds},
          {"proof_total_seconds", review.settings.proof_total_seconds}};
}

GameReview review_from_json(const nlohmann::json& json) {
  try {
    GameReview review;
    for (const nlohmann::json& t : json.at("turns")) {
      ReviewedTurn turn;
      turn.number = t.at("number").get<int>();
      turn.first_ply = t.at("first_ply").get<int>();
      turn.plies = t.at("plies").get<int>();
      turn.seat = t.at("seat").get<int>();
      turn.colour = t.at("colour").get<int>();
      turn.played = t.at("played").get<std::string>();
      turn.before = t.at("before").get<double>();
      turn.after = t.at("after").get<double>();
      turn.best = t.at("best").get<std::string>();
      turn.best_line = t.at("best_line").get<std::vector<std::string>>();
      const std::string label = t.at("label").get<std::string>(), note = t.at("note").get<std::string>();
      for (MoveLabel l : {MoveLabel::kInaccuracy, MoveLabel::kMistake, MoveLabel::kBlunder})
        if (label == label_name(l)) turn.label = l;
      for (ProofNote n : {ProofNote::kWinThrown, ProofNote::kOnlyWin})
        if (note == note_name(n)) turn.note = n;
      turn.accuracy = t.at("accuracy").get<double>();
      review.turns.push_back(std::move(turn));
    }
    for (int seat : {0, 1}) {
      const nlohmann::json& a = json.at("accuracy").at(seat);
      review.accuracy[seat] = a.is_null() ? -1 : a.get<double>();
    }
    review.proofs = json.at("proofs").get<bool>();
    review.proofs_cut = json.at("proofs_cut").get<bool>();
    review.settings.iterations = json.at("iterations").get<int64_t>();
    review.settings.seed = json.at("seed").get<uint64_t>();
    review.settings.proof_seconds = json.at("proof_seconds").get<double>();
    review.settings.proof_total_seconds = json.at("proof_total_seconds").get<double>();
    return review;
  } catch (const nlohmann::json::exception& e) {
    throw LudusError(std::string("not a review: ") + e.what());
  }
}

std::string review_text(const GameReview& review, const History& record) {
  const Game& game = record.game();
  std::string out = fmt::format("{:>5}  {:<20} {:>7} {:>7}  {:<14} {}\n", "turn", "played", "before", "after", "best",
                                "judgement");
  for (const ReviewedTurn& t : review.turns) {
    std::string judgement = label_name(t.label);
    if (t.note != ProofNote::kNone) judgement += (judgement.empty() ? "" : ", ") + note_name(t.note);
    out += fmt::format("{:>5}  {:<20} {:>6.0f}% {:>6.0f}%  {:<14} {}\n", t.number,
                       terminal_safe(game.colour_name(t.colour)) + " " + terminal_safe(t.played),
                       100 * t.before, 100 * t.after, terminal_safe(t.best), judgement);
  }
  for (int seat : {0, 1}) {
    const std::string& name = record.players()[seat];
    const std::string who = std::string(seat == 0 ? "the first player" : "the second player") +
                            (name.empty() ? "" : " (" + terminal_safe(name) + ")");
    out += review.accuracy[seat] < 0 ? fmt::format("accuracy of {}: no turn\n", who)
                                     : fmt::format("accuracy of {}: {:.1f}%\n", who, review.accuracy[seat]);
  }
  if (review.settings.proof_seconds <= 0) out += "(proof notes off: the solver was not asked)\n";
  else if (!review.proofs) out += "(the solver cannot judge this game's positions: no proof notes)\n";
  else if (review.proofs_cut) out += "(the solver's time for the review ran out: later turns have no proof notes)\n";
  return out;
}

}  // namespace ludus::ai
