// SPDX-License-Identifier: Apache-2.0
#pragma once
// The whole play server in one object: storage, accounts, the operations, the AI pool,
// the feed of other processes' changes and the HTTP front.  `ludus serve` runs one; the tests start one on a loopback port.
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/error.h"
#include "core/data_dir.h"
#include "server/domain/accounts/accounts.h"
#include "server/domain/play/ai_worker.h"
#include "server/domain/analysis/review_worker.h"
#include "server/live/announcer.h"
#include "server/live/change_feed.h"
#include "server/base/metrics.h"
#include "server/transport/http_api.h"
#include "server/transport/metrics_endpoint.h"
#include "server/mail/mail_worker.h"
#include "server/domain/service.h"
#include "server/storage/store.h"

namespace ludus::server {

struct ServerConfig {
  // The database: a file path, sqlite:PATH or postgresql://USER@HOST/DBNAME (sql::DatabaseUrl).
  std::string db_path = "ludus.db";
  std::string host = "127.0.0.1";
  int port = 8080;  // 0 = any free port
  // "" = no web page, the API only; by default the one found by core/data_dir.h.
  std::string web_dir = find_data_dir(DataKind::kWeb).value_or("").string();
  // The engine in the page (WebAssembly, docs/wasm.md), served at /engine/; "" = none (the
  // page then asks the server for every AI move and analysis).  By default the one found by
  // core/data_dir.h: share/ludus/engine, or the build's wasm/engine.
  std::string engine_dir = find_data_dir(DataKind::kEngine).value_or("").string();
  PasswordPolicy passwords = PasswordPolicy::interactive();
  HttpLimits limits;  // connections, deadlines, sizes, rates (the `ludus serve` options)
  ServiceLimits service_limits;  // what one user may ask: AI budgets, boards an hour
  Accounts::CodeLifetimes codes;  // how long mailed reset and address codes work
  // Boards whose AI searches at once (the AI pool, `--ai-workers`), and how often boards
  // awaiting an AI are looked for in case a change notification was missed.
  int ai_workers = default_ai_threads();
  std::chrono::milliseconds ai_sweep_interval{3000};
  // How long this instance's claim on an AI move lasts unrenewed (AiPoolSettings::lease).
  std::chrono::milliseconds ai_lease{15000};
  // How often the review worker looks for reviews queued by other processes (or left by a
  // worker that is gone); this process's requests wake it at once.
  std::chrono::milliseconds review_interval{10000};
  // How often an SQLite database is checked for changes made by other processes (and
  // the longest a PostgreSQL change feed waits before looking whether to stop).
  std::chrono::milliseconds change_poll_interval{200};
  // Outbound mail (--smtp / --sendmail; none: mails stay queued for `ludus mail
  // --send-queue`) and how often the mail chores run (docs/mail.md).
  MailTransport mail;
  std::chrono::milliseconds mail_interval{30000};
  // The web page's address for the links in mails (`--public-url`); none by default.
  PublicUrl public_url;
  Clock clock = system_clock();
  // Whether the server adds the starter puzzles compiled in (data/puzzles/) at start, those
  // the database lacks (docs/puzzles.md); tests that load their own turn it off.
  bool starter_puzzles = true;
  // How long the WebSocket pushes of a board are remembered after the last one, to send
  // each revision once (push_ledger.h): far longer than a change takes to be announced twice.
  std::chrono::milliseconds push_memory{std::chrono::minutes(10)};
  // Messages (AI errors, mail chores ...); nullptr = quiet.
  std::function<void(const std::string&)> log;
  // The access log: one record per answered request (with its request id); nullptr = none.
  RequestLog access_log;
  // GET /metrics (Prometheus) on the main port, and/or on `metrics_host`:`metrics_port`
  // (0 = any free port, -1 = none), a port of its own that players need not reach.
  bool metrics_on_main_port = false;
  std::string metrics_host = "127.0.0.1";
  int metrics_port = -1;
};

class PlayServer {
 public:
  // Binds the port, then opens (or creates) the database; throws LudusError on failure (a
  // busy port before the database is touched).
  explicit PlayServer(ServerConfig config);
  ~PlayServer();
  PlayServer(const PlayServer&) = delete;
  PlayServer& operator=(const PlayServer&) = delete;

  int port() const { return port_; }
  int metrics_port() const { return metrics_endpoint_ ? metrics_endpoint_->port() : -1; }
  Service& service() { return *service_; }
  AiWorker& ai() { return *ai_; }
  MailWorker& mail() { return *mail_; }
  ReviewWorker& review_worker() { return *review_worker_; }
  HttpApi& http() { return *http_; }

  // Serves until stop().
  void run();
  // Serves from a background thread (tests); stop() or the destructor ends it.
  void start();
  // Keeps serving but answers GET /api/ready with 503, so a load balancer sends new
  // clients elsewhere before stop() (`ludus serve --drain-seconds`).
  void drain() { http_->set_ready(false); }
  // Stops accepting requests, answers waiting long polls, tells WebSocket clients to come
  // back (close code 1012), lets the AI finish its search, and returns.  Safe to call from
  // another thread while run() blocks, and more than once.
  void stop();

 private:
  void probe();  // sets this server's gauges

  ServerConfig config_;
  Announcer announcer_;  // each change announced once; before the threads that use it
  Announcer tournament_announcer_;  // likewise each tournament's revision
  std::unique_ptr<Store> store_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Service> service_;
  std::unique_ptr<AiWorker> ai_;
  std::unique_ptr<ReviewWorker> review_worker_;  // the reviews' thread, apart from the AI pool
  std::unique_ptr<HttpApi> http_;
  std::unique_ptr<ChangeFeed> feed_;  // other processes' changes
  std::unique_ptr<MailWorker> mail_;
  std::unique_ptr<MetricsEndpoint> metrics_endpoint_;
  std::unique_ptr<metrics::Probe> probe_;  // this server's gauges, read at each scrape
  int port_ = 0;
  std::thread thread_;
  // run() may not have reached the listening loop when stop() comes (a signal at start):
  // stop() keeps asking until run() has returned.
  std::atomic<bool> serving_{false};
  std::atomic<bool> stop_requested_{false};
  // Held while run() starts the parts and while stop() stops them: a stop (a signal) during
  // startup waits for the parts to be started, or keeps them from starting (found by TSan).
  std::mutex lifecycle_;
};

}  // namespace ludus::server
