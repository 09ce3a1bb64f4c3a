#pragma once
// Changes committed by other processes on the same database file (`ludus pbm`, a second
// `ludus serve`) reach this server's live clients and AI: a thread polls SQLite's
// `PRAGMA data_version` on a connection of its own (cheap: it changes only when another
// connection committed), and when it changed, compares each board's revision with the
// one seen last and publishes the boards that changed through the same callback a local
// change uses.  The poller's connection also sees this process's own commits (they are
// made on other connections), so a local change may be published twice: listeners
// tolerate that (a push of the same revision, a long poll that answers unchanged).
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>

namespace ludus::server {

namespace sql {
class Connection;
}

class ChangeFeed {
 public:
  using Publish = std::function<void(int64_t board)>;
  using Logger = std::function<void(const std::string&)>;

  ChangeFeed(std::string db_path, Publish publish, Logger log,
             std::chrono::milliseconds interval = std::chrono::milliseconds(200));
  ~ChangeFeed();
  ChangeFeed(const ChangeFeed&) = delete;
  ChangeFeed& operator=(const ChangeFeed&) = delete;

  // Records the current revisions (publishing nothing), then polls until stop().
  void start();
  void stop();

 private:
  void run();
  // Publishes the boards whose revision differs from the last scan (new boards too).
  void scan(bool publish);

  std::string db_path_;
  Publish publish_;
  Logger log_;
  std::chrono::milliseconds interval_;
  std::unique_ptr<sql::Connection> connection_;  // used by one thread at a time
  int64_t data_version_ = 0;
  std::unordered_map<int64_t, int64_t> revisions_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ludus::server
