// SPDX-License-Identifier: Apache-2.0
#include "ai/solver/transposition_table.h"

#include <algorithm>

#include "ai/solver/spill_table.h"

namespace ludus::ai::solver {

TranspositionTable::TranspositionTable(size_t bytes) : clusters_(std::max<size_t>(1, bytes / sizeof(Cluster))) {}

const ProofNumbers* TranspositionTable::find(uint64_t key, uint32_t* work) const {
  for (const Entry& e : cluster_of(key).entries)
    if (e.work != 0 && e.key == key) {
      if (work) *work = e.work;
      return &e.numbers;
    }
  if (spill_ && spill_->used() > 0)
    if (const std::optional<ProofNumbers> numbers = spill_->find(key, work)) {
      spilled_ = *numbers;
      return &spilled_;
    }
  return nullptr;
}

void TranspositionTable::spill_all() const {
  if (!spill_) return;
  for (const Cluster& cluster : clusters_)
    for (const Entry& e : cluster.entries)
      if (e.work != 0) spill_->put(e.key, e.numbers, e.work);
}

void TranspositionTable::store(uint64_t key, ProofNumbers numbers, uint64_t work) {
  // Work 0 marks an empty slot; solved results count as more work than any open one of
  // the same cost, as they end searches.
  uint64_t weight = std::max<uint64_t>(1, work) * (numbers.solved() ? 4 : 1);
  const uint32_t w = static_cast<uint32_t>(std::min<uint64_t>(weight, 0xffffffffu));
  Cluster& cluster = cluster_of(key);
  Entry* victim = nullptr;
  for (Entry& e : cluster.entries) {
    if (e.work != 0 && e.key == key) {
      e.numbers = numbers;
      e.work = std::max(e.work, w);
      return;
    }
    if (!victim || e.work < victim->work) victim = &e;
  }
  if (victim->work == 0) ++used_;
  else ++evictions_;
  if (spill_ && victim->work != 0) spill_->put(victim->key, victim->numbers, victim->work);
  *victim = Entry{key, numbers, w};
}

}  // namespace ludus::ai::solver
