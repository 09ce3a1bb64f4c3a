// SPDX-License-Identifier: Apache-2.0
#include "ai/solver/dfpn.h"

#include <algorithm>

#include "core/static_evaluation.h"
#include "core/threat_search.h"

namespace ludus::ai::solver {
namespace {

using Clock = std::chrono::steady_clock;

uint32_t saturate(uint64_t v) { return static_cast<uint32_t>(std::min<uint64_t>(v, kMaxFinite)); }
uint32_t clamp_threshold(uint64_t v) { return static_cast<uint32_t>(std::min<uint64_t>(v, kInfinity)); }

// Salt of the target seat in table keys: the two searches of a position are different
// questions when the game can end drawn.
constexpr uint64_t kSecondSeatSalt = 0x2545f4914f6cdd1dull;

}  // namespace

struct Dfpn::Child {
  std::unique_ptr<State> state;
  uint64_t key = 0;  // table key; 0 for terminal states
  ProofNumbers numbers;
  bool decided = false;  // terminal, or won by its mover's threats: final whatever the table holds
};

Dfpn::Dfpn(const Game& game, SearchLimits limits)
    : game_(game), limits_(std::move(limits)), keyer_(game), table_(limits_.memory_bytes) {
  table_.set_spill(limits_.spill);
  restart_clock();
}

Dfpn::~Dfpn() { table_.spill_all(); }

void Dfpn::restart_clock() {
  start_ = Clock::now();
  timed_out_ = false;
  stopped_ = cancel_ && cancel_->load(std::memory_order_relaxed);
  next_progress_ = start_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits_.progress_seconds));
}

double Dfpn::seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

uint64_t Dfpn::table_key(const State& state, int target_seat) const {
  return keyer_.key(state) ^ (target_seat == 1 ? kSecondSeatSalt : 0);
}

ProofNumbers Dfpn::terminal_numbers(const State& state) const {
  return state.winning_seat() == target_ ? ProofNumbers{0, kInfinity} : ProofNumbers{kInfinity, 0};
}

ProofNumbers Dfpn::known(const State& state, int target_seat, uint32_t* work) const {
  if (state.is_terminal())
    return state.winning_seat() == target_seat ? ProofNumbers{0, kInfinity} : ProofNumbers{kInfinity, 0};
  if (const ProofNumbers* found = table_.find(table_key(state, target_seat), work)) return *found;
  return {};
}

void Dfpn::init_child(Child& child) {
  const State& s = *child.state;
  if (s.is_terminal()) {
    child.numbers = terminal_numbers(s);
    child.decided = true;
    return;
  }
  child.key = table_key(s, target_);
  if (const ProofNumbers* found = table_.find(child.key)) {
    child.numbers = *found;
    return;
  }
  if (const ThreatSearch* threats = limits_.threat_budget > 0 ? s.threat_search() : nullptr) {
    int64_t budget = limits_.threat_budget;
    if (threats->threat_win(budget).first != kNoAction) {
      child.numbers = s.seat_to_move() == target_ ? ProofNumbers{0, kInfinity} : ProofNumbers{kInfinity, 0};
      child.decided = true;
      ++threat_proofs_;
      table_.store(child.key, child.numbers, 1);
      return;
    }
  }
  // df-pn+ style estimate: the side to move there has this many ways to go on.
  const uint32_t moves = static_cast<uint32_t>(std::max<size_t>(1, s.legal_actions().size()));
  child.numbers = s.seat_to_move() == target_ ? ProofNumbers{1, moves} : ProofNumbers{moves, 1};
  if (const StaticEvaluation* evaluation = limits_.evaluation_estimates ? s.static_evaluation() : nullptr) {
    // p, the evaluation's chance that the target wins, scales both numbers: up to
    // kEvaluationScale times harder where p is low (proof) or high (disproof).
    constexpr float kEvaluationScale = 8.0f;
    const float p = evaluation->win_estimate(s.colour_of_seat(target_));
    child.numbers.pn = saturate(static_cast<uint64_t>(child.numbers.pn * (1.0f + kEvaluationScale * (1.0f - p))));
    child.numbers.dn = saturate(static_cast<uint64_t>(child.numbers.dn * (1.0f + kEvaluationScale * p)));
  }
}

void Dfpn::check_clock() {
  const auto now = Clock::now();
  if (limits_.seconds > 0 && std::chrono::duration<double>(now - start_).count() >= limits_.seconds)
    stopped_ = timed_out_ = true;
  if (limits_.max_nodes > 0 && nodes_ >= limits_.max_nodes) stopped_ = timed_out_ = true;
  if (cancel_ && cancel_->load(std::memory_order_relaxed)) stopped_ = true;
  if (limits_.on_progress && now >= next_progress_) {
    next_progress_ = now + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limits_.progress_seconds));
    limits_.on_progress({nodes_, seconds(), target_, root_numbers_, table_.used(), table_.capacity(), 1, 0, 0});
  }
}

ProofNumbers Dfpn::mid(const State& state, uint64_t key, ProofNumbers th, uint64_t* work) {
  ++nodes_;
  uint64_t my_work = 1;
  if ((nodes_ & 1023) == 0) check_clock();
  const bool or_node = state.seat_to_move() == target_;

  std::vector<Child> children;
  std::vector<Action> actions;
  state.legal_actions(actions);
  children.reserve(actions.size());
  for (Action a : actions) {
    Child c;
    c.state = state.clone();
    c.state->apply(a);
    init_child(c);
    // A move that wins for the mover decides the node: no need to look at the others.
    const bool mover_wins = or_node ? c.numbers.proven() : c.numbers.disproven();
    if (mover_wins && c.decided) {
      const ProofNumbers solved = or_node ? ProofNumbers{0, kInfinity} : ProofNumbers{kInfinity, 0};
      table_.store(key, solved, my_work);
      *work += my_work;
      return solved;
    }
    children.push_back(std::move(c));
  }

  ProofNumbers n;
  for (;;) {
    // OR: pn = min pn, dn = sum dn; AND the other way round.  Sums saturate below infinity
    // unless a term is infinite (then the node is solved the other way).
    uint64_t sum = 0;
    uint32_t best = kInfinity, second = kInfinity;
    Child* chosen = nullptr;
    for (Child& c : children) {
      const uint32_t minimised = or_node ? c.numbers.pn : c.numbers.dn;
      const uint32_t summed = or_node ? c.numbers.dn : c.numbers.pn;
      sum = (summed == kInfinity || sum == kInfinity) ? kInfinity : sum + summed;
      if (minimised < best) {
        second = best;
        best = minimised;
        chosen = &c;
      } else if (minimised < second) {
        second = minimised;
      }
    }
    const uint32_t summed = sum == kInfinity ? kInfinity : saturate(sum);
    n = or_node ? ProofNumbers{best, summed} : ProofNumbers{summed, best};
    if (children.empty()) n = terminal_numbers(state);  // cannot happen: no move means the game is over
    if (key == root_key_) root_numbers_ = n;
    if (n.pn >= th.pn || n.dn >= th.dn || stopped_) break;

    // Thresholds of the chosen child: it stays best until its minimised number passes the
    // runner-up's (times 1 + 1/4, to revisit less often), and the node's summed number
    // stays under its own threshold.
    const uint64_t runner_up = second == kInfinity ? kInfinity : uint64_t{second} + second / 4 + 1;
    const uint32_t summed_threshold_of_child = or_node ? th.dn : th.pn;
    const uint32_t child_summed = or_node ? chosen->numbers.dn : chosen->numbers.pn;
    const uint32_t node_summed = or_node ? n.dn : n.pn;
    const uint32_t min_th = clamp_threshold(std::min<uint64_t>(or_node ? th.pn : th.dn, runner_up));
    const uint32_t sum_th =
        summed_threshold_of_child == kInfinity
            ? kInfinity
            : clamp_threshold(uint64_t{summed_threshold_of_child} - node_summed + child_summed);
    const ProofNumbers child_th = or_node ? ProofNumbers{min_th, sum_th} : ProofNumbers{sum_th, min_th};
    chosen->numbers = mid(*chosen->state, chosen->key, child_th, &my_work);
  }
  table_.store(key, n, my_work);
  *work += my_work;
  return n;
}

ProofNumbers Dfpn::prove(const State& state, int target_seat) {
  target_ = target_seat;
  if (state.is_terminal()) return terminal_numbers(state);
  const uint64_t key = table_key(state, target_seat);
  root_key_ = key;
  root_numbers_ = known(state, target_seat);
  while (!root_numbers_.solved() && !stopped_) {
    uint64_t work = 0;
    root_numbers_ = mid(state, key, {kInfinity, kInfinity}, &work);
  }
  return root_numbers_;
}

bool Dfpn::solved_for(const State& state, int target_seat, int winner_seat) {
  ProofNumbers numbers = known(state, target_seat);
  if (!numbers.solved()) {
    const ProofNumbers saved_root = root_numbers_;
    const int saved_target = target_;
    const uint64_t saved_key = root_key_;
    numbers = prove(state, target_seat);
    root_numbers_ = saved_root;
    target_ = saved_target;
    root_key_ = saved_key;
  }
  return winner_seat == target_seat ? numbers.proven() : numbers.disproven();
}

}  // namespace ludus::ai::solver
