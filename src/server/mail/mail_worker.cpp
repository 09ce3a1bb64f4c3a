// SPDX-License-Identifier: Apache-2.0
#include "server/mail/mail_worker.h"

#include <algorithm>

#include "server/base/metrics.h"
#include "server/domain/bots/bot_events.h"
#include "server/domain/community/notifications.h"
#include "server/mail/mail_notifier.h"

namespace ludus::server {

MailWorker::MailWorker(Service& service, MailTransport transport, std::chrono::milliseconds interval,
                       std::function<void(const std::string&)> log)
    : service_(&service),
      transport_(transport),
      sender_(service.store(), std::move(transport), [accounts = &service.accounts()] { return accounts->now(); }),
      interval_(interval),
      log_(std::move(log)) {}

MailWorker::~MailWorker() { stop(); }

void MailWorker::start() {
  next_chores_ = {};  // the first round runs them
  loop_.start(std::min(interval_, kOutboxLook), [this] { round(); }, [this](const std::exception& e) {
    if (log_) log_(std::string("mail: ") + e.what());
  });
}

void MailWorker::stop() { loop_.stop(); }

void MailWorker::poke() { loop_.poke(); }

void MailWorker::round() {
  const auto now = std::chrono::steady_clock::now();
  const bool chores_due = now >= next_chores_;
  if (chores_due) {
    chores();
    next_chores_ = now + interval_;
  }
  try {
    // Reset requests are answered here, never in the request's reply (accounts.h).
    service_->accounts().answer_reset_requests();
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: reset requests: ") + e.what());
  }
  if (!transport_.configured()) return;
  try {
    // Between the chores only a look at the outbox; the sender's claim is a write.
    if (!chores_due && !sender_.has_due()) return;
    const SendReport report = sender_.send_due();
    metrics::mail_sent(report.sent, report.retried, report.failed);
    if (log_ && (report.sent || report.retried || report.failed))
      log_("mail: sent " + std::to_string(report.sent) + ", to retry " + std::to_string(report.retried) +
           ", refused " + std::to_string(report.failed) +
           (report.last_error.empty() ? "" : " (" + report.last_error + ")"));
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: sending: ") + e.what());
  }
}

void MailWorker::chores() {
  // Each chore on its own: a broken board or an unreachable SMTP server stops nothing else.
  try {
    service_->enforce_time_limits();
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: time limits: ") + e.what());
  }
  try {
    service_->expire_offers();
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: expiring offers: ") + e.what());
  }
  try {
    service_->tournaments().start_due();
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: starting tournaments: ") + e.what());
  }
  try {
    queue_due_digests(service_->store(), service_->accounts().now());
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: digests: ") + e.what());
  }
  try {
    prune_old_mail(service_->store(), service_->accounts().now());
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: deleting old mail: ") + e.what());
  }
  try {
    prune_old_notifications(service_->store(), service_->accounts().now());
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: deleting old notifications: ") + e.what());
  }
  try {
    prune_old_bot_events(service_->store(), service_->accounts().now());
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: deleting old bot events: ") + e.what());
  }
  try {
    service_->accounts().forget_stale_counts();
  } catch (const std::exception& e) {
    if (log_) log_(std::string("mail: forgetting old throttles: ") + e.what());
  }
}

}  // namespace ludus::server
