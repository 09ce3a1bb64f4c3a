// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the WebSocket hub has pushed of each board.  Every change is announced twice (by the
// service and by the change feed, which sees this process's commits too) and pushes run on
// a pool, so the hub sends a revision only when no push sent it or a newer one; and it
// announces a new board's creation once, whatever revision the board has reached when the
// push runs (the computer may have moved first).
//
// A creation is announced by whichever push of the new board loads it first, so that a
// push of a later change that overtakes the creation's own push on the pool (PostgreSQL's
// notices come one per change) still sends "created" before "finished".
//
// A board is remembered while a push of it is under way and for `memory` after the last one
// ended: far longer than the second announcement of a change takes (the feed's comes within
// its poll interval), so nothing is sent twice, while the map holds only the boards pushed
// lately instead of one entry for every board changed since the server started.
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace ludus::server {

class PushLedger {
 public:
  using Clock = std::chrono::steady_clock;
  explicit PushLedger(std::chrono::milliseconds memory) : memory_(memory) {}

  // A push of `board` begins (`created`: the push of its creation); finished(board,
  // created) must follow, whatever happens.
  void started(int64_t board, bool created);
  // What the push that loaded `revision` of `board` sends: the state when no push sent that
  // revision or a newer one; the creation when it was not announced yet and this push, or
  // one under way, is the creation's.
  struct Sends {
    bool state = false;
    bool created = false;
    int64_t previous = -1;  // the newest revision sent before this one (for unsent)
  };
  Sends loaded(int64_t board, int64_t revision, bool created);
  // The push that loaded `revision` could not build what loaded() told it to send (an
  // error went out instead): the ledger forgets it sent them, so a later announcement of
  // the same change still sends the state and the creation.  A newer revision sent since
  // stays: it stands in for this one.
  void unsent(int64_t board, int64_t revision, const Sends& sends);
  void finished(int64_t board, bool created);

  size_t remembered() const;

 private:
  struct Entry {
    int64_t revision = -1;     // the newest revision sent (-1: none)
    bool created = false;      // the creation was announced
    int pushing = 0;           // pushes under way
    int creating = 0;          // of them, pushes of the creation
    Clock::time_point ended;   // when the last push ended
  };

  std::chrono::milliseconds memory_;
  mutable std::mutex mutex_;
  std::unordered_map<int64_t, Entry> entries_;
  Clock::time_point swept_;  // the last look for boards to forget
};

}  // namespace ludus::server
