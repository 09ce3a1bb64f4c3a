#include "server/play_server.h"

#include <chrono>

#include "server/mail/mail_notifier.h"

namespace ludus::server {

PlayServer::PlayServer(ServerConfig config) : config_(std::move(config)) {
  // The port first: when it is taken, nothing has been created or migrated yet.
  Listener listener(config_.host, config_.port);
  store_ = std::make_unique<Store>(config_.db_path);
  accounts_ = std::make_unique<Accounts>(*store_, config_.passwords, config_.clock);
  accounts_->limit_signups(config_.service_limits.signups_per_hour);
  service_ = std::make_unique<Service>(*store_, *accounts_, config_.service_limits);
  ai_ = std::make_unique<AiWorker>(*service_, config_.log, AiPoolSettings{config_.ai_workers, config_.ai_sweep_interval, config_.ai_lease});
  http_ = std::make_unique<HttpApi>(*service_, HttpSettings{config_.web_dir, config_.limits, config_.log, config_.push_memory});
  service_->set_event_sink(mail_notifier(config_.clock));
  service_->set_offer_sink(offer_mail_notifier(config_.clock));
  mail_ = std::make_unique<MailWorker>(*service_, config_.mail, config_.mail_interval, config_.log);
  // Local changes (the service) and other processes' (the feed) alike; each revision once.
  auto changed = [this, ai = ai_.get(), http = http_.get(), mail = mail_.get()](int64_t board, int64_t revision,
                                                                               BoardChange change) {
    if (!announcer_.first(board, revision)) return;
    ai->enqueue(board);
    http->board_changed(board, change);
    mail->poke();
  };
  service_->set_change_listener(changed);
  service_->set_offers_listener([http = http_.get()] { http->offers_changed(); });
  feed_ = std::make_unique<ChangeFeed>(store_->url(), changed, config_.log, config_.change_poll_interval);
  port_ = http_->listen(listener);
}

PlayServer::~PlayServer() { stop(); }

void PlayServer::run() {
  ai_->start();
  feed_->start();
  mail_->start();
  serving_ = true;
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
  feed_->stop();
  ai_->stop();
  mail_->stop();
}

}  // namespace ludus::server
