// SPDX-License-Identifier: Apache-2.0
#include "server/transport/long_poll.h"

#include <algorithm>
#include <atomic>
#include <memory>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "server/domain/community/notifications.h"

namespace ludus::server {

namespace asio = boost::asio;

namespace {

struct PendingPoll {
  explicit PendingPoll(asio::io_context& io, std::function<void()> then) : timer(asio::make_strand(io)), then(std::move(then)) {}
  asio::steady_timer timer;
  std::function<void()> then;
  std::atomic<bool> woken{false};
  uint64_t wait_id = 0;
};

}  // namespace

void LongPolls::wait(int64_t board, int64_t known, std::chrono::milliseconds timeout, std::function<void()> then) {
  wait_until(board, known, std::chrono::steady_clock::now() + timeout, std::move(then));
}

void LongPolls::wait_until(int64_t board, int64_t known, std::chrono::steady_clock::time_point deadline,
                           std::function<void()> then) {
  auto poll = std::make_shared<PendingPoll>(*io_, std::move(then));
  poll->timer.expires_at(deadline);
  // Subscribe before reading the revision, so a change in between is never missed.
  poll->wait_id = signal_->wait(board, [poll] {
    poll->woken = true;
    asio::post(poll->timer.get_executor(), [poll] { poll->timer.cancel(); });
  });
  auto finish = [this, poll] {
    signal_->cancel(poll->wait_id);
    asio::post(*workers_, poll->then);
  };
  // A wake without a new revision (a change published twice, e.g. by the feed of other
  // processes' changes as well) waits again for the rest of the time.
  auto woken = [this, poll, board, known, deadline, finish] {
    signal_->cancel(poll->wait_id);
    asio::post(*workers_, [this, poll, board, known, deadline] {
      bool again = !signal_->closed() && std::chrono::steady_clock::now() < deadline;
      try {
        again = again && service_->revision(board) == std::optional<int64_t>(known);
      } catch (...) {
        // The revision could not be read (a lost connection, a busy database): the change
        // that woke the poll may not be this board's; wait on, and the answer at the end
        // says whatever holds then.
      }
      if (!again) return poll->then();
      try {
        wait_until(board, known, deadline, poll->then);
      } catch (...) {
        poll->then();
      }
    });
  };
  bool changed = true;
  try {
    changed = service_->revision(board) != std::optional<int64_t>(known);
  } catch (...) {
    signal_->cancel(poll->wait_id);
    throw;
  }
  if (changed) return finish();
  // On the timer's strand: either the wake already came (then look again), or it will
  // cancel the wait.
  asio::post(poll->timer.get_executor(), [poll, finish, woken] {
    if (poll->woken) return woken();
    poll->timer.async_wait([poll, finish, woken](boost::system::error_code) { poll->woken ? woken() : finish(); });
  });
}

struct LongPolls::NotificationPoll {
  NotificationPoll(asio::io_context& io, std::string user, int64_t known, std::chrono::steady_clock::time_point deadline,
                   std::function<void()> then)
      : timer(io), user(std::move(user)), known(known), deadline(deadline), then(std::move(then)) {}
  asio::steady_timer timer;
  std::string user;
  int64_t known;
  std::chrono::steady_clock::time_point deadline;
  std::function<void()> then;
};

void LongPolls::wait_for_notifications(const std::string& user, int64_t known, std::chrono::milliseconds timeout,
                                       std::function<void()> then) {
  look_at_notifications(std::make_shared<NotificationPoll>(*io_, user, known, std::chrono::steady_clock::now() + timeout,
                                                           std::move(then)));
}

void LongPolls::look_at_notifications(const std::shared_ptr<NotificationPoll>& poll) {
  const auto now = std::chrono::steady_clock::now();
  bool done = signal_->closed() || now >= poll->deadline;
  try {
    done = done || Notifications(*service_).revision(poll->user) != poll->known;
  } catch (...) {
    done = true;  // the answer says why
  }
  if (done) return poll->then();
  poll->timer.expires_at(std::min(poll->deadline, now + kNotificationLookInterval));
  poll->timer.async_wait([this, poll](boost::system::error_code) {
    asio::post(*workers_, [this, poll] { look_at_notifications(poll); });
  });
}

}  // namespace ludus::server
