// SPDX-License-Identifier: Apache-2.0
#pragma once
// One HTTP/1.1 connection (Beast over Asio): reads requests under the header and body
// deadlines and size limits, applies the edge checks (rate limit, UTF-8, Origin) before
// any handler runs, hands each request to the worker pool, and writes the reply with the
// security headers.  While a handler works or waits (long poll) no thread is held.
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include "server/base/log.h"
#include "server/base/rate_limiter.h"
#include "server/transport/client_limits.h"
#include "server/transport/http_limits.h"
#include "server/transport/http_message.h"

namespace ludus::server {

// Completes a request; call it exactly once, from any thread.
using Reply = std::function<void(Response)>;
// Runs on a worker thread, never on an I/O thread; the request stays valid until `reply`.
// It sets the request's route (and board) before it replies.
using RequestHandler = std::function<void(Request&, Reply)>;
// Answers, on the I/O thread, a request that needs neither the database nor any wait
// (health check, static files), so it never queues behind moves; nullopt: not such a one.
using QuickHandler = std::function<std::optional<Response>(Request&)>;
// Takes over a connection asking for a WebSocket upgrade (it passed the edge checks).
using UpgradeHandler = std::function<void(boost::beast::tcp_stream stream, RawRequest request, ConnectionSlot slot)>;
// The access log: one record per answered request (nullptr: none).
using RequestLog = std::function<void(const LogRecord&)>;

// What the sessions share with the server; it outlives them.
struct EdgeContext {
  HttpLimits limits;
  RequestHandler handler;
  QuickHandler quick;
  UpgradeHandler upgrade;
  RequestLog log;
  std::shared_ptr<ConnectionCounter> connections;
  RateLimiter rate;
  // Runs a job on the worker pool; false when the queue is full (the job is dropped).
  std::function<bool(std::function<void()>)> post_work;
  std::atomic<size_t> in_flight{0};  // requests read and not yet answered

  EdgeContext(HttpLimits l, RequestHandler h, QuickHandler q, UpgradeHandler u, RequestLog lg)
      : limits(l), handler(std::move(h)), quick(std::move(q)), upgrade(std::move(u)), log(std::move(lg)),
        connections(std::make_shared<ConnectionCounter>(l.max_connections_per_ip)),
        rate(l.requests_per_second, l.request_burst) {}
};

void start_http_session(std::shared_ptr<EdgeContext> context, boost::asio::ip::tcp::socket socket,
                        ConnectionSlot slot);

// The client's address: `peer` (the socket's), or, when `peer` is one of `trusted_proxies`,
// the rightmost address of X-Forwarded-For that is not a trusted proxy itself (each proxy
// appends the address it saw; what the client wrote stands further left and is not trusted).
std::string client_address(const RawRequest& request, const std::string& peer,
                           const std::vector<std::string>& trusted_proxies);

// The request target as the access log shows it: cut at 200 bytes, with the values of
// parameters that may hold a secret (command, *password*, token) shown as *****.
std::string loggable_target(std::string_view target);

// The headers every reply carries: nosniff, no framing, the page's CSP, no referrer.
void add_security_headers(Response& response);

// The id of a request: the X-Request-Id a trusted proxy sent when it is 1-64 letters,
// digits, '.', '_' or '-' (so a proxy's id follows the request), else 16 new random hex digits.
std::string request_id_for(const RawRequest& request, bool from_trusted_proxy);

// A POST (or any method but GET/HEAD/OPTIONS) whose Origin header names another origin
// than the Host it was sent to.  Requests without Origin (curl, scripts) pass.
bool cross_origin_write(const RawRequest& request);
// The request carries an Origin header naming another origin than its Host.
bool cross_origin(const RawRequest& request);

}  // namespace ludus::server
