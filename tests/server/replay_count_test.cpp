// SPDX-License-Identifier: Apache-2.0
// One replay per change at most (issue 42): the change stores its board in the board cache,
// and the reply, the WebSocket push, the long poll, the change feed's second look and the
// computer's reply all read it there.  And what the cache holds is what a fresh replay of
// the stored rows gives, after every kind of change.
#include <future>

#include "http_test_support.h"
#include "server/domain/play/board.h"
#include "server/domain/play/board_cache.h"
#include "server/domain/play/game_json.h"
#include "server/live/announcer.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class ReplayCountTest : public HttpFixture {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    alice_ = account("alice");
    bob_ = account("bob");
  }
  // Waits for `done`, up to 10 s.
  static bool eventually(const std::function<bool()>& done) {
    for (int i = 0; i < 1000; ++i) {
      if (done()) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return done();
  }
  // The board as a fresh replay of its rows gives it, bypassing the cache.
  json replayed(int64_t board) {
    Store store(config_.db_path);
    auto session = store.session();
    auto tx = session.read();
    Board fresh(*session.find_game(board), session.moves(board), session.comments(board));
    return board_json(fresh);
  }
  std::string alice_, bob_;
};

TEST_F(ReplayCountTest, AMoveWatchedByAWebSocketAndALongPollCostsAtMostOneReplay) {
  auto made = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "bob"}}}, alice_);
  ASSERT_EQ(made.status, 201) << made.body;
  const int64_t board = made.json["board"];
  const std::string path = "/api/games/" + std::to_string(board);
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(json{{"watch", {board}}}.dump()));
  ASSERT_TRUE(ws.receive(std::chrono::seconds(5))) << "the watch's first state";
  // The change feed (SQLite polls every 200 ms) has seen the board's creation by now.
  std::this_thread::sleep_for(std::chrono::milliseconds(500));

  for (const char* move : {"d4", "c3", "e5"}) {
    const std::string mover = std::string(move) == "c3" ? bob_ : alice_;
    auto poll = std::async(std::launch::async, [&] {
      return get(path + "?wait=10&revision=" + std::to_string(get(path).json["revision"].get<int64_t>()));
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(100));  // the poll waits
    const uint64_t before = board_replays();
    auto played = post(path + "/move", {{"move", move}}, mover);
    ASSERT_EQ(played.status, 200) << played.body;
    std::optional<std::string> pushed;
    ASSERT_TRUE(eventually([&] {
      pushed = ws.receive(std::chrono::milliseconds(50));
      return pushed && json::parse(*pushed).value("revision", 0) == played.json["revision"];
    })) << "the push of " << move;
    EXPECT_EQ(poll.get().json["revision"], played.json["revision"]);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // the feed's look at the same change
    EXPECT_LE(board_replays() - before, 1u) << move << ": the change, its reply, push, long poll and feed";
    EXPECT_FALSE(json::parse(*pushed)["state"].contains("record")) << "a push carries the state, not the record";
  }
  EXPECT_EQ(get(path).json, replayed(board));
}

TEST_F(ReplayCountTest, AMoveAgainstTheComputerCostsAtMostOneReplayPerMove) {
  auto made = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "ai:easy"}}}, alice_);
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string path = "/api/games/" + made.json["board"].dump();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const uint64_t before = board_replays();
  ASSERT_EQ(post(path + "/move", {{"move", "d4"}}, alice_).status, 200);
  ASSERT_TRUE(eventually([&] { return get(path).json["moves_played"] == 2; })) << "the computer replies";
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_LE(board_replays() - before, 2u) << "alice's move and the computer's, with their replies and pushes";
}

TEST_F(ReplayCountTest, TheCachedBoardIsTheStoredOneAfterEveryKindOfChange) {
  auto made = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "bob"}}}, alice_);
  const int64_t board = made.json["board"];
  const std::string path = "/api/games/" + std::to_string(board);
  auto step = [&](const std::string& verb, const json& body, const std::string& token) {
    auto r = post(path + "/" + verb, body, token);
    ASSERT_EQ(r.status, 200) << verb << ": " << r.body;
    EXPECT_EQ(get(path).json, replayed(board)) << "after " << verb;
  };
  step("move", {{"move", "d4"}}, alice_);
  step("comment", {{"text", "first"}}, bob_);
  step("move", {{"move", "c3"}}, bob_);
  step("propose", {{"kind", "undo"}}, bob_);
  step("accept", json::object(), alice_);
  step("comment", {{"text", "after the undo"}}, alice_);
  step("move", {{"move", "e4"}}, bob_);
  step("draw", json::object(), alice_);
  step("reject", json::object(), bob_);
  step("resign", json::object(), bob_);
  EXPECT_EQ(get(path + "?move=1").json, [&] {
    Store store(config_.db_path);
    auto session = store.session();
    auto tx = session.read();
    return board_json(Board(*session.find_game(board), session.moves(board), session.comments(board)), 1);
  }());
}

// PostgreSQL wakes the change feed at commit, before the committing thread has stored its
// board: a reader of the revision about to commit waits for it rather than replaying it.
TEST_F(ReplayCountTest, AReaderOfTheRevisionAboutToCommitWaitsForItsBoard) {
  auto made = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "bob"}}}, alice_);
  const int64_t id = made.json["board"];
  auto board = [&] {
    Store store(config_.db_path);
    auto session = store.session();
    auto tx = session.read();
    return std::make_shared<const Board>(*session.find_game(id), session.moves(id), session.comments(id));
  }();
  const int64_t revision = board->record().revision;
  BoardCache cache(8, std::chrono::seconds(30));
  EXPECT_EQ(cache.find(id, revision), nullptr) << "nothing expected: a miss at once";

  cache.expect(id, revision);
  auto reader = std::async(std::launch::async, [&] { return cache.find(id, revision); });
  EXPECT_EQ(reader.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout) << "it waits for the commit";
  cache.put(board);
  EXPECT_EQ(reader.get(), board);

  {
    ExpectedRevision expected(cache, id, revision + 1);
    reader = std::async(std::launch::async, [&] { return cache.find(id, revision + 1); });
    EXPECT_EQ(reader.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
  }  // rolled back: abandoned on the way out
  ASSERT_EQ(reader.wait_for(std::chrono::seconds(10)), std::future_status::ready) << "an abandoned revision ends the wait";
  EXPECT_EQ(reader.get(), nullptr);
  EXPECT_EQ(cache.find(id, revision), board);
}

TEST(AnnouncerTest, EachRevisionOfABoardPassesOnce) {
  Announcer announcer(3);
  EXPECT_TRUE(announcer.first(1, 0));
  EXPECT_FALSE(announcer.first(1, 0)) << "the feed's second look at a local change";
  EXPECT_TRUE(announcer.first(1, 2));
  EXPECT_FALSE(announcer.first(1, 1)) << "an older revision told late";
  EXPECT_TRUE(announcer.first(2, 0));
  EXPECT_TRUE(announcer.first(1, -1)) << "a notice without a revision always passes";
  EXPECT_TRUE(announcer.first(1, -1));
  EXPECT_EQ(announcer.repeats(), 2u);
  EXPECT_TRUE(announcer.first(3, 0));
  EXPECT_TRUE(announcer.first(4, 0)) << "full: it forgets and goes on";
}

}  // namespace
}  // namespace ludus::server::testing
