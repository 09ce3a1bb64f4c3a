// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the repetition rules (Ndengrod's superko, Epoxy's situations) share: Zobrist keys
// to hash a position incrementally, and a log of the hashes of earlier positions that is
// cheap to copy, since search copies a state on every iteration.
//
// Hashes stand for positions: two different positions with the same 64-bit hash would
// wrongly count as a repetition, a chance of about n * 2^-64 per look-up among n logged
// positions.  The games' plain reference implementations compare whole positions.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/random.h"

namespace ludus {

// One random key per site and colour plus `extras` more (side to move, phase of a turn),
// from a fixed seed, so hashes are the same in every run.
class ZobristKeys {
 public:
  ZobristKeys(int sites, int extras) : keys_(static_cast<size_t>(2 * sites + extras)), sites_(sites) {
    Rng rng(0x5eed'2b1d'7a11'0b57ull);
    for (auto& key : keys_) key = rng.next();
  }
  uint64_t stone(int site, int colour) const { return keys_[static_cast<size_t>(2 * site + colour)]; }
  uint64_t extra(int i) const { return keys_[static_cast<size_t>(2 * sites_ + i)]; }
  // The stone keys as one array, [2 * site + colour], for states to keep a pointer to.
  const uint64_t* stone_keys() const { return keys_.data(); }

 private:
  std::vector<uint64_t> keys_;
  int sites_;
};

// The hashes of the positions a game has passed through, oldest first.  The latest
// (up to kRecent) sit in an inline buffer; older ones move, kRecent at a time, into
// immutable blocks shared by every copy.  So a copy costs one reference count and the
// recent hashes, and recording allocates only once per kRecent hashes.  A 256-bit Bloom
// filter (one bit per hash) answers most look-ups of new positions without a scan.
template <int kRecent>
class PositionLog {
 public:
  PositionLog() = default;
  PositionLog(const PositionLog& other)
      : sealed_(other.sealed_), num_recent_(other.num_recent_), bloom_(other.bloom_), set_hash_(other.set_hash_) {
    std::copy_n(other.recent_.begin(), num_recent_, recent_.begin());
  }
  PositionLog& operator=(const PositionLog& other) {
    sealed_ = other.sealed_;
    num_recent_ = other.num_recent_;
    bloom_ = other.bloom_;
    set_hash_ = other.set_hash_;
    std::copy_n(other.recent_.begin(), num_recent_, recent_.begin());
    return *this;
  }

  [[gnu::always_inline]] void record(uint64_t hash) {
    if (num_recent_ == kRecent) [[unlikely]] seal();
    recent_[num_recent_++] = hash;
    bloom_[hash >> 62] |= bloom_bit(hash);
    set_hash_ += mixed(hash);
  }
  bool contains(uint64_t hash) const {
    if ((bloom_[hash >> 62] & bloom_bit(hash)) == 0) return false;
    if (std::find(recent_.begin(), recent_.begin() + num_recent_, hash) != recent_.begin() + num_recent_) return true;
    for (const Block* block = sealed_.get(); block; block = block->older.get())
      if (std::find(block->hashes.begin(), block->hashes.end(), hash) != block->hashes.end()) return true;
    return false;
  }
  void clear() {
    sealed_.reset();
    num_recent_ = 0;
    bloom_ = {};
    set_hash_ = 0;
  }
  // A hash of the logged hashes, whatever their order (0 for an empty log), so exact
  // search can tell histories apart (ExactKeyParts::history).  A sum rather than an XOR:
  // a hash logged twice (a pass can repeat a position) must not cancel out.
  uint64_t set_hash() const { return set_hash_; }
  int size() const { return (sealed_ ? sealed_->total : 0) + num_recent_; }

 private:
  struct Block {
    std::shared_ptr<const Block> older;
    int total;  // hashes in this block and the older ones
    std::array<uint64_t, kRecent> hashes;
  };
  [[gnu::noinline]] void seal() {
    auto block = std::make_shared<Block>();
    block->total = size();
    block->hashes = recent_;
    block->older = std::move(sealed_);
    sealed_ = std::move(block);
    num_recent_ = 0;
  }

  static uint64_t bloom_bit(uint64_t hash) { return 1ull << ((hash >> 56) & 63); }
  // A fixed bijective mix (splitmix64's finaliser), so the sum does not mix linearly
  // with the game's own XOR-built Zobrist hashes.
  static uint64_t mixed(uint64_t h) {
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebull;
    return h ^ (h >> 31);
  }

  std::shared_ptr<const Block> sealed_;
  int num_recent_ = 0;
  std::array<uint64_t, 4> bloom_{};       // word: the hash's top 2 bits; bit: the next 6
  uint64_t set_hash_ = 0;                 // sum of mixed(hash) over the log
  std::array<uint64_t, kRecent> recent_;  // [0, num_recent_) in use; never read beyond
};

}  // namespace ludus
