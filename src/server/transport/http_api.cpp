#include "server/transport/http_api.h"

#include "server/transport/websocket_session.h"

namespace ludus::server {

HttpApi::HttpApi(Service& service, HttpSettings settings)
    : server_(
          settings.limits, [this](const Request& req, Reply reply) { routes_.handle(req, std::move(reply)); },
          [this](const Request& req) { return routes_.quick(req); },
          [this, limits = settings.limits](boost::beast::tcp_stream stream, RawRequest req, ConnectionSlot slot) {
            std::make_shared<WebSocketSession>(hub_, std::move(stream), std::move(slot), limits)->start(std::move(req));
          },
          settings.log),
      polls_(server_.io(), server_.workers(), signal_, service),
      hub_(service, [this](std::function<void()> job) { return server_.post_work(std::move(job)); },
           settings.limits.max_watched_boards, settings.push_memory),
      routes_(service, polls_, StaticFiles::snapshot(settings.web_dir, {}, settings.log)) {
  if (!settings.web_dir.empty() && !routes_.has_page() && settings.log)
    settings.log("no web page: directory '" + settings.web_dir + "' not found or empty (the API works)");
}

HttpApi::~HttpApi() { stop(); }

int HttpApi::listen(Listener& listener) { return server_.listen(listener); }

void HttpApi::run() { server_.run(); }

void HttpApi::stop() {
  signal_.shutdown();  // waiting long polls answer now
  hub_.shutdown();
  server_.stop();
}

void HttpApi::board_changed(int64_t board, BoardChange change) {
  signal_.publish(board);
  hub_.board_changed(board, change);
}

}  // namespace ludus::server
