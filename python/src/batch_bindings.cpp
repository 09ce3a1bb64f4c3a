// SPDX-License-Identifier: Apache-2.0
// Calls that do many things in one go, in C++ with the GIL released, so that Python's
// per-call cost is paid once: random playouts of many states, the observations and legal
// masks of many states in one array, and self-play games as training arrays.  Seeded runs
// give the same numbers whatever the thread count: each playout and each game is seeded
// from (seed, its index) alone.
#include <cstring>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "core/error.h"
#include "core/swap_move.h"
#include "handles.h"
#include "study/self_play.h"

namespace ludus::python {
namespace {

using study::derived_seed;
using study::parallel_for;

py::array_t<int8_t> random_playouts(const py::handle& states_arg, long long playouts, uint64_t seed, int threads) {
  const StateBatch batch = states_of(states_arg);
  const auto& states = batch.states;
  if (playouts < 1) throw LudusError("playouts must be at least 1");
  checked_threads(threads);
  const long long n = static_cast<long long>(states.size());
  py::array_t<int8_t> winners({n, playouts});
  int8_t* out = winners.mutable_data();
  {
    py::gil_scoped_release release;
    // Work in chunks of playouts of one state, so a single state's many playouts spread too.
    constexpr long long kChunk = 64;
    const long long chunks_per_state = (playouts + kChunk - 1) / kChunk;
    parallel_for(n * chunks_per_state, threads, [&](long long task) {
      const long long i = task / chunks_per_state;
      const History& history = states[static_cast<size_t>(i)]->history;
      const long long begin = (task % chunks_per_state) * kChunk;
      const long long end = std::min(playouts, begin + kChunk);
      int8_t* row = out + i * playouts;
      if (history.is_over()) {
        std::fill(row + begin, row + end, static_cast<int8_t>(history.winning_seat()));
        return;
      }
      Rng rng;
      for (long long k = begin; k < end; ++k) {
        rng.reseed(derived_seed(seed, i * playouts + k, 0));
        auto state = history.state().clone();
        state->random_playout(rng);
        row[k] = static_cast<int8_t>(state->winning_seat());
      }
    });
  }
  return winners;
}

// The game of a batch: its states', else `game` (which gives an empty batch its shape).
const GameHandle* game_of(const StateBatch& batch, const std::shared_ptr<GameHandle>& game) {
  if (batch.states.empty()) return game.get();
  const Game& first = *batch.states.front()->game->game;
  if (game && (game->game->name() != first.name() || !(game->game->options() == first.options())))
    throw LudusError("the states are of " + first.name() + " " + first.options().to_string() + ", not of `game`");
  return batch.states.front()->game.get();
}

py::array_t<float> observation_tensors(const py::handle& states_arg, const std::shared_ptr<GameHandle>& game) {
  const StateBatch batch = states_of(states_arg);
  const auto& states = batch.states;
  const GameHandle* of = game_of(batch, game);
  if (!of) return py::array_t<float>(std::vector<py::ssize_t>{0, 0, 0, 0});
  const ObservationEncoder& encoder = of->observation();
  const auto& shape = encoder.shape();
  py::array_t<float> out({static_cast<long long>(states.size()), static_cast<long long>(shape.planes),
                          static_cast<long long>(shape.rows), static_cast<long long>(shape.cols)});
  float* data = out.mutable_data();
  {
    py::gil_scoped_release release;
    for (size_t i = 0; i < states.size(); ++i) encoder.encode(states[i]->history, data + i * shape.size());
  }
  return out;
}

py::array_t<int8_t> legal_action_masks(const py::handle& states_arg, const std::shared_ptr<GameHandle>& game) {
  const StateBatch batch = states_of(states_arg);
  const auto& states = batch.states;
  const GameHandle* of = game_of(batch, game);
  const long long actions = of ? of->game->num_distinct_actions() : 0;
  py::array_t<int8_t> out({static_cast<long long>(states.size()), actions});
  int8_t* data = out.mutable_data();
  std::memset(data, 0, static_cast<size_t>(out.size()));
  {
    py::gil_scoped_release release;
    std::vector<Action> legal;
    for (size_t i = 0; i < states.size(); ++i) {
      if (states[i]->history.is_over()) continue;
      states[i]->history.state().legal_actions(legal);
      for (Action a : legal) data[static_cast<long long>(i) * actions + a] = 1;
    }
  }
  return out;
}

// One self-play game as rows of training data.
struct GameRows {
  std::vector<float> observations;
  std::vector<int32_t> actions;
  std::vector<float> policies;  // visit shares of the search's root moves (one-hot without a search)
  std::vector<int8_t> players;
  int winner = kDraw;
};

py::dict self_play(const std::shared_ptr<GameHandle>& game, const std::string& ai, long long games, uint64_t seed, int threads,
                   int max_plies) {
  if (games < 1) throw LudusError("games must be at least 1");
  checked_threads(threads);
  if (max_plies < 0) throw LudusError("max_plies must not be negative");
  study::check_ai_spec(ai);
  const ObservationEncoder& encoder = game->observation();
  const size_t cells = encoder.shape().size();
  const size_t actions = static_cast<size_t>(game->game->num_distinct_actions());
  std::vector<GameRows> rows(static_cast<size_t>(games));
  {
    py::gil_scoped_release release;
    parallel_for(games, threads, [&](long long index) {
      GameRows& r = rows[static_cast<size_t>(index)];
      study::SelfPlayOptions options;
      options.single_threaded = threads != 1;
      options.max_plies = max_plies;
      options.before_ply = [&](const History& h, const ai::MoveChoice& choice) {
        r.observations.resize(r.observations.size() + cells);
        encoder.encode(h, r.observations.data() + r.observations.size() - cells);
        r.actions.push_back(choice.action);
        r.players.push_back(static_cast<int8_t>(h.state().seat_to_move()));
        r.policies.resize(r.policies.size() + actions, 0.0f);
        float* policy = r.policies.data() + r.policies.size() - actions;
        int64_t visits = 0;
        for (const auto& m : choice.root_moves) visits += m.visits;
        if (visits > 0) {
          for (const auto& m : choice.root_moves) policy[m.action] = static_cast<float>(m.visits) / static_cast<float>(visits);
        } else {
          policy[choice.action] = 1.0f;
        }
      };
      study::SelfPlayGame played = study::play_ai_game(game->game, {ai, ai}, seed, index, options);
      r.winner = played.winning_seat;
    });
  }
  size_t total = 0;
  for (const auto& r : rows) total += r.actions.size();
  const auto& shape = encoder.shape();
  const auto n = static_cast<long long>(total);
  py::array_t<float> observations({n, static_cast<long long>(shape.planes), static_cast<long long>(shape.rows),
                                   static_cast<long long>(shape.cols)});
  py::array_t<int32_t> action_column(n);
  py::array_t<float> policies({n, static_cast<long long>(actions)});
  py::array_t<int8_t> players(n);
  py::array_t<float> returns(n);
  py::array_t<int32_t> game_column(n);
  py::array_t<int8_t> winners(games);
  py::array_t<int32_t> lengths(games);
  size_t at = 0;
  for (size_t g = 0; g < rows.size(); ++g) {
    const GameRows& r = rows[g];
    const size_t plies = r.actions.size();
    std::copy(r.observations.begin(), r.observations.end(), observations.mutable_data() + at * cells);
    std::copy(r.policies.begin(), r.policies.end(), policies.mutable_data() + at * actions);
    for (size_t k = 0; k < plies; ++k) {
      action_column.mutable_data()[at + k] = r.actions[k];
      players.mutable_data()[at + k] = r.players[k];
      returns.mutable_data()[at + k] = r.winner == kDraw ? 0.0f : r.winner == r.players[k] ? 1.0f : -1.0f;
      game_column.mutable_data()[at + k] = static_cast<int32_t>(g);
    }
    winners.mutable_data()[g] = static_cast<int8_t>(r.winner);
    lengths.mutable_data()[g] = static_cast<int32_t>(plies);
    at += plies;
  }
  py::dict d;
  d["observations"] = observations;
  d["actions"] = action_column;
  d["policies"] = policies;
  d["players"] = players;
  d["returns"] = returns;
  d["game"] = game_column;
  d["winners"] = winners;
  d["lengths"] = lengths;
  return d;
}

}  // namespace

void bind_batch(py::module_& m) {
  m.def("random_playouts", &random_playouts, py::arg("states"), py::arg("playouts") = 1, py::arg("seed") = 0,
        py::arg("threads") = 1,
        "Uniformly random games to the end from each state (a State or a sequence of them, one game), `playouts` "
        "each: int8 array [states, playouts] of the winning seat, -1 for a draw.  threads=0: every core.");
  m.def("observation_tensors", &observation_tensors, py::arg("states"), py::arg("game") = py::none(),
        "The observation tensors of many states of one game: float32 array [states, planes, rows, cols].  No states "
        "give an empty array, of the game's shape when `game` is given ([0, 0, 0, 0] without).");
  m.def("legal_action_masks", &legal_action_masks, py::arg("states"), py::arg("game") = py::none(),
        "int8 array [states, num_distinct_actions]: 1 where the action is legal ([0, 0] for no states without `game`).");
  m.def("self_play", &self_play, py::arg("game"), py::arg("ai") = "easy", py::arg("games") = 1, py::arg("seed") = 1,
        py::arg("threads") = 1, py::arg("max_plies") = 0,
        "Games of an AI against itself as training arrays, one row per ply: observations, actions, policies (the "
        "search's visit shares; one-hot where it did not search), players (seat to move), returns (the game's result "
        "for that seat), game (index); and per game: winners (seat, -1 draw) and lengths.");
}

}  // namespace ludus::python
