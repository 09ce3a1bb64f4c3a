#pragma once
// What the WebSocket hub has pushed of each board.  Every change is announced twice (by the
// service and by the change feed, which sees this process's commits too) and pushes run on
// a pool, so the hub sends a revision only when no push sent it or a newer one; and it
// announces a new board's creation once, whatever revision the board has reached when the
// push runs (the computer may have moved first).
#include <cstdint>
#include <mutex>
#include <unordered_map>

namespace ludus::server {

class PushLedger {
 public:
  // What the push that loaded `revision` of `board` sends: the state when no push sent that
  // revision or a newer one, the creation when `created` and it was not announced yet.
  struct Sends {
    bool state = false;
    bool created = false;
  };
  Sends loaded(int64_t board, int64_t revision, bool created);

 private:
  struct Entry {
    int64_t revision = -1;  // the newest revision sent (-1: none)
    bool created = false;   // the creation was announced
  };

  std::mutex mutex_;
  std::unordered_map<int64_t, Entry> entries_;
};

}  // namespace ludus::server
