// SPDX-License-Identifier: Apache-2.0
#pragma once
// One WebSocket connection of GET /api/ws (Beast): accepts the upgrade, reads the
// client's subscription messages and hands them to its WatchHub, and writes the pushes
// in order.  Beast's keep-alive pings close a dead peer after limits.websocket_idle;
// a client that does not read its pushes (more than kMaxQueued pending) is closed.
#include <cstdint>
#include <deque>
#include <memory>
#include <string>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "server/live/watch_hub.h"
#include "server/transport/client_limits.h"
#include "server/transport/http_limits.h"
#include "server/transport/http_message.h"

namespace ludus::server {

class WebSocketSession : public Watcher, public std::enable_shared_from_this<WebSocketSession> {
 public:
  static constexpr size_t kMaxQueued = 64;
  static constexpr size_t kMaxMessage = 4096;  // client messages are small subscriptions

  WebSocketSession(WatchHub& hub, boost::beast::tcp_stream stream, ConnectionSlot slot, const HttpLimits& limits);
  // Joins the hub, completes the handshake for `request` and starts reading (when the hub
  // is shut down, closes instead).
  void start(RawRequest request);
  // Queues a text message; safe from any thread.
  void send(std::shared_ptr<const std::string> text) override;
  // Closes the connection with 1012 (Service Restart: reconnect); safe from any thread.
  void close() override;

 private:
  void close_with(boost::beast::websocket::close_code code);
  void read();
  void write_next();
  void finish();

  WatchHub* hub_;
  uint64_t id_ = 0;  // in the hub
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  ConnectionSlot slot_;
  HttpLimits limits_;
  boost::beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool open_ = false;
  bool finished_ = false;
};

}  // namespace ludus::server
