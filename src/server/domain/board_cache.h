#pragma once
// The boards replayed lately, by number and revision.  A change stores its board here when it
// commits, so the reply, the WebSocket pushes, the long polls and the AI read the board the
// change made instead of replaying its moves again: one replay per change at most (none when
// the board was cached before it).  A board changed by another process has a newer revision
// than its cached one and is replayed once by whoever reads it first.  The contract it rests
// on is the schema's: every writer of a board's rows (moves, comments, the games row) adds
// one to its revision in the same transaction.  Thread-safe; holds at
// most `capacity` boards, the least recently used go first.
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "server/domain/board.h"

namespace ludus::server {

class BoardCache {
 public:
  explicit BoardCache(size_t capacity = 2048) : capacity_(capacity) {}

  // The board at exactly `revision`, or null.
  std::shared_ptr<const Board> find(int64_t board, int64_t revision);
  // Keeps `board` as its number's latest (an older revision than the one kept is ignored).
  void put(std::shared_ptr<const Board> board);
  size_t size() const;

 private:
  struct Entry {
    std::shared_ptr<const Board> board;
    std::list<int64_t>::iterator use;  // its place in uses_
  };
  size_t capacity_;
  mutable std::mutex mutex_;
  std::list<int64_t> uses_;  // most recently used first
  std::unordered_map<int64_t, Entry> boards_;
};

}  // namespace ludus::server
