// SPDX-License-Identifier: Apache-2.0
// SIGTERM to `ludus serve`: /api/ready answers 503 while it drains and /api/health 200, the
// long polls waiting are answered, WebSocket clients are told to come back (close 1012), and
// the process ends by itself with status 0; a stop during an AI search leaves a database that
// passes `ludus db check`.
#include <sys/wait.h>

#include <csignal>
#include <future>

#include "../cli/cli_test_support.h"
#include "ops_test_support.h"
#include "serve_child.h"
#include "support/files.h"
#include "support/free_port.h"

namespace ludus::server::testing {
namespace {

// Waits for the child to end; its exit status, or -1 when it did not exit normally.
int exit_status(ServeChild& child) {
  int status = 0;
  waitpid(child.pid, &status, 0);
  child.pid = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// While the database is opened and migrated (here: waiting for another process's write
// transaction) the port already answers: /api/health 200, /api/ready and the rest 503
// `starting`, and the metrics port a scrape with ludus_ready 0; then the server is ready.
TEST(RestartTest, WhileStartingHealthAnswersAndReadyDoesNot) {
  TempDir dir;
  const std::string db = dir.file("starting.db");  // SQLite: its write lock holds the start back
  { Store migrated(db); }
  Store holder(db);
  auto session = holder.session();
  session.connection().exec("BEGIN IMMEDIATE");  // SQLite's write lock, until the ROLLBACK below

  ServerConfig config;
  config.db_path = db;
  config.host = "127.0.0.1";
  config.port = ludus::testing::free_port();
  config.metrics_port = ludus::testing::free_port();
  config.passwords = PasswordPolicy::fast();
  std::unique_ptr<PlayServer> server;
  auto starting = std::async(std::launch::async, [&] { server = std::make_unique<PlayServer>(config); });
  auto get = [&](const std::string& path) { return HttpClient("127.0.0.1", config.port, std::chrono::seconds(5)).get(path); };
  HttpResult ready;
  for (int i = 0; i < 250 && (ready = get("/api/ready")).status == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(ready.status, 503) << ready.body;
  EXPECT_EQ(nlohmann::json::parse(ready.body, nullptr, false).value("code", ""), "starting") << ready.body;
  EXPECT_EQ(ready.header("Retry-After"), "2");
  const HttpResult health = get("/api/health");
  EXPECT_EQ(health.status, 200) << health.body;
  EXPECT_TRUE(nlohmann::json::parse(health.body, nullptr, false).value("starting", false)) << health.body;
  const HttpResult other = get("/api/games");
  EXPECT_EQ(other.status, 503);
  EXPECT_EQ(other.header("Retry-After"), "2");
  EXPECT_NE(nlohmann::json::parse(other.body, nullptr, false).value("error", "").find("starting"), std::string::npos) << other.body;
  EXPECT_EQ(HttpClient("127.0.0.1", config.port, std::chrono::seconds(5)).request(http::verb::head, "/api/health").status, 200);
  // A request that is not HTTP at all is dropped; the port goes on answering.
  EXPECT_FALSE(HttpClient("127.0.0.1", config.port, std::chrono::seconds(5)).raw("\x16\x03\x01 not http\r\n\r\n").starts_with("HTTP/1.1 2"));
  EXPECT_EQ(get("/api/health").status, 200);
  const HttpResult scraped = HttpClient("127.0.0.1", config.metrics_port, std::chrono::seconds(5)).get("/metrics");
  EXPECT_EQ(scraped.status, 200) << "Prometheus sees a server starting, not one down";
  EXPECT_NE(scraped.body.find("\nludus_ready 0"), std::string::npos) << scraped.body;
  EXPECT_EQ(starting.wait_for(std::chrono::milliseconds(0)), std::future_status::timeout) << "it waits for the lock";

  session.connection().exec("ROLLBACK");  // the server opens the database
  starting.get();
  ASSERT_TRUE(server);
  server->start();
  for (int i = 0; i < 250 && (ready = get("/api/ready")).status != 200; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(ready.status, 200) << ready.body;
  EXPECT_EQ(get("/api/games").status, 200);
  server->stop();
}

TEST(RestartTest, SigtermDrainsThenTellsEveryClientAndExits) {
  TempDir dir;
  ServeChild server(test_database(dir.file("r.db")), dir.file("serve.log"), {"--drain-seconds", "2"});
  ASSERT_GT(server.port, 0);
  TwoPlayers players(server.port);
  const int64_t board = players.new_board();
  ASSERT_GT(board, 0);
  HttpClient c("127.0.0.1", server.port);
  EXPECT_EQ(c.get("/api/ready").status, 200);
  const int revision = c.get("/api/games/" + std::to_string(board)).json().value("revision", 0);

  WebSocketClient ws("127.0.0.1", server.port, std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  auto poll = std::async(std::launch::async, [&] {
    HttpClient waiting("127.0.0.1", server.port, std::chrono::seconds(60));
    return waiting.get("/api/games/" + std::to_string(board) + "?wait=50&revision=" + std::to_string(revision));
  });
  HttpClient probe("127.0.0.1", server.port);  // a kept-alive connection, as a load balancer's
  EXPECT_EQ(probe.get("/api/health").status, 200);

  kill(server.pid, SIGTERM);
  int ready = 200;
  for (int i = 0; i < 200 && ready == 200; ++i) {
    ready = probe.get("/api/ready").status;
    if (ready == 200) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(ready, 503) << "/api/ready while draining";
  EXPECT_EQ(probe.get("/api/health").status, 200) << "/api/health while draining";

  const HttpResult answered = poll.get();
  EXPECT_EQ(answered.status, 200) << answered.error;
  EXPECT_EQ(answered.json().value("board", int64_t{0}), board);
  while (ws.receive(std::chrono::seconds(20))) {
  }
  EXPECT_EQ(ws.close_code(), 1012);
  EXPECT_EQ(exit_status(server), 0);
  const std::string log = ludus::testing::read_text(dir.file("serve.log"));
  EXPECT_NE(log.find("SIGTERM: draining for 2 s"), std::string::npos) << log;
  EXPECT_NE(log.find("ludus: stopped"), std::string::npos) << log;
}

TEST(RestartTest, AStopDuringAnAiSearchLeavesAConsistentDatabase) {
  LUDUS_SQLITE_ONLY();  // db check reads the file afterwards
  TempDir dir;
  const std::string db = dir.file("ai.db");
  ServeChild server(db, dir.file("serve.log"), {"--stop-timeout", "0.2", "--ai-raw-specs", "--ai-max-seconds", "30"});
  ASSERT_GT(server.port, 0);
  TwoPlayers players(server.port);
  // A search far longer than the stop may take: it is abandoned, not half stored.
  const auto created = players.post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "ai:mcts:time=20s,threads=1"}}},
                                    players.alice);
  ASSERT_EQ(created.status, 201) << created.body;
  const int64_t board = created.json().value("board", int64_t{0});
  ASSERT_EQ(players.play(board, 1).status, 200);  // the computer searches now
  kill(server.pid, SIGTERM);
  EXPECT_EQ(exit_status(server), 0);
  const auto check = ludus::testing::run_ludus({"db", "check", "--db", db});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  ServeChild again(db, dir.file("again.log"));
  ASSERT_GT(again.port, 0);
  HttpClient c("127.0.0.1", again.port);
  EXPECT_EQ(c.get("/api/games/" + std::to_string(board)).json()["moves"].size(), 1u) << "alice's move, and no half of the computer's";
}

}  // namespace
}  // namespace ludus::server::testing
