// SPDX-License-Identifier: Apache-2.0
#include "server/live/push_ledger.h"

namespace ludus::server {

void PushLedger::started(int64_t board, bool created) {
  std::lock_guard lock(mutex_);
  Entry& entry = entries_[board];
  ++entry.pushing;
  if (created) ++entry.creating;
}

PushLedger::Sends PushLedger::loaded(int64_t board, int64_t revision, bool created) {
  std::lock_guard lock(mutex_);
  Entry& entry = entries_[board];
  Sends sends;
  sends.previous = entry.revision;
  sends.state = revision > entry.revision;
  if (sends.state) entry.revision = revision;
  sends.created = !entry.created && (created || entry.creating > 0);
  if (sends.created) entry.created = true;
  return sends;
}

void PushLedger::unsent(int64_t board, int64_t revision, const Sends& sends) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(board);
  if (it == entries_.end()) return;
  if (sends.state && it->second.revision == revision) it->second.revision = sends.previous;
  if (sends.created) it->second.created = false;
}

void PushLedger::finished(int64_t board, bool created) {
  std::lock_guard lock(mutex_);
  const auto now = Clock::now();
  if (auto it = entries_.find(board); it != entries_.end()) {
    --it->second.pushing;
    if (created) --it->second.creating;
    it->second.ended = now;
  }
  // A look over every entry at most twice per `memory`, so pushes stay cheap.
  if (now - swept_ < memory_ / 2) return;
  swept_ = now;
  std::erase_if(entries_, [&](const auto& item) {
    return item.second.pushing == 0 && now - item.second.ended >= memory_;
  });
}

size_t PushLedger::remembered() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace ludus::server
