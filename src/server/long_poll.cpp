#include "server/long_poll.h"

#include <atomic>
#include <memory>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

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
  auto poll = std::make_shared<PendingPoll>(*io_, std::move(then));
  poll->timer.expires_after(timeout);
  // Subscribe before reading the revision, so a change in between is never missed.
  poll->wait_id = signal_->wait(board, [poll] {
    poll->woken = true;
    asio::post(poll->timer.get_executor(), [poll] { poll->timer.cancel(); });
  });
  auto finish = [this, poll] {
    signal_->cancel(poll->wait_id);
    asio::post(*workers_, poll->then);
  };
  bool changed = true;
  try {
    changed = service_->revision(board) != std::optional<int64_t>(known);
  } catch (...) {
    signal_->cancel(poll->wait_id);
    throw;
  }
  if (changed) return finish();
  // On the timer's strand: either the wake already came (then answer), or it will cancel the wait.
  asio::post(poll->timer.get_executor(), [poll, finish] {
    if (poll->woken) return finish();
    poll->timer.async_wait([finish](boost::system::error_code) { finish(); });
  });
}

}  // namespace ludus::server
