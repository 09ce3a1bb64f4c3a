// SPDX-License-Identifier: Apache-2.0
#include "server/transport/metrics_endpoint.h"

#include "server/base/metrics.h"

namespace ludus::server {
namespace {

HttpLimits endpoint_limits() {
  HttpLimits limits;
  limits.io_threads = 1;
  limits.workers = 1;  // scrapes come one at a time, every few seconds
  limits.max_queued = 16;
  limits.max_connections_per_ip = 16;
  limits.requests_per_second = 0;  // the scraper is trusted (the port is loopback by default)
  return limits;
}

}  // namespace

Response metrics_response(Request& request) {
  request.route = std::string(kMetricsPath);
  if (request.method() != http::verb::get && request.method() != http::verb::head)
    return error_response(405, "method_not_allowed", "method not allowed for /metrics");
  return text_response(200, metrics::scrape(), metrics::kContentType);
}

MetricsEndpoint::MetricsEndpoint(const std::string& host, int port)
    : listener_(host, port),
      server_(
          endpoint_limits(),
          [](Request& req, Reply reply) {
            if (req.path == kMetricsPath) return reply(metrics_response(req));
            req.route = "none";
            reply(error_response(404, "not_found", "this port serves " + std::string(kMetricsPath) + " only"));
          },
          nullptr, nullptr, nullptr) {
  port_ = server_.listen(listener_);
}

MetricsEndpoint::~MetricsEndpoint() { stop(); }

void MetricsEndpoint::start() {
  if (!thread_.joinable()) thread_ = std::thread([this] { server_.run(); });
}

void MetricsEndpoint::stop() {
  server_.stop();
  if (thread_.joinable()) thread_.join();
}

}  // namespace ludus::server
