// SPDX-License-Identifier: Apache-2.0
#include "server/transport/http_session.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <random>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/serializer.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "server/base/errors.h"
#include "server/base/metrics.h"
#include "server/transport/error_status.h"

namespace ludus::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(std::shared_ptr<EdgeContext> context, tcp::socket socket, ConnectionSlot slot)
      : context_(std::move(context)), stream_(std::move(socket)), slot_(std::move(slot)) {}

  void start() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read_header(); });
  }

 private:
  const HttpLimits& limits() const { return context_->limits; }

  void read_header() {
    head_ = false;
    parser_.emplace();
    parser_->header_limit(static_cast<uint32_t>(limits().max_header));
    parser_->body_limit(limits().max_body);
    stream_.expires_after(limits().header_timeout);
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = shared_from_this()](beast::error_code ec, size_t) { self->on_header(ec); });
  }

  void on_header(beast::error_code ec) {
    started_ = std::chrono::steady_clock::now();
    if (ec == http::error::header_limit) return refuse(431, "too_large", tr(Language(), "request header too large"));
    if (ec == http::error::body_limit) return too_large();  // its Content-Length says so already
    if (ec) return malformed_or_gone(ec);
    head_ = parser_->get().method() == http::verb::head;
    if (beast::websocket::is_upgrade(parser_->get())) return upgrade();
    const auto length = parser_->content_length();
    if (length && *length > limits().max_body) return too_large();
    stream_.expires_after(limits().body_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) { self->on_body(ec); });
  }

  void on_body(beast::error_code ec) {
    if (ec == http::error::body_limit) return too_large();
    if (ec) return malformed_or_gone(ec);
    request_.emplace();
    request_->raw = parser_->release();
    identify();
    keep_alive_ = request_->raw.keep_alive();
    if (auto refusal = refused_at_edge(*request_, false)) return write(std::move(*refusal));
    dispatch();
  }

  // Runs the handler on the worker pool; its reply comes back to this connection's strand.
  void dispatch() {
    if (context_->quick) {
      std::optional<Response> quick;
      try {
        quick = context_->quick(*request_);
      } catch (const std::exception& e) {
        quick = error_response(500, "internal", std::string("internal error: ") + e.what());
      }
      if (quick) return write(std::move(*quick));
    }
    stream_.expires_never();  // a handler may wait (long poll); the connection holds no thread meanwhile
    ++context_->in_flight;  // until its reply is written, so a stopping server waits for it
    in_flight_ = true;
    auto self = shared_from_this();
    auto job = [self] {
      auto answered = std::make_shared<std::atomic<bool>>(false);
      Reply reply = [self, answered](Response res) {
        if (answered->exchange(true)) return;
        asio::post(self->stream_.get_executor(), [self, res = std::move(res)]() mutable { self->write(std::move(res)); });
      };
      try {
        self->context_->handler(*self->request_, reply);
      } catch (const std::exception& e) {
        reply(error_response(500, "internal", std::string("internal error: ") + e.what()));
      } catch (...) {
        reply(error_response(500, "internal", "internal error"));
      }
    };
    if (!context_->post_work(std::move(job))) {
      write(error_response(503, "busy", tr(reader(request_->raw), "the server is busy; retry")));
    }
  }

  // The client's address and the request's id, once the request is read.
  void identify() {
    request_->remote = client_address(request_->raw, slot_.address(), limits().trusted_proxies);
    const auto& proxies = limits().trusted_proxies;
    request_->request_id =
        request_id_for(request_->raw, std::find(proxies.begin(), proxies.end(), slot_.address()) != proxies.end());
  }

  void write(Response res) {
    if (request_ && request_->take_stream && res.result() == http::status::ok && !head_)
      return write_stream_head(std::move(res));
    add_security_headers(res);
    res.set("X-Request-Id", request_ ? request_->request_id : request_id_for({}, false));
    res.keep_alive(keep_alive_);
    res.prepare_payload();
    // HEAD: the GET's status and headers, its Content-Length included, and no body (RFC 9110
    // §9.3.2); prepare_payload is not called again, so the length stays the GET's.
    if (head_) res.body().clear();
    account(res.result_int());
    response_ = std::move(res);
    stream_.expires_after(limits().body_timeout);
    http::async_write(stream_, response_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (self->in_flight_) --self->context_->in_flight;
      self->in_flight_ = false;
      self->request_.reset();
      if (ec || !self->keep_alive_) return self->close();
      self->read_header();
    });
  }

  // The head of a reply whose body its handler writes (Request::take_stream), which then
  // gets the connection.  It is logged as answered: its time is the time to the head.
  void write_stream_head(Response res) {
    add_security_headers(res);
    res.set("X-Request-Id", request_->request_id);
    res.keep_alive(false);
    res.chunked(true);
    account(res.result_int());
    response_ = std::move(res);
    stream_head_.emplace(response_);
    stream_.expires_after(limits().body_timeout);
    http::async_write_header(stream_, *stream_head_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (self->in_flight_) --self->context_->in_flight;
      self->in_flight_ = false;
      auto take = std::move(self->request_->take_stream);
      self->request_.reset();
      self->stream_head_.reset();
      if (ec) return self->close();
      self->stream_.expires_never();
      take(std::move(self->stream_), std::move(self->slot_));
    });
  }

  // The reply's metrics and its access log line.
  void account(int status) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    const std::string method = request_ ? std::string(request_->raw.method_string()) : "";
    const std::string route = !request_ ? "none" : request_->route.empty() ? "none" : request_->route;
    metrics::http_request(route, method, status, seconds);
    if (!context_->log || !request_) return;
    LogRecord record;
    record.event = "request";
    record.request_id = request_->request_id;
    record.remote = request_->remote;
    record.method = method;
    record.target = loggable_target(std::string_view(request_->raw.target().data(), request_->raw.target().size()));
    record.route = route;
    record.board = request_->board;
    record.user = request_->user;
    record.status = status;
    record.level = status >= 500 ? "error" : "info";
    record.duration_ms = seconds * 1000;
    context_->log(record);
  }

  // Errors before a request could be read: answer once and close.
  void refuse(int status, const std::string& code, const std::string& message) {
    keep_alive_ = false;
    write(error_response(status, code, message));
  }
  void too_large() {
    refuse(413, "too_large",
           tr(reader(parser_->get()), "request body too large (limit {bytes} bytes)", {{"bytes", limits().max_body}}));
  }
  void malformed_or_gone(beast::error_code ec) {
    if (ec == http::error::end_of_stream || ec == beast::error::timeout || ec == asio::error::eof ||
        ec == asio::error::connection_reset || ec == asio::error::operation_aborted || ec == http::error::partial_message)
      return close();
    refuse(400, "bad_request", tr(reader(parser_->get()), "malformed request ({detail})", {{"detail", ec.message()}}));
  }

  void upgrade() {
    request_.emplace();
    request_->raw = parser_->release();
    identify();
    keep_alive_ = false;  // whatever is refused here is answered once and closed
    if (auto refusal = refused_at_edge(*request_, true)) return write(std::move(*refusal));
    if (request_->path != "/api/ws" || !context_->upgrade)
      return write(error_response(404, "not_found", tr(reader(request_->raw), "no WebSocket endpoint at {path}",
                                                       {{"path", request_->path.substr(0, 200)}})));
    stream_.expires_never();
    RawRequest raw = std::move(request_->raw);
    request_.reset();
    context_->upgrade(std::move(stream_), std::move(raw), std::move(slot_));
  }

  // The checks before any handler runs, in order: the rate limit (429 with Retry-After),
  // the Origin (403; for WebSockets any method, else writes only), UTF-8 and escapes (400).
  std::optional<Response> refused_at_edge(Request& request, bool websocket) {
    request.route = "edge";  // until a handler takes it: refused here
    if (const int wait = context_->rate.admit(request.remote)) {
      metrics::rate_limited();
      Response res = error_response(429, "rate_limited",
                                    tr(reader(request.raw), "too many requests; retry in {seconds} s", {{"seconds", wait}}));
      res.set(http::field::retry_after, std::to_string(wait));
      return res;
    }
    if (websocket ? cross_origin(request.raw) : cross_origin_write(request.raw))
      return error_response(403, "cross_origin",
                            tr(reader(request.raw), "cross-origin request refused (Origin is not this server)"));
    try {
      decode_request(request);
    } catch (const ServiceError& e) {
      // A page path that cannot even be decoded names no file of the page: 404, like any
      // other name outside it (static_files.h), so no encoding trick answers differently.
      if (page_read(request.raw)) return error_response(404, "not_found", tr(reader(request.raw), "no such page"));
      return error_response(http_status(e), e.code(), e.message_in(reader(request.raw)));
    }
    request.route.clear();
    return std::nullopt;
  }

  // The language of the request's reader (transport/route_helpers.h's reader_language, for
  // a request not yet decoded).
  static Language reader(const RawRequest& raw) {
    const auto header = raw[http::field::accept_language];
    return Language::for_accept_language(std::string_view(header.data(), header.size()));
  }

  // A GET or HEAD outside the API: a request for a file of the web page.
  static bool page_read(const RawRequest& raw) {
    const auto method = raw.method();
    const std::string_view target(raw.target().data(), raw.target().size());
    return (method == http::verb::get || method == http::verb::head) && target.rfind("/api/", 0) != 0 &&
           target != "/api" && target.rfind("/api?", 0) != 0;
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.close();
  }

  std::shared_ptr<EdgeContext> context_;
  beast::tcp_stream stream_;
  ConnectionSlot slot_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<Request> request_;
  Response response_;
  std::optional<http::response_serializer<http::string_body>> stream_head_;  // write_stream_head's
  bool keep_alive_ = true;
  bool head_ = false;       // the request being answered is a HEAD
  bool in_flight_ = false;  // a dispatched request's reply is being written
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();  // its header read
};

}  // namespace

void start_http_session(std::shared_ptr<EdgeContext> context, tcp::socket socket, ConnectionSlot slot) {
  std::make_shared<HttpSession>(std::move(context), std::move(socket), std::move(slot))->start();
}

void add_security_headers(Response& response) {
  response.set("X-Content-Type-Options", "nosniff");
  response.set("X-Frame-Options", "DENY");
  response.set("Content-Security-Policy",
               // 'wasm-unsafe-eval': compiling the page's own engine (/engine/, WebAssembly),
               // and nothing else: eval and new Function stay refused (docs/security.md).
               "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
               "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
  response.set("Referrer-Policy", "no-referrer");
}

std::string request_id_for(const RawRequest& request, bool from_trusted_proxy) {
  if (from_trusted_proxy) {
    const auto given = request.find("X-Request-Id");
    if (given != request.end()) {
      const std::string_view id(given->value().data(), given->value().size());
      const bool well_formed =
          !id.empty() && id.size() <= 64 &&
          id.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == std::string_view::npos;
      if (well_formed) return std::string(id);
    }
  }
  thread_local std::mt19937_64 random(std::random_device{}());
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(random()));
  return text;
}

std::string loggable_target(std::string_view target) {
  target = target.substr(0, 200);
  const size_t question = target.find('?');
  if (question == std::string_view::npos) return std::string(target);
  std::string out(target.substr(0, question + 1));
  std::string_view query = target.substr(question + 1);
  bool first = true;
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view field = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    const std::string_view name = field.substr(0, field.find('='));
    const bool secret = name == "command" || name.find("password") != std::string_view::npos || name == "token";
    out += (first ? "" : "&") + std::string(secret ? std::string(name) + "=*****" : std::string(field));
    first = false;
  }
  return out;
}

std::string client_address(const RawRequest& request, const std::string& peer,
                           const std::vector<std::string>& trusted_proxies) {
  auto trusted = [&](std::string_view address) {
    return std::find(trusted_proxies.begin(), trusted_proxies.end(), address) != trusted_proxies.end();
  };
  if (!trusted(peer)) return peer;
  const auto header = request.find("X-Forwarded-For");
  if (header == request.end()) return peer;
  std::string_view list(header->value().data(), header->value().size());
  while (!list.empty()) {
    const size_t comma = list.rfind(',');
    std::string_view entry = comma == std::string_view::npos ? list : list.substr(comma + 1);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(0, comma);
    while (!entry.empty() && (entry.front() == ' ' || entry.front() == '\t')) entry.remove_prefix(1);
    while (!entry.empty() && (entry.back() == ' ' || entry.back() == '\t')) entry.remove_suffix(1);
    const bool address_like = !entry.empty() && entry.size() <= 45 &&
                              entry.find_first_not_of("0123456789abcdefABCDEF:.") == std::string_view::npos;
    if (!address_like) return peer;  // a malformed list: believe none of it
    if (!trusted(entry)) return std::string(entry);
  }
  return peer;
}

bool cross_origin_write(const RawRequest& request) {
  const auto method = request.method();
  if (method == http::verb::get || method == http::verb::head || method == http::verb::options) return false;
  return cross_origin(request);
}

bool cross_origin(const RawRequest& request) {
  auto origin = request.find(http::field::origin);
  if (origin == request.end()) return false;
  const std::string host(request[http::field::host]);
  const std::string value(origin->value());
  return value != "http://" + host && value != "https://" + host;
}

}  // namespace ludus::server
