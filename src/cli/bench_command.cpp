// SPDX-License-Identifier: Apache-2.0
// `ludus bench [GAME...]`: random playouts/s, plies, MCTS iterations/s (one and all
// threads) per game and board size, and a deterministic signature of seeded random games
// that changes only when the rules (or move generation order) change — like Stockfish's
// bench node count.
#include <atomic>
#include <chrono>
#include <iostream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ai/player.h"
#include "cli/command.h"
#include "core/geometry.h"
#include "core/error.h"
#include "core/registry.h"

namespace ludus::cli {
namespace {

using Clock = std::chrono::steady_clock;

using Board = std::pair<std::string, std::map<std::string, std::string>>;

std::string board_label(const Board& board) {
  std::string label = board.first;
  for (const auto& [k, v] : board.second) label += " " + k + "=" + v;
  return label;
}

struct BenchArgs {
  std::vector<std::string> games;
  std::vector<std::string> options;
  double seconds = 1.0;
  int threads = 0;
  int signature_games = 100;
  bool json = false;
  bool no_mcts = false;
};

// Plays one uniformly random game seeded with `seed` through the generic interface,
// calling on_action(action) before each ply; returns the final state.
template <class OnAction>
std::unique_ptr<State> seeded_random_game(const Game& game, uint64_t seed, OnAction&& on_action) {
  Rng rng(seed);
  auto state = game.new_initial_state();
  std::vector<Action> actions;
  while (!state->is_terminal()) {
    state->legal_actions(actions);
    const Action a = actions[rng.below(static_cast<uint32_t>(actions.size()))];
    on_action(a);
    state->apply(a);
  }
  return state;
}

// FNV-1a over every action and result of `count` seeded random games (interface path).
uint64_t signature(const Game& game, int count) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 1099511628211ull;
    }
  };
  for (int g = 0; g < count; ++g) {
    auto end = seeded_random_game(game, 1000 + g, [&](Action a) { mix(static_cast<uint64_t>(a)); });
    mix(static_cast<uint64_t>(end->winner() + 2));
  }
  return h;
}

struct PlayoutRate {
  double per_second = 0;
  double plies = 0;
};

// Random playouts on `threads` threads for about `seconds`.  Plies are counted with the
// generic interface on a sample, since fast playouts do not report their length.
PlayoutRate playout_rate(const Game& game, int threads, double seconds) {
  std::atomic<long long> games{0};
  std::atomic<bool> stop{false};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      Rng rng(77 + t);
      auto start = game.new_initial_state();
      long long local = 0;
      while (!stop.load(std::memory_order_relaxed)) {
        for (int k = 0; k < 16; ++k) {
          auto s = start->clone();
          s->random_playout(rng);
          ++local;
        }
      }
      games += local;
    });
  }
  auto t0 = Clock::now();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  for (auto& th : pool) th.join();
  double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  PlayoutRate r;
  r.per_second = games.load() / elapsed;
  long long plies = 0;
  const int sample = 50;
  for (int g = 0; g < sample; ++g) seeded_random_game(game, 5000 + g, [&](Action) { ++plies; });
  r.plies = double(plies) / sample;
  return r;
}

// MCTS search speed from the start position.  The search always searches: `opening=search`
// turns off the table of balanced first moves, which would otherwise answer the start of a
// game with the swap rule (default Ndengrod) at once, and the rate would read 0.  A board
// so small that the search's look at the root proves the start (Netted size 2) has no rate:
// `proven` says so instead of a 0 that would look like a broken search.
struct SearchRate {
  double per_second = 0;
  bool proven = false;  // the root was proven before any iteration
};

SearchRate mcts_rate(const std::shared_ptr<const Game>& game, int threads, double seconds) {
  try {
    auto player =
        ai::make_player(fmt::format("mcts:time={}ms,threads={},opening=search", int(seconds * 1000), threads));
    History h(game);
    auto t0 = Clock::now();
    auto choice = player->choose(h);
    double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
    return {choice.iterations / elapsed, choice.iterations == 0 && choice.proven != ai::ProvenResult::kNone};
  } catch (const LudusError&) {
    return {};
  }
}

// The rate for the table: "proven" where the start needed no search.
std::string rate_text(const SearchRate& rate) {
  return rate.proven ? std::string("proven") : fmt::format("{:.0f}", rate.per_second);
}

const bool kBench = register_command({"bench", "Measure playout and search speed; print a deterministic signature", 90, [](CLI::App& app) {
  auto args = std::make_shared<BenchArgs>();
  app.add_option("games", args->games, "Games to measure (default: all; smallest, default and largest boards)");
  app.add_option("-o,--option", args->options, "Measure only this option set (name=value, repeatable; one game)");
  app.add_option("--seconds", args->seconds, "Seconds per measurement")->check(CLI::Range(0.05, 600.0));
  app.add_option("--threads", args->threads, "Threads for the multi-threaded figures (0 = all cores)");
  app.add_option("--signature-games", args->signature_games, "Seeded random games in the signature")->check(CLI::Range(1, 1000000));
  app.add_flag("--no-mcts", args->no_mcts, "Skip the MCTS measurements");
  app.add_flag("--json", args->json, "JSON output");
  set_examples(app, {"ludus bench", "ludus bench ndengrod -o size=13 --seconds 2", "ludus bench --no-mcts --json"});
  return [args] {
    int threads = args->threads > 0 ? args->threads : std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::string> wanted;
    for (const auto& g : args->games) wanted.push_back(find_game(g).info->name);
    std::vector<Board> boards;
    if (!args->options.empty()) {
      if (wanted.size() != 1) throw LudusError("--option needs exactly one game");
      Board board{wanted[0], parse_option_assignments(args->options)};
      (void)make_game(board.first, board.second);  // bad options: one-line error here
      boards.push_back(board);
    } else {
      // Each game's own list (GameInfo::bench_boards): smallest, default, largest.
      for (const auto& entry : registered_games())
        if (wanted.empty() || std::find(wanted.begin(), wanted.end(), entry.info->name) != wanted.end())
          for (const auto& options : entry.info->bench_boards) boards.emplace_back(entry.info->name, options);
    }
    nlohmann::json rows = nlohmann::json::array();
    uint64_t total_signature = 0;
    if (!args->json)
      std::cout << fmt::format("{:<27} {:>5} {:>11} {:>11} {:>7} {:>10} {:>10}  {}\n", "board", "cells", "playouts/s",
                               fmt::format("x{} thr", threads), "plies", "mcts it/s", fmt::format("x{} thr", threads),
                               "signature");
    for (const auto& board : boards) {
      const auto& [name, options] = board;
      std::shared_ptr<const Game> game;
      try {
        game = make_game(name, options);
      } catch (const LudusError&) {
        continue;  // game not built into this binary
      }
      const int cells = game->board_geometry() ? game->board_geometry()->num_sites() : 0;
      auto one = playout_rate(*game, 1, args->seconds);
      auto many = playout_rate(*game, threads, args->seconds);
      const SearchRate mcts1 = args->no_mcts ? SearchRate{} : mcts_rate(game, 1, args->seconds);
      const SearchRate mctsn = args->no_mcts ? SearchRate{} : mcts_rate(game, threads, args->seconds);
      uint64_t sig = signature(*game, args->signature_games);
      total_signature ^= sig + 0x9E3779B97F4A7C15ull + (total_signature << 6) + (total_signature >> 2);
      if (args->json) {
        rows.push_back({{"game", name}, {"options", game->options().values()}, {"playouts_per_second", one.per_second},
                        {"playouts_per_second_all_threads", many.per_second}, {"threads", threads}, {"cells", cells},
                        {"average_plies", one.plies}, {"mcts_iterations_per_second", mcts1.per_second},
                        {"mcts_iterations_per_second_all_threads", mctsn.per_second},
                        {"mcts_start_proven", mcts1.proven}, {"signature", fmt::format("{:016x}", sig)}});
      } else {
        std::cout << fmt::format("{:<27} {:>5} {:>11.0f} {:>11.0f} {:>7.1f} {:>10} {:>10}  {:016x}\n",
                                 board_label(board), cells, one.per_second, many.per_second, one.plies,
                                 rate_text(mcts1), rate_text(mctsn), sig)
                  << std::flush;
      }
    }
    if (args->json)
      std::cout << nlohmann::json({{"boards", rows}, {"signature", fmt::format("{:016x}", total_signature)}}).dump(2) << "\n";
    else
      std::cout << fmt::format("signature {:016x}\n", total_signature);
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
