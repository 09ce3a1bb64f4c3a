// SPDX-License-Identifier: Apache-2.0
#pragma once
// One announcement per change.  A change made by this process is announced by the service
// when it commits, and seen again by the change feed (which watches every commit on the
// database, this process's own too); a change made elsewhere reaches this process only
// through the feed.  The announcer lets each board's (or, in an announcer of their own, each
// tournament's) revision through once: the first to tell of it wins, a later one of the same
// or an older revision is dropped.  A notice without a revision (-1) always passes.  Thread-safe; remembers at most `capacity` boards
// (when full it forgets them all, which at worst lets one duplicate through per board).
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace ludus::server {

class Announcer {
 public:
  explicit Announcer(size_t capacity = 100000) : capacity_(capacity) {}
  // Whether (board, revision) is news, recording it when it is.
  bool first(int64_t board, int64_t revision);
  // Announcements dropped as repeats, since the start.
  uint64_t repeats() const;

 private:
  size_t capacity_;
  mutable std::mutex mutex_;
  std::unordered_map<int64_t, int64_t> latest_;  // board -> newest revision announced
  uint64_t repeats_ = 0;
};

}  // namespace ludus::server
