// SPDX-License-Identifier: Apache-2.0
#pragma once
// The boards replayed lately, by number and revision.  A change stores its board here when it
// commits, so the reply, the WebSocket pushes, the long polls and the AI read the board the
// change made instead of replaying its moves again: one replay per change at most (none when
// the board was cached before it).  A board changed by another process has a newer revision
// than its cached one and is replayed once by whoever reads it first.  The contract it rests
// on is the schema's: every writer of a board's rows (moves, comments, the games row) adds
// one to its revision in the same transaction.  Thread-safe; holds at
// most `capacity` boards, the least recently used go first.
//
// A commit wakes readers before its writer can store the board (PostgreSQL delivers the
// change's NOTIFY to the change feed at commit; a long poll may read at once), so a change
// announces the revision it is about to commit with expect(): a reader asking for exactly
// that revision waits for put() or abandon() (at most `patience`) instead of replaying it.
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "server/domain/play/board.h"

namespace ludus::server {

class BoardCache {
 public:
  explicit BoardCache(size_t capacity = 2048, std::chrono::milliseconds patience = std::chrono::seconds(1))
      : capacity_(capacity), patience_(patience) {}

  // The board at exactly `revision`, or null; waits while that revision is expected.
  std::shared_ptr<const Board> find(int64_t board, int64_t revision);
  // Keeps `board` as its number's latest (an older revision than the one kept is ignored),
  // and ends an expect() of its revision or an older one.
  void put(std::shared_ptr<const Board> board);
  // A change of `board` is about to commit `revision`: put() or abandon() must follow.
  void expect(int64_t board, int64_t revision);
  // The expected commit did not happen (rolled back, failed).
  void abandon(int64_t board, int64_t revision);
  size_t size() const;

 private:
  struct Entry {
    std::shared_ptr<const Board> board;
    std::list<int64_t>::iterator use;  // its place in uses_
  };
  // The entry for `board` at `revision` or null; the caller holds mutex_.
  std::shared_ptr<const Board> kept(int64_t board, int64_t revision);

  size_t capacity_;
  std::chrono::milliseconds patience_;
  mutable std::mutex mutex_;
  std::condition_variable stored_;  // a put() or abandon() of an expected revision
  std::list<int64_t> uses_;         // most recently used first
  std::unordered_map<int64_t, Entry> boards_;
  std::unordered_map<int64_t, int64_t> expected_;  // board -> the revision about to commit
};

// Calls cache.abandon() for an expect() that was not ended by a put(), on every way out.
class ExpectedRevision {
 public:
  ExpectedRevision(BoardCache& cache, int64_t board, int64_t revision) : cache_(&cache), board_(board), revision_(revision) {
    cache_->expect(board_, revision_);
  }
  ~ExpectedRevision() {
    if (cache_) cache_->abandon(board_, revision_);
  }
  ExpectedRevision(const ExpectedRevision&) = delete;
  ExpectedRevision& operator=(const ExpectedRevision&) = delete;
  // Stores the committed board, ending the expectation.
  void stored(std::shared_ptr<const Board> board) {
    cache_->put(std::move(board));
    cache_ = nullptr;
  }

 private:
  BoardCache* cache_;
  int64_t board_;
  int64_t revision_;
};

}  // namespace ludus::server
