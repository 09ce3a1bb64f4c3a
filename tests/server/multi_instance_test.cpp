// SPDX-License-Identifier: Apache-2.0
// Several `ludus serve` instances on one database (PostgreSQL in the pg/ run, one SQLite
// file otherwise), as behind a load balancer: a move is stored once whichever instance
// gets it, watchers of one instance see moves made through another, a tournament's next
// round starts once when both end its last boards together, and when an instance is
// killed its acknowledged moves stay and its AI moves are taken over.
#include <barrier>

#include "serve_child.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;
using std::chrono::steady_clock;

// Two instances on one database, alice and bob with tokens, and a board between them.
class MultiInstanceTest : public ::testing::Test {
 protected:
  void start(std::vector<std::string> options = {}) {
    db_ = test_database(dir_.file("shared.db"));
    a_ = std::make_unique<ServeChild>(db_, dir_.file("a.log"), options);
    b_ = std::make_unique<ServeChild>(db_, dir_.file("b.log"), options);
    ASSERT_GT(a_->port, 0) << "instance A did not start";
    ASSERT_GT(b_->port, 0) << "instance B did not start";
    for (const std::string user : {"alice", "bob"}) {
      ASSERT_EQ(call(*a_, http::verb::post, "/api/signup", {{"user", user}, {"password", "secret-pw"}}).status, 201);
      tokens_[user] = call(*b_, http::verb::post, "/api/login", {{"user", user}, {"password", "secret-pw"}}).json["token"];
      // Challenges start boards at once.
      ASSERT_EQ(call(*a_, http::verb::post, "/api/me/limits", {{"challenges", "all"}}, tokens_[user]).status, 200);
    }
  }
  HttpReply call(const ServeChild& server, http::verb verb, const std::string& path, const json& body = {},
                 const std::string& token = "") {
    HttpClient c("127.0.0.1", server.port);
    HeaderList headers;
    if (!token.empty()) headers.push_back({"Authorization", "Bearer " + token});
    return json_reply(c.request(verb, path, verb == http::verb::get ? "" : body.dump(), headers));
  }
  int64_t new_board(const json& players) {
    auto r = call(*a_, http::verb::post, "/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"players", players}},
                  tokens_["alice"]);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json.value("board", int64_t{0});
  }

  TempDir dir_;
  std::string db_;
  std::unique_ptr<ServeChild> a_, b_;
  std::map<std::string, std::string> tokens_;
};

TEST_F(MultiInstanceTest, TheSameMoveThroughBothInstancesIsStoredOnce) {
  start();
  const int64_t board = new_board({"alice", "bob"});
  const std::string path = "/api/games/" + std::to_string(board) + "/move";
  constexpr int kClients = 20;
  std::barrier go(kClients);
  std::vector<int> statuses(kClients);
  std::vector<std::thread> clients;
  for (int i = 0; i < kClients; ++i)
    clients.emplace_back([&, i] {
      const ServeChild& server = i % 2 ? *b_ : *a_;
      HttpClient c("127.0.0.1", server.port);
      go.arrive_and_wait();
      statuses[i] = c.request(http::verb::post, path, json{{"move", "c3"}, {"move_number", 1}}.dump(),
                              {{"Authorization", "Bearer " + tokens_["alice"]}})
                        .status;
    });
  for (auto& t : clients) t.join();
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 200), 1);
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 409), kClients - 1);
  for (const ServeChild* server : {a_.get(), b_.get()}) {
    auto g = call(*server, http::verb::get, "/api/games/" + std::to_string(board));
    EXPECT_EQ(g.json["moves_played"], 1);
  }
}

TEST_F(MultiInstanceTest, WatchersOfOneInstanceSeeAMoveMadeThroughTheOther) {
  start();
  const int64_t board = new_board({"alice", "bob"});
  const std::string base = "/api/games/" + std::to_string(board);
  const int64_t revision = call(*a_, http::verb::get, base).json["revision"];
  WebSocketClient ws("127.0.0.1", a_->port, std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(json{{"watch", {board}}}.dump()));
  HttpReply polled;
  steady_clock::time_point answered;
  std::thread poll([&] {
    polled = call(*a_, http::verb::get, base + "?wait=20&revision=" + std::to_string(revision));
    answered = steady_clock::now();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the poll is waiting on A
  const auto moved_at = steady_clock::now();
  ASSERT_EQ(call(*b_, http::verb::post, base + "/move", {{"move", "c3"}, {"move_number", 1}}, tokens_["alice"]).status, 200);
  poll.join();
  EXPECT_EQ(polled.json["moves_played"], 1);
  EXPECT_LT(answered - moved_at, std::chrono::seconds(1)) << "the long poll on A answered within a second";
  bool pushed = false;
  while (!pushed && steady_clock::now() - moved_at < std::chrono::seconds(1)) {
    auto text = ws.receive(std::chrono::milliseconds(100));
    if (!text) continue;
    json m = json::parse(*text, nullptr, false);
    pushed = m.value("board", int64_t{0}) == board && m["state"].value("moves_played", 0) == 1;
  }
  EXPECT_TRUE(pushed) << "the WebSocket watcher on A got the move made on B within a second";
}

// The instance searching an AI move is killed: the other takes the move over once the
// lease expires, and plays it exactly once.
TEST_F(MultiInstanceTest, AKilledInstancesAiMoveIsTakenOverByTheOther) {
  start({"--ai-raw-specs", "--ai-lease", "1", "--ai-sweep", "0.2", "--ai-workers", "1"});
  const int64_t board = new_board({"alice", "ai:mcts:time=1500ms,threads=1"});
  const std::string base = "/api/games/" + std::to_string(board);
  ASSERT_EQ(call(*a_, http::verb::post, base + "/move", {{"move", "c3"}, {"move_number", 1}}, tokens_["alice"]).status, 200);
  // Whoever claimed the AI move: its pid is in the lease's owner (host:pid:random).
  Store store(db_);
  std::string owner;
  for (int i = 0; i < 200 && owner.empty(); ++i) {
    auto q = store.session().connection().query("SELECT owner FROM ai_leases WHERE game_id = ?1");
    q.bind(1, board);
    if (q.step()) owner = q.text(0);
    if (owner.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_FALSE(owner.empty()) << "no instance claimed the AI move";
  const pid_t searcher = std::atoi(owner.substr(owner.find(':') + 1).c_str());
  ASSERT_TRUE(searcher == a_->pid || searcher == b_->pid) << owner;
  ServeChild& killed = searcher == a_->pid ? *a_ : *b_;
  ServeChild& survivor = searcher == a_->pid ? *b_ : *a_;
  killed.kill_hard();
  json g;
  for (int i = 0; i < 150; ++i) {  // at most 15 s: lease 1 s + a 1.5 s search, on a busy machine
    g = call(survivor, http::verb::get, base).json;
    if (g.value("moves_played", 0) >= 2) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(g.value("moves_played", 0), 2) << "the surviving instance played the AI move";
  EXPECT_EQ(g["to_move"]["user"], "alice");
}

// Players on both instances; one is killed under load: every move either acknowledged
// is stored, read back through the survivor.
TEST_F(MultiInstanceTest, KillingOneInstanceUnderLoadLosesNoAcknowledgedMove) {
  start();
  std::mutex acks_mutex;
  std::vector<AcknowledgedMove> acks;
  std::atomic<bool> stop{false};
  std::vector<std::thread> players;
  for (int p = 0; p < 4; ++p)
    players.emplace_back([&, p] {
      const ServeChild& server = p % 2 ? *b_ : *a_;
      for (int game = 0; game < 20 && !stop; ++game) {
        auto created = call(server, http::verb::post, "/api/games",
                            {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "bob"}}}, tokens_["alice"]);
        if (created.status != 201) return;  // this player's instance is gone
        const int64_t board = created.json["board"];
        const std::string base = "/api/games/" + std::to_string(board);
        for (int turn = 0; turn < 100 && !stop; ++turn) {
          auto g = call(server, http::verb::get, base);
          if (g.status != 200 || g.json["status"] != "active" || g.json["legal_moves"].empty()) break;
          const auto& legal = g.json["legal_moves"];
          const std::string move = legal[static_cast<size_t>(turn * 5 + p) % legal.size()];
          const int ply = g.json["next_move_number"];
          auto m = call(server, http::verb::post, base + "/move", {{"move", move}, {"move_number", ply}},
                        tokens_[g.json["to_move"]["user"].get<std::string>()]);
          if (m.status == 0) return;
          if (m.status == 200) {
            std::lock_guard lock(acks_mutex);
            acks.push_back({board, ply, move});
          }
        }
      }
    });
  // Kill once 40 moves are acknowledged; the deadline only bounds a machine too busy to get
  // there (a busy CI machine took 4 s on PostgreSQL, where each turn also writes its
  // notifications).
  const auto deadline = steady_clock::now() + std::chrono::seconds(20);
  while (steady_clock::now() < deadline) {
    {
      std::lock_guard lock(acks_mutex);
      if (acks.size() >= 40) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  a_->kill_hard();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // B's players go on meanwhile
  stop = true;
  for (auto& t : players) t.join();
  ASSERT_GE(acks.size(), 40u) << "the instance was killed under load";
  expect_acknowledged_moves_stored(acks, b_->port);
}

// A double round robin of four, each round's two boards resigned at the same moment, one
// through each instance: every next round starts exactly once (two games, boards never
// made twice), whichever instance's transaction commits last (docs/tournaments.md, "Rounds").
TEST_F(MultiInstanceTest, EachTournamentRoundStartsOnceWhenBothInstancesEndItsLastBoardsTogether) {
  start();
  for (const std::string user : {"carol", "dave"}) {
    ASSERT_EQ(call(*b_, http::verb::post, "/api/signup", {{"user", user}, {"password", "secret-pw"}}).status, 201);
    tokens_[user] = call(*a_, http::verb::post, "/api/login", {{"user", user}, {"password", "secret-pw"}}).json["token"];
  }
  auto created = call(*a_, http::verb::post, "/api/tournaments",
                      {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"format", "double-roundrobin"}, {"players", "4-4"},
                       {"start", "full"}},
                      tokens_["alice"]);
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string base = "/api/tournaments/" + std::to_string(created.json["tournament"]["id"].get<int64_t>());
  int joined = 0;
  for (const std::string user : {"alice", "bob", "carol", "dave"})
    EXPECT_EQ(call(joined++ % 2 ? *b_ : *a_, http::verb::post, base + "/join", json::object(), tokens_[user]).status, 200);
  for (int round = 1; round <= 6; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const json before = call(*a_, http::verb::get, base).json;
    std::vector<json> pending;
    for (const json& g : before["games"])
      if (g["outcome"] == "pending" && g["board"].is_number()) pending.push_back(g);
    ASSERT_EQ(pending.size(), 2u) << before.dump();
    std::barrier together(2);
    std::vector<int> statuses(2);
    std::vector<std::thread> enders;
    for (size_t i = 0; i < 2; ++i)
      enders.emplace_back([&, i] {
        const ServeChild& server = i ? *b_ : *a_;
        const std::string path = "/api/games/" + std::to_string(pending[i]["board"].get<int64_t>()) + "/resign";
        HttpClient c("127.0.0.1", server.port);
        together.arrive_and_wait();
        statuses[i] = c.request(http::verb::post, path, "{}",
                                {{"Authorization", "Bearer " + tokens_[pending[i]["second"].get<std::string>()]}})
                          .status;
      });
    for (auto& t : enders) t.join();
    EXPECT_EQ(statuses, (std::vector<int>{200, 200}));
    const json t = call(*b_, http::verb::get, base).json;
    std::map<int, int> per_round;
    std::set<int64_t> boards;
    for (const json& g : t["games"]) {
      ++per_round[g["round"].get<int>()];
      if (g["board"].is_number()) {
        EXPECT_TRUE(boards.insert(g["board"].get<int64_t>()).second);
      }
    }
    const int started = std::min(round + 1, 6);
    EXPECT_EQ(per_round.size(), static_cast<size_t>(started));
    for (int r = 1; r <= started; ++r) EXPECT_EQ(per_round[r], 2) << "round " << r;
  }
  const json t = call(*a_, http::verb::get, base).json;
  EXPECT_EQ(t["status"], "finished");
  // No board but the tournament's twelve, on either instance.
  for (const ServeChild* server : {a_.get(), b_.get()})
    EXPECT_EQ(call(*server, http::verb::get, "/api/games?limit=500").json["games"].size(), 12u);
}

}  // namespace
}  // namespace ludus::server::testing

namespace ludus::server::testing {
namespace {

// The change feed's own connection is lost (PostgreSQL restarted, failed over, or an
// administrator ended it): the feed connects again and the server's watchers still get
// changes made by another process.
TEST(ChangeFeedTest, AFeedWhoseConnectionWasLostConnectsAgain) {
  if (!testing_postgres()) GTEST_SKIP() << "about PostgreSQL connections (SQLite's feed polls a file)";
  TempDir dir, web;
  ServerConfig config;
  config.db_path = test_database(dir.file("feed.db"));
  config.port = 0;
  config.web_dir = "";
  config.passwords = PasswordPolicy::fast();
  config.limits.requests_per_second = 0;
  config.change_poll_interval = std::chrono::milliseconds(50);
  std::mutex log_mutex;
  std::vector<std::string> log;
  config.log = [&](const std::string& line) {
    std::lock_guard lock(log_mutex);
    log.push_back(line);
  };
  PlayServer server(config);
  server.start();
  Store other(config.db_path);  // "another instance"
  Accounts accounts(other, PasswordPolicy::fast(), system_clock());
  Service service(other, accounts);
  accounts.signup("alice", "pw-alice", "");
  accounts.signup("bob", "bob-passw", "");
  const int64_t board = service.start_board("alice", "ndengrod", {{"size", "3"}}, "alice", "bob");
  {
    auto admin = sql::connect(sql::DatabaseUrl::parse(config.db_path));
    // Every connection of the database: the feed's, the server's pool and `other`'s.
    admin->exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()");
  }
  const auto base = "/api/games/" + std::to_string(board);
  int64_t revision = -1;
  for (int i = 0; i < 5 && revision < 0; ++i) {  // a request on a lost pooled connection gets 503 once
    HttpClient client("127.0.0.1", server.port());
    auto r = client.get(base);
    if (r.status == 200) revision = nlohmann::json::parse(r.body)["revision"];
  }
  ASSERT_GE(revision, 0);
  std::string polled;
  std::thread poll([&] {
    HttpClient c("127.0.0.1", server.port());
    polled = c.get(base + "?wait=20&revision=" + std::to_string(revision)).body;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // the feed has reconnected meanwhile
  for (int i = 0; i < 5; ++i) {
    try {
      service.play(board, "alice", "c3");
      break;
    } catch (const ServiceError& e) {
      ASSERT_EQ(http_status(e), 503) << e.what();  // `other`'s lost pooled connection
    }
  }
  poll.join();
  // Under load the poll may have read the move itself (its request came after the move)
  // before the feed's thread ran again: give the feed time to notice.
  bool reconnected = false;
  for (int i = 0; i < 200 && !reconnected; ++i) {
    {
      std::lock_guard lock(log_mutex);
      for (const auto& line : log) reconnected |= line.rfind("change feed: ", 0) == 0;
    }
    if (!reconnected) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_TRUE(reconnected) << "the feed noticed the lost connection";
  EXPECT_EQ(nlohmann::json::parse(polled, nullptr, false).value("moves_played", 0), 1) << polled;
  server.stop();
}

}  // namespace
}  // namespace ludus::server::testing
