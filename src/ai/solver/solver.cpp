// SPDX-License-Identifier: Apache-2.0
#include "ai/solver/solver.h"

#include <exception>
#include <map>
#include <mutex>
#include <thread>

#include "ai/solver/spill_table.h"
#include "core/geometry.h"
#include "core/swap_move.h"

namespace ludus::ai::solver {
namespace {

// Larger is better for the seat it belongs to.
int rank(Value v) {
  switch (v) {
    case Value::kWin: return 3;
    case Value::kDraw: return 2;
    case Value::kUnknown: return 1;
    case Value::kLoss: return 0;
  }
  return 1;
}

// The value of `state` for `seat` by one search: "seat wins?", and when the game may be
// drawn and it does not, "the other seat wins?".
Value value_in(Dfpn& dfpn, bool may_draw, const State& state, int seat) {
  if (dfpn.solved_for(state, seat, seat)) return Value::kWin;
  if (dfpn.stopped()) return Value::kUnknown;
  if (!may_draw) return Value::kLoss;
  if (dfpn.solved_for(state, 1 - seat, 1 - seat)) return Value::kLoss;
  return dfpn.stopped() ? Value::kUnknown : Value::kDraw;
}

Value terminal_value(const State& state, int seat) {
  const int w = state.winning_seat();
  return w == kDraw ? Value::kDraw : w == seat ? Value::kWin : Value::kLoss;
}

// Fills r's values for one first move (its state `opening`, after the move of `first`):
// the second seat's best reply, and the swap when offered.
void solve_opening(Dfpn& dfpn, bool may_draw, const State& opening, int first, OpeningResult& r) {
  const uint64_t nodes_before = dfpn.nodes();
  const double seconds_before = dfpn.seconds();
  if (opening.is_terminal()) {
    r.second_without_swap = opposite(terminal_value(opening, first));
  } else {
    const int second = opening.seat_to_move();
    Value best = Value::kLoss;
    bool unknown = false;
    for (Action reply : opening.legal_actions()) {
      auto next = opening.clone();
      next->apply(reply);
      if (is_swap_move(opening, reply)) {
        r.swap_offered = true;
        r.second_by_swap = value_in(dfpn, may_draw, *next, second);
        continue;
      }
      if (best == Value::kWin) continue;  // the swap is still looked at
      const Value v = value_in(dfpn, may_draw, *next, second);
      if (v == Value::kUnknown) unknown = true;
      else if (rank(v) > rank(best)) best = v;
    }
    if (best != Value::kWin && unknown) best = Value::kUnknown;
    r.second_without_swap = best;
  }
  r.nodes = dfpn.nodes() - nodes_before;
  r.seconds = dfpn.seconds() - seconds_before;
}

}  // namespace

// What the searches share when they run in parallel: the cancel flag, the queue's progress
// and the latest progress of each, summed into one report.
struct Solver::Shared {
  std::atomic<bool> cancel{false};
  std::atomic<int> tasks_done{0};
  std::mutex mutex;  // guards the members below
  int tasks = 0;
  std::vector<SearchProgress> latest;  // per search
  double every = 1;
  double next_report = 0;
  std::function<void(const SearchProgress&)> on_progress;

  void report(size_t search, const SearchProgress& p) {
    std::lock_guard lock(mutex);
    latest[search] = p;
    if (p.seconds < next_report) return;  // each search reports; the user hears once a period
    next_report = p.seconds + every;
    SearchProgress sum = p;
    sum.nodes = sum.table_used = sum.table_capacity = 0;
    for (const SearchProgress& l : latest) {
      sum.nodes += l.nodes;
      sum.table_used += l.table_used;
      sum.table_capacity += l.table_capacity;
    }
    sum.threads = static_cast<int>(latest.size());
    sum.tasks_done = tasks_done.load();
    sum.tasks = tasks;
    on_progress(sum);
  }
};

Solver::Solver(const Game& game, SearchLimits limits, int threads) : game_(game), shared_(std::make_unique<Shared>()) {
  if (threads <= 1) {
    searches_.push_back(std::make_unique<Dfpn>(game, std::move(limits)));
    return;
  }
  shared_->every = limits.progress_seconds;
  shared_->on_progress = limits.on_progress;
  shared_->latest.resize(static_cast<size_t>(threads));
  for (int t = 0; t < threads; ++t) {
    SearchLimits own = limits;
    own.memory_bytes = limits.memory_bytes / static_cast<size_t>(threads);
    if (limits.on_progress)
      own.on_progress = [shared = shared_.get(), t](const SearchProgress& p) { shared->report(static_cast<size_t>(t), p); };
    searches_.push_back(std::make_unique<Dfpn>(game, std::move(own)));
    searches_.back()->set_cancel(&shared_->cancel);
    shared_->latest[static_cast<size_t>(t)].table_capacity = searches_.back()->table().capacity();
  }
  for (auto& d : searches_) d->restart_clock();  // the time limit starts after every table is made
}

Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;

SolverStats Solver::stats() const {
  SolverStats s;
  s.seconds = searches_[0]->seconds();
  s.symmetries = searches_[0]->keyer().num_symmetries();
  s.threads = threads();
  for (const auto& d : searches_) {
    s.nodes += d->nodes();
    s.table_used += d->table().used();
    s.table_capacity += d->table().capacity();
    s.table_evictions += d->table().evictions();
    s.threat_proofs += d->threat_proofs();
    s.stopped = s.stopped || d->timed_out();
  }
  if (const SpillTable* spill = searches_[0]->spill()) {
    s.spill = true;
    s.spill_used = spill->used();
    s.spill_inherited = spill->inherited();
    s.spill_capacity = spill->capacity();
    s.spill_hits = spill->hits();
    s.spill_writes = spill->writes();
  }
  return s;
}

void Solver::cancel() { shared_->cancel = true; }

void Solver::run(size_t tasks, const std::function<void(Dfpn&, size_t)>& task) {
  if (searches_.size() == 1) {
    for (size_t i = 0; i < tasks; ++i) task(*searches_[0], i);
    return;
  }
  shared_->cancel = false;
  shared_->tasks_done = 0;
  {
    std::lock_guard lock(shared_->mutex);
    shared_->tasks = static_cast<int>(tasks);
  }
  for (auto& d : searches_) d->resume();
  std::atomic<size_t> next{0};
  std::exception_ptr error;
  std::mutex error_mutex;
  std::vector<std::thread> threads;
  for (auto& d : searches_)
    threads.emplace_back([&, search = d.get()] {
      try {
        for (size_t i = 0; !shared_->cancel && (i = next++) < tasks;) {
          task(*search, i);
          ++shared_->tasks_done;
        }
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        cancel();
      }
    });
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

std::vector<Solver::Branch> Solver::branches(const State& state) {
  std::vector<Branch> out;
  std::map<uint64_t, size_t> class_of_key;
  // From the start position every symmetry maps a move's position and its history (the
  // empty board only) onto its image's, so the moves group by symmetry even where a
  // repetition rule makes the history part of the key (Ndengrod: 19 first moves on hex-hex
  // 3, 4 classes).  Not from an empty board later in a game: its history holds stones.
  const ExactKeyer& keyer = searches_[0]->keyer();
  const bool start = keyer.key(state) == keyer.key(*game_.new_initial_state());
  for (Action a : state.legal_actions()) {
    auto child = state.clone();
    child->apply(a);
    if (!child->is_terminal()) {
      auto [it, fresh] = class_of_key.emplace(start ? keyer.symmetric_key(*child) : keyer.key(*child), out.size());
      if (!fresh) {
        out[it->second].moves.push_back(a);
        continue;
      }
    }
    out.push_back({{a}, std::move(child)});
  }
  return out;
}

Value Solver::split(const State& state, Action* best) {
  const int mover = state.seat_to_move();
  const bool may_draw = game_.info().may_draw;
  const std::vector<Branch> children = branches(state);
  std::vector<Value> values(children.size(), Value::kUnknown);
  run(children.size(), [&](Dfpn& search, size_t i) {
    values[i] = value_in(search, may_draw, *children[i].state, mover);
    if (values[i] == Value::kWin) cancel();  // the position is won: the rest cannot matter
  });
  Value value = Value::kLoss;
  bool unknown = false;
  *best = kNoAction;
  for (size_t i = 0; i < children.size(); ++i) {
    if (values[i] == Value::kUnknown) unknown = true;
    else if (rank(values[i]) > rank(value)) value = values[i], *best = children[i].moves[0];
  }
  if (value == Value::kWin) return value;
  if (unknown) value = Value::kUnknown;
  if (value != Value::kDraw) *best = kNoAction;
  return value;
}

std::string value_name(Value value) {
  switch (value) {
    case Value::kWin: return "win";
    case Value::kLoss: return "loss";
    case Value::kDraw: return "draw";
    case Value::kUnknown: return "unknown";
  }
  return "unknown";
}

Value opposite(Value value) {
  if (value == Value::kWin) return Value::kLoss;
  if (value == Value::kLoss) return Value::kWin;
  return value;
}

Value OpeningResult::first_with_pie() const {
  if (!swap_offered) return first_without_pie();
  if (second_by_swap == Value::kWin || second_without_swap == Value::kWin) return Value::kLoss;
  if (second_by_swap == Value::kUnknown || second_without_swap == Value::kUnknown) return Value::kUnknown;
  return rank(second_by_swap) > rank(second_without_swap) ? opposite(second_by_swap) : opposite(second_without_swap);
}

Value Solver::value_for(const State& state, int seat) {
  if (threads() == 1) return value_in(search(), game_.info().may_draw, state, seat);
  if (state.is_terminal()) return terminal_value(state, seat);
  Action best = kNoAction;
  const Value v = split(state, &best);
  return seat == state.seat_to_move() ? v : opposite(v);
}

PositionResult Solver::solve(const State& state) {
  PositionResult result;
  if (state.is_terminal()) {
    result.value = terminal_value(state, state.seat_to_move());
    return result;
  }
  if (threads() > 1) {
    result.value = split(state, &result.best);
    return result;
  }
  Dfpn& dfpn = search();
  const int mover = state.seat_to_move();
  result.value = value_for(state, mover);
  if (result.value != Value::kWin && result.value != Value::kDraw) return result;
  // The move that keeps the value: its position is won (or not lost) for the mover.
  for (Action a : state.legal_actions()) {
    auto child = state.clone();
    child->apply(a);
    const bool keeps = result.value == Value::kWin ? dfpn.solved_for(*child, mover, mover)
                                                   : dfpn.solved_for(*child, 1 - mover, mover);
    if (keeps) {
      result.best = a;
      break;
    }
  }
  return result;
}

std::vector<OpeningResult> Solver::solve_openings(const State& root) {
  // The classes first (keys only, no search), so that they can be solved in any order.
  const std::vector<Branch> classes = branches(root);
  std::vector<OpeningResult> openings(classes.size());
  const bool may_draw = game_.info().may_draw;
  const int first = root.seat_to_move();
  run(classes.size(), [&](Dfpn& search, size_t i) {
    openings[i].moves = classes[i].moves;
    solve_opening(search, may_draw, *classes[i].state, first, openings[i]);
  });
  return openings;
}

}  // namespace ludus::ai::solver
