// SPDX-License-Identifier: Apache-2.0
#include "ai/mcts_player.h"

#include <algorithm>
#include <thread>

#include <fmt/format.h>

#include "ai/game_profiles.h"
#include "ai/mcts_search.h"
#include "ai/pie_choice.h"
#include "core/pie_openings.h"
#include "core/swap_move.h"

namespace ludus::ai {
namespace {

std::string compact(double x) {
  if (x >= 1e6) return fmt::format("{:.1f}M", x / 1e6);
  if (x >= 1e4) return fmt::format("{:.1f}k", x / 1e3);
  return fmt::format("{:.0f}", x);
}

// Own moves left, estimated from a few uniformly random games (plies by `seat`).
double own_moves_left(const State& state, int seat, uint64_t seed) {
  constexpr int kGames = 8;
  Rng rng(seed);
  std::vector<Action> actions;
  int64_t plies = 0;
  for (int g = 0; g < kGames; ++g) {
    auto s = state.clone();
    while (!s->is_terminal()) {
      s->legal_actions(actions);
      plies += s->seat_to_move() == seat;
      s->apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
    }
  }
  return static_cast<double>(plies) / kGames;
}

}  // namespace

MctsPlayer::MctsPlayer(std::string name, const MctsConfig& config)
    : name_(std::move(name)),
      config_(config),
      threads_(config.threads > 0 ? config.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))) {
  config_.threads = threads_;
  if (config_.iterations <= 0 && config_.move_seconds <= 0 && config_.total_seconds <= 0) config_.iterations = 2000;
  active_ = config_;
}

void MctsPlayer::new_game() {
  game_.reset();
  sites_.reset();
  root_actions_.clear();
  used_seconds_ = 0;
}

void MctsPlayer::reuse_or_reset(const History& history, MoveChoice& choice) {
  const auto& actions = history.actions();
  // An equal game made again (a server replays a board from its stored moves) is the same
  // game: the tree, the profile and the tables made for the first one stay, and so does it.
  const bool same_game = game_ == history.game_ptr() ||
                         (game_ && game_->name() == history.game().name() &&
                          game_->options().values() == history.game().options().values());
  const bool same_line = same_game && actions.size() >= root_actions_.size() &&
                         std::equal(root_actions_.begin(), root_actions_.end(), actions.begin());
  if (!same_line && (!same_game || actions.size() < 2)) used_seconds_ = 0;  // a new game
  if (trees_.empty()) {
    size_t count = config_.parallelism == Parallelism::kRoot ? static_cast<size_t>(threads_) : 1;
    for (size_t i = 0; i < count; ++i) trees_.push_back(std::make_unique<Tree>(config_.max_nodes));
  }
  const int root_mover = 1 - history.state().seat_to_move();  // unused by the search
  for (auto& tree : trees_) {
    NodeIndex index = same_line && config_.reuse_tree ? Tree::root() : kNoNode;
    for (size_t i = root_actions_.size(); i < actions.size() && index != kNoNode; ++i)
      index = tree->find_child(index, actions[i]);
    if (index == kNoNode) {
      tree->reset(root_mover);
    } else {
      choice.reused_nodes += tree->keep_subtree(index);
      choice.reused_visits += tree->node(Tree::root()).n();
    }
  }
  if (!same_game) {
    active_ = with_game_profile(config_, history.game().info());
    priors_ = {};
    if (auto weights = priors::load_priors(active_.priors, history.game(), active_.generation == SearchGeneration::kLatest)) {
      priors_.weights = std::move(weights);
      priors_.tables = priors::shared_feature_tables(history.game());
    }
    sites_.reset();
    if (active_.rave && active_.amaf_source != AmafSource::kTraced &&
        ActionSites::game_shows_stones(history.state()))
      sites_ = std::make_unique<ActionSites>(history.game());
  }
  if (!same_game) game_ = history.game_ptr();
  root_actions_ = actions;
}

Action MctsPlayer::balanced_opening(const History& history) const {
  if (!config_.opening_table || !history.actions().empty() || !history.game().offers_pie()) return kNoAction;
  const auto* table = history.game().pie_openings();
  if (!table) return kNoAction;
  const std::vector<Action> moves = table->balanced_first_moves();
  if (moves.empty()) return kNoAction;
  const Action move = moves[config_.seed % moves.size()];  // the seed varies it from game to game
  return history.state().is_legal(move) ? move : kNoAction;
}

Action MctsPlayer::swap_action(const std::vector<RootMove>& moves, const State& state) const {
  const PieRule& pie = state.game().info().pie;
  if (!active_.pie_by_value || !pie.offered || !pie.exchanges_seats_only || moves.size() < 2) return kNoAction;
  for (const RootMove& m : moves)  // a few hundred names once a move, against a search of thousands of playouts
    if (is_swap_move(state, m.action)) return m.action;
  return kNoAction;
}

MctsPlayer::MoveTime MctsPlayer::seconds_for_move(const State& state) {
  MoveTime time{config_.move_seconds, config_.move_seconds};
  if (config_.total_seconds > 0) {
    double left = std::max(0.0, config_.total_seconds - used_seconds_) * 0.95;
    double moves = own_moves_left(state, state.seat_to_move(), config_.seed + root_actions_.size());
    double share = std::max(0.005, left / (0.6 * moves + 3.0));
    time.planned = time.planned > 0 ? std::min(time.planned, share) : share;
    // The extension never takes more than a quarter of what is left, nor passes a per-move limit.
    time.most = std::max(time.planned, std::min(share * config_.time_extension, left * 0.25));
    if (config_.move_seconds > 0) time.most = std::min(time.most, config_.move_seconds);
  }
  return time;
}

MoveChoice MctsPlayer::choose(const History& history) {
  const auto start = budget_now(config_.budget_clock);
  const State& state = history.state();
  const int seat = state.seat_to_move();
  MoveChoice choice;
  reuse_or_reset(history, choice);
  if (const Action opening = balanced_opening(history); opening != kNoAction) {
    choice.action = opening;
    choice.best_line.push_back(state.action_to_text(opening));
    choice.info = "a first move worth about half under the swap rule (the game's table)";
    return choice;
  }
  if (auto legal = state.legal_actions(); legal.size() == 1) {  // a forced move needs no thought
    choice.action = legal.front();
    choice.best_line.push_back(state.action_to_text(choice.action));
    choice.info = "the only legal move";
    return choice;
  }

  SearchBudget budget;
  budget.iterations = config_.iterations;
  if (const MoveTime time = seconds_for_move(state); time.planned > 0) {
    auto after = [&](double seconds) {
      return start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    };
    budget.timed = true;
    budget.clock = config_.budget_clock;
    budget.deadline = after(time.planned);
    budget.extended_deadline = after(time.most);
  }
  std::vector<Tree*> trees;
  for (auto& tree : trees_) trees.push_back(tree.get());
  const auto& played = history.actions();
  priors_.root_last = played.empty() ? kNoAction : played.back();
  priors_.root_earlier = played.size() < 2 ? kNoAction : played[played.size() - 2];
  // The evaluation's tempo favours the side to move.  Below a swap decision the swap's
  // subtree and the declining moves' have opposite colours to move at equal depth, so the
  // tempo would tilt the comparison: that one search goes without it (docs/ai.md).
  // (std::any_of, not std::ranges::any_of: Emscripten's libc++ 14 lacks the ranges algorithms.)
  MctsConfig searched = active_;
  if (searched.tempo != 1.0 && state.game().offers_pie()) {
    const std::vector<Action> legal = state.legal_actions();
    if (std::any_of(legal.begin(), legal.end(), [&](Action a) { return is_swap_move(state, a); })) searched.tempo = 1.0;
  }
  SearchReport report = run_search(trees, state, searched, budget, sites_.get(), priors_);

  auto moves = root_moves(trees, state.game());
  if (moves.empty()) {  // only when no tree could grow at all
    choice.action = state.legal_actions().front();
  } else {
    const Action swap = swap_action(moves, state);
    const RootMove& best = moves[swap == kNoAction ? best_root_move(moves, seat) : choose_by_pie_value(moves, seat, swap)];
    choice.root_moves.reserve(moves.size());
    for (const RootMove& m : moves) {
      choice.root_moves.push_back({m.action, m.visits, root_move_value(m, seat)});  // a proof overrides the mean
    }
    choice.action = best.action;
    choice.value = 2 * best.mean() - 1;
    if (best.action == swap && best.proof == kUnproven)
      choice.value = 2 * swap_value(best, moves[best_declining_move(moves, seat, swap)], seat) - 1;
    if (best.proof != kUnproven) {
      int winner = proof_winner(best.proof);
      choice.proven = winner == kDraw ? ProvenResult::kDraw : winner == seat ? ProvenResult::kWin : ProvenResult::kLoss;
      choice.value = winner == kDraw ? 0.0 : winner == seat ? 1.0 : -1.0;
      choice.proven_plies = best.proof_plies + 1;
    }
  }
  // Principal variation from the tree that looked at the chosen move most.
  const Tree* pv_tree = trees.front();
  uint32_t most = 0;
  for (const Tree* tree : trees) {
    NodeIndex i = tree->find_child(Tree::root(), choice.action);
    if (i != kNoNode && tree->node(i).n() >= most) most = tree->node(i).n(), pv_tree = tree;
  }
  auto line_state = state.clone();
  for (Action a : principal_variation(*pv_tree, choice.action, 8)) {
    if (line_state->is_terminal() || !line_state->is_legal(a)) break;
    choice.best_line.push_back(line_state->action_to_text(a));
    line_state->apply(a);
  }
  choice.iterations = report.iterations;
  for (const Tree* tree : trees) choice.tree_nodes += tree->size();
  choice.seconds = std::chrono::duration<double>(budget_now(config_.budget_clock) - start).count();
  used_seconds_ += choice.seconds;
  choice.info = describe(choice, threads_);
  return choice;
}

std::string MctsPlayer::describe(const MoveChoice& c, int threads) const {
  const bool guided = active_.guided_playouts && (!active_.rave || sites_);  // see MctsConfig
  std::string text = fmt::format("{} iterations ({}/s, {} thread{}{}{}{}{}), win {:.1f}%, nodes {} (reused {})",
                                 c.iterations, compact(c.iterations / std::max(c.seconds, 1e-9)), threads,
                                 threads == 1 ? "" : "s",
                                 threads == 1 ? "" : config_.parallelism == Parallelism::kTree ? " tree" : " root",
                                 guided ? ", guided" : "", priors_.active() ? ", priors" : "",
                                 active_.rave ? (sites_ ? ", rave" : ", rave traced") : "",
                                 50.0 * (c.value + 1), compact(static_cast<double>(c.tree_nodes)),
                                 compact(static_cast<double>(c.reused_nodes)));
  if (!c.best_line.empty()) {
    text += ", line";
    for (const auto& move : c.best_line) text += " " + move;
  }
  // A proof that rests on the opening book has no known length.
  const std::string length =
      c.proven_plies > kUnknownProofPlies ? " (opening book)" : fmt::format(" in {} plies", c.proven_plies);
  if (c.proven == ProvenResult::kWin) text += ", proven win" + length;
  if (c.proven == ProvenResult::kLoss) text += ", proven loss" + length;
  if (c.proven == ProvenResult::kDraw) text += ", proven draw";
  return text;
}

}  // namespace ludus::ai
