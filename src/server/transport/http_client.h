// SPDX-License-Identifier: Apache-2.0
#pragma once
// Small blocking HTTP/1.1 and WebSocket clients on Beast, for the tests, the load
// benchmark (bench/server_load) and `ludus bot` (docs/bots.md): one keep-alive connection
// each, every operation bounded by a timeout.  Plain HTTP (a TLS server is reached through a
// local proxy); the host is an address or a name resolved on each connect.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "server/transport/http_message.h"

namespace ludus::server {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

struct HttpResult {
  int status = 0;  // 0: no reply (see `error`)
  std::string error;
  std::string body;
  http::fields headers;
  std::string header(const std::string& name) const;
  nlohmann::json json() const { return nlohmann::json::parse(body, nullptr, false); }
};

class HttpClient {
 public:
  HttpClient(std::string host, int port, std::chrono::milliseconds timeout = std::chrono::seconds(30));
  // Sends one request on the kept connection (reconnecting when the server closed it).
  HttpResult request(http::verb method, const std::string& target, const std::string& body = "",
                     const HeaderList& headers = {}, const std::string& content_type = "application/json");
  HttpResult get(const std::string& target, const HeaderList& headers = {}) {
    return request(http::verb::get, target, "", headers);
  }
  // Writes `bytes` as they are on a fresh connection and returns everything read until
  // the server closes it or `timeout` passes; `closed` tells which.
  std::string raw(const std::string& bytes, bool* closed = nullptr);

 private:
  friend class HttpLineStream;  // reads a reply of its own on a client's connection
  boost::system::error_code connect(boost::beast::tcp_stream& stream);
  std::string host_;
  int port_;
  std::chrono::milliseconds timeout_;
  boost::asio::io_context io_;
  std::unique_ptr<boost::beast::tcp_stream> stream_;
  boost::beast::flat_buffer buffer_;
};

// A GET whose reply is read line by line as it arrives, on a connection of its own: the
// bots' NDJSON event stream (docs/bots.md).  Chunked or not, the body is split at '\n'.
class HttpLineStream {
 public:
  HttpLineStream(std::string host, int port, std::chrono::milliseconds timeout = std::chrono::seconds(30));
  ~HttpLineStream();
  // Sends GET `target` and reads the reply's header (bounded by the timeout): its status, 0
  // when none came (error()).  A status other than 200 has its whole body read (body()).
  int open(const std::string& target, const HeaderList& headers = {});
  enum class Read { Line, Idle, Ended };
  // The next line of the body, without its '\n': Line; Idle when none came within `wait`
  // (the read stays pending for the next call); Ended when the body ended or the
  // connection failed (error() says why; empty when the server ended the body).
  Read next_line(std::string& line, std::chrono::milliseconds wait);
  const std::string& error() const { return error_; }
  const std::string& body() const { return pending_; }

 private:
  bool read_some(std::chrono::steady_clock::time_point deadline);
  HttpClient connection_;  // its stream carries this one reply
  struct Parser;
  std::unique_ptr<Parser> parser_;
  std::string pending_;  // bytes of the body not yet returned as lines
  bool reading_ = false, ended_ = false;
  std::string error_;
};

class WebSocketClient {
 public:
  WebSocketClient(std::string host, int port, std::chrono::milliseconds timeout = std::chrono::seconds(30));
  // The handshake of GET `target`; false (with `error()`) when refused.
  bool connect(const std::string& target = "/api/ws", const HeaderList& headers = {});
  bool send(const std::string& text);
  // The next message, or nullopt after `timeout` (a read stays pending for the next call)
  // or when the connection closed.
  std::optional<std::string> receive(std::chrono::milliseconds timeout);
  const std::string& error() const { return error_; }
  // Once receive() saw the connection close: the code of the server's close frame (1012:
  // the server restarts), 0 when it closed without one.
  int close_code() const { return closed_ ? static_cast<int>(ws_.reason().code) : 0; }

 private:
  std::string host_;
  int port_;
  std::chrono::milliseconds timeout_;
  boost::asio::io_context io_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  bool reading_ = false, received_ = false, closed_ = false;
  std::string error_;
};

}  // namespace ludus::server
