// SPDX-License-Identifier: Apache-2.0
// Puzzles on a real server (domain/puzzles/puzzles.h, docs/http-api.md "Puzzles"): the
// games with puzzles, the next puzzle for a player, turns checked against the stored line
// with the loser's reply played back, a wrong turn failing the puzzle, and the ratings of
// the player and of the puzzle moving as Glicko-2 says.  On both engines (pg/ copies).
#include "http_test_support.h"
#include "puzzle_test_support.h"
#include "server/domain/puzzles/puzzles.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class PuzzleRoutesTest : public HttpFixture {
 protected:
  void SetUp() override {
    config_.starter_puzzles = false;  // only this test's puzzles
    HttpFixture::SetUp();
  }
  int load(const std::string& jsonl) {
    Store store(config_.db_path);
    return Puzzles(store, system_clock()).load(jsonl, "test");
  }
};

TEST_F(PuzzleRoutesTest, SolvingAndFailingRateThePlayerAndThePuzzle) {
  const std::string one = one_turn_puzzle();
  ASSERT_FALSE(one.empty());
  ASSERT_EQ(load(one + "\n"), 1);
  EXPECT_EQ(load(one + "\n"), 0) << "a puzzle is loaded once (by its digest)";

  auto overview = get("/api/puzzles");
  ASSERT_EQ(overview.status, 200) << overview.body;
  EXPECT_EQ(overview.json["games"], json::parse(R"([{"game":"ndengrod","title":"Ndengrod","puzzles":1}])"));
  EXPECT_EQ(get("/api/puzzles/ndengrod/next").status, 401);

  const std::string alice = account("alice");
  EXPECT_EQ(get("/api/puzzles/chess/next", alice).status, 400);
  auto first = get("/api/puzzles/ndengrod/next", alice);
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(first.json["status"], "open");
  EXPECT_EQ(first.json["played"], json::array());
  EXPECT_EQ(first.json["turns"], 1);
  EXPECT_FALSE(first.json.contains("solution")) << "the answer is not given away";
  EXPECT_EQ(get("/api/puzzles/ndengrod/next", alice).json["attempt"], first.json["attempt"]) << "the open attempt again";
  const std::string path = "/api/puzzles/attempts/" + std::to_string(first.json["attempt"].get<int64_t>());
  EXPECT_EQ(post(path, {{"turn", "zz9"}}, alice).status, 400);
  EXPECT_EQ(post(path, {{"turn", "a1"}}, alice).status, 400) << "an occupied cell";
  const std::string bob = account("bob");
  EXPECT_EQ(post(path, {{"turn", "a3"}}, bob).status, 404) << "alice's attempt is not bob's";

  auto solved = post(path, {{"turn", "a3"}}, alice);
  ASSERT_EQ(solved.status, 200) << solved.body;
  EXPECT_EQ(solved.json["result"], "solved");
  EXPECT_EQ(solved.json["status"], "solved");
  EXPECT_EQ(solved.json["played"], json({"a3"}));
  EXPECT_GT(solved.json["rating_change"].get<int>(), 0);
  EXPECT_EQ(solved.json["rating"]["solved"], 1);
  EXPECT_LT(solved.json["puzzle_rating"].get<int>(), first.json["puzzle_rating"].get<int>()) << "solved: easier";
  EXPECT_EQ(post(path, {{"turn", "a3"}}, alice).status, 409);
  EXPECT_EQ(get("/api/puzzles/ndengrod/next", alice).status, 404) << "every puzzle tried";

  // bob fails it: a legal turn that is not the winning one.
  auto bobs = get("/api/puzzles/ndengrod/next", bob);
  ASSERT_EQ(bobs.status, 200);
  auto failed = post("/api/puzzles/attempts/" + std::to_string(bobs.json["attempt"].get<int64_t>()), {{"turn", "b1"}}, bob);
  ASSERT_EQ(failed.status, 200) << failed.body;
  EXPECT_EQ(failed.json["result"], "wrong");
  EXPECT_EQ(failed.json["status"], "failed");
  EXPECT_EQ(failed.json["solution"], json({"a3"}));
  EXPECT_LT(failed.json["rating_change"].get<int>(), 0);
  EXPECT_EQ(failed.json["rating"]["attempts"], 1);
  EXPECT_EQ(failed.json["rating"]["solved"], 0);

  auto mine = get("/api/puzzles", alice);
  EXPECT_EQ(mine.json["ratings"]["ndengrod"]["attempts"], 1);
  EXPECT_GT(mine.json["ratings"]["ndengrod"]["rating"].get<int>(), 1500);
}

// The server checks turns against the stored line and plays the answers back; it does not
// prove the line (`ludus puzzles verify` does, before a file ships).  So a line of three
// turns written here by hand (legal, not a proof) shows the answer played back: after the
// player's right turn the loser's turn comes, then the player's next.
TEST_F(PuzzleRoutesTest, TheAnswerIsPlayedBackAndTheNextTurnIsChecked) {
  json line = json::parse(one_turn_puzzle());
  line["line"] = {"d2", "b2", "a3"};
  line["digest"] = "0123456789abcdef";
  ASSERT_EQ(load(line.dump() + "\n"), 1);
  const std::string alice = account("alice");
  auto attempt = get("/api/puzzles/ndengrod/next", alice);
  ASSERT_EQ(attempt.status, 200) << attempt.body;
  EXPECT_EQ(attempt.json["turns"], 2);
  const std::string path = "/api/puzzles/attempts/" + std::to_string(attempt.json["attempt"].get<int64_t>());
  auto right = post(path, {{"turn", "d2"}}, alice);
  ASSERT_EQ(right.status, 200) << right.body;
  EXPECT_EQ(right.json["result"], "right");
  EXPECT_EQ(right.json["reply"], "b2");
  EXPECT_EQ(right.json["status"], "open");
  EXPECT_EQ(right.json["played"], json({"d2", "b2"}));
  EXPECT_FALSE(right.json.contains("rating_change"));
  EXPECT_EQ(get("/api/puzzles/ndengrod/next", alice).json["played"], json({"d2", "b2"})) << "the attempt goes on";
  auto solved = post(path, {{"turn", "A3"}}, alice);  // any spelling the rules accept
  ASSERT_EQ(solved.status, 200) << solved.body;
  EXPECT_EQ(solved.json["result"], "solved");
  EXPECT_EQ(solved.json["played"], json({"d2", "b2", "a3"}));
  EXPECT_EQ(solved.json["solution"], json::array());
}

}  // namespace
}  // namespace ludus::server::testing
