// SPDX-License-Identifier: Apache-2.0
#pragma once
// The HTTP side of the play server: the JSON API under /api/ (docs/http-api.md), the
// command endpoint POST /api/command, the WebSocket GET /api/ws and the static web page,
// on an asynchronous Beast/Asio server (http_server.h) with the limits of HttpLimits.
#include <atomic>
#include <functional>
#include <memory>
#include <string>

#include "server/transport/api_routes.h"
#include "server/transport/bot_stream.h"
#include "server/live/board_signal.h"
#include "server/transport/http_server.h"
#include "server/transport/long_poll.h"
#include "server/domain/service.h"
#include "server/live/watch_hub.h"

namespace ludus::server {

struct HttpSettings {
  std::string web_dir;  // "" = no static files
  HttpLimits limits;
  std::function<void(const std::string&)> log;  // messages (no web page ...)
  RequestLog access_log;                        // one record per answered request when set
  bool metrics = false;                         // GET /metrics on this port too (metrics_endpoint.h)
  std::chrono::milliseconds push_memory{std::chrono::minutes(10)};  // WatchHub's, see push_ledger.h
  std::string engine_dir;  // the engine in the page, served at /engine/; "" = none
};

class HttpApi {
 public:
  HttpApi(Service& service, HttpSettings settings);
  ~HttpApi();
  HttpApi(const HttpApi&) = delete;
  HttpApi& operator=(const HttpApi&) = delete;

  // Serves on the listener's socket (bound beforehand); returns its port.
  int listen(Listener& listener);
  // Serves until stop() (from any thread or a signal-waiting thread).
  void run();
  // Answers waiting long polls, closes WebSockets (1012: come back soon) and the bots'
  // streams (they reconnect with since), stops accepting
  // and ends run().
  void stop();
  // Whether GET /api/ready answers 200 (taking requests) or 503 (starting or draining);
  // GET /api/health answers 200 all along, while the process can answer at all.
  void set_ready(bool ready) { ready_ = ready; }
  bool ready() const { return ready_; }
  // A stored change of a board: wakes its long polls, pushes it to its WebSockets and makes
  // the bots' streams look for events.
  void board_changed(int64_t board, BoardChange change);
  void offers_changed() {
    hub_.offers_changed();
    bot_streams_.wake_all();
  }
  void tournament_changed(int64_t tournament, int64_t revision) { hub_.tournament_changed(tournament, revision); }

  size_t websocket_connections() const { return hub_.connections(); }
  size_t waiting_long_polls() const { return signal_.waiting(); }
  size_t bot_streams() const { return bot_streams_.open(); }
  size_t requests_in_flight() const { return server_.in_flight(); }
  size_t remembered_boards() const { return hub_.remembered_boards(); }
  const ApiRoutes& routes() const { return routes_; }

 private:
  std::atomic<bool> ready_{false};
  BoardSignal signal_;
  HttpServer server_;
  LongPolls polls_;
  BotStreams bot_streams_;
  WatchHub hub_;
  ApiRoutes routes_;
};

}  // namespace ludus::server
