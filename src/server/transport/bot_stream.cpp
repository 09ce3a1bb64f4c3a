// SPDX-License-Identifier: Apache-2.0
#include "server/transport/bot_stream.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <vector>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>

namespace ludus::server {

namespace asio = boost::asio;
namespace beast = boost::beast;

// One open stream.  Its steps run on the connection's strand, but for the feed's reads,
// which run on the worker pool, one at a time.
class BotStreamSession : public std::enable_shared_from_this<BotStreamSession> {
 public:
  BotStreamSession(beast::tcp_stream stream, ConnectionSlot slot, std::shared_ptr<BotFeed> feed,
                   asio::thread_pool& workers, std::chrono::milliseconds write_timeout)
      : stream_(std::move(stream)), slot_(std::move(slot)), feed_(std::move(feed)), workers_(&workers),
        write_timeout_(write_timeout), timer_(stream_.get_executor()) {}

  void start(std::string first) {
    asio::post(stream_.get_executor(), [self = shared_from_this(), first = std::move(first)]() mutable {
      self->watch_for_close();
      self->tick();
      self->send(first);
    });
  }
  // From any thread: look for new events soon.
  void wake() {
    asio::post(stream_.get_executor(), [self = shared_from_this()] { self->look(); });
  }
  // From any thread.
  void close() {
    asio::post(stream_.get_executor(), [self = shared_from_this()] { self->end(); });
  }

 private:
  // Reads nothing the client should send; its end (or a broken connection) ends the stream.
  void watch_for_close() {
    stream_.async_read_some(asio::buffer(ignored_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->end();
      self->watch_for_close();
    });
  }

  // Once a second: a look for events, and the keep-alive line when none went for a while.
  void tick() {
    if (closed_) return;
    timer_.expires_after(BotStreams::kLookInterval);
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->closed_) return;
      if (std::chrono::steady_clock::now() - self->last_line_ >= BotStreams::kKeepAlive)
        self->send("\n");
      self->look();
      self->tick();
    });
  }

  // Reads the next events on the worker pool, unless a read or a write is under way (then
  // once it is done).
  void look() {
    if (closed_) return;
    if (reading_ || writing_) {
      wanted_ = true;
      return;
    }
    reading_ = true;
    wanted_ = false;
    asio::post(*workers_, [self = shared_from_this()] {
      std::vector<std::string> lines;
      try {
        lines = self->feed_->next();
      } catch (const std::exception&) {
        // The database could not be read now: the next tick looks again.
      }
      asio::post(self->stream_.get_executor(), [self, lines = std::move(lines)]() mutable {
        self->reading_ = false;
        const bool more = lines.size() == static_cast<size_t>(BotFeed::kBatch);
        std::string text;
        for (std::string& line : lines) text += line;
        if (more) self->wanted_ = true;
        if (!text.empty()) return self->send(text);
        if (self->wanted_) self->look();
      });
    });
  }

  // Writes `text` as one chunk of the reply's body (after the chunks before it).
  void send(const std::string& text) {
    if (closed_) return;
    char size[20];
    std::snprintf(size, sizeof size, "%zx\r\n", text.size());
    queued_ += size + text + "\r\n";
    last_line_ = std::chrono::steady_clock::now();
    flush();
  }

  void flush() {
    if (writing_ || queued_.empty() || closed_) return;
    out_ = std::move(queued_);
    queued_.clear();
    writing_ = true;
    stream_.expires_after(write_timeout_);
    asio::async_write(stream_, asio::buffer(out_), [self = shared_from_this()](beast::error_code ec, size_t) {
      self->writing_ = false;
      if (ec) return self->end();
      self->stream_.expires_never();
      if (!self->queued_.empty()) return self->flush();
      if (self->wanted_) self->look();
    });
  }

  void end() {
    if (closed_) return;
    closed_ = true;
    timer_.cancel();
    beast::error_code ignored;
    stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    stream_.close();
  }

  beast::tcp_stream stream_;
  ConnectionSlot slot_;
  std::shared_ptr<BotFeed> feed_;
  asio::thread_pool* workers_;
  std::chrono::milliseconds write_timeout_;
  asio::steady_timer timer_;
  std::array<char, 512> ignored_{};
  std::string out_;     // the bytes being written
  std::string queued_;  // chunks to write after them
  std::chrono::steady_clock::time_point last_line_ = std::chrono::steady_clock::now();
  bool closed_ = false;
  bool writing_ = false;
  bool reading_ = false;  // the feed is being read on the worker pool
  bool wanted_ = false;   // a look was asked for while one could not start
};

void BotStreams::start(beast::tcp_stream stream, ConnectionSlot slot, std::shared_ptr<BotFeed> feed, std::string first,
                       const std::string& bot) {
  auto session = std::make_shared<BotStreamSession>(std::move(stream), std::move(slot), std::move(feed), *workers_,
                                                    write_timeout_);
  std::shared_ptr<BotStreamSession> oldest;
  {
    std::lock_guard lock(mutex_);
    if (closed_) return session->close();
    auto& open = streams_[bot];
    std::erase_if(open, [](const auto& weak) { return weak.expired(); });
    if (open.size() >= kMaxPerBot) {
      oldest = open.front().lock();
      open.pop_front();
    }
    open.push_back(session);
  }
  if (oldest) oldest->close();
  session->start(std::move(first));
}

void BotStreams::wake_all() {
  std::vector<std::shared_ptr<BotStreamSession>> live;
  {
    std::lock_guard lock(mutex_);
    for (auto& [bot, open] : streams_)
      for (const auto& weak : open)
        if (auto session = weak.lock()) live.push_back(std::move(session));
  }
  for (const auto& session : live) session->wake();
}

void BotStreams::shutdown() {
  std::vector<std::shared_ptr<BotStreamSession>> live;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    for (auto& [bot, open] : streams_)
      for (const auto& weak : open)
        if (auto session = weak.lock()) live.push_back(std::move(session));
    streams_.clear();
  }
  for (const auto& session : live) session->close();
}

size_t BotStreams::open() const {
  std::lock_guard lock(mutex_);
  size_t count = 0;
  for (const auto& [bot, open] : streams_)
    for (const auto& weak : open) count += weak.expired() ? 0 : 1;
  return count;
}

}  // namespace ludus::server
