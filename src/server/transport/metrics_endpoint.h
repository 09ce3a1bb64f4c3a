// SPDX-License-Identifier: Apache-2.0
#pragma once
// GET /metrics, the Prometheus scrape (server/base/metrics.h), on the main port when
// `ludus serve --metrics` asks for it, or on a port of its own (`--metrics-port`, bound to
// loopback unless --metrics-host says otherwise) so that players never reach it.
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "server/transport/http_server.h"

namespace ludus::server {

inline constexpr std::string_view kMetricsPath = "/metrics";

// The scrape for GET or HEAD (route "/metrics"); 405 for any other method.
Response metrics_response(Request& request);

// An HTTP server answering GET /metrics only (404 for anything else), on its own thread.
class MetricsEndpoint {
 public:
  // Binds `host`:`port` (0: any free port); throws LudusError when it cannot.
  // Scrapes are not logged (one every few seconds would drown the log).
  MetricsEndpoint(const std::string& host, int port);
  ~MetricsEndpoint();
  MetricsEndpoint(const MetricsEndpoint&) = delete;
  MetricsEndpoint& operator=(const MetricsEndpoint&) = delete;

  int port() const { return port_; }
  void start();
  void stop();  // safe more than once

 private:
  Listener listener_;
  HttpServer server_;
  int port_ = 0;
  std::thread thread_;
};

}  // namespace ludus::server
