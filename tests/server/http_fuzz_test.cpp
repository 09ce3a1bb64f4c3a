// SPDX-License-Identifier: Apache-2.0
// A bounded fuzz of the HTTP layer with a fixed seed: random methods, paths with random
// bytes, random headers, bodies and command texts, and raw malformed requests, to every
// endpoint.  No reply may be a 5xx and the server must be alive at the end.
#include <random>

#include "http_test_support.h"
#include "server/domain/play/board_commands.h"

namespace ludus::server::testing {
namespace {

class HttpFuzzTest : public HttpFixture {
 protected:
  void SetUp() override {
    config_.limits.header_timeout = std::chrono::milliseconds(300);
    config_.limits.body_timeout = std::chrono::milliseconds(300);
    HttpFixture::SetUp();
  }
};

TEST_F(HttpFuzzTest, RandomAndMalformedRequestsNeverGetA5xx) {
  std::mt19937 rng(20261123);
  auto pick = [&](auto const& list) { return list[std::uniform_int_distribution<size_t>(0, std::size(list) - 1)(rng)]; };
  auto bytes = [&](size_t max) {
    std::string s(std::uniform_int_distribution<size_t>(0, max)(rng), '\0');
    for (char& c : s) c = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
    return s;
  };
  const std::string token = account("alice");
  account("bob");
  ASSERT_EQ(post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, token).status, 201);
  std::vector<std::string> paths = {"/api/health", "/api/catalog", "/api/signup", "/api/login", "/api/logout",
                                    "/api/me", "/api/password", "/api/games", "/api/games/1", "/api/games/1/history",
                                    "/api/command", "/api/ws", "/", "/index.html", "/api/games/99999999999999999999"};
  for (const auto& c : board_commands()) paths.push_back("/api/games/1/" + std::string(c.verb));
  const http::verb methods[] = {http::verb::get, http::verb::post, http::verb::put, http::verb::delete_,
                                http::verb::head, http::verb::options, http::verb::patch};
  const std::string words[] = {"move", "1", "alice", "secret-pw", "c3#1", "comment", "\"", "\\", "help", "show",
                               "games", "challenge", "ndengrod", "-size=99", "#", "\xff", "\xc0\xae", "\xe2\x82"};
  const char* queries[] = {"", "?wait=0&revision=0", "?move=1", "?user=%ff", "?a=%", "?wait=1&revision=x", "?%00=1"};
  HttpClient c("127.0.0.1", server_->port(), std::chrono::seconds(10));
  int server_errors = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string path = pick(paths);
    const int mutation = std::uniform_int_distribution<int>(0, 5)(rng);
    if (mutation == 0) path += bytes(12);
    if (mutation == 1) path += percent_encode(bytes(6));
    if (mutation == 2) path += pick(queries);
    std::string body;
    switch (std::uniform_int_distribution<int>(0, 3)(rng)) {
      case 0: body = bytes(64); break;
      case 1: {
        for (int w = std::uniform_int_distribution<int>(0, 6)(rng); w > 0; --w) body += pick(words) + " ";
        break;
      }
      case 2: body = dump_json({{"move", pick(words)}, {"text", pick(words)}, {"user", pick(words)}}); break;
      default: break;
    }
    HeaderList headers;
    if (rng() % 2) headers.push_back({"Authorization", "Bearer " + (rng() % 2 ? token : bytes(10))});
    if (rng() % 4 == 0) headers.push_back({"Accept", "application/json"});
    if (rng() % 8 == 0) headers.push_back({"Range", "bytes=0-1,2-3"});
    if (rng() % 8 == 0) headers.push_back({"X-" + std::to_string(rng() % 100), bytes(20)});
    const char* type = pick(std::array{"application/json", "text/plain", "application/x-www-form-urlencoded"});
    auto r = c.request(pick(methods), path, body, headers, type);
    if (r.status >= 500) {
      ++server_errors;
      ADD_FAILURE() << r.status << " for " << percent_encode(path) << ": " << r.body;
    }
  }
  // Raw malformed requests, each on its own connection.
  const std::string raws[] = {"GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03",
                              "POST /api/login HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
                              "POST /api/login HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                              "GET / HTTP/1.1\r\nHost: \xff\r\n\r\n", std::string(20000, 'A') + "\r\n\r\n"};
  for (int i = 0; i < 100; ++i) {
    const std::string reply = c.raw(i < 7 ? raws[i] : bytes(200) + "\r\n\r\n");
    if (reply.rfind("HTTP/1.1 5", 0) == 0) ADD_FAILURE() << reply.substr(0, 200);
  }
  EXPECT_EQ(server_errors, 0);
  EXPECT_EQ(get("/api/health").status, 200);
  EXPECT_EQ(get("/api/games/1").status, 200);
}

}  // namespace
}  // namespace ludus::server::testing
