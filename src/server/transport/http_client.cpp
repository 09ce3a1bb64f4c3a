// SPDX-License-Identifier: Apache-2.0
#include "server/transport/http_client.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/buffer_body.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>

namespace ludus::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;
using boost::system::error_code;

namespace {

// Runs the io_context until the pending operations are done (their deadlines bound it).
void run(asio::io_context& io) {
  io.restart();
  io.run();
}

error_code connect_stream(asio::io_context& io, beast::tcp_stream& stream, const std::string& host, int port,
                          std::chrono::milliseconds timeout) {
  error_code result;
  const asio::ip::address address = asio::ip::make_address(host, result);
  if (result) {  // a name: its addresses, each tried in turn
    tcp::resolver resolver(io);
    const auto endpoints = resolver.resolve(host, std::to_string(port), result);
    if (result) return result;
    stream.expires_after(timeout);
    stream.async_connect(endpoints, [&](error_code ec, const tcp::endpoint&) { result = ec; });
    run(io);
    return result;
  }
  stream.expires_after(timeout);
  stream.async_connect(tcp::endpoint(address, static_cast<unsigned short>(port)), [&](error_code ec) { result = ec; });
  run(io);
  return result;
}

}  // namespace

std::string HttpResult::header(const std::string& name) const {
  auto it = headers.find(name);
  return it == headers.end() ? std::string() : std::string(it->value());
}

HttpClient::HttpClient(std::string host, int port, std::chrono::milliseconds timeout)
    : host_(std::move(host)), port_(port), timeout_(timeout) {}

error_code HttpClient::connect(beast::tcp_stream& stream) { return connect_stream(io_, stream, host_, port_, timeout_); }

HttpResult HttpClient::request(http::verb method, const std::string& target, const std::string& body,
                               const HeaderList& headers, const std::string& content_type) {
  RawRequest req{method, target, 11};
  req.set(http::field::host, host_ + ":" + std::to_string(port_));
  if (!body.empty() || method == http::verb::post) req.set(http::field::content_type, content_type);
  for (const auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  req.prepare_payload();
  HttpResult out;
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!stream_) {
      stream_ = std::make_unique<beast::tcp_stream>(io_);
      buffer_.clear();
      if (error_code ec = connect(*stream_)) {
        stream_.reset();
        out.error = "connect: " + ec.message();
        return out;
      }
    }
    error_code ec;
    stream_->expires_after(timeout_);
    http::async_write(*stream_, req, [&](error_code e, size_t) { ec = e; });
    run(io_);
    http::response_parser<http::string_body> parser;
    parser.body_limit(1ull << 32);
    parser.skip(method == http::verb::head);  // its Content-Length is the GET's; no body follows
    if (!ec) {
      http::async_read(*stream_, buffer_, parser, [&](error_code e, size_t) { ec = e; });
      run(io_);
    }
    if (ec) {
      stream_.reset();  // the server closed a kept connection: one fresh try
      out.error = ec.message();
      continue;
    }
    auto res = parser.release();
    out.status = res.result_int();
    out.error.clear();
    out.body = std::move(res.body());
    out.headers = res.base();
    if (!res.keep_alive()) stream_.reset();
    return out;
  }
  return out;
}

std::string HttpClient::raw(const std::string& bytes, bool* closed) {
  beast::tcp_stream stream(io_);
  std::string out;
  if (closed) *closed = false;
  if (connect(stream)) return out;
  stream.expires_after(timeout_);
  error_code ec;
  asio::async_write(stream, asio::buffer(bytes), [&](error_code e, size_t) { ec = e; });
  run(io_);
  char chunk[4096];
  while (!ec) {
    stream.async_read_some(asio::buffer(chunk), [&](error_code e, size_t n) {
      ec = e;
      out.append(chunk, n);
    });
    run(io_);
  }
  if (closed) *closed = ec != beast::error::timeout;
  return out;
}

struct HttpLineStream::Parser {
  http::response_parser<http::buffer_body> parser;
  char chunk[16384];
};

HttpLineStream::HttpLineStream(std::string host, int port, std::chrono::milliseconds timeout)
    : connection_(std::move(host), port, timeout) {}

HttpLineStream::~HttpLineStream() {
  if (connection_.stream_) connection_.stream_->socket().close();  // a pending read ends with the io_context
}

int HttpLineStream::open(const std::string& target, const HeaderList& headers) {
  auto& stream = connection_.stream_;
  asio::io_context& io = connection_.io_;
  stream = std::make_unique<beast::tcp_stream>(io);
  connection_.buffer_.clear();
  parser_ = std::make_unique<Parser>();
  parser_->parser.body_limit(boost::none);  // a stream has no end: lines are bounded below
  pending_.clear();
  error_.clear();
  reading_ = ended_ = false;
  if (error_code ec = connection_.connect(*stream)) {
    error_ = "connect: " + ec.message();
    return 0;
  }
  RawRequest req{http::verb::get, target, 11};
  req.set(http::field::host, connection_.host_ + ":" + std::to_string(connection_.port_));
  for (const auto& [name, value] : headers) req.set(name, value);
  error_code ec;
  stream->expires_after(connection_.timeout_);
  http::async_write(*stream, req, [&](error_code e, size_t) { ec = e; });
  run(io);
  if (!ec) {
    http::async_read_header(*stream, connection_.buffer_, parser_->parser, [&](error_code e, size_t) { ec = e; });
    run(io);
  }
  if (ec) {
    error_ = ec.message();
    return 0;
  }
  stream->expires_never();
  const int status = parser_->parser.get().result_int();
  if (status != 200) {  // the refusal's JSON, whole
    const auto deadline = std::chrono::steady_clock::now() + connection_.timeout_;
    while (!ended_ && read_some(deadline)) {
    }
  }
  return status;
}

// Runs one read of the body into pending_ until `deadline`; false when it did not complete
// (still pending) or the body ended.
bool HttpLineStream::read_some(std::chrono::steady_clock::time_point deadline) {
  if (ended_) return false;
  asio::io_context& io = connection_.io_;
  if (!reading_) {
    if (parser_->parser.is_done()) {
      ended_ = true;
      return false;
    }
    reading_ = true;
    parser_->parser.get().body().data = parser_->chunk;
    parser_->parser.get().body().size = sizeof parser_->chunk;
    http::async_read_some(*connection_.stream_, connection_.buffer_, parser_->parser, [this](error_code ec, size_t) {
      reading_ = false;
      pending_.append(parser_->chunk, sizeof parser_->chunk - parser_->parser.get().body().size);
      if (ec == http::error::need_buffer) ec = {};
      if (ec) {
        ended_ = true;
        if (ec != http::error::end_of_stream && ec != asio::error::eof) error_ = ec.message();
      } else if (parser_->parser.is_done()) {
        ended_ = true;
      }
    });
  }
  io.restart();
  while (reading_ && std::chrono::steady_clock::now() < deadline) io.run_one_until(deadline);
  return !reading_ && !ended_;
}

HttpLineStream::Read HttpLineStream::next_line(std::string& line, std::chrono::milliseconds wait) {
  constexpr size_t kLongestLine = 16 << 20;  // a snapshot of many boards stays far below
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    const size_t end = pending_.find('\n');
    if (end != std::string::npos) {
      line.assign(pending_, 0, end);
      pending_.erase(0, end + 1);
      return Read::Line;
    }
    if (pending_.size() > kLongestLine) {
      error_ = "a line longer than 16 MiB";
      return Read::Ended;
    }
    if (ended_ || !connection_.stream_) return Read::Ended;
    if (!read_some(deadline)) {
      if (ended_ && pending_.find('\n') == std::string::npos) return Read::Ended;
      if (reading_) return Read::Idle;
    }
  }
}

WebSocketClient::WebSocketClient(std::string host, int port, std::chrono::milliseconds timeout)
    : host_(std::move(host)), port_(port), timeout_(timeout), ws_(io_) {}

bool WebSocketClient::connect(const std::string& target, const HeaderList& headers) {
  if (error_code ec = connect_stream(io_, beast::get_lowest_layer(ws_), host_, port_, timeout_)) {
    error_ = "connect: " + ec.message();
    return false;
  }
  ws_.set_option(beast::websocket::stream_base::decorator([headers](beast::websocket::request_type& req) {
    for (const auto& [name, value] : headers) req.set(name, value);
  }));
  beast::websocket::response_type res;
  error_code result;
  ws_.async_handshake(res, host_ + ":" + std::to_string(port_), target, [&](error_code ec) { result = ec; });
  run(io_);
  if (result) {
    error_ = "handshake: " + result.message() + " (HTTP " + std::to_string(res.result_int()) + ")";
    return false;
  }
  beast::get_lowest_layer(ws_).expires_never();
  return true;
}

bool WebSocketClient::send(const std::string& text) {
  error_code result;
  bool done = false;
  ws_.text(true);
  ws_.async_write(asio::buffer(text), [&](error_code ec, size_t) {
    result = ec;
    done = true;
  });
  io_.restart();
  const auto deadline = std::chrono::steady_clock::now() + timeout_;
  while (!done && std::chrono::steady_clock::now() < deadline) io_.run_one_until(deadline);
  return done && !result;
}

std::optional<std::string> WebSocketClient::receive(std::chrono::milliseconds timeout) {
  if (closed_) return std::nullopt;
  if (!reading_ && !received_) {
    reading_ = true;
    ws_.async_read(buffer_, [this](error_code ec, size_t) {
      reading_ = false;
      if (ec) closed_ = true;
      else received_ = true;
    });
  }
  io_.restart();
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!received_ && !closed_ && std::chrono::steady_clock::now() < deadline)
    io_.run_one_until(deadline);
  if (!received_) return std::nullopt;
  received_ = false;
  std::string text = beast::buffers_to_string(buffer_.data());
  buffer_.consume(buffer_.size());
  return text;
}

}  // namespace ludus::server
