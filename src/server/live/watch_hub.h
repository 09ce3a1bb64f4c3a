// SPDX-License-Identifier: Apache-2.0
#pragma once
// The WebSocket side of GET /api/ws (protocol in docs/http-api.md): which connection
// watches which boards and who watches the lobby, and the pushes.  A change of a board
// loads it once (on the worker pool) and sends the same text to every watcher.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "server/domain/board_events.h"
#include "server/domain/service.h"
#include "server/live/push_ledger.h"
#include "server/live/watcher.h"

namespace ludus::server {

class WatchHub {
 public:
  using PostWork = std::function<bool(std::function<void()>)>;
  // `max_watched_boards`: per watcher; `push_memory`: how long what was pushed of a board
  // is remembered (push_ledger.h).
  WatchHub(Service& service, PostWork post_work, size_t max_watched_boards, std::chrono::milliseconds push_memory);

  // Registers a new connection; its id, or 0 when the hub is shut down (close it).
  uint64_t add(std::shared_ptr<Watcher> watcher);
  // A board changed: its watchers get {"board", "revision", "state"}; the lobby gets
  // {"lobby": "created" | "finished", "board", "game": SUMMARY} when that is what happened
  // (a creation once, whatever the board's revision by then).
  void board_changed(int64_t board, BoardChange change);
  // An offer was posted, declined, withdrawn or taken through this server: the lobby gets
  // {"offers": "changed"} and looks again.
  void offers_changed();
  // Closes every connection (the server is stopping).
  void shutdown();
  size_t connections() const;
  // Boards whose pushes are remembered (PushLedger).
  size_t remembered_boards() const { return ledger_.remembered(); }

  // For the connections: a client message (in the order received), and a closed connection.
  void on_message(uint64_t watcher, std::string text);
  void remove(uint64_t watcher);

 private:
  struct Watching {
    std::weak_ptr<Watcher> session;
    std::set<int64_t> boards;
    // The newest revision of each watched board sent to this session.  The reply to a
    // watch is not a broadcast (the ledger does not see it) and may load the board after
    // a change whose broadcast reaches the session first: it must not repeat that
    // revision, nor send an older one after it.
    std::map<int64_t, int64_t> sent;
  };
  void watch(uint64_t session, const std::set<int64_t>& boards);
  // Loads the board on the worker pool and sends it to `only`, or (when empty) to its
  // watchers and, when it was created or finished, to the lobby.
  void push_state(int64_t board, const std::set<uint64_t>& only, bool created = false);

  Service* service_;
  PostWork post_work_;
  size_t max_watched_boards_;
  mutable std::mutex mutex_;
  uint64_t next_id_ = 1;
  bool closed_ = false;
  std::unordered_map<uint64_t, Watching> watchers_;
  std::unordered_map<int64_t, std::set<uint64_t>> by_board_;
  std::set<uint64_t> lobby_;
  PushLedger ledger_;  // what was broadcast of each board lately
};

}  // namespace ludus::server
