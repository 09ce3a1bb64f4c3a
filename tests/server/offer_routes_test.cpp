// SPDX-License-Identifier: Apache-2.0
// Challenges by consent over HTTP (docs/http-api.md, "Offers"): a challenge answered 202
// with an invitation, the lobby, joining, declining, seeks and the challenge settings.
#include "http_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class OfferRoutesTest : public HttpFixture {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    alice_ = account("alice", "secret-pw", "ask");
    bob_ = account("bob", "secret-pw", "ask");
    carol_ = account("carol", "secret-pw", "ask");
  }
  std::string alice_, bob_, carol_;
};

TEST_F(OfferRoutesTest, InvitationJoinDeclineAndTheLobby) {
  auto invited = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"players", {"alice", "bob"}}}, alice_);
  ASSERT_EQ(invited.status, 202) << invited.body;
  const json& offer = invited.json["offer"];
  EXPECT_EQ(offer["kind"], "invitation");
  EXPECT_EQ(offer["from"], "alice");
  EXPECT_EQ(offer["to"], "bob");
  EXPECT_EQ(offer["seat"], "first");
  EXPECT_EQ(offer["rated"], false);
  EXPECT_EQ(offer["options"]["size"], "3");
  EXPECT_EQ(offer["expires_at"].get<int64_t>() - offer["created_at"].get<int64_t>(), 7 * 86400);
  const std::string id = offer["id"].dump();
  EXPECT_EQ(invited.result.header("Location"), "/api/offers/" + id);

  EXPECT_EQ(get("/api/offers").json["offers"], json::array()) << "an invitation is not in the open lobby";
  EXPECT_EQ(get("/api/offers?user=bob").json["offers"], json::array()) << "invitations are private to their players";
  EXPECT_EQ(get("/api/offers?user=bob", carol_).json["offers"], json::array()) << "not to a third player";
  EXPECT_EQ(get("/api/offers?user=bob", "not-a-token").status, 401);
  auto mine = get("/api/offers?user=bob", bob_);
  ASSERT_EQ(mine.json["offers"].size(), 1u) << mine.body;
  EXPECT_EQ(get("/api/offers?user=alice", alice_).json["offers"].size(), 1u) << "the inviter sees it too";
  EXPECT_EQ(mine.json["offers"][0]["id"], offer["id"]);

  EXPECT_EQ(post("/api/offers/" + id + "/join", json::object(), carol_).json["code"], "not_invited");
  EXPECT_EQ(post("/api/offers/" + id + "/join", json::object()).status, 401);
  auto joined = post("/api/offers/" + id + "/join", json::object(), bob_);
  ASSERT_EQ(joined.status, 201) << joined.body;
  EXPECT_EQ(joined.json["players"], json({"alice", "bob"}));
  EXPECT_EQ(joined.json["status"], "active");
  EXPECT_EQ(post("/api/offers/" + id + "/join", json::object(), bob_).json["code"], "offer_closed");

  auto second = post("/api/games", {{"game", "ndengrod"}, {"players", {"bob", "alice"}}}, bob_);
  ASSERT_EQ(second.status, 202);
  auto declined = post("/api/offers/" + second.json["offer"]["id"].dump() + "/decline", json::object(), alice_);
  EXPECT_EQ(declined.status, 200) << declined.body;
  EXPECT_EQ(declined.json["ok"], true);
  EXPECT_EQ(declined.json["offer"]["status"], "declined");
  EXPECT_EQ(get("/api/offers?user=alice", alice_).json["offers"], json::array());
  EXPECT_EQ(post("/api/offers/99/join", json::object(), bob_).status, 404);
}

TEST_F(OfferRoutesTest, SeeksAndSettings) {
  auto seek = post("/api/offers", {{"game", "n-mesh"}, {"seat", "second"}, {"min_rating", 1000}, {"max_rating", 2000}},
                   alice_);
  ASSERT_EQ(seek.status, 201) << seek.body;
  EXPECT_EQ(seek.json["offer"]["kind"], "seek");
  EXPECT_EQ(seek.json["offer"]["to"], nullptr);
  EXPECT_EQ(seek.json["offer"]["min_rating"], 1000);
  EXPECT_EQ(seek.json["offer"]["rated"], true);
  auto lobby = get("/api/offers?game=n-mesh");
  ASSERT_EQ(lobby.json["offers"].size(), 1u);
  EXPECT_EQ(get("/api/offers?game=netted").json["offers"].size(), 0u);
  EXPECT_EQ(get("/api/offers?game=chess").json["code"], "unknown_game");
  auto taken = post("/api/offers/" + seek.json["offer"]["id"].dump() + "/join", json::object(), carol_);
  ASSERT_EQ(taken.status, 201) << taken.body;
  EXPECT_EQ(taken.json["players"], json({"carol", "alice"}));
  EXPECT_EQ(post("/api/offers", {{"game", "n-mesh"}, {"seat", "middle"}}, alice_).json["code"], "bad_seat");
  EXPECT_EQ(post("/api/offers", {{"game", "n-mesh"}, {"min_rating", 1900}, {"max_rating", 1000}}, alice_).json["code"],
            "bad_rating_range");
  EXPECT_EQ(post("/api/offers", {{"game", "n-mesh"}}).status, 401);

  auto limits = get("/api/me/limits", bob_);
  EXPECT_EQ(limits.json, json({{"user", "bob"}, {"challenges", "ask"}, {"max_active", nullptr}}));
  auto set = post("/api/me/limits", {{"challenges", "none"}, {"max_active", 3}}, bob_);
  EXPECT_EQ(set.json, json({{"user", "bob"}, {"challenges", "none"}, {"max_active", 3}}));
  EXPECT_EQ(post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice_).json["code"],
            "challenges_refused");
  EXPECT_EQ(post("/api/me/limits", {{"challenges", "some"}}, bob_).json["code"], "bad_field");
  EXPECT_EQ(post("/api/me/limits", {{"max_active", 0}}, bob_).status, 400);
  auto cleared = post("/api/me/limits", {{"challenges", "all"}, {"max_active", nullptr}}, bob_);
  EXPECT_EQ(cleared.json, json({{"user", "bob"}, {"challenges", "all"}, {"max_active", nullptr}}));
  EXPECT_EQ(post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice_).status, 201);
  EXPECT_EQ(get("/api/me/limits").status, 401);
}

TEST_F(OfferRoutesTest, AUsersLobbyLeavesOutSeeksOutsideTheirRating) {
  ASSERT_EQ(post("/api/offers", {{"game", "n-mesh"}, {"min_rating", 1700}}, alice_).status, 201);
  ASSERT_EQ(post("/api/offers", {{"game", "n-mesh"}, {"max_rating", 1600}}, bob_).status, 201);
  auto ids = [&](const std::string& query) {
    std::vector<int64_t> out;
    const HttpReply reply = get("/api/offers" + query);
    for (const auto& offer : reply.json["offers"]) out.push_back(offer["id"].get<int64_t>());
    return out;
  };
  EXPECT_EQ(ids("?user=carol"), (std::vector<int64_t>{2})) << "carol (1500) may not take alice's seek";
  EXPECT_EQ(ids("?user=carol&game=n-mesh"), (std::vector<int64_t>{2}));
  EXPECT_EQ(ids(""), (std::vector<int64_t>{1, 2})) << "without a user: every open seek";
  EXPECT_EQ(post("/api/offers/1/join", json::object(), carol_).json["code"], "rating_out_of_range");
}

}  // namespace
}  // namespace ludus::server::testing
