// SPDX-License-Identifier: Apache-2.0
#include "server/transport/http_api.h"

#include <chrono>
#include <thread>

#include "server/transport/metrics_endpoint.h"
#include "server/transport/websocket_session.h"

namespace ludus::server {

HttpApi::HttpApi(Service& service, HttpSettings settings)
    : server_(
          settings.limits,
          [this, metrics = settings.metrics](Request& req, Reply reply) {
            if (metrics && req.path == kMetricsPath) return reply(metrics_response(req));
            routes_.handle(req, std::move(reply));
          },
          [this](Request& req) -> std::optional<Response> {
            if (req.path == "/api/ready" && (req.method() == http::verb::get || req.method() == http::verb::head)) {
              req.route = req.path;
              return ready_ ? json_response(200, {{"ready", true}})
                            : json_response(503, {{"ready", false}, {"error", "the server is starting or stopping"},
                                                  {"code", "not_ready"}, {"status", 503}});
            }
            return routes_.quick(req);
          },
          [this, limits = settings.limits](boost::beast::tcp_stream stream, RawRequest req, ConnectionSlot slot) {
            std::make_shared<WebSocketSession>(hub_, std::move(stream), std::move(slot), limits)->start(std::move(req));
          },
          settings.access_log),
      polls_(server_.io(), server_.workers(), signal_, service),
      bot_streams_(server_.workers(), settings.limits.body_timeout),
      hub_(service, [this](std::function<void()> job) { return server_.post_work(std::move(job)); },
           settings.limits.max_watched_boards, settings.push_memory),
      routes_(service, polls_, bot_streams_, StaticFiles::snapshot(settings.web_dir, {}, settings.log),
              StaticFiles::snapshot(settings.engine_dir, {}, settings.log)) {
  if (!settings.web_dir.empty() && !routes_.has_page() && settings.log)
    settings.log("no web page: directory '" + settings.web_dir + "' not found or empty (the API works)");
}

HttpApi::~HttpApi() {
  stop();
  // The workers' jobs (pushes, long polls) use the hub and the polls, which are destroyed
  // before the server that owns the workers: they must be done first (found by TSan).
  server_.finish_work();
}

int HttpApi::listen(Listener& listener) { return server_.listen(listener); }

void HttpApi::run() { server_.run(); }

void HttpApi::stop() {
  ready_ = false;
  signal_.shutdown();  // waiting long polls answer now
  bot_streams_.shutdown();
  hub_.shutdown();
  // The close frames (1012) must leave before the event loop stops: wait a moment at most
  // for the closing handshakes (a session leaves the hub when its handshake is done).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (hub_.connections() > 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  server_.stop();
}

void HttpApi::board_changed(int64_t board, BoardChange change) {
  signal_.publish(board);
  hub_.board_changed(board, change);
  bot_streams_.wake_all();
}

}  // namespace ludus::server
