// SPDX-License-Identifier: Apache-2.0
#pragma once
// The limits of the HTTP layer, all settable as `ludus serve` options (docs/http-api.md).
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace ludus::server {

struct HttpLimits {
  size_t max_body = 64 * 1024;     // larger request bodies get 413
  size_t max_header = 8 * 1024;    // request line and headers; larger get 431
  std::chrono::milliseconds header_timeout{10000};  // a whole header must arrive in this (idle keep-alive too)
  std::chrono::milliseconds body_timeout{30000};    // then the whole body, and later each reply's write
  size_t max_connections_per_ip = 256;  // further connections of that address are closed at once
  double requests_per_second = 100;     // per address, on average (0 = no limit); over it: 429
  double request_burst = 200;           // the token bucket's size
  size_t io_threads = 2;                // run the event loop (never block)
  size_t workers = 8;                   // run the handlers (database, password hashing)
  size_t max_queued = 2048;             // requests waiting for a worker; more get 503 busy
  std::chrono::milliseconds websocket_idle{60000};  // a silent WebSocket is pinged, then closed
  size_t max_watched_boards = 64;       // per WebSocket
  // Addresses of reverse proxies whose X-Forwarded-For names the client (--trusted-proxy):
  // every per-address limit then applies to the client, not to the proxy.  Empty: the
  // header is ignored (anyone could write it).
  std::vector<std::string> trusted_proxies;
};

}  // namespace ludus::server
