// SPDX-License-Identifier: Apache-2.0
#pragma once
// The second level of the transposition table: the entries it evicts (proof and disproof
// numbers, solved or not), kept in a file mapped into memory.  The file may be far larger
// than RAM: the kernel keeps the pages in use and writes the others out, so a long solve
// finds again what it proved and how far it got, rather than searching it again.  And the
// file outlives the run: a solve stopped by its time limit and started again on the same
// file starts from where the first run stopped.
//
// Proof numbers are estimates and solved results hold at any threshold, so a stale or lost
// entry can cost work but never a wrong value.  Entries sit in buckets of eight, chosen by
// key; a full bucket drops the entry that cost the least work.  Thread-safe (the searches
// of `ludus solve --threads N` share one file, so each finds the others' proofs).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ai/solver/transposition_table.h"

namespace ludus::ai::solver {

class SpillTable {
 public:
  // Opens FILE, or creates it with room for about `bytes` of entries (at least one
  // bucket; an existing file keeps its own size).  `identity` names what the keys mean (the
  // game, its options and a check of the key function); an existing file made for another
  // identity, damaged or not a spill file is refused with a one-line LudusError, as is a
  // file that cannot be made or mapped.
  SpillTable(const std::string& path, size_t bytes, const std::string& identity);
  ~SpillTable();
  SpillTable(const SpillTable&) = delete;
  SpillTable& operator=(const SpillTable&) = delete;

  // Keeps the numbers of `key` (replacing older ones); `work` is what they cost (nodes).
  void put(uint64_t key, ProofNumbers numbers, uint64_t work);
  // The numbers kept for `key`, or nullopt.  *work receives their stored cost.
  std::optional<ProofNumbers> find(uint64_t key, uint32_t* work = nullptr) const;

  size_t capacity() const { return buckets_ * kWays; }
  size_t used() const;
  uint64_t hits() const;
  uint64_t writes() const;
  // Entries found in the file when it was opened (0 for a new file).
  size_t inherited() const { return inherited_; }
  const std::string& path() const { return path_; }

 private:
  static constexpr int kWays = 8;
  static constexpr size_t kStripes = 1024;
  struct Entry {
    uint64_t key;
    ProofNumbers numbers;
    uint32_t work;  // 0: empty; else saturated, >= 1
    uint32_t spare;
  };
  struct Header;
  // The bucket of `key`; its entries are entries_[index * kWays ...], its lock stripes_[index % kStripes].
  size_t bucket_index(uint64_t key) const;

  std::string path_;
  int fd_ = -1;
  void* map_ = nullptr;
  size_t map_bytes_ = 0;
  Header* header_ = nullptr;
  Entry* entries_ = nullptr;
  size_t buckets_ = 0;
  size_t inherited_ = 0;
  mutable std::unique_ptr<std::mutex[]> stripes_;
  struct Counters;
  std::unique_ptr<Counters> counters_;
};

// The identity a spill file of `game_label` is made for: the label (game and options) and
// the keys of a few positions, so a file from a build whose keys differ is refused.
std::string spill_identity(const std::string& game_label, const std::vector<uint64_t>& sample_keys);

}  // namespace ludus::ai::solver
