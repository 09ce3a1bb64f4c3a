// SPDX-License-Identifier: Apache-2.0
// The edge of the HTTP layer: what no request may do (kill the server, starve it, make a
// reply fail, amplify a reply, act cross-site) and the limits that keep it so.
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "http_test_support.h"
#include "server/storage/store.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

class HttpEdgeTest : public HttpFixture {
 protected:
  std::string raw(const std::string& bytes, bool* closed = nullptr) {
    return HttpClient("127.0.0.1", server_->port(), std::chrono::seconds(10)).raw(bytes, closed);
  }
  static int status_of(const std::string& reply) {
    return reply.rfind("HTTP/1.1 ", 0) == 0 ? std::atoi(reply.c_str() + 9) : 0;
  }
  void expect_alive() { EXPECT_EQ(get("/api/health").status, 200) << "the server must keep serving"; }
  int64_t board_of_alice_and_bob() {
    alice_ = account("alice");
    account("bob");
    auto r = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"players", {"alice", "bob"}}}, alice_);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json.value("board", int64_t{0});
  }
  std::string alice_;
};

TEST_F(HttpEdgeTest, InvalidUtf8InThePathIsABadRequestAndTheServerLives) {
  for (const char* path : {"/api/%c0%ae", "/api/games/1/%ff", "/api/games?user=%ff", "/api/%zz"}) {
    const std::string reply = raw(std::string("GET ") + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(reply), 400) << path << ": " << reply;
    EXPECT_NE(reply.find("\"code\":\"bad_"), std::string::npos) << reply;
    expect_alive();
  }
  // Outside the API such a path names no file of the page: 404, as every other name
  // outside the page (static_files_test.cpp).
  for (const char* path : {"/%ff", "/%zz", "/%c0%ae%c0%ae/etc/passwd", "/?x=%ff"}) {
    const std::string reply = raw(std::string("GET ") + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    EXPECT_EQ(status_of(reply), 404) << path << ": " << reply;
    expect_alive();
  }
  // Raw bytes (not escaped) in the request line too.
  EXPECT_EQ(status_of(raw("GET /api/\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")), 400);
  EXPECT_EQ(status_of(raw("GET /\xff\xfe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")), 404);
  expect_alive();
}

TEST_F(HttpEdgeTest, InvalidUtf8TextIsRefusedAndStoredBadBytesNeverBreakAReply) {
  const int64_t board = board_of_alice_and_bob();
  const std::string base = "/api/games/" + std::to_string(board);
  auto command = post_text("/api/command", "comment " + std::to_string(board) + " alice secret-pw bad \xff byte", "", "text/plain");
  EXPECT_EQ(command.status, 400) << command.body;
  EXPECT_EQ(post_text(base + "/comment", "{\"text\": \"bad \xc3\x28\"}", alice_).status, 400);
  EXPECT_EQ(post_text("/api/signup", "{\"user\": \"carol\", \"password\": \"pw-long1\", \"email\": \"\xff@x\"}").status, 400);
  EXPECT_EQ(get(base).json["comments"].size(), 0u);
  // Bytes stored before these checks existed: every reply still answers.  (PostgreSQL
  // never stores text that is not UTF-8.)
  if (testing_postgres()) return;
  {
    Store store(config_.db_path);
    auto session = store.session();
    session.connection().exec(("INSERT INTO comments (game_id, user_id, after_ply, body, created_at) VALUES (" +
                               std::to_string(board) + ", 'alice', 0, CAST(X'6261649f21' AS TEXT), 1)").c_str());
    // Every writer of a board's rows moves its revision on (what the board cache keys on).
    session.connection().exec(("UPDATE games SET revision = revision + 1 WHERE id = " + std::to_string(board)).c_str());
    session.connection().exec("UPDATE users SET email = CAST(X'ff4078' AS TEXT) WHERE id = 'alice'");
  }
  auto g = get(base);
  EXPECT_EQ(g.status, 200) << g.body;
  EXPECT_EQ(g.json["comments"][0]["text"], "bad\xef\xbf\xbd!") << "the bad byte shows as U+FFFD";
  EXPECT_EQ(get(base + "/history").status, 200);
  EXPECT_EQ(get("/api/me", alice_).status, 200);
  EXPECT_EQ(get("/api/games?user=alice").status, 200);
}

TEST_F(HttpEdgeTest, SecurityHeadersOnApiStaticAndErrorReplies) {
  for (const char* path : {"/api/health", "/", "/index.html", "/nope.html", "/api/nothing", "/api/games/x%ff"}) {
    auto r = client().get(path);
    EXPECT_EQ(r.header("X-Content-Type-Options"), "nosniff") << path;
    EXPECT_EQ(r.header("X-Frame-Options"), "DENY") << path;
    EXPECT_NE(r.header("Content-Security-Policy").find("default-src 'self'"), std::string::npos) << path;
    EXPECT_EQ(r.header("Referrer-Policy"), "no-referrer") << path;
  }
  EXPECT_NE(client().get("/").header("Content-Type").find("text/html"), std::string::npos);
}

TEST_F(HttpEdgeTest, CrossOriginPostsAreRefused) {
  account("alice");
  const std::string self = "http://127.0.0.1:" + std::to_string(server_->port());
  const std::string login = json{{"user", "alice"}, {"password", "secret-pw"}}.dump();
  auto foreign = client().request(http::verb::post, "/api/login", login, {{"Origin", "http://evil.example"}});
  EXPECT_EQ(foreign.status, 403);
  EXPECT_EQ(foreign.json()["code"], "cross_origin");
  EXPECT_EQ(client().request(http::verb::post, "/api/command", "help", {{"Origin", "null"}}, "text/plain").status, 403);
  EXPECT_EQ(client().request(http::verb::post, "/api/login", login, {{"Origin", self}}).status, 200);
  EXPECT_EQ(client().request(http::verb::post, "/api/login", login).status, 200) << "no Origin: not a browser form";
  EXPECT_EQ(client().get("/api/health", {{"Origin", "http://evil.example"}}).status, 200) << "reads are not refused";
}

class HttpRangeTest : public HttpEdgeTest {
 protected:
  void SetUp() override {
    std::ofstream(web_.file("big.js")) << std::string(3000, 'a');  // before the page's snapshot
    HttpEdgeTest::SetUp();
  }
};

TEST_F(HttpRangeTest, MultiRangeRequestsDoNotAmplify) {
  std::string ranges = "bytes=0-";
  for (int i = 0; i < 500; ++i) ranges += ",0-";
  auto r = client().get("/big.js", {{"Range", ranges}});
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.body.size(), 3000u);
  EXPECT_NE(r.header("Content-Type").find("text/javascript"), std::string::npos);
}

TEST_F(HttpEdgeTest, ManyParkedLongPollsDoNotDelayOtherRequests) {
  const int64_t board = board_of_alice_and_bob();
  const int kPolls = 200;
  boost::asio::io_context io;
  std::vector<boost::asio::ip::tcp::socket> polls;
  const boost::asio::ip::tcp::endpoint server(boost::asio::ip::make_address("127.0.0.1"),
                                              static_cast<unsigned short>(server_->port()));
  const std::string request = "GET /api/games/" + std::to_string(board) + "?wait=60&revision=0 HTTP/1.1\r\nHost: x\r\n\r\n";
  for (int i = 0; i < kPolls; ++i) {
    auto& s = polls.emplace_back(io);
    s.connect(server);
    boost::asio::write(s, boost::asio::buffer(request));
  }
  for (int i = 0; i < 1000 && server_->http().waiting_long_polls() < kPolls; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(server_->http().waiting_long_polls(), static_cast<size_t>(kPolls));
  const auto start = Clock::now();
  for (int i = 0; i < 20; ++i) expect_alive();
  EXPECT_EQ(post(("/api/games/" + std::to_string(board) + "/comment"), {{"text", "hi"}}, alice_).status, 200);
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(5)) << "generous: 21 requests";
  // The comment woke every poll; each got the board.
  for (int i = 0; i < 1000 && server_->http().waiting_long_polls() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(server_->http().waiting_long_polls(), 0u);
}

class HttpDeadlineTest : public HttpEdgeTest {
 protected:
  void SetUp() override {
    config_.limits.header_timeout = std::chrono::milliseconds(500);
    config_.limits.body_timeout = std::chrono::milliseconds(500);
    config_.limits.max_connections_per_ip = 8;
    HttpEdgeTest::SetUp();
  }
};

TEST_F(HttpDeadlineTest, SlowAndIdleConnectionsAreClosedAtTheDeadline) {
  for (const std::string& partial : {std::string(), std::string("GET /api/health HTTP/1.1\r\nHost: x\r\n"),
                                    std::string("POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{")}) {
    const auto start = Clock::now();
    bool closed = false;
    raw(partial, &closed);
    EXPECT_TRUE(closed) << "'" << partial << "' must be closed by the server";
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(8));
  }
  expect_alive();
}

TEST_F(HttpDeadlineTest, ConnectionsPerAddressAreLimited) {
  boost::asio::io_context io;
  std::vector<boost::asio::ip::tcp::socket> idle;
  const boost::asio::ip::tcp::endpoint server(boost::asio::ip::make_address("127.0.0.1"),
                                              static_cast<unsigned short>(server_->port()));
  for (int i = 0; i < 8; ++i) idle.emplace_back(io).connect(server);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  bool closed = false;
  const std::string reply = raw("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n", &closed);
  EXPECT_TRUE(closed);
  EXPECT_EQ(reply, "") << "the ninth connection is closed unanswered";
  idle.clear();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  expect_alive();
}

class HttpRateLimitTest : public HttpEdgeTest {
 protected:
  void SetUp() override {
    HttpEdgeTest::SetUp();
    server_->stop();
    config_.db_path = test_database(dir_.file("rate.db"));
    config_.limits.requests_per_second = 2;
    config_.limits.request_burst = 5;
    server_ = std::make_unique<PlayServer>(config_);
    server_->start();
  }
};

TEST_F(HttpRateLimitTest, PastTheRateLimitRequestsGet429WithRetryAfter) {
  auto c = client();
  int ok = 0, limited = 0;
  std::string retry_after;
  for (int i = 0; i < 12; ++i) {
    auto r = c.get("/api/health");
    if (r.status == 200) ++ok;
    if (r.status == 429) {
      ++limited;
      retry_after = r.header("Retry-After");
      EXPECT_EQ(r.json()["code"], "rate_limited");
    }
  }
  EXPECT_GE(ok, 5);
  EXPECT_GE(limited, 5);
  EXPECT_GE(std::atoi(retry_after.c_str()), 1);
}

}  // namespace
}  // namespace ludus::server::testing
