// SPDX-License-Identifier: Apache-2.0
#pragma once
// The bots' event streams, GET /api/bot/stream (docs/bots.md "The event stream"): a reply
// kept open, one JSON line per event (BotFeed), an empty line after 20 s without one, on a
// connection the HTTP session hands over once the reply's head is written
// (Request::take_stream).  A stream holds no thread while it waits: it looks for new events
// on the worker pool when a change is published in this process (wake_all: the boards'
// changes, this process's and the other processes' of the change feed, and the offers')
// and once a second whatever happens (an offer posted by another process, `ludus mail`).
#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include "server/domain/bots/bot_feed.h"
#include "server/transport/client_limits.h"

namespace ludus::server {

class BotStreamSession;

class BotStreams {
 public:
  // A bot's streams open at once at most: a further one closes its oldest (a reconnecting
  // bot is never refused because the server has not yet seen its old connection die).
  static constexpr size_t kMaxPerBot = 2;
  // An empty line after this long without a line.
  static constexpr std::chrono::seconds kKeepAlive{20};
  // How often a stream looks for events nobody told this process of.
  static constexpr std::chrono::milliseconds kLookInterval{1000};

  // `write_timeout`: a line not taken by the client within it closes the stream.
  BotStreams(boost::asio::thread_pool& workers, std::chrono::milliseconds write_timeout)
      : workers_(&workers), write_timeout_(write_timeout) {}

  // Serves `feed` (its hello computed: `first` is its line) on `stream` until the client
  // goes, the server stops, or the bot opens too many.
  void start(boost::beast::tcp_stream stream, ConnectionSlot slot, std::shared_ptr<BotFeed> feed, std::string first,
             const std::string& bot);
  // Every stream looks for new events now (something was stored).
  void wake_all();
  // Closes every stream for good (the server is stopping).
  void shutdown();
  size_t open() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::deque<std::weak_ptr<BotStreamSession>>> streams_;  // by bot, oldest first
  bool closed_ = false;
  boost::asio::thread_pool* workers_;
  std::chrono::milliseconds write_timeout_;
};

}  // namespace ludus::server
