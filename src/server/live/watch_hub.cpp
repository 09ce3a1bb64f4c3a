// SPDX-License-Identifier: Apache-2.0
#include "server/live/watch_hub.h"

#include <optional>
#include <tuple>
#include <vector>

#include "server/base/errors.h"
#include "server/base/json_fields.h"
#include "server/domain/play/board_json_text.h"
#include "server/domain/play/game_json.h"

namespace ludus::server {

using nlohmann::json;

namespace {

std::shared_ptr<const std::string> message(const json& value) {
  return std::make_shared<const std::string>(dump_json(value));
}

// Makes `session`'s subscriptions `current` the `wanted` ones, keeping `index` (subject ->
// sessions) in step; returns the subjects added and those dropped.
std::pair<std::vector<int64_t>, std::vector<int64_t>> resubscribe(uint64_t session, std::set<int64_t>& current,
                                                                  const std::set<int64_t>& wanted,
                                                                  std::unordered_map<int64_t, std::set<uint64_t>>& index) {
  std::vector<int64_t> added, dropped;
  for (int64_t old : current)
    if (!wanted.count(old)) {
      dropped.push_back(old);
      auto& set = index[old];
      set.erase(session);
      if (set.empty()) index.erase(old);
    }
  for (int64_t id : wanted)
    if (!current.count(id)) {
      index[id].insert(session);
      added.push_back(id);
    }
  current = wanted;
  return {added, dropped};
}

// The numbers a subscription lists (an array of at most `most`, each > 0), or nullopt.
std::optional<std::set<int64_t>> numbers(const json& list, size_t most) {
  if (!list.is_array() || list.size() > most) return std::nullopt;
  std::set<int64_t> out;
  for (const auto& n : list) {
    if (!n.is_number_integer() || n.get<int64_t>() <= 0) return std::nullopt;
    out.insert(n.get<int64_t>());
  }
  return out;
}

}  // namespace

WatchHub::WatchHub(Service& service, PostWork post_work, size_t max_watched_boards, std::chrono::milliseconds push_memory)
    : service_(&service), post_work_(std::move(post_work)), max_watched_boards_(max_watched_boards), ledger_(push_memory) {}

uint64_t WatchHub::add(std::shared_ptr<Watcher> watcher) {
  std::lock_guard lock(mutex_);
  if (closed_) return 0;
  const uint64_t id = next_id_++;
  watchers_[id].session = std::move(watcher);
  return id;
}

void WatchHub::on_message(uint64_t id, std::string text) {
  const json body = json::parse(text, nullptr, false);
  auto refuse = [&](const std::string& why) {
    std::shared_ptr<Watcher> session;
    {
      std::lock_guard lock(mutex_);
      if (auto it = watchers_.find(id); it != watchers_.end()) session = it->second.session.lock();
    }
    if (session) session->send(message({{"error", why}, {"code", "bad_message"}}));
  };
  if (!body.is_object())
    return refuse("a message is a JSON object: {\"watch\": [BOARD...]}, {\"tournaments\": [TOURNAMENT...]} and/or "
                  "{\"lobby\": true}");
  if (auto lobby = body.find("lobby"); lobby != body.end()) {
    if (!lobby->is_boolean()) return refuse("'lobby' must be true or false");
    std::lock_guard lock(mutex_);
    if (!watchers_.count(id)) return;
    if (lobby->get<bool>())
      lobby_.insert(id);
    else
      lobby_.erase(id);
  }
  if (auto watch_list = body.find("watch"); watch_list != body.end()) {
    const auto boards = numbers(*watch_list, max_watched_boards_);
    if (!boards) return refuse("'watch' must be an array of at most " + std::to_string(max_watched_boards_) + " board numbers");
    watch(id, *boards);
  }
  if (auto list = body.find("tournaments"); list != body.end()) {
    const auto tournaments = numbers(*list, kMaxWatchedTournaments);
    if (!tournaments)
      return refuse("'tournaments' must be an array of at most " + std::to_string(kMaxWatchedTournaments) +
                    " tournament numbers");
    watch_tournaments(id, *tournaments);
  }
}

void WatchHub::watch(uint64_t session, const std::set<int64_t>& boards) {
  std::vector<int64_t> added;
  {
    std::lock_guard lock(mutex_);
    auto it = watchers_.find(session);
    if (it == watchers_.end()) return;
    std::vector<int64_t> dropped;
    std::tie(added, dropped) = resubscribe(session, it->second.boards, boards, by_board_);
    for (int64_t old : dropped) it->second.sent.erase(old);
  }
  // A new watcher gets the current state at once, so it needs no GET first.
  for (int64_t b : added) push_state(b, {session});
}

void WatchHub::watch_tournaments(uint64_t session, const std::set<int64_t>& tournaments) {
  std::vector<int64_t> added;
  {
    std::lock_guard lock(mutex_);
    auto it = watchers_.find(session);
    if (it == watchers_.end()) return;
    added = resubscribe(session, it->second.tournaments, tournaments, by_tournament_).first;
  }
  if (added.empty()) return;
  post_work_([this, session, added] {
    for (int64_t t : added) {
      std::optional<int64_t> revision;
      try {
        revision = service_->tournaments().revision(t);
      } catch (const std::exception&) {
        // The database is away: the page keeps what it loaded, the next change tells anew.
      }
      if (revision) send_to({session}, message({{"tournament", t}, {"revision", *revision}}));
    }
  });
}

void WatchHub::tournament_changed(int64_t tournament, int64_t revision) {
  std::set<uint64_t> ids;
  {
    std::lock_guard lock(mutex_);
    auto it = by_tournament_.find(tournament);
    if (it == by_tournament_.end()) return;
    ids = it->second;
  }
  send_to(ids, message({{"tournament", tournament}, {"revision", revision}}));
}

void WatchHub::send_to(const std::set<uint64_t>& ids, const std::shared_ptr<const std::string>& text) {
  std::vector<std::shared_ptr<Watcher>> sessions;
  {
    std::lock_guard lock(mutex_);
    for (uint64_t id : ids)
      if (auto it = watchers_.find(id); it != watchers_.end())
        if (auto s = it->second.session.lock()) sessions.push_back(std::move(s));
  }
  for (auto& s : sessions) s->send(text);
}

void WatchHub::board_changed(int64_t board, BoardChange change) {
  bool anyone;
  {
    std::lock_guard lock(mutex_);
    anyone = by_board_.count(board) > 0 || !lobby_.empty();
  }
  if (anyone) push_state(board, {}, change == BoardChange::Created);
}

void WatchHub::offers_changed() {
  std::set<uint64_t> lobby;
  {
    std::lock_guard lock(mutex_);
    lobby = lobby_;
  }
  if (!lobby.empty()) send_to(lobby, message({{"offers", "changed"}}));
}

void WatchHub::push_state(int64_t board, const std::set<uint64_t>& only, bool created) {
  const bool broadcast = only.empty();
  if (broadcast) ledger_.started(board, created);
  const bool posted = post_work_([this, board, only, created, broadcast] {
    struct Ended {  // the ledger hears of the end of a broadcast on every path
      PushLedger* ledger;
      int64_t board;
      bool created;
      ~Ended() {
        if (ledger) ledger->finished(board, created);
      }
    } ended{broadcast ? &ledger_ : nullptr, board, created};
    std::shared_ptr<const std::string> state;
    int64_t revision = -1;  // of `state`, when it is one (not an error)
    std::vector<std::shared_ptr<const std::string>> lobby;
    PushLedger::Sends sends{true, false};
    bool counted = false;  // the ledger counts `sends` as sent
    // An error is no revision: it may not stand in for the state nor be dropped as one
    // sent, and the ledger must not count as sent what was not.
    auto failed = [&](const std::string& error, const std::string& code) {
      if (counted) ledger_.unsent(board, revision, sends);
      revision = -1;
      lobby.clear();
      state = message({{"board", board}, {"error", error}, {"code", code}});
    };
    try {
      const auto loaded = service_->load_shared(board);
      const Board& b = *loaded;
      const GameRecord& record = b.record();
      revision = record.revision;
      if (broadcast) {
        sends = ledger_.loaded(board, record.revision, created);
        counted = true;
      }
      if (sends.state) state = std::make_shared<const std::string>(board_state_push_text(b));
      // A creation is announced once, also when the board has moved on since (its summary
      // says how it is now); an ending with the revision that brought it.  A board that
      // ended before its creation was pushed gets both: its ending push finds that revision
      // sent already, and a lobby listener must still hear of the end.
      const bool finished = sends.state && record.finished();
      if (sends.created || finished) {
        const auto summary = game_summary_json(record);
        if (sends.created) lobby.push_back(message({{"lobby", "created"}, {"board", board}, {"game", summary}}));
        if (finished) lobby.push_back(message({{"lobby", "finished"}, {"board", board}, {"game", summary}}));
      }
    } catch (const ServiceError& e) {
      failed(e.what(), e.code());
    } catch (const std::exception& e) {
      failed(std::string("internal error: ") + e.what(), "internal");
    }
    std::vector<std::shared_ptr<Watcher>> to_lobby;
    {
      std::lock_guard lock(mutex_);
      // States are sent under the lock: a session's messages are queued in the order
      // their revisions pass the check below, so it never gets one twice or out of order.
      auto send_state = [&](uint64_t id) {
        auto it = watchers_.find(id);
        if (it == watchers_.end() || !state) return;
        if (revision >= 0) {
          auto [entry, first] = it->second.sent.try_emplace(board, revision);
          if (!first && revision <= entry->second) return;
          entry->second = revision;
        }
        if (auto s = it->second.session.lock()) s->send(state);
      };
      if (!only.empty()) {
        for (uint64_t id : only) send_state(id);
      } else if (auto it = by_board_.find(board); it != by_board_.end()) {
        for (uint64_t id : it->second) send_state(id);
      }
      if (!lobby.empty())
        for (uint64_t id : lobby_)
          if (auto it = watchers_.find(id); it != watchers_.end())
            if (auto s = it->second.session.lock()) to_lobby.push_back(std::move(s));
    }
    for (auto& s : to_lobby)
      for (const auto& m : lobby) s->send(m);
  });
  if (broadcast && !posted) ledger_.finished(board, created);
}

void WatchHub::remove(uint64_t session) {
  std::lock_guard lock(mutex_);
  auto it = watchers_.find(session);
  if (it == watchers_.end()) return;
  resubscribe(session, it->second.boards, {}, by_board_);
  resubscribe(session, it->second.tournaments, {}, by_tournament_);
  watchers_.erase(it);
  lobby_.erase(session);
}

void WatchHub::shutdown() {
  std::vector<std::shared_ptr<Watcher>> open;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    for (auto& [id, w] : watchers_)
      if (auto s = w.session.lock()) open.push_back(std::move(s));
  }
  for (auto& s : open) s->close();
}

size_t WatchHub::connections() const {
  std::lock_guard lock(mutex_);
  return watchers_.size();
}

}  // namespace ludus::server
