// SPDX-License-Identifier: Apache-2.0
#include "server/live/change_feed.h"

#include <vector>

namespace ludus::server {

ChangeFeed::ChangeFeed(sql::DatabaseUrl url, Publish publish, PublishTournament publish_tournament, Logger log,
                       std::chrono::milliseconds interval)
    : url_(std::move(url)),
      publish_(std::move(publish)),
      publish_tournament_(std::move(publish_tournament)),
      log_(std::move(log)),
      interval_(interval) {}

ChangeFeed::~ChangeFeed() { stop(); }

void ChangeFeed::start() {
  if (loop_.running()) return;
  try {
    connection_ = sql::connect(url_);
    connection_->await_changes(std::chrono::milliseconds(0));  // starts listening / reads data_version
    scan(false);
  } catch (const std::exception& e) {
    // Unreachable right now: the loop connects again, and its first look then publishes
    // every board (nothing was recorded to compare with), so no change is missed.
    if (log_) log_(std::string("change feed: ") + e.what());
    connection_.reset();
    revisions_.clear();
    tournament_revisions_.clear();
  }
  // No pause between steps: each step waits on the database itself.
  loop_.start(std::chrono::milliseconds(0), [this] { watch(); }, [this](const std::exception& e) {
    // Busy, a passing I/O error, a lost connection: connect again after a pause.
    if (log_) log_(std::string("change feed: ") + e.what());
    connection_.reset();
    loop_.pause(interval_);
  });
}

void ChangeFeed::stop() {
  loop_.stop();
  connection_.reset();
}

void ChangeFeed::watch() {
  if (!connection_) {
    connection_ = sql::connect(url_);
    connection_->await_changes(std::chrono::milliseconds(0));
    scan(true);  // what changed while the connection was down
  }
  const auto notices = connection_->await_changes(interval_);
  if (!notices) return scan(true);
  for (const sql::ChangeNotice& notice : *notices) {
    if (notice.subject == sql::ChangeSubject::Tournament) {
      tournament_revisions_[notice.id] = -1;  // a later scan compares anew
      publish_tournament_(notice.id, notice.revision);
    } else {
      publish_(notice.id, notice.revision, note(notice.id, -1));  // -1: a later scan compares anew
    }
  }
}

BoardChange ChangeFeed::note(int64_t board, int64_t revision) {
  const bool fresh = revisions_.try_emplace(board, revision).second;
  return fresh && looked_ ? BoardChange::Created : BoardChange::Changed;
}

void ChangeFeed::scan(bool publish) {
  struct Changed {
    int64_t board, revision;
    BoardChange change;
  };
  std::vector<Changed> changed;
  std::vector<std::pair<int64_t, int64_t>> tournaments;  // changed: id, revision
  {
    sql::Transaction read(*connection_, sql::Transaction::Kind::Read);
    auto q = connection_->query("SELECT id, revision FROM games");
    while (q.step()) {
      const int64_t board = q.int64(0), revision = q.int64(1);
      auto known = revisions_.find(board);
      if (known == revisions_.end()) {
        changed.push_back({board, revision, note(board, revision)});
      } else if (known->second != revision) {
        known->second = revision;
        changed.push_back({board, revision, BoardChange::Changed});
      }
    }
    auto t = connection_->query("SELECT id, revision FROM tournaments");
    while (t.step()) {
      const int64_t id = t.int64(0), revision = t.int64(1);
      auto [known, fresh] = tournament_revisions_.try_emplace(id, revision);
      if (fresh || known->second != revision) tournaments.emplace_back(id, revision);
      known->second = revision;
    }
  }
  looked_ = true;
  if (!publish) return;
  for (const Changed& c : changed) publish_(c.board, c.revision, c.change);
  for (const auto& [id, revision] : tournaments) publish_tournament_(id, revision);
}

}  // namespace ludus::server
