// SPDX-License-Identifier: Apache-2.0
// Other processes on the same database: a move made by `ludus pbm` reaches a running
// server's long polls and WebSockets, and a `ludus serve` killed with SIGKILL under load
// loses no move it acknowledged with 200.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <iterator>
#include <thread>

#include "serve_child.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;
using std::chrono::steady_clock;

std::string quoted(const std::string& s) { return "'" + s + "'"; }

// `ludus pbm --db DB ARGS...`; returns the exit status.
int run_pbm(const std::string& db, const std::string& args) {
  const std::string command = quoted(LUDUS_BINARY) + " pbm --db " + quoted(db) + " " + args + " >/dev/null 2>&1";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class CrossProcessTest : public HttpFixture {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    alice_ = account("alice");
    account("bob");
    auto r = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"players", {"alice", "bob"}}}, alice_);
    ASSERT_EQ(r.status, 201) << r.body;
    board_ = r.json["board"];
    base_ = "/api/games/" + std::to_string(board_);
  }
  std::string alice_;
  int64_t board_ = 0;
  std::string base_;
};

TEST_F(CrossProcessTest, PbmMoveReachesLongPollAndWebSocket) {
  const int64_t revision = get(base_).json["revision"];
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(json{{"watch", {board_}}}.dump()));
  HttpReply polled;
  std::thread poll([&] { polled = get(base_ + "?wait=20&revision=" + std::to_string(revision)); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the poll is waiting
  const auto moved_at = steady_clock::now();
  ASSERT_EQ(run_pbm(config_.db_path, "move " + std::to_string(board_) + " alice secret-pw c3"), 0);
  poll.join();
  EXPECT_LT(steady_clock::now() - moved_at, std::chrono::seconds(5)) << "the long poll answered at the change";
  EXPECT_GT(polled.json["revision"].get<int64_t>(), revision);
  EXPECT_EQ(polled.json["moves_played"], 1);
  bool pushed = false;
  const auto deadline = steady_clock::now() + std::chrono::seconds(5);
  while (!pushed && steady_clock::now() < deadline) {
    auto text = ws.receive(std::chrono::milliseconds(200));
    if (!text) continue;
    json m = json::parse(*text, nullptr, false);
    pushed = m.value("board", int64_t{0}) == board_ && m["state"].value("moves_played", 0) == 1;
  }
  EXPECT_TRUE(pushed) << "the WebSocket watcher got the move made by another process";
}

TEST_F(CrossProcessTest, ABoardAnotherProcessCreatedAndMovedOnIsAnnouncedOnce) {
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(R"({"lobby": true})"));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  // `ludus pbm` plays the computer's first move in the same run: on SQLite (changes polled)
  // this server first hears of the board at revision 1 or later; PostgreSQL's notice of the
  // creation may come first.
  ASSERT_EQ(run_pbm(config_.db_path, "ndengrod challenge -size=3 ai:random alice secret-pw"), 0);
  const int64_t board = board_ + 1;
  int created = 0;
  const auto until = steady_clock::now() + std::chrono::seconds(3);
  while (steady_clock::now() < until)
    if (auto text = ws.receive(std::chrono::milliseconds(100))) {
      json m = json::parse(*text, nullptr, false);
      if (m.value("lobby", "") == "created" && m.value("board", int64_t{0}) == board) {
        ++created;
        EXPECT_EQ(m["game"]["players"], json({"ai:random", "alice"}));
        if (!testing_postgres()) {
          EXPECT_GE(m["game"]["moves_played"].get<int>(), 1) << "the computer's move was in before the server looked";
        }
      }
    }
  EXPECT_EQ(created, 1);
}

TEST(ServeCrashTest, KilledServerLosesNoAcknowledgedMove) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    TempDir dir;
    const std::string db = test_database(dir.file("serve.db"));
    std::mutex acks_mutex;
    std::vector<AcknowledgedMove> acks;
    {
      ServeChild serve(db, dir.file("serve.log"));
      ASSERT_GT(serve.port, 0) << "ludus serve did not start";
      auto call = [&](http::verb verb, const std::string& path, const json& body, const std::string& token) {
        return serve_call(serve.port, verb, path, body, token);
      };
      std::map<std::string, std::string> tokens = serve_players(serve.port, {"alice", "bob"});
      std::atomic<bool> stop{false};
      std::vector<std::thread> players;
      for (int p = 0; p < 3; ++p)
        players.emplace_back([&, p] {
          for (int game = 0; game < 50 && !stop; ++game) {
            auto created = call(http::verb::post, "/api/games",
                                {{"game", "ndengrod"}, {"options", {{"size", 5}}}, {"players", {"alice", "bob"}}}, tokens["alice"]);
            if (created.status != 201) return;  // the server is gone
            const int64_t board = created.json["board"];
            const std::string base = "/api/games/" + std::to_string(board);
            for (int turn = 0; turn < 200 && !stop; ++turn) {
              auto g = call(http::verb::get, base, {}, "");
              if (g.status != 200 || g.json["status"] != "active") break;
              const auto& legal = g.json["legal_moves"];
              if (legal.empty()) break;
              const std::string move = legal[static_cast<size_t>(turn * 7 + p) % legal.size()];
              const int ply = g.json["next_move_number"];
              auto m = call(http::verb::post, base + "/move", {{"move", move}, {"move_number", ply}},
                            tokens[g.json["to_move"]["user"].get<std::string>()]);
              if (m.status == 200) {
                std::lock_guard lock(acks_mutex);
                acks.push_back({board, ply, move});
              } else if (m.status == 0) {
                return;
              }
            }
          }
        });
      // Kill after some acknowledged moves. The deadline only bounds a hung server: a slow
      // build (TSan runs this server ~10x slower) must still reach the count, or the kill
      // would land before the load it is meant to interrupt.
      const size_t kill_after = 20 + static_cast<size_t>(attempt) * 25;
      const auto deadline = steady_clock::now() + std::chrono::seconds(60);
      for (;;) {
        {
          std::lock_guard lock(acks_mutex);
          if (acks.size() >= kill_after) break;
        }
        if (steady_clock::now() > deadline) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      serve.kill_hard();
      stop = true;
      for (auto& t : players) t.join();
      EXPECT_GE(acks.size(), kill_after) << "the server was killed under load, not before it";
    }
    ASSERT_FALSE(acks.empty());
    // Restart on the same file and read every acknowledged move back.
    ServeChild again(db, dir.file("again.log"));
    ASSERT_GT(again.port, 0) << "ludus serve did not restart on the file";
    ASSERT_NO_FATAL_FAILURE(expect_acknowledged_moves_stored(acks, again.port));
  }
}

}  // namespace
}  // namespace ludus::server::testing
