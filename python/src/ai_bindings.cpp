// SPDX-License-Identifier: Apache-2.0
// ludus.Bot (every AI spec of ai/spec_parser.h), ludus.evaluate (what the search thinks of a
// position) and ludus.solve (the exact value by df-pn, ai/solver).  Searches run with the
// GIL released, so Python threads (and Dask workers' threads) search side by side.
#include <pybind11/stl.h>

#include "ai/player.h"
#include "ai/solver/solver.h"
#include "ai/spec_parser.h"
#include "core/error.h"
#include "core/static_evaluation.h"
#include "handles.h"

namespace ludus::python {
namespace {

std::string proven_name(ai::ProvenResult r) {
  switch (r) {
    case ai::ProvenResult::kWin: return "win";
    case ai::ProvenResult::kLoss: return "loss";
    case ai::ProvenResult::kDraw: return "draw";
    case ai::ProvenResult::kNone: break;
  }
  return "";
}

class Bot {
 public:
  Bot(const std::string& spec, uint64_t seed, int threads) : spec_(spec) {
    ai::PlayerConfig config;
    config.seed = seed;
    config.threads = checked_threads(threads);
    player_ = ai::make_player(spec, config);
  }
  const std::string& spec() const { return spec_; }
  ai::MoveChoice choose(const StateHandle& state) {
    if (state.history.is_over()) throw LudusError("the game is over: " + state.history.status());
    py::gil_scoped_release release;
    return player_->choose(state.history);
  }
  void restart() { player_->new_game(); }

 private:
  std::string spec_;
  std::unique_ptr<ai::Player> player_;
};

py::dict evaluate(const StateHandle& state, const std::string& ai, uint64_t seed, int threads) {
  Bot bot(ai, seed, threads);
  const ai::MoveChoice choice = bot.choose(state);
  const State& s = state.history.state();
  py::dict d;
  d["action"] = choice.action;
  d["move"] = s.action_to_text(choice.action);
  d["value"] = choice.value;
  d["proven"] = proven_name(choice.proven);
  d["iterations"] = choice.iterations;
  py::list moves;
  for (const auto& m : choice.root_moves) {
    py::dict row;
    row["action"] = m.action;
    row["move"] = s.action_to_text(m.action);
    row["visits"] = m.visits;
    row["win_rate"] = m.win_rate;
    moves.append(row);
  }
  d["moves"] = moves;
  const auto* estimate = dynamic_cast<const StaticEvaluation*>(&s);
  d["static"] = estimate ? py::object(py::float_(estimate->win_estimate(s.to_move()))) : py::object(py::none());
  return d;
}

py::dict solve(const StateHandle& state, double seconds, size_t memory_bytes, int threads) {
  if (state.history.is_over()) throw LudusError("the game is over: " + state.history.status());
  checked_threads(threads, 1);
  if (!(seconds >= 0)) throw LudusError("seconds must not be negative");
  constexpr size_t kMostMemory = size_t{64} << 30;  // as `ludus solve --memory`
  if (memory_bytes < 1 || memory_bytes > kMostMemory) throw LudusError("memory must be in [1, 64 GiB] bytes");
  ai::solver::SearchLimits limits;
  limits.seconds = seconds;
  limits.memory_bytes = memory_bytes;
  ai::solver::PositionResult result;
  ai::solver::SolverStats stats;
  {
    py::gil_scoped_release release;
    ai::solver::Solver solver(*state.game->game, limits, threads);
    result = solver.solve(state.history.state());
    stats = solver.stats();
  }
  py::dict d;
  d["value"] = ai::solver::value_name(result.value);
  d["best_action"] = result.best == kNoAction ? py::object(py::none()) : py::object(py::int_(result.best));
  d["best_move"] = result.best == kNoAction ? py::object(py::none()) : py::object(py::str(state.history.state().action_to_text(result.best)));
  d["nodes"] = stats.nodes;
  d["seconds"] = stats.seconds;
  d["stopped"] = stats.stopped;
  return d;
}

}  // namespace

void bind_ai(py::module_& m) {
  py::class_<ai::RootMoveStat>(m, "RootMove", "One root move of a search: its action, visits and win rate for the mover.")
      .def_readonly("action", &ai::RootMoveStat::action)
      .def_readonly("visits", &ai::RootMoveStat::visits)
      .def_readonly("win_rate", &ai::RootMoveStat::win_rate)
      .def("__repr__", [](const ai::RootMoveStat& r) {
        return "<RootMove " + std::to_string(r.action) + " visits " + std::to_string(r.visits) + " win rate " + std::to_string(r.win_rate) + ">";
      });
  py::class_<ai::MoveChoice>(m, "MoveChoice", "A bot's choice with its search statistics.")
      .def_readonly("action", &ai::MoveChoice::action)
      .def_readonly("iterations", &ai::MoveChoice::iterations)
      .def_readonly("value", &ai::MoveChoice::value, "Expected result for the mover in [-1, 1] (0 when unknown).")
      .def_readonly("info", &ai::MoveChoice::info)
      .def_property_readonly("proven", [](const ai::MoveChoice& c) { return proven_name(c.proven); },
                             "\"win\", \"loss\" or \"draw\" when the search proved it, else \"\".")
      .def_readonly("seconds", &ai::MoveChoice::seconds)
      .def_readonly("best_line", &ai::MoveChoice::best_line)
      .def_readonly("root_moves", &ai::MoveChoice::root_moves)
      .def("__repr__", [](const ai::MoveChoice& c) { return "<MoveChoice " + std::to_string(c.action) + ": " + c.info + ">"; });

  py::class_<Bot>(m, "Bot", "A computer player from an AI spec: random, easy, medium, hard, max or mcts:KEY=VALUE,...")
      .def(py::init<const std::string&, uint64_t, int>(), py::arg("spec"), py::arg("seed") = 1, py::arg("threads") = 1,
           "threads: search threads where the spec leaves them open (hard and max take every core unless the spec says).")
      .def_property_readonly("spec", &Bot::spec)
      .def("step", [](Bot& b, const StateHandle& s) { return b.choose(s).action; }, py::arg("state"),
           "The action the bot plays in this position.")
      .def("choose", &Bot::choose, py::arg("state"), "The bot's choice with its search statistics.")
      .def("restart", &Bot::restart, "Forget what was kept from the last game (a new game starts).")
      .def("__repr__", [](const Bot& b) { return "<ludus.Bot " + b.spec() + ">"; });
  m.def("_is_mcts_spec", [](const std::string& spec) { return !ai::parse_player_spec(spec, {}).random; }, py::arg("spec"));

  m.def("evaluate", &evaluate, py::arg("state"), py::arg("ai") = "medium", py::arg("seed") = 1, py::arg("threads") = 1,
        "What a search thinks of the position: its move, value for the mover in [-1, 1], proof, every root move "
        "with visits and win rate, and the game's static estimate of the mover's chance where it has one.");
  m.def("solve", &solve, py::arg("state"), py::arg("seconds") = 10.0, py::arg("memory") = size_t{256} << 20,
        py::arg("threads") = 1,
        "The exact value (\"win\", \"loss\", \"draw\" or \"unknown\" when the time ran out) for the player to move, "
        "with a move that keeps it; memory: transposition table bytes.");
}

}  // namespace ludus::python
