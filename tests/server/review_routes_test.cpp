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
    HttpFixture::SetUp();
    alice_ = account("alice");
    bob_ = account("bob");
    carol_ = account("carol");
  }
  // A tiny board alice loses by a known blunder (a1, turn 3: reviews_test.cpp).
  std::string blundered_board() {
    auto created = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}, {"length", 3}, {"swap", "off"}}},
                                       {"players", {"alice", "bob"}}}, alice_);
    EXPECT_EQ(created.status, 201) << created.body;
    const std::string board = std::to_string(created.json["board"].get<int64_t>());
    const std::vector<std::string> moves{"c3", "b2", "a1", "b3", "b4", "b1"};
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

}  // namespace
}  // namespace ludus::server::testing
