// SPDX-License-Identifier: Apache-2.0
// The ratings over HTTP (docs/http-api.md, "Ratings"): standings, a player's page and a
// game's finished boards, after rated games against the computer played through the API.
#include "http_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class RatingRoutesTest : public HttpFixture {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    alice_ = account("alice");
  }

  // A rated N-Mesh board against ai:random: alice moves, the computer answers, alice
  // resigns.  Returns the board number.
  int64_t lose_to_the_computer() {
    auto r = post("/api/games", {{"game", "n-mesh"}, {"players", {"alice", "ai:random"}}}, alice_);
    EXPECT_EQ(r.status, 201) << r.body;
    const int64_t board = r.json.value("board", 0);
    const std::string base = "/api/games/" + std::to_string(board);
    auto g = get(base);
    EXPECT_EQ(g.json["rated"], true);
    EXPECT_EQ(post(base + "/move", {{"move", g.json["legal_moves"][0]}}, alice_).status, 200);
    EXPECT_TRUE(server_->ai().wait_idle(std::chrono::seconds(20)));
    EXPECT_EQ(post(base + "/resign", json::object(), alice_).status, 200);
    return board;
  }

  std::string alice_;
};

TEST_F(RatingRoutesTest, StandingsPlayerPageAndFinishedBoards) {
  const int64_t first = lose_to_the_computer();
  lose_to_the_computer();

  auto table = get("/api/ratings/n-mesh");
  ASSERT_EQ(table.status, 200) << table.body;
  EXPECT_EQ(table.json["game"], "n-mesh");
  ASSERT_EQ(table.json["players"].size(), 2u) << table.body;
  const json& top = table.json["players"][0];
  EXPECT_EQ(top["rank"], 1);
  EXPECT_EQ(top["player"], "ai:random");
  EXPECT_EQ(top["computer"], true);
  EXPECT_EQ(top["wins"], 2);
  EXPECT_EQ(top["games"], 2);
  EXPECT_EQ(top["provisional"], true);
  EXPECT_GT(top["rating"].get<double>(), 1600);
  EXPECT_EQ(table.json["players"][1]["player"], "alice");
  EXPECT_EQ(table.json["players"][1]["losses"], 2);
  EXPECT_EQ(table.json["players"][1]["computer"], false);
  EXPECT_EQ(get("/api/ratings/N-Mesh").json["players"], table.json["players"]);
  EXPECT_EQ(get("/api/ratings/netted").json["players"], json::array());
  EXPECT_EQ(get("/api/ratings/chess").status, 404);
  EXPECT_EQ(get("/api/ratings/n-mesh?limit=0").json["code"], "bad_query");

  auto page = get("/api/users/alice");
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_EQ(page.json["user"], "alice");
  ASSERT_EQ(page.json["ratings"].size(), 1u);
  EXPECT_EQ(page.json["ratings"][0]["game"], "n-mesh");
  EXPECT_EQ(page.json["ratings"][0]["rank"], 2);
  ASSERT_EQ(page.json["rating_history"].size(), 2u);
  const json& h = page.json["rating_history"][0];
  EXPECT_EQ(h["board"], first);
  EXPECT_EQ(h["opponent"], "ai:random");
  EXPECT_EQ(h["result"], "loss");
  EXPECT_LT(h["rating"].get<double>(), 1500);
  EXPECT_EQ(page.json["finished"].size(), 2u);
  EXPECT_EQ(page.json["finished"][0]["status"], "finished");

  auto computer = get("/api/users/ai:random");
  ASSERT_EQ(computer.status, 200) << computer.body;
  EXPECT_EQ(computer.json["rating_history"][0]["result"], "win");
  EXPECT_EQ(get("/api/users/nobody").status, 404);
  EXPECT_EQ(get("/api/users/bad%20id").status, 400);

  auto finished = get("/api/games?game=n-mesh&status=finished");
  ASSERT_EQ(finished.status, 200);
  EXPECT_EQ(finished.json["games"].size(), 2u);
  EXPECT_EQ(finished.json["games"][0]["rated"], true);
  EXPECT_FALSE(finished.json["games"][0]["finished_at"].is_null());
  EXPECT_EQ(get("/api/games?game=netted&status=finished").json["games"].size(), 0u);
  EXPECT_EQ(get("/api/games?game=chess").json["code"], "unknown_game");
}

}  // namespace
}  // namespace ludus::server::testing
