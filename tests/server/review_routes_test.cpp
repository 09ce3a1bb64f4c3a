// SPDX-License-Identifier: Apache-2.0
// Reviews through the JSON API of a real server (docs/http-api.md, "Reviews"): asked for by
// any signed-in user once the board is over, computed by the server's own review worker
// (woken by the request), read by anyone; the automatic-review setting on the account.
// On both engines.
#include <chrono>
#include <thread>

#include "http_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class ReviewRoutesTest : public HttpFixture {
 protected:
  void SetUp() override {
    config_.service_limits.reviews.settings.iterations = 200;
    config_.review_interval = std::chrono::hours(1);  // only a request's poke wakes the worker
    config_.starter_puzzles = false;  // only the puzzles of these games ("your mistakes")
    HttpFixture::SetUp();
    alice_ = account("alice");
    bob_ = account("bob");
    carol_ = account("carol");
  }
  // A tiny board alice loses by a known blunder (a1, turn 3: reviews_test.cpp).
  std::string blundered_board() { return tiny_board({"c3", "b2", "a1", "b3", "b4", "b1"}); }
  // A tiny Ndengrod board of alice (first) and bob after `moves`.
  std::string tiny_board(const std::vector<std::string>& moves) {
    auto created = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}, {"length", 3}, {"swap", "off"}}},
                                       {"players", {"alice", "bob"}}}, alice_);
    EXPECT_EQ(created.status, 201) << created.body;
    const std::string board = std::to_string(created.json["board"].get<int64_t>());
    for (size_t i = 0; i < moves.size(); ++i)
      EXPECT_EQ(post("/api/games/" + board + "/move", {{"move", moves[i]}}, i % 2 ? bob_ : alice_).status, 200);
    return board;
  }
  // GET .../review until its status is no longer `while_status` (30 s at most).
  json review_after(const std::string& board, const std::vector<std::string>& while_status) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    json review;
    do {
      review = get("/api/games/" + board + "/review").json;
      if (std::find(while_status.begin(), while_status.end(), review.value("status", "")) == while_status.end()) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    } while (std::chrono::steady_clock::now() < deadline);
    return review;
  }
  std::string alice_, bob_, carol_;
};

TEST_F(ReviewRoutesTest, AskedOnTheWebAndComputedByTheServersWorker) {
  auto on = post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice_);
  ASSERT_EQ(on.status, 201);
  const std::string live = std::to_string(on.json["board"].get<int64_t>());
  EXPECT_EQ(post("/api/games/" + live + "/review", json::object(), carol_).json["code"], "board_on");
  const std::string board = blundered_board();
  EXPECT_EQ(get("/api/games/" + board + "/review").json, json({{"board", std::stoll(board)}, {"status", "none"}}));
  EXPECT_EQ(post("/api/games/" + board + "/review", json::object()).status, 401);
  auto asked = post("/api/games/" + board + "/review", json::object(), carol_);  // not a player: any user may
  ASSERT_EQ(asked.status, 202) << asked.body;
  EXPECT_EQ(asked.json["requested_by"], "carol");
  const json done = review_after(board, {"queued", "running"});
  ASSERT_EQ(done["status"], "done") << done.dump();
  EXPECT_EQ(done["review"]["turns"][2]["played"], "a1");
  EXPECT_EQ(done["review"]["turns"][2]["label"], "blunder");
  EXPECT_EQ(done["review"]["turns"][2]["note"], "win thrown away");
  EXPECT_TRUE(done["review"]["accuracy"][0].is_number());
  auto again = post("/api/games/" + board + "/review", json::object(), bob_);
  EXPECT_EQ(again.status, 200) << "computed once";
  EXPECT_EQ(again.json["requested_by"], "carol");
  auto told = get("/api/me/notifications", alice_);
  ASSERT_EQ(told.status, 200);
  EXPECT_EQ(told.json["notifications"][0]["kind"], "review") << told.body;
  EXPECT_EQ(get("/api/games/99999/review").status, 404);
  EXPECT_EQ(post("/api/games/99999/review", json::object(), carol_).status, 404);
}

TEST_F(ReviewRoutesTest, TheAutomaticSettingOnTheAccount) {
  EXPECT_EQ(get("/api/me", bob_).json["auto_review"], false);
  auto set = post("/api/me/reviews", {{"auto_review", true}}, bob_);
  ASSERT_EQ(set.status, 200) << set.body;
  EXPECT_EQ(set.json, json({{"user", "bob"}, {"auto_review", true}}));
  EXPECT_EQ(get("/api/me", bob_).json["auto_review"], true);
  EXPECT_EQ(post("/api/me/reviews", {{"auto_review", "yes"}}, bob_).json["code"], "bad_field");
  EXPECT_EQ(post("/api/me/reviews", json::object(), bob_).status, 400);
  EXPECT_EQ(post("/api/me/reviews", {{"auto_review", true}}).status, 401);
  const std::string board = blundered_board();
  const json done = review_after(board, {"none", "queued", "running"});
  EXPECT_EQ(done["status"], "done") << "queued by bob's setting, computed by the worker it woke: " << done.dump();
  EXPECT_EQ(done["requested_by"], "");
}

// "Your mistakes" (docs/puzzles.md): alice's b1 at turn 9, where a3 alone won (the
// position of puzzle_test_support.h's one_turn_puzzle), becomes her puzzle with the
// review (and so does her b4 at turn 7); nobody else sees them, and her attempt is unrated.
TEST_F(ReviewRoutesTest, AMistakeWhereOneTurnWonBecomesThePlayersPuzzle) {
  const std::string board = tiny_board({"a1", "c1", "a2", "c2", "d5", "e3", "b4", "e4", "b1", "c3"});
  ASSERT_EQ(post("/api/games/" + board + "/review", json::object(), carol_).status, 202);
  const json done = review_after(board, {"queued", "running"});
  ASSERT_EQ(done["status"], "done") << done.dump();
  EXPECT_EQ(done["review"]["turns"][8]["played"], "b1");

  EXPECT_EQ(get("/api/puzzles/mine").status, 401);
  auto mine = get("/api/puzzles/mine", alice_);
  ASSERT_EQ(mine.status, 200) << mine.body;
  // Her b4 at turn 7 was one too: a position with one winning turn, another turn played.
  ASSERT_EQ(mine.json["puzzles"].size(), 2u) << mine.body;
  EXPECT_EQ(mine.json["puzzles"][0]["turn"], 7);
  const json puzzle = mine.json["puzzles"][1];
  EXPECT_EQ(puzzle["board"], std::stoll(board));
  EXPECT_EQ(puzzle["turn"], 9);
  EXPECT_EQ(puzzle["game"], "ndengrod");
  EXPECT_EQ(puzzle["status"], "new");
  EXPECT_EQ(get("/api/puzzles/mine?board=" + board, alice_).json["puzzles"].size(), 2u);
  EXPECT_EQ(get("/api/puzzles/mine?board=" + std::to_string(std::stoll(board) + 1), alice_).json["puzzles"].size(), 0u);
  EXPECT_EQ(get("/api/puzzles/mine?board=x", alice_).status, 400);
  EXPECT_EQ(get("/api/puzzles/mine", bob_).json["puzzles"].size(), 0u) << "bob made no such mistake";
  EXPECT_EQ(get("/api/puzzles/mine", carol_).json["puzzles"].size(), 0u) << "asking for the review owns nothing";
  EXPECT_EQ(get("/api/puzzles/ndengrod/next", bob_).status, 404) << "a player's mistake is not in everyone's puzzles";

  const std::string path = "/api/puzzles/mine/" + std::to_string(puzzle["puzzle"].get<int64_t>());
  EXPECT_EQ(post(path, json::object(), bob_).status, 404) << "alice's mistake is not bob's";
  auto attempt = post(path, json::object(), alice_);
  ASSERT_EQ(attempt.status, 200) << attempt.body;
  EXPECT_EQ(attempt.json["status"], "open");
  EXPECT_EQ(attempt.json["rated"], false);
  EXPECT_EQ(attempt.json["moves"].size(), 8u) << "the position before her mistake";
  EXPECT_EQ(post(path, json::object(), alice_).json["attempt"], attempt.json["attempt"]) << "the same attempt again";
  auto solved = post("/api/puzzles/attempts/" + std::to_string(attempt.json["attempt"].get<int64_t>()), {{"turn", "a3"}},
                     alice_);
  ASSERT_EQ(solved.status, 200) << solved.body;
  EXPECT_EQ(solved.json["status"], "solved");
  EXPECT_EQ(solved.json["rating_change"], 0) << "unrated";
  EXPECT_EQ(solved.json["rating"]["attempts"], 0);
  EXPECT_EQ(get("/api/puzzles/mine", alice_).json["puzzles"][1]["status"], "solved");
  const json exported = get("/api/me/export", alice_).json["puzzles"];
  ASSERT_EQ(exported["mistakes"].size(), 2u) << exported.dump();
  EXPECT_EQ(exported["mistakes"][1]["turn"], 9);
}

// A game whose mistakes leave no position with one winning turn makes no puzzle.
TEST_F(ReviewRoutesTest, NoPositionWithOneWinningTurnNoPuzzle) {
  const std::string board = blundered_board();
  ASSERT_EQ(post("/api/games/" + board + "/review", json::object(), carol_).status, 202);
  const json done = review_after(board, {"queued", "running"});
  ASSERT_EQ(done["status"], "done") << done.dump();
  EXPECT_EQ(done["review"]["turns"][2]["label"], "blunder");
  EXPECT_EQ(get("/api/puzzles/mine", alice_).json["puzzles"].size(), 0u);
  EXPECT_EQ(get("/api/puzzles/mine", bob_).json["puzzles"].size(), 0u);
}

}  // namespace
}  // namespace ludus::server::testing
