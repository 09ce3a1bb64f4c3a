// SPDX-License-Identifier: Apache-2.0
#pragma once
// The WebSocket side of GET /api/ws (protocol in docs/http-api.md): which connection
// watches which boards and tournaments and who watches the lobby, and the pushes.  A change
// of a board loads it once (on the worker pool) and sends the same text to every watcher; a
// change of a tournament is a notice of its new revision (its page looks again).
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>

#include "server/domain/play/board_events.h"
#include "server/domain/service.h"
#include "server/live/push_ledger.h"
#include "server/live/watcher.h"

namespace ludus::server {

class WatchHub {
 public:
  using PostWork = std::function<bool(std::function<void()>)>;
  static constexpr size_t kMaxWatchedTournaments = 16;  // per watcher
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
  // A tournament changed (players joined or left, it started, a game or round ended, it
  // finished): its watchers get {"tournament": ID, "revision": R}.  A new watcher of a
  // tournament gets its current revision at once, so a page that loaded it before the
  // watch took hold misses nothing.
  void tournament_changed(int64_t tournament, int64_t revision);
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
    std::set<int64_t> tournaments;
    // The newest revision of each watched board sent to this session.  The reply to a
    // watch is not a broadcast (the ledger does not see it) and may load the board after
    // a change whose broadcast reaches the session first: it must not repeat that
    // revision, nor send an older one after it.
    std::map<int64_t, int64_t> sent;
  };
  void watch(uint64_t session, const std::set<int64_t>& boards);
  void watch_tournaments(uint64_t session, const std::set<int64_t>& tournaments);
  // Sends `text` to the sessions of `ids` still connected.
  void send_to(const std::set<uint64_t>& ids, const std::shared_ptr<const std::string>& text);
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
  std::unordered_map<int64_t, std::set<uint64_t>> by_tournament_;
  std::set<uint64_t> lobby_;
  PushLedger ledger_;  // what was broadcast of each board lately
};

}  // namespace ludus::server
