// SPDX-License-Identifier: Apache-2.0
#include "ai/solver/exact_key.h"

#include <algorithm>

#include "core/error.h"
#include "core/geometry.h"
#include "core/random.h"

namespace ludus::ai::solver {
namespace {

uint64_t mix(uint64_t h) {
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  return h ^ (h >> 31);
}

}  // namespace

ExactKeyer::ExactKeyer(const Game& game) {
  const Geometry* geometry = game.board_geometry();
  auto probe = game.new_initial_state();
  if (!geometry || !probe->exact_key_parts())
    throw LudusError(game.name() + " cannot be solved: its positions do not declare what decides the rest of the game");
  sites_ = geometry->num_sites();
  Rng rng(0x501e'd0ff'5eed'0001ull);
  stone_keys_.resize(static_cast<size_t>(2 * sites_));
  for (auto& k : stone_keys_) k = rng.next();
  symmetries_ = game.board_symmetries();
  if (symmetries_.empty()) {
    std::vector<int> identity(static_cast<size_t>(sites_));
    for (int s = 0; s < sites_; ++s) identity[static_cast<size_t>(s)] = s;
    symmetries_.push_back(identity);
  }
  colours_.resize(static_cast<size_t>(sites_));
}

uint64_t ExactKeyer::key(const State& state) const { return key_over(state, false); }

uint64_t ExactKeyer::symmetric_key(const State& state) const { return key_over(state, true); }

uint64_t ExactKeyer::unmirrored_key(const State& state) const { return key_over(state, false, true); }

uint64_t ExactKeyer::key_over(const State& state, bool every_symmetry, bool identity_only) const {
  const ExactKeyParts parts = *state.exact_key_parts();
  auto& colours = colours_;
  for (int s = 0; s < sites_; ++s) colours[static_cast<size_t>(s)] = state.site_colour(s);
  const size_t images = identity_only || (parts.history != 0 && !every_symmetry) ? 1 : symmetries_.size();
  uint64_t best = ~0ull;
  for (size_t i = 0; i < images; ++i) {
    const std::vector<int>& perm = symmetries_[i];
    uint64_t h = 0;
    for (int s = 0; s < sites_; ++s) {
      const int c = colours[static_cast<size_t>(s)];
      if (c >= 0) h ^= stone_keys_[static_cast<size_t>(2 * perm[static_cast<size_t>(s)] + c)];
    }
    best = std::min(best, h);
  }
  const uint64_t movers = static_cast<uint64_t>(state.to_move() & 1) | static_cast<uint64_t>(state.seat_to_move() & 1) << 1;
  const uint64_t history = every_symmetry ? 0 : parts.history;  // symmetric_key: the history is an image too
  return mix(best ^ mix(movers + 4 * parts.rules)) ^ mix(history + 0x9e3779b97f4a7c15ull);
}

}  // namespace ludus::ai::solver
