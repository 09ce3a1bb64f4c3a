// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/board_cache.h"

namespace ludus::server {

std::shared_ptr<const Board> BoardCache::kept(int64_t board, int64_t revision) {
  const auto it = boards_.find(board);
  if (it == boards_.end() || it->second.board->record().revision != revision) return nullptr;
  uses_.splice(uses_.begin(), uses_, it->second.use);
  return it->second.board;
}

std::shared_ptr<const Board> BoardCache::find(int64_t board, int64_t revision) {
  std::unique_lock lock(mutex_);
  if (auto found = kept(board, revision)) return found;
  const auto expecting = [&] {
    const auto it = expected_.find(board);
    return it != expected_.end() && it->second == revision;
  };
  if (!expecting()) return nullptr;
  stored_.wait_for(lock, patience_, [&] { return !expecting(); });
  return kept(board, revision);
}

void BoardCache::put(std::shared_ptr<const Board> board) {
  if (!board) return;
  const int64_t id = board->id();
  const int64_t revision = board->record().revision;
  std::lock_guard lock(mutex_);
  if (const auto it = expected_.find(id); it != expected_.end() && it->second <= revision) {
    expected_.erase(it);
    stored_.notify_all();
  }
  if (capacity_ == 0) return;
  if (const auto it = boards_.find(id); it != boards_.end()) {
    if (it->second.board->record().revision > revision) return;
    it->second.board = std::move(board);
    uses_.splice(uses_.begin(), uses_, it->second.use);
    return;
  }
  if (boards_.size() >= capacity_) {
    boards_.erase(uses_.back());
    uses_.pop_back();
  }
  uses_.push_front(id);
  boards_.emplace(id, Entry{std::move(board), uses_.begin()});
}

void BoardCache::expect(int64_t board, int64_t revision) {
  std::lock_guard lock(mutex_);
  expected_[board] = revision;
}

void BoardCache::abandon(int64_t board, int64_t revision) {
  std::lock_guard lock(mutex_);
  if (const auto it = expected_.find(board); it != expected_.end() && it->second == revision) {
    expected_.erase(it);
    stored_.notify_all();
  }
}

size_t BoardCache::size() const {
  std::lock_guard lock(mutex_);
  return boards_.size();
}

}  // namespace ludus::server
