#include "server/push_ledger.h"

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
  sends.state = revision > entry.revision;
  if (sends.state) entry.revision = revision;
  sends.created = !entry.created && (created || entry.creating > 0);
  if (sends.created) entry.created = true;
  return sends;
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
