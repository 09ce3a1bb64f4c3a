// SPDX-License-Identifier: Apache-2.0
#include "study/self_play.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "ai/player.h"
#include "core/record.h"
#include "core/text.h"
#include "core/error.h"
#include "core/notation.h"
#include "core/random.h"

namespace ludus::study {

uint64_t derived_seed(uint64_t seed, long long index, int salt) {
  Rng rng(seed ^ (0xD1B54A32D192ED03ull * static_cast<uint64_t>(index * 4 + salt + 1)));
  return rng.next();
}

void check_ai_spec(const std::string& spec) { (void)ai::make_player(spec, {}); }

std::string single_threaded_spec(const std::string& spec) {
  const std::string lower = lowercase(spec);
  if (lower.rfind("random", 0) == 0 || lower.find("threads=") != std::string::npos) return spec;
  return spec + (spec.find(':') == std::string::npos ? ":" : ",") + "threads=1";
}

SelfPlayGame play_ai_game(const std::shared_ptr<const Game>& game, const std::array<std::string, 2>& seat_specs,
                          uint64_t seed, long long index, const SelfPlayOptions& options) {
  std::array<std::unique_ptr<ai::Player>, 2> players;
  for (int seat = 0; seat < 2; ++seat) {
    ai::PlayerConfig config;
    config.seed = derived_seed(seed, index, seat);
    config.threads = 1;
    players[seat] = ai::make_player(options.single_threaded ? single_threaded_spec(seat_specs[seat]) : seat_specs[seat], config);
    players[seat]->new_game();
  }
  SelfPlayGame result{History(game)};
  History& h = result.history;
  h.set_players(seat_specs);
  h.set_date(today_utc());
  std::vector<Action> legal;
  const int limit = options.max_plies > 0 ? options.max_plies : default_ply_limit(*game);
  while (!h.is_over()) {
    if (h.adjudicate_at_ply_limit(limit)) {
      result.adjudicated = true;
      break;
    }
    if (options.record_branching) {
      h.state().legal_actions(legal);
      result.branching.push_back(static_cast<int>(legal.size()));
    }
    const int seat = h.state().seat_to_move();
    ai::MoveChoice choice;
    if (static_cast<size_t>(h.num_moves()) < options.opening.size()) {
      choice.action = h.state().parse_action(options.opening[static_cast<size_t>(h.num_moves())]);
    } else {
      auto start = std::chrono::steady_clock::now();
      choice = players[seat]->choose(h);
      result.clock[seat].seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      ++result.clock[seat].moves;
    }
    if (options.before_ply) options.before_ply(h, choice);
    h.play(choice.action);
    if (move_word(h.moves().back()) == MoveWord::Swap) result.swap_taken = true;
  }
  result.winning_colour = h.winner();
  result.winning_seat = h.winning_seat();
  result.end_reason = h.end_reason();
  return result;
}

int thread_count(int threads) { return threads > 0 ? threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

void parallel_for(long long count, int threads, const std::function<void(long long)>& fn) {
  threads = static_cast<int>(std::min<long long>(thread_count(threads), std::max(1LL, count)));
  std::atomic<long long> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    for (;;) {
      if (failed.load()) return;
      long long i = next.fetch_add(1);
      if (i >= count) return;
      try {
        fn(i);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (!error) error = std::current_exception();
        failed = true;
      }
    }
  };
  if (threads == 1) {
    work();
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) pool.emplace_back(work);
    for (auto& th : pool) th.join();
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace ludus::study
