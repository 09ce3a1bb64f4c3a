// SPDX-License-Identifier: Apache-2.0
#pragma once
// Long polls (GET /api/games/N?wait=S&revision=R) without a thread each: an Asio timer
// per waiting request, cancelled by the board's BoardSignal; either way the answer is
// then computed on the worker pool.  A user's notifications (GET /api/me/notifications?
// wait=S&after=R) are looked at again every second instead, so a change committed by
// any process, on either engine, answers within a second without a notice between them.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include "server/live/board_signal.h"
#include "server/domain/service.h"

namespace ludus::server {

class LongPolls {
 public:
  LongPolls(boost::asio::io_context& io, boost::asio::thread_pool& workers, BoardSignal& signal, Service& service)
      : io_(&io), workers_(&workers), signal_(&signal), service_(&service) {}

  // Runs `then` on the worker pool once `board`'s revision differs from `known` (at once
  // if it already does), after `timeout`, or when the signal shuts down.  A wake that
  // finds the revision unchanged waits again.  `then` must not
  // throw.  Call it from a worker thread: it reads the revision.
  void wait(int64_t board, int64_t known, std::chrono::milliseconds timeout, std::function<void()> then);

  // How often a waiting notifications poll reads the user's revision.
  static constexpr std::chrono::milliseconds kNotificationLookInterval{1000};
  // Runs `then` on the worker pool once `user`'s notifications revision differs from
  // `known` (at once if it already does), after `timeout`, or once the signal shut down;
  // it reads the revision every kNotificationLookInterval, holding no thread in between.
  // A revision that cannot be read answers at once (the answer says why).  `then` must not
  // throw.  Call it from a worker thread.
  void wait_for_notifications(const std::string& user, int64_t known, std::chrono::milliseconds timeout,
                              std::function<void()> then);

 private:
  struct NotificationPoll;
  void look_at_notifications(const std::shared_ptr<NotificationPoll>& poll);
  void wait_until(int64_t board, int64_t known, std::chrono::steady_clock::time_point deadline,
                  std::function<void()> then);

  boost::asio::io_context* io_;
  boost::asio::thread_pool* workers_;
  BoardSignal* signal_;
  Service* service_;
};

}  // namespace ludus::server
