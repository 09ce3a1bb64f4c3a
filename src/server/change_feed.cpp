#include "server/change_feed.h"

#include <vector>

#include "server/sqlite.h"

namespace ludus::server {

namespace {
int64_t data_version(sql::Connection& connection) {
  auto q = connection.query("PRAGMA data_version");
  return q.step() ? q.int64(0) : 0;
}
}  // namespace

ChangeFeed::ChangeFeed(std::string db_path, Publish publish, Logger log, std::chrono::milliseconds interval)
    : db_path_(std::move(db_path)), publish_(std::move(publish)), log_(std::move(log)), interval_(interval) {}

ChangeFeed::~ChangeFeed() { stop(); }

void ChangeFeed::start() {
  if (thread_.joinable()) return;
  connection_ = std::make_unique<sql::Connection>(db_path_, sql::ConnectionSettings{});
  data_version_ = data_version(*connection_);
  scan(false);
  {
    std::lock_guard lock(mutex_);
    stopping_ = false;
  }
  thread_ = std::thread([this] { run(); });
}

void ChangeFeed::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  connection_.reset();
}

void ChangeFeed::run() {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
    lock.unlock();
    try {
      const int64_t version = data_version(*connection_);
      if (version != data_version_) {
        data_version_ = version;
        scan(true);
      }
    } catch (const std::exception& e) {
      // Busy or a passing I/O error: the next poll scans again.
      if (log_) log_(std::string("change feed: ") + e.what());
      data_version_ = -1;  // forces a scan at the next poll
    }
    lock.lock();
  }
}

void ChangeFeed::scan(bool publish) {
  std::vector<int64_t> changed;
  {
    sql::Transaction read(*connection_, sql::Transaction::Kind::Read);
    auto q = connection_->query("SELECT id, revision FROM games");
    while (q.step()) {
      const int64_t board = q.int64(0), revision = q.int64(1);
      auto [it, inserted] = revisions_.try_emplace(board, revision);
      if (!inserted && it->second == revision) continue;
      it->second = revision;
      changed.push_back(board);
    }
  }
  if (!publish) return;
  for (int64_t board : changed) publish_(board);
}

}  // namespace ludus::server
