#include "server/domain/board_cache.h"

namespace ludus::server {

std::shared_ptr<const Board> BoardCache::find(int64_t board, int64_t revision) {
  std::lock_guard lock(mutex_);
  const auto it = boards_.find(board);
  if (it == boards_.end() || it->second.board->record().revision != revision) return nullptr;
  uses_.splice(uses_.begin(), uses_, it->second.use);
  return it->second.board;
}

void BoardCache::put(std::shared_ptr<const Board> board) {
  if (!board || capacity_ == 0) return;
  const int64_t id = board->id();
  std::lock_guard lock(mutex_);
  if (const auto it = boards_.find(id); it != boards_.end()) {
    if (it->second.board->record().revision > board->record().revision) return;
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

size_t BoardCache::size() const {
  std::lock_guard lock(mutex_);
  return boards_.size();
}

}  // namespace ludus::server
