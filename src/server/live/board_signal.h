// SPDX-License-Identifier: Apache-2.0
#pragma once
// Wakes whoever waits for a board to change (long polls) without holding a thread: a
// waiter is a callback, called once from the thread that publishes the change (or that
// shuts the signal down).  Callbacks must be quick: they post to an executor and return.
#include <cstdint>
#include <functional>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace ludus::server {

class BoardSignal {
 public:
  using Wake = std::function<void()>;

  // Calls `wake` once at the next publish(board), or at shutdown().  After shutdown it is
  // called at once.  Returns an id for cancel().
  uint64_t wait(int64_t board, Wake wake);
  // Forgets a waiter that no longer needs waking; harmless when it was already woken.
  void cancel(uint64_t id);
  void publish(int64_t board);
  // Wakes every waiter for good (the server is stopping).
  void shutdown();
  size_t waiting() const;
  bool closed() const;

 private:
  struct Waiter {
    uint64_t id;
    Wake wake;
  };
  mutable std::mutex mutex_;
  std::unordered_map<int64_t, std::vector<Waiter>> waiting_;
  std::unordered_map<uint64_t, int64_t> board_of_;
  uint64_t next_id_ = 1;
  bool closed_ = false;
};

}  // namespace ludus::server
