// SPDX-License-Identifier: Apache-2.0
#include "server/live/board_signal.h"

#include <algorithm>

namespace ludus::server {

uint64_t BoardSignal::wait(int64_t board, Wake wake) {
  {
    std::lock_guard lock(mutex_);
    if (!closed_) {
      const uint64_t id = next_id_++;
      waiting_[board].push_back({id, std::move(wake)});
      board_of_[id] = board;
      return id;
    }
  }
  wake();
  return 0;
}

void BoardSignal::cancel(uint64_t id) {
  std::lock_guard lock(mutex_);
  auto it = board_of_.find(id);
  if (it == board_of_.end()) return;
  auto list = waiting_.find(it->second);
  board_of_.erase(it);
  if (list == waiting_.end()) return;
  auto& waiters = list->second;
  waiters.erase(std::remove_if(waiters.begin(), waiters.end(), [id](const Waiter& w) { return w.id == id; }),
                waiters.end());
  if (waiters.empty()) waiting_.erase(list);
}

void BoardSignal::publish(int64_t board) {
  std::vector<Waiter> woken;
  {
    std::lock_guard lock(mutex_);
    auto it = waiting_.find(board);
    if (it == waiting_.end()) return;
    woken.swap(it->second);
    waiting_.erase(it);
    for (const auto& w : woken) board_of_.erase(w.id);
  }
  for (auto& w : woken) w.wake();  // outside the lock: a wake may wait again
}

bool BoardSignal::closed() const {
  std::lock_guard lock(mutex_);
  return closed_;
}

void BoardSignal::shutdown() {
  std::unordered_map<int64_t, std::vector<Waiter>> woken;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    woken.swap(waiting_);
    board_of_.clear();
  }
  for (auto& [board, waiters] : woken)
    for (auto& w : waiters) w.wake();
}

size_t BoardSignal::waiting() const {
  std::lock_guard lock(mutex_);
  return board_of_.size();
}

}  // namespace ludus::server
