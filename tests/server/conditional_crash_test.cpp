// SPDX-License-Identifier: Apache-2.0
// A conditional move is played in the transaction of the turn it answers (issue 58, item 1):
// a `ludus serve` killed with SIGKILL while alice's turns are being answered by bob's lines
// loses no acknowledged turn, and never keeps a turn of alice's that a stored line answered
// without its answer.  On SQLite and (pg/) PostgreSQL.
#include <signal.h>

#include <atomic>
#include <thread>

#include "serve_child.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;
using std::chrono::steady_clock;

// alice's turn `theirs` at ply `ply`, after bob stored the line "if theirs answer".
struct AnsweredTurn {
  int64_t board;
  int ply;
  std::string theirs, answer;
};

TEST(ConditionalCrashTest, AKilledServerNeverSeparatesATurnFromItsConditionalAnswer) {
  TempDir dir;
  const std::string db = test_database(dir.file("serve.db"));
  std::mutex mutex;
  std::vector<AcknowledgedMove> acks;
  std::vector<AnsweredTurn> tried;
  {
    ServeChild serve(db, dir.file("serve.log"));
    ASSERT_GT(serve.port, 0) << "ludus serve did not start";
    std::map<std::string, std::string> tokens = serve_players(serve.port, {"alice", "bob"});
    std::atomic<bool> stop{false};
    std::vector<std::thread> players;
    for (int p = 0; p < 2; ++p)
      players.emplace_back([&, p] {
        for (int game = 0; game < 50 && !stop; ++game) {
          auto created = serve_call(serve.port, http::verb::post, "/api/games",
                              {{"game", "ndengrod"}, {"options", {{"size", 5}, {"rated", "no"}, {"swap", "off"}}},
                               {"players", {"alice", "bob"}}},
                              tokens["alice"]);
          if (created.status != 201) return;  // the server is gone
          const int64_t board = created.json["board"];
          const std::string base = "/api/games/" + std::to_string(board);
          for (int turn = 0; turn < 100 && !stop; ++turn) {
            auto g = serve_call(serve.port, http::verb::get, base, {}, "");
            if (g.status != 200 || g.json["status"] != "active") break;
            const auto& legal = g.json["legal_moves"];
            if (legal.size() < 2) break;
            const size_t k = static_cast<size_t>(turn * 7 + p) % (legal.size() - 1);
            const std::string theirs = legal[k], answer = legal[k + 1];
            const int ply = g.json["next_move_number"];
            // bob's line first (refused when the answer would be illegal: then alice just plays).
            const auto set = serve_call(serve.port, http::verb::put, base + "/conditional", {{"lines", "if " + theirs + " " + answer}},
                                  tokens["bob"]);
            if (set.status == 0) return;
            if (set.status == 200) {
              std::lock_guard lock(mutex);
              tried.push_back({board, ply, theirs, answer});
            }
            auto m = serve_call(serve.port, http::verb::post, base + "/move", {{"move", theirs}, {"move_number", ply}}, tokens["alice"]);
            if (m.status == 0) return;
            if (m.status != 200) break;
            std::lock_guard lock(mutex);
            acks.push_back({board, ply, theirs});
            if (m.json["moves_played"] == ply + 1) acks.push_back({board, ply + 1, m.json["last_move"]["move"]});
            if (m.json["moves_played"] == ply && m.json["status"] == "active") break;  // bob's turn: a new board
          }
        }
      });
    const auto deadline = steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
      {
        std::lock_guard lock(mutex);
        if (acks.size() >= 200) break;
      }
      if (steady_clock::now() > deadline) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    serve.kill_hard();
    stop = true;
    for (auto& t : players) t.join();
    EXPECT_GE(acks.size(), 200u) << "the server was killed under load, not before it";
  }
  ServeChild again(db, dir.file("again.log"));
  ASSERT_GT(again.port, 0) << "ludus serve did not restart on the file";
  ASSERT_NO_FATAL_FAILURE(expect_acknowledged_moves_stored(acks, again.port));
  // Every turn of alice's that a stored line answered, acknowledged or not, has its answer.
  int answered = 0;
  for (const AnsweredTurn& t : tried) {
    HttpClient c("127.0.0.1", again.port);
    const json board = json_reply(c.get("/api/games/" + std::to_string(t.board))).json;
    const json& moves = board["moves"];
    if (static_cast<int>(moves.size()) < t.ply || moves[static_cast<size_t>(t.ply - 1)]["move"] != t.theirs) continue;
    if (board["status"] == "finished" && static_cast<int>(moves.size()) == t.ply) continue;  // her turn ended the game
    ASSERT_GT(static_cast<int>(moves.size()), t.ply) << "board " << t.board << ": turn " << t.ply << " without its answer";
    EXPECT_EQ(moves[static_cast<size_t>(t.ply)]["move"], t.answer);
    ++answered;
  }
  EXPECT_GE(answered, 60);
}

}  // namespace
}  // namespace ludus::server::testing
