#pragma once
// Wakes requests that wait for a board to change (long polling): every stored change
// publishes; waiters re-check their own condition after each publication.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>

namespace ludus::server {

class ChangeFeed {
 public:
  void publish() {
    {
      std::lock_guard lock(mutex_);
      ++generation_;
    }
    changed_.notify_all();
  }

  // Returns when `done()` holds, at `deadline`, or at shutdown(); `done` runs without
  // the feed's lock held.
  void wait_until(const std::function<bool()>& done, std::chrono::steady_clock::time_point deadline) {
    for (;;) {
      uint64_t seen;
      {
        std::lock_guard lock(mutex_);
        if (closed_) return;
        seen = generation_;
      }
      if (done()) return;
      std::unique_lock lock(mutex_);
      if (!changed_.wait_until(lock, deadline, [&] { return closed_ || generation_ != seen; })) return;
    }
  }

  // Releases every waiter for good (the server is stopping).
  void shutdown() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  uint64_t generation_ = 0;
  bool closed_ = false;
};

}  // namespace ludus::server
