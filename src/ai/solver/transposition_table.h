// SPDX-License-Identifier: Apache-2.0
#pragma once
// The proof and disproof numbers of df-pn, kept in a table of fixed size (bounded memory).
// Entries sit in clusters of four; a new position evicts the entry of its cluster that
// cost the least search (work), so costly results, proofs above all, stay longest.  An
// evicted result is only recomputed, never wrong; with a spill table, an evicted entry
// goes there and is found again (spill_table.h).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ludus::ai::solver {

class SpillTable;

// Proof numbers saturate below kInfinity; kInfinity means proven (the other number is 0).
constexpr uint32_t kInfinity = 0xffffffffu;
constexpr uint32_t kMaxFinite = kInfinity - 1;

struct ProofNumbers {
  uint32_t pn = 1;  // how hard it looks to prove that the target seat wins
  uint32_t dn = 1;  // how hard it looks to disprove it
  bool proven() const { return pn == 0; }
  bool disproven() const { return dn == 0; }
  bool solved() const { return pn == 0 || dn == 0; }
  bool operator==(const ProofNumbers&) const = default;
};

class TranspositionTable {
 public:
  // At least one cluster, at most `bytes` of entries.
  explicit TranspositionTable(size_t bytes);

  // Entries evicted from here go to `spill` (may be null; shared, outlives this table), and
  // a key this table misses is looked up there.
  void set_spill(SpillTable* spill) { spill_ = spill; }
  // Puts every entry this table holds into the spill table (at the end of a run, so the file
  // holds all the run found).
  void spill_all() const;

  // The stored numbers of `key`, or nullptr; `work`, when given, receives their cost.  The
  // pointer is valid until the next find or store.
  const ProofNumbers* find(uint64_t key, uint32_t* work = nullptr) const;
  // Stores (or updates) `key`; `work` is the search the numbers cost (nodes).
  void store(uint64_t key, ProofNumbers numbers, uint64_t work);

  size_t capacity() const { return clusters_.size() * kWays; }
  size_t used() const { return used_; }
  uint64_t evictions() const { return evictions_; }
  size_t bytes() const { return clusters_.size() * sizeof(Cluster); }

 private:
  static constexpr int kWays = 4;
  struct Entry {
    uint64_t key = 0;
    ProofNumbers numbers;
    uint32_t work = 0;  // 0: empty slot; saturates
  };
  struct Cluster {
    Entry entries[kWays];
  };
  Cluster& cluster_of(uint64_t key) { return clusters_[(key >> 17) % clusters_.size()]; }
  const Cluster& cluster_of(uint64_t key) const { return clusters_[(key >> 17) % clusters_.size()]; }

  std::vector<Cluster> clusters_;
  SpillTable* spill_ = nullptr;
  mutable ProofNumbers spilled_;  // what find returns for a result found in the spill table
  size_t used_ = 0;
  uint64_t evictions_ = 0;
};

}  // namespace ludus::ai::solver
