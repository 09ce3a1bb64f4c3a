// SPDX-License-Identifier: Apache-2.0
#pragma once
// Bots on a running server (docs/bots.md): a fixture with alice and the account "engine"
// (which asks to be asked), and a client of a bot's event stream.
#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include "http_test_support.h"

namespace ludus::server::testing {

class BotFixture : public HttpFixture {
 protected:
  void SetUp() override {
    config_.service_limits.boards_per_hour = 0;
    HttpFixture::SetUp();
    alice_ = account("alice", "alice-pw-1");
    owner_ = account("engine", "engine-pw-1", "ask");
  }

  // Makes `token`'s account a bot with its password; the reply.
  HttpReply become_bot(const std::string& token, const std::string& password) {
    return post("/api/me/bot", {{"password", password}}, token);
  }
  // A bot token of the account `token` signs in to.
  std::string bot_token(const std::string& token, const std::string& password) {
    auto r = post("/api/me/bot-tokens", {{"password", password}}, token);
    EXPECT_EQ(r.status, 201) << r.body;
    EXPECT_EQ(r.json.value("scope", ""), "bot");
    return r.json.value("token", "");
  }
  // "engine" made a bot; its bot token.
  std::string engine_bot() {
    EXPECT_EQ(become_bot(owner_, "engine-pw-1").status, 200);
    return bot_token(owner_, "engine-pw-1");
  }

  std::string alice_, owner_;
};

// GET /api/bot/stream read as a bot does: the reply's head, then one JSON object a line
// (the empty keep-alive lines skipped) out of the chunked body.
class BotStreamClient {
 public:
  BotStreamClient(int port, const std::string& token, const std::string& query = "",
                  const std::string& extra_headers = "")
      : stream_(io_) {
    boost::asio::ip::tcp::endpoint at(boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port));
    stream_.socket().connect(at);
    const std::string request = "GET /api/bot/stream" + query + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                                "Authorization: Bearer " + token + "\r\n" + extra_headers + "\r\n";
    boost::asio::write(stream_.socket(), boost::asio::buffer(request));
    while (raw_.find("\r\n\r\n") == std::string::npos && read_more(std::chrono::seconds(10))) {
    }
    const size_t end = raw_.find("\r\n\r\n");
    head_ = raw_.substr(0, end == std::string::npos ? raw_.size() : end);
    raw_.erase(0, end == std::string::npos ? raw_.size() : end + 4);
    status_ = head_.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(head_.c_str() + 9) : 0;
    chunked_ = head_.find("chunked") != std::string::npos;
  }

  int status() const { return status_; }
  const std::string& head() const { return head_; }
  // An error reply's body (its Content-Length read).
  std::string error_body() {
    while (read_more(std::chrono::seconds(2))) {
    }
    return raw_;
  }

  // The next event, or nullopt when none came within `patience` (or the stream ended).
  std::optional<nlohmann::json> next(std::chrono::milliseconds patience = std::chrono::seconds(10)) {
    const auto deadline = std::chrono::steady_clock::now() + patience;
    for (;;) {
      decode_chunks();
      for (size_t newline; (newline = body_.find('\n')) != std::string::npos;) {
        const std::string line = body_.substr(0, newline);
        body_.erase(0, newline + 1);
        if (line.empty()) {
          ++keep_alives_;
          continue;
        }
        return nlohmann::json::parse(line);
      }
      const auto now = std::chrono::steady_clock::now();
      if (now >= deadline || !read_more(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now))) {
        return std::nullopt;
      }
    }
  }
  // The next event of type `type`, skipping others; null when none came.
  nlohmann::json next_of(const std::string& type, std::chrono::milliseconds patience = std::chrono::seconds(10)) {
    while (auto event = next(patience))
      if (event->value("type", "") == type) return *event;
    return nullptr;
  }
  int keep_alives() const { return keep_alives_; }
  bool ended() const { return ended_; }

 private:
  // Reads what came within `patience`; false when nothing did or the connection ended.
  bool read_more(std::chrono::milliseconds patience) {
    if (ended_) return false;
    char buffer[4096];
    size_t got = 0;
    boost::beast::error_code error;
    stream_.expires_after(patience);
    stream_.async_read_some(boost::asio::buffer(buffer), [&](boost::beast::error_code ec, size_t n) {
      error = ec;
      got = n;
    });
    io_.restart();
    io_.run();
    raw_.append(buffer, got);
    if (error && error != boost::beast::error::timeout) ended_ = true;
    return got > 0;
  }
  // Moves the whole chunks of raw_ into body_.
  void decode_chunks() {
    if (!chunked_) return;
    for (;;) {
      const size_t line_end = raw_.find("\r\n");
      if (line_end == std::string::npos) return;
      const size_t size = std::stoul(raw_.substr(0, line_end), nullptr, 16);
      if (raw_.size() < line_end + 2 + size + 2) return;
      body_ += raw_.substr(line_end + 2, size);
      raw_.erase(0, line_end + 2 + size + 2);
      if (size == 0) ended_ = true;
    }
  }

  boost::asio::io_context io_;
  boost::beast::tcp_stream stream_;
  std::string raw_, head_, body_;
  int status_ = 0;
  bool chunked_ = false;
  bool ended_ = false;
  int keep_alives_ = 0;
};

}  // namespace ludus::server::testing
