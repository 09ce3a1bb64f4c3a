// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/ai_players.h"

namespace ludus::server {

AiPlayers::Kept AiPlayers::take(int64_t board, int seat, const std::string& spec, uint64_t seed, bool& kept) {
  {
    std::lock_guard lock(mutex_);
    for (auto it = players_.begin(); it != players_.end(); ++it) {
      if (it->board != board || it->seat != seat) continue;
      Kept found = std::move(*it);
      players_.erase(it);
      if (found.spec == spec) {
        kept = true;
        return found;
      }
      break;  // the seat's spec changed (never by the server today): start afresh
    }
  }
  kept = false;
  ai::PlayerConfig config;
  config.seed = seed;
  return Kept{board, seat, spec, std::shared_ptr<ai::Player>(ai::make_player(spec, config))};
}

void AiPlayers::put_back(Kept kept) {
  std::lock_guard lock(mutex_);
  players_.push_front(std::move(kept));
  while (players_.size() > capacity_) players_.pop_back();
}

std::vector<std::string> AiPlayers::choose_turn(int64_t board, int seat, const std::string& spec, uint64_t seed,
                                                const History& history) {
  bool kept = false;
  Kept player = take(board, seat, spec, seed, kept);
  // A wrapper that sums what every ply's search reused (Epoxy's turn is two searches).
  struct Counting : ai::Player {
    ai::Player& inner;
    uint64_t reused = 0;
    explicit Counting(ai::Player& p) : inner(p) {}
    std::string name() const override { return inner.name(); }
    ai::MoveChoice choose(const History& h) override {
      ai::MoveChoice choice = inner.choose(h);
      reused += static_cast<uint64_t>(std::max<int64_t>(0, choice.reused_visits));
      return choice;
    }
  } counting(*player.player);
  std::vector<std::string> plies = ai::choose_turn(counting, history);
  ++turns_;
  if (kept) ++kept_players_;
  reused_visits_ += counting.reused;
  put_back(std::move(player));
  return plies;
}

void AiPlayers::forget(int64_t board) {
  std::lock_guard lock(mutex_);
  players_.remove_if([&](const Kept& k) { return k.board == board; });
}

AiSearchTotals AiPlayers::totals() const {
  return {turns_.load(), kept_players_.load(), reused_visits_.load()};
}

size_t AiPlayers::size() const {
  std::lock_guard lock(mutex_);
  return players_.size();
}

}  // namespace ludus::server
