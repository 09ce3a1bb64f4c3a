// SPDX-License-Identifier: Apache-2.0
// GET /api/ws: subscriptions to boards and to the lobby, and the pushes.
#include "http_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class WebSocketTest : public HttpFixture {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    alice_ = account("alice");
    bob_ = account("bob");
  }
  int64_t new_board() {
    auto r = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"players", {"alice", "bob"}}}, alice_);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json.value("board", int64_t{0});
  }
  // The next message that satisfies `wanted`, within 10 s.
  json next(WebSocketClient& ws, const std::function<bool(const json&)>& wanted) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < deadline) {
      auto text = ws.receive(std::chrono::milliseconds(200));
      if (!text) continue;
      json m = json::parse(*text, nullptr, false);
      if (wanted(m)) return m;
    }
    ADD_FAILURE() << "no such message in 10 s";
    return json();
  }
  std::string alice_, bob_;
};

TEST_F(WebSocketTest, WatchersGetEveryChangeOfTheirBoards) {
  const int64_t board = new_board(), other = new_board();
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(json{{"watch", {board}}}.dump()));
  // The current state comes at once.
  json first = next(ws, [&](const json& m) { return m.value("board", 0) == board; });
  EXPECT_EQ(first["state"]["moves_played"], 0);
  const int64_t revision = first["revision"];
  post("/api/games/" + std::to_string(other) + "/comment", {{"text", "elsewhere"}}, alice_);
  auto moved = post("/api/games/" + std::to_string(board) + "/move", {{"move", "c3"}, {"move_number", 1}}, alice_);
  ASSERT_EQ(moved.status, 200) << moved.body;
  json push = next(ws, [&](const json& m) { return m.contains("revision"); });
  EXPECT_EQ(push["board"], board) << "no push for a board not watched";
  EXPECT_GT(push["revision"].get<int64_t>(), revision);
  EXPECT_EQ(push["state"]["moves_played"], 1);
  EXPECT_EQ(push["state"]["last_move"]["move"], "c3");
  EXPECT_EQ(push["state"]["revision"], push["revision"]);
}

TEST_F(WebSocketTest, EachRevisionIsPushedOnceAndInOrder) {
  // The service and the change feed both announce every change; a watcher still hears of
  // each revision once, never an older one after a newer.
  const int64_t board = new_board();
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(json{{"watch", {board}}}.dump()));
  next(ws, [&](const json& m) { return m.value("board", 0) == board; });
  const auto path = "/api/games/" + std::to_string(board) + "/move";
  ASSERT_EQ(post(path, {{"move", "c3"}, {"move_number", 1}}, alice_).status, 200);
  ASSERT_EQ(post(path, {{"move", "a1"}, {"move_number", 2}}, bob_).status, 200);
  std::vector<int64_t> revisions;
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
  while (std::chrono::steady_clock::now() < until)
    if (auto text = ws.receive(std::chrono::milliseconds(100))) {
      json m = json::parse(*text, nullptr, false);
      if (m.contains("revision")) revisions.push_back(m["revision"].get<int64_t>());
    }
  ASSERT_FALSE(revisions.empty());
  for (size_t i = 1; i < revisions.size(); ++i) EXPECT_GT(revisions[i], revisions[i - 1]) << "push " << i;
}

TEST_F(WebSocketTest, LobbyHearsOfNewAndFinishedBoards) {
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(R"({"lobby": true})"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the subscription is read before the board comes
  const int64_t board = new_board();
  json created = next(ws, [](const json& m) { return m.contains("lobby"); });
  EXPECT_EQ(created["lobby"], "created");
  EXPECT_EQ(created["board"], board);
  EXPECT_EQ(created["game"]["players"], json({"alice", "bob"}));
  post("/api/games/" + std::to_string(board) + "/resign", json::object(), alice_);
  json finished = next(ws, [](const json& m) { return m.value("lobby", "") == "finished"; });
  EXPECT_EQ(finished["board"], board);
  EXPECT_EQ(finished["game"]["status"], "finished");
}

TEST_F(WebSocketTest, EachNewBoardIsAnnouncedOnceWhateverRevisionItReachedFirst) {
  // Boards where the computer has the first move: it may have moved (revision 1, 2 ...) by
  // the time the push of the creation loads the board.
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(R"({"lobby": true})"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::map<int64_t, int> created;
  for (int i = 0; i < 6; ++i) {
    auto r = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"players", {"ai:random", "alice"}}},
                  alice_);
    ASSERT_EQ(r.status, 201) << r.body;
    created[r.json["board"].get<int64_t>()] = 0;
  }
  // Every creation, and for a while longer: none twice (the change feed announces each again).
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
  while (std::chrono::steady_clock::now() < until)
    if (auto text = ws.receive(std::chrono::milliseconds(100))) {
      json m = json::parse(*text, nullptr, false);
      if (m.value("lobby", "") == "created") ++created[m["board"].get<int64_t>()];
    }
  for (const auto& [board, times] : created) EXPECT_EQ(times, 1) << "board " << board;
}

TEST_F(WebSocketTest, LobbyHearsOfOffers) {
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(R"({"lobby": true})"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto seek = post("/api/offers", {{"game", "ndengrod"}}, alice_);
  ASSERT_EQ(seek.status, 201) << seek.body;
  EXPECT_EQ(next(ws, [](const json& m) { return m.contains("offers"); })["offers"], "changed");
  EXPECT_EQ(post("/api/offers/" + seek.json["offer"]["id"].dump() + "/decline", json::object(), alice_).status, 200);
  EXPECT_EQ(next(ws, [](const json& m) { return m.contains("offers"); })["offers"], "changed");
}

// A tournament's page hears of every change of it: players joining, the start, a game and
// the tournament ending.  The watch is answered with the current revision at once.
TEST_F(WebSocketTest, TournamentWatchersHearOfEveryChange) {
  auto made = post("/api/tournaments", {{"game", "ndengrod"}, {"format", "knockout"}, {"players", "2-2"}, {"start", "full"}}, alice_);
  ASSERT_EQ(made.status, 201) << made.body;
  const int64_t id = made.json["tournament"]["id"];
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  WebSocketClient elsewhere("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(elsewhere.connect()) << elsewhere.error();
  ASSERT_TRUE(ws.send(json{{"tournaments", {id}}}.dump()));
  ASSERT_TRUE(elsewhere.send(json{{"tournaments", {id + 1}}}.dump()));
  auto notice = [&] { return next(ws, [&](const json& m) { return m.value("tournament", int64_t{0}) == id; }); };
  EXPECT_EQ(notice()["revision"], 0);
  const std::string base = "/api/tournaments/" + std::to_string(id);
  ASSERT_EQ(post(base + "/join", json::object(), alice_).status, 200);
  EXPECT_EQ(notice()["revision"], 1);
  auto started = post(base + "/join", json::object(), bob_);  // full: it starts
  ASSERT_EQ(started.status, 200) << started.body;
  const int64_t at_start = notice()["revision"];
  EXPECT_EQ(at_start, started.json["revision"].get<int64_t>());
  const int64_t board = started.json["games"][0]["board"];
  ASSERT_EQ(post("/api/games/" + std::to_string(board) + "/resign", json::object(), bob_).status, 200);
  EXPECT_GT(notice()["revision"].get<int64_t>(), at_start);
  EXPECT_EQ(get(base).json["status"], "finished");
  EXPECT_EQ(elsewhere.receive(std::chrono::milliseconds(300)), std::nullopt) << "no notice of a tournament not watched";
}

TEST_F(WebSocketTest, BadMessagesGetErrorsAndTheConnectionStays) {
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  for (const char* bad : {"nonsense", "[1]", R"({"watch": "x"})", R"({"watch": [-1]})", R"({"lobby": 3})",
                          R"({"tournaments": 3})", R"({"tournaments": [0]})",
                          R"({"tournaments": [1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17]})"}) {
    ASSERT_TRUE(ws.send(bad));
    json reply = next(ws, [](const json& m) { return m.contains("error"); });
    EXPECT_EQ(reply["code"], "bad_message") << bad;
  }
  ASSERT_TRUE(ws.send(R"({"watch": [999]})"));
  EXPECT_EQ(next(ws, [](const json& m) { return m.contains("error"); })["code"], "not_found");
  WebSocketClient foreign("127.0.0.1", server_->port(), std::chrono::seconds(10));
  EXPECT_FALSE(foreign.connect("/api/ws", {{"Origin", "http://evil.example"}})) << "cross-site WebSocket";
  WebSocketClient elsewhere("127.0.0.1", server_->port(), std::chrono::seconds(10));
  EXPECT_FALSE(elsewhere.connect("/api/nope"));
  EXPECT_EQ(get("/api/health").status, 200);
}

}  // namespace
}  // namespace ludus::server::testing

namespace ludus::server::testing {
namespace {

class WebSocketMemoryTest : public WebSocketTest {
 protected:
  void SetUp() override {
    config_.push_memory = std::chrono::milliseconds(1000);
    WebSocketTest::SetUp();
  }
};

TEST_F(WebSocketMemoryTest, WhatWasPushedOfABoardIsForgottenWhenItIsQuietAndItsNextChangeStillComes) {
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(R"({"lobby": true})"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  constexpr int kBoards = 12;
  std::vector<int64_t> boards;
  for (int i = 0; i < kBoards; ++i) {
    boards.push_back(new_board());
    ASSERT_EQ(post("/api/games/" + std::to_string(boards.back()) + "/resign", json::object(), bob_).status, 200);
  }
  for (int i = 0; i < kBoards; ++i) next(ws, [](const json& m) { return m.value("lobby", "") == "finished"; });
  EXPECT_GE(server_->http().remembered_boards(), static_cast<size_t>(kBoards));
  // Quiet for longer than the memory: the next push forgets them.
  std::this_thread::sleep_for(std::chrono::milliseconds(1600));
  const int64_t last = new_board();
  next(ws, [&](const json& m) { return m.value("lobby", "") == "created" && m.value("board", int64_t{0}) == last; });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // that push has ended
  EXPECT_LE(server_->http().remembered_boards(), 1u) << "only the board pushed just now";
  // A forgotten board that changes again: its new revision is pushed, once.
  ASSERT_TRUE(ws.send(json{{"watch", {boards[0]}}}.dump()));
  const int64_t before = next(ws, [&](const json& m) { return m.value("board", int64_t{0}) == boards[0] && m.contains("revision"); })["revision"];
  ASSERT_EQ(post("/api/games/" + std::to_string(boards[0]) + "/comment", {{"text", "well played"}}, alice_).status, 200);
  std::vector<int64_t> revisions;
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1500);
  while (std::chrono::steady_clock::now() < until)
    if (auto text = ws.receive(std::chrono::milliseconds(100))) {
      json m = json::parse(*text, nullptr, false);
      if (m.value("board", int64_t{0}) == boards[0] && m.contains("revision")) revisions.push_back(m["revision"].get<int64_t>());
    }
  EXPECT_EQ(revisions, std::vector<int64_t>{before + 1});
}

class WebSocketFeedTest : public WebSocketTest {
 protected:
  void SetUp() override {
    config_.change_poll_interval = std::chrono::milliseconds(400);
    WebSocketTest::SetUp();
  }
};

// Another instance creates a board and ends it between two looks of this server's change
// feed: the one push that follows must still tell the lobby of both.
TEST_F(WebSocketFeedTest, ABoardCreatedAndEndedElsewhereAtOnceIsAnnouncedAsCreatedThenFinished) {
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(R"({"lobby": true})"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  Store other(config_.db_path);
  Accounts accounts(other, PasswordPolicy::fast(), system_clock());
  Service service(other, accounts);
  const int64_t board = service.start_board("alice", "ndengrod", {{"size", "3"}}, "alice", "bob");
  service.resign(board, "bob");
  std::vector<std::string> heard;
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  while (std::chrono::steady_clock::now() < until && heard.size() < 2)
    if (auto text = ws.receive(std::chrono::milliseconds(100))) {
      json m = json::parse(*text, nullptr, false);
      if (m.value("board", int64_t{0}) == board && m.contains("lobby")) heard.push_back(m["lobby"]);
    }
  EXPECT_EQ(heard, (std::vector<std::string>{"created", "finished"}));
}

// A tournament changed by another process (`ludus pbm tournament join`, another server on
// the database) reaches this server's watchers of it through the change feed.
TEST_F(WebSocketFeedTest, ATournamentChangedElsewhereReachesItsWatchers) {
  auto made = post("/api/tournaments", {{"game", "ndengrod"}, {"format", "roundrobin"}, {"players", "2-4"}, {"start", "full"}}, alice_);
  ASSERT_EQ(made.status, 201) << made.body;
  const int64_t id = made.json["tournament"]["id"];
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(json{{"tournaments", {id}}}.dump()));
  EXPECT_EQ(next(ws, [&](const json& m) { return m.value("tournament", int64_t{0}) == id; })["revision"], 0);
  Store other(config_.db_path);
  Accounts accounts(other, PasswordPolicy::fast(), system_clock());
  Service service(other, accounts);
  service.tournaments().join(id, "bob");
  const json heard = next(ws, [&](const json& m) { return m.value("tournament", int64_t{0}) == id; });
  EXPECT_EQ(heard["revision"], 1);
  EXPECT_EQ(get("/api/tournaments/" + std::to_string(id)).json["players"][0]["player"], "bob");
}

class WebSocketIdleTest : public WebSocketTest {
 protected:
  void SetUp() override {
    config_.limits.websocket_idle = std::chrono::milliseconds(600);
    WebSocketTest::SetUp();
  }
};

TEST_F(WebSocketIdleTest, DeadPeersAreClosedAndLiveOnesKept) {
  WebSocketClient dead("127.0.0.1", server_->port(), std::chrono::seconds(10));
  WebSocketClient live("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(dead.connect()) << dead.error();
  ASSERT_TRUE(live.connect()) << live.error();
  // `live` reads (and so answers the server's pings); `dead` reads nothing meanwhile.
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  while (std::chrono::steady_clock::now() < until) live.receive(std::chrono::milliseconds(100));
  EXPECT_EQ(server_->http().websocket_connections(), 1u) << "only the silent peer is closed";
  EXPECT_EQ(dead.receive(std::chrono::seconds(2)), std::nullopt);
  ASSERT_TRUE(live.send(R"({"lobby": true})"));
  new_board();
  auto pushed = live.receive(std::chrono::seconds(5));
  ASSERT_TRUE(pushed);
  EXPECT_NE(pushed->find("\"created\""), std::string::npos) << *pushed;
}

}  // namespace
}  // namespace ludus::server::testing
