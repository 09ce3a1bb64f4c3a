// SPDX-License-Identifier: Apache-2.0
#include "server/live/announcer.h"

namespace ludus::server {

bool Announcer::first(int64_t board, int64_t revision) {
  if (revision < 0) return true;
  std::lock_guard lock(mutex_);
  auto it = latest_.find(board);
  if (it != latest_.end() && it->second >= revision) {
    ++repeats_;
    return false;
  }
  if (it == latest_.end()) {
    if (latest_.size() >= capacity_) latest_.clear();
    latest_.emplace(board, revision);
  } else {
    it->second = revision;
  }
  return true;
}

uint64_t Announcer::repeats() const {
  std::lock_guard lock(mutex_);
  return repeats_;
}

}  // namespace ludus::server
