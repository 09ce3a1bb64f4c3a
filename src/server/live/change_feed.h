// SPDX-License-Identifier: Apache-2.0
#pragma once
// Changes committed by other processes on the same database (`ludus pbm`, other
// `ludus serve` instances) reach this server's live clients and AI: a thread waits on a
// connection of its own (sql::Connection::await_changes) and publishes each changed
// board through the same callback a local change uses.
//   * PostgreSQL: LISTEN; every change sends a NOTIFY naming its board in the same
//     transaction, delivered at commit, so notices arrive at once.
//   * SQLite: polls `PRAGMA data_version` every interval (cheap: it changes only when
//     another connection committed); when it changed, compares each board's revision
//     with the one seen last and publishes the boards that changed.
// After (re)connecting, every board whose revision changed since the last look is
// published, so notices lost while the connection was down are made good.  The feed
// also sees this process's own commits: the Announcer (live/announcer.h) lets each
// revision through once.
// A board the feed did not know of is published as created (once it has a first look to
// compare with: after a start that could not reach the database, its first look publishes
// every board, as changed).  Each board is published with the revision seen (-1 when a
// notice did not say), so the Announcer drops what this process announced already.
// Tournaments likewise (their live pages): a NOTIFY "tID:REVISION", or the scan of their
// revisions, published through their own callback.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>

#include "server/base/background_loop.h"
#include "server/domain/play/board_events.h"
#include "server/storage/database.h"

namespace ludus::server {

class ChangeFeed {
 public:
  using Publish = std::function<void(int64_t board, int64_t revision, BoardChange change)>;
  using PublishTournament = std::function<void(int64_t tournament, int64_t revision)>;
  using Logger = std::function<void(const std::string&)>;

  ChangeFeed(sql::DatabaseUrl url, Publish publish, PublishTournament publish_tournament, Logger log,
             std::chrono::milliseconds interval = std::chrono::milliseconds(200));
  ~ChangeFeed();
  ChangeFeed(const ChangeFeed&) = delete;
  ChangeFeed& operator=(const ChangeFeed&) = delete;

  // Records the current revisions (publishing nothing), then watches until stop().  Never
  // throws: when the database cannot be reached, the watching thread keeps trying.
  void start();
  // Returns within about one interval.
  void stop();

 private:
  // One wait for changes (up to an interval), connecting first when there is no connection.
  void watch();
  // Publishes the boards and tournaments whose revision differs from the last scan (new
  // ones too).
  void scan(bool publish);
  // Records that `board` is known; returns how to publish it (Created when it was not).
  BoardChange note(int64_t board, int64_t revision);

  sql::DatabaseUrl url_;
  Publish publish_;
  PublishTournament publish_tournament_;
  Logger log_;
  std::chrono::milliseconds interval_;
  std::unique_ptr<sql::Connection> connection_;  // used by one thread at a time
  std::unordered_map<int64_t, int64_t> revisions_;  // per board known, the revision last seen
  std::unordered_map<int64_t, int64_t> tournament_revisions_;  // likewise per tournament
  bool looked_ = false;                              // revisions_ holds a whole first look
  BackgroundLoop loop_;  // last: stopped before the members its steps use
};

}  // namespace ludus::server
