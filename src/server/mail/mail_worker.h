// SPDX-License-Identifier: Apache-2.0
#pragma once
// The mail chores of `ludus serve`, on one background thread: deliver the outbox (when a
// transport is configured), queue the daily digests, and enforce the boards' time limits
// (reminders, losses on time).  The chores run every `interval`; the outbox is looked at
// every kOutboxLook too (a read), and at once after poke() (a change queued mail), so a
// reply that `ludus mail` queued in another process leaves within about kOutboxLook.
// `ludus mail --send-queue` and `ludus cleanup` do the same from cron.
#include <chrono>
#include <functional>
#include <string>

#include "server/base/background_loop.h"
#include "server/mail/mail_sender.h"
#include "server/domain/service.h"

namespace ludus::server {

class MailWorker {
 public:
  static constexpr std::chrono::milliseconds kOutboxLook{250};

  MailWorker(Service& service, MailTransport transport, std::chrono::milliseconds interval,
             std::function<void(const std::string&)> log);
  ~MailWorker();
  MailWorker(const MailWorker&) = delete;
  MailWorker& operator=(const MailWorker&) = delete;

  void start();
  void stop();  // waits for the round under way; safe to call twice
  void poke();

 private:
  void round();
  void chores();

  Service* service_;
  MailTransport transport_;
  MailSender sender_;
  std::chrono::milliseconds interval_;
  std::chrono::steady_clock::time_point next_chores_{};  // the loop's thread only
  std::function<void(const std::string&)> log_;
  BackgroundLoop loop_;  // last: stopped before the members its rounds use
};

}  // namespace ludus::server
