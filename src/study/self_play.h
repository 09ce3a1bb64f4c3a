// SPDX-License-Identifier: Apache-2.0
#pragma once
// Computer-vs-computer games for `ludus match` and `ludus analyze`: one game between two
// AI specs seated by seat, with per-seat move timing and optional branching counts, and
// a parallel loop over game indices.  Every game's players are seeded from (seed, game
// index, seat) only, so a seeded run gives the same games whatever the thread count.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/player.h"
#include "core/history.h"

namespace ludus::study {

// Independent seed for stream `salt` of game `index` of a run seeded with `seed`.
uint64_t derived_seed(uint64_t seed, long long index, int salt);

struct SeatClock {
  double seconds = 0;  // time spent choosing moves
  long long moves = 0;
};

struct SelfPlayGame {
  explicit SelfPlayGame(History h) : history(std::move(h)) {}
  History history;
  int winning_seat = kDraw;    // 0, 1 or kDraw
  int winning_colour = kDraw;  // 0, 1 or kDraw
  std::array<SeatClock, 2> clock{};
  std::vector<int> branching;  // legal moves before each ply (only when asked for)
  bool swap_taken = false;     // a `swap` (pie) move was played
  std::string end_reason;      // State::end_reason() at the end
  bool adjudicated = false;    // stopped at the ply limit and scored as a draw
};

struct SelfPlayOptions {
  bool record_branching = false;  // fill SelfPlayGame::branching
  // Every AI searches on one thread unless its spec names a thread count (for games
  // played in parallel).
  bool single_threaded = false;
  int max_plies = 0;  // 0 = default_ply_limit(game)
  // Plies played as given at the start instead of asking the AIs (canonical texts),
  // e.g. the first move whose result an opening map measures.
  std::vector<std::string> opening;
  // Called before every ply with the position and the mover's choice (for an opening
  // ply, a choice holding only the action): what `ludus analyze` records.
  std::function<void(const History&, const ai::MoveChoice&)> before_ply;
};

// Plays one game to the end (or to the ply limit); `seat_specs[s]` is the AI of seat s
// (first player = 0).  Throws LudusError for a bad spec.
SelfPlayGame play_ai_game(const std::shared_ptr<const Game>& game, const std::array<std::string, 2>& seat_specs,
                          uint64_t seed, long long index, const SelfPlayOptions& options);

// `spec` limited to one search thread ("hard" -> "hard:threads=1"); specs that set
// threads themselves and the random player are unchanged.
std::string single_threaded_spec(const std::string& spec);

// Throws LudusError when `spec` does not name an AI ("human" included).
void check_ai_spec(const std::string& spec);

// Calls fn(i) for every i in [0, count) on `threads` threads (0 = all cores); waits for
// all of them and rethrows the first exception thrown by fn.
void parallel_for(long long count, int threads, const std::function<void(long long)>& fn);
// The threads `threads` asks for: itself, or for 0 the machine's cores.
int thread_count(int threads);

}  // namespace ludus::study
