// SPDX-License-Identifier: Apache-2.0
#pragma once
// Computer players of the server: a small pool of threads that make the AI seat's move
// on any board where an AI is to move, so requests never wait for a search.
//
// Fairness: boards wait in one FIFO queue and a board is searched by at most one thread
// at a time; a board that changes while it is searched (its AI's own move, a seat that
// plays several turns in a row) goes to the back of the queue, behind boards already
// waiting, so one board with a slow AI never holds the others back beyond its turn.
//
// Nothing is dropped: a move that fails (SQLite busy, any exception) is logged and tried
// again after a backoff (0.1 s, 0.2 s, 0.4 s ... at most kMaxBackoff).  At start every
// active board awaiting an AI is queued (moves owed before a restart), and a periodic
// sweep queues any board awaiting an AI that is neither queued, searched nor waiting for
// a retry (a change notification that never came, e.g. a crash of another process).
//
// Several server instances on one database: before searching, a worker claims the
// board's AI move in the database (Session::claim_ai_lease) for `lease`; the sweeper
// renews the leases of the searches under way, and a worker releases its lease when the
// move is stored.  So each AI move is searched by one instance; if that instance dies,
// its lease expires and another instance's sweep takes the board over.  The move
// number guard (`#N`) still refuses a second move should a lease ever be lost mid-search.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/base/background_loop.h"
#include "server/domain/service.h"

namespace ludus::server {

struct AiPoolSettings {
  int threads = 1;  // boards searched at once
  std::chrono::milliseconds sweep_interval{3000};
  // How long a claim on a board's AI move lasts without renewal (renewed every sweep, so
  // keep it a few sweep intervals long): how soon another instance takes over the
  // boards of an instance that died.
  std::chrono::milliseconds lease{15000};
};

// Cores - 1, at least 1: the default pool size (one core stays for the requests).
int default_ai_threads();

class AiWorker {
 public:
  using Logger = std::function<void(const std::string&)>;
  static constexpr std::chrono::milliseconds kFirstBackoff{100};
  static constexpr std::chrono::milliseconds kMaxBackoff{3200};

  AiWorker(Service& service, Logger log, AiPoolSettings settings = {});
  ~AiWorker();
  AiWorker(const AiWorker&) = delete;
  AiWorker& operator=(const AiWorker&) = delete;

  void start();
  void stop();  // finishes the searches under way, then joins
  // Queues the board at the back unless it is queued already; a board being searched is
  // queued again when its search ends; a board waiting for a retry keeps its backoff.
  void enqueue(int64_t board);
  // Queues every board awaiting an AI that is not queued, searched or waiting (the sweep
  // does this periodically; also called at start).  Returns how many were queued.
  int sweep();
  // Waits until nothing is queued, searched or waiting for a retry; false on timeout.
  bool wait_idle(std::chrono::milliseconds timeout);
  // Boards in the order their searches started (tests check fairness); capped.
  std::vector<int64_t> started_order() const;
  // Boards waiting for a search now (queued or waiting for a retry): the metrics' queue length.
  size_t waiting() const;
  // This instance's name in the AI leases (host:pid:random).
  const std::string& owner() const { return owner_; }

 private:
  void run();
  void sweep_and_renew();
  void finish(int64_t board, bool failed);
  bool idle() const { return queue_.empty() && running_.empty() && retry_at_.empty(); }
  void queue_due_retries(std::chrono::steady_clock::time_point now);
  // Plays the board's AI move if this instance gets its lease.
  void search_if_claimed(int64_t board);
  void renew_leases();

  Service* service_;
  Logger log_;
  AiPoolSettings settings_;
  std::string owner_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<int64_t> queue_;
  std::set<int64_t> queued_;
  std::set<int64_t> running_;
  std::set<int64_t> leased_;  // boards whose AI move this instance has claimed
  std::set<int64_t> changed_while_running_;
  std::map<int64_t, std::chrono::steady_clock::time_point> retry_at_;
  std::map<int64_t, int> failures_;  // consecutive failures of a board, for the backoff
  std::vector<int64_t> started_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
  BackgroundLoop sweeps_;  // renews this instance's leases and sweeps, every sweep_interval
};

}  // namespace ludus::server
