// SPDX-License-Identifier: Apache-2.0
#include "server/play_server.h"

#include <chrono>

#include "core/registry.h"
#include "server/domain/play/board.h"
#include "server/domain/puzzles/puzzles.h"
#include "server/mail/mail_notifier.h"
#include "server/storage/mail_store.h"
#include "server/storage/metric_queries.h"

namespace ludus::server {

PlayServer::PlayServer(ServerConfig config) : config_(std::move(config)) {
  // The ports first: when one is taken, nothing has been created or migrated yet.
  Listener listener(config_.host, config_.port);
  listener.answer_while_starting();  // "starting" while the database opens and migrates
  if (config_.log)
    config_.log("ludus: starting: port " + std::to_string(listener.port()) +
                " answers 503 'starting' until the database is open and migrated");
  // Scrapes are answered from now on, ludus_ready 0 until run(): a long migration shows as
  // a server not ready (an alert says so), not as one that cannot be scraped.
  metrics::set_gauge("ludus_ready", 0);
  if (config_.metrics_port >= 0) {
    metrics_endpoint_ = std::make_unique<MetricsEndpoint>(config_.metrics_host, config_.metrics_port);
    metrics_endpoint_->start();
  }
  store_ = std::make_unique<Store>(config_.db_path);
  accounts_ = std::make_unique<Accounts>(*store_, config_.passwords, config_.clock);
  accounts_->limit_signups(config_.service_limits.signups_per_hour);
  accounts_->limit_reset_requests(config_.service_limits.resets_per_hour);
  accounts_->set_code_lifetimes(config_.codes);
  accounts_->set_public_url(config_.public_url);
  service_ = std::make_unique<Service>(*store_, *accounts_, config_.service_limits);
  // The starter puzzles compiled in, those the table lacks (every process may: a puzzle
  // already there is skipped by its digest).
  if (config_.starter_puzzles) Puzzles(*store_, config_.clock).load_starter_sets();
  ai_ = std::make_unique<AiWorker>(*service_, config_.log, AiPoolSettings{config_.ai_workers, config_.ai_sweep_interval, config_.ai_lease});
  review_worker_ = std::make_unique<ReviewWorker>(service_->reviews(), config_.log);
  service_->reviews().set_queued_listener([worker = review_worker_.get()] { worker->poke(); });
  http_ = std::make_unique<HttpApi>(*service_, HttpSettings{config_.web_dir, config_.limits, config_.log, config_.access_log,
                                                            config_.metrics_on_main_port, config_.push_memory,
                                                            config_.engine_dir});
  service_->set_event_sink(mail_notifier(config_.clock, config_.public_url));
  service_->set_offer_sink(offer_mail_notifier(config_.clock, config_.public_url));
  service_->tournaments().set_event_sink(tournament_mail_notifier(config_.clock, config_.public_url));
  mail_ = std::make_unique<MailWorker>(*service_, config_.mail, config_.mail_interval, config_.log);
  // Local changes (the service) and other processes' (the feed) alike; each revision once.
  auto changed = [this, ai = ai_.get(), http = http_.get(), mail = mail_.get()](int64_t board, int64_t revision,
                                                                               BoardChange change) {
    if (!announcer_.first(board, revision)) return;
    metrics::board_changed();
    ai->enqueue(board);
    http->board_changed(board, change);
    mail->poke();
  };
  service_->set_change_listener(changed);
  // A tournament's live pages likewise: each revision once, whoever changed it.
  auto tournament_changed = [this, http = http_.get()](int64_t tournament, int64_t revision) {
    if (tournament_announcer_.first(tournament, revision)) http->tournament_changed(tournament, revision);
  };
  service_->set_tournament_listener(tournament_changed);
  accounts_->set_reset_listener([mail = mail_.get()] { mail->poke(); });
  service_->set_offers_listener([http = http_.get()] { http->offers_changed(); });
  feed_ = std::make_unique<ChangeFeed>(store_->url(), changed, tournament_changed, config_.log, config_.change_poll_interval);
  port_ = http_->listen(listener);
  // The series a graph reads exist from the start, at 0.
  metrics::db_engine_in_use(sql::engine_name(store_->backend()));
  for (const auto& entry : registered_games()) metrics::moves_accepted(entry.info->name, 0);
  probe_ = std::make_unique<metrics::Probe>([this] { probe(); });
}

void PlayServer::probe() {
  metrics::set_gauge("ludus_ready", http_->ready() ? 1 : 0);
  metrics::set_gauge("ludus_http_requests_in_flight", static_cast<double>(http_->requests_in_flight()));
  metrics::set_gauge("ludus_websocket_connections", static_cast<double>(http_->websocket_connections()));
  metrics::set_gauge("ludus_long_polls_waiting", static_cast<double>(http_->waiting_long_polls()));
  metrics::set_gauge("ludus_ai_queue_length", static_cast<double>(ai_->waiting()));
  metrics::set_counter_total("ludus_board_replays_total", static_cast<double>(board_replays()));
  auto session = store_->session();
  const auto active = active_boards_by_game(session);
  for (const auto& entry : registered_games()) {  // every game, 0 included, so a graph starts at 0
    const auto it = active.find(entry.info->name);
    metrics::set_gauge("ludus_boards_active", it == active.end() ? 0.0 : static_cast<double>(it->second), "game",
                       entry.info->name);
  }
  for (const auto& [status, name] : {std::pair{OutboxStatus::Queued, "queued"}, std::pair{OutboxStatus::Digest, "digest"},
                                     std::pair{OutboxStatus::Failed, "failed"}})
    metrics::set_gauge("ludus_mail_outbox_messages", count_mail(session, status), "status", name);
  for (const ReceivedMailCount& mails : received_mail_counts(session))
    metrics::set_counter_total("ludus_mail_received_total", static_cast<double>(mails.count),
                               {{"outcome", received_mail_name(mails.outcome)}, {"reason", mail_reason_name(mails.reason)}});
}

PlayServer::~PlayServer() { stop(); }

void PlayServer::run() {
  {
    std::lock_guard lock(lifecycle_);
    if (!stop_requested_) {
      ai_->start();
      review_worker_->start(config_.review_interval);
      feed_->start();
      mail_->start();
      serving_ = true;
      http_->set_ready(true);
    }
  }
  if (!stop_requested_) http_->run();
  serving_ = false;
}

void PlayServer::start() {
  serving_ = true;  // so a stop() right away waits for the thread
  thread_ = std::thread([this] { run(); });
}

void PlayServer::stop() {
  stop_requested_ = true;
  while (serving_) {
    http_->stop();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (thread_.joinable()) thread_.join();
  std::lock_guard lock(lifecycle_);
  feed_->stop();
  ai_->stop();
  review_worker_->stop();  // after the review under way
  mail_->stop();
  if (metrics_endpoint_) metrics_endpoint_->stop();  // last: a scrape still sees the stop
}

}  // namespace ludus::server
