// SPDX-License-Identifier: Apache-2.0
// A bot's event stream (docs/bots.md "The event stream"), read by a scripted client as a bot
// reads it, on a running server and both database engines: what it hears of a game from
// the invitation to the end, an exact resume, a snapshot for a stale resume.
#include "bot_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class BotStreamTest : public BotFixture {
 protected:
  void SetUp() override {
    BotFixture::SetUp();
    bot_ = engine_bot();
  }
  std::unique_ptr<BotStreamClient> stream(const std::string& query = "", const std::string& headers = "") {
    return std::make_unique<BotStreamClient>(server_->port(), bot_, query, headers);
  }
  // alice invites the bot to a small board, alice moving first; the offer's id.
  int64_t invite() {
    auto invited = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "engine"}}},
                        alice_);
    EXPECT_EQ(invited.status, 202) << invited.body;
    return invited.json["offer"].value("id", int64_t{0});
  }
  // The bot takes offer `offer`; the board's number.
  int64_t join(int64_t offer) {
    auto joined = post("/api/offers/" + std::to_string(offer) + "/join", json::object(), bot_);
    EXPECT_EQ(joined.status, 201) << joined.body;
    return joined.json.value("board", int64_t{0});
  }
  // alice plays her first legal move on `board`.
  void alice_moves(int64_t board) {
    const std::string path = "/api/games/" + std::to_string(board);
    auto now = get(path);
    ASSERT_FALSE(now.json["legal_moves"].empty()) << now.body;
    auto moved = post(path + "/move", {{"move", now.json["legal_moves"][0]}, {"move_number", now.json["next_move_number"]}},
                      alice_);
    ASSERT_EQ(moved.status, 200) << moved.body;
  }
  std::string bot_;
};

TEST_F(BotStreamTest, ABotHearsOfAGameFromTheInvitationToTheEndAndPlaysIt) {
  auto events = stream();
  ASSERT_EQ(events->status(), 200) << events->head();
  EXPECT_NE(events->head().find("application/x-ndjson"), std::string::npos) << events->head();
  auto hello = events->next();
  ASSERT_TRUE(hello);
  EXPECT_EQ(*hello, json({{"id", 0}, {"type", "hello"}, {"at", (*hello)["at"]}, {"bot", "engine"}, {"cursor", 0},
                          {"snapshot", true}, {"offers", json::array()}, {"boards", json::array()}}));

  const int64_t offer = invite();
  auto invitation = events->next();
  ASSERT_TRUE(invitation);
  EXPECT_EQ((*invitation)["id"], 1);
  EXPECT_EQ((*invitation)["type"], "invitation");
  EXPECT_EQ((*invitation)["offer"]["id"], offer);
  EXPECT_EQ((*invitation)["offer"]["from"], "alice");

  const int64_t board = join(offer);
  auto gone = events->next();
  ASSERT_TRUE(gone);
  EXPECT_EQ(*gone, json({{"id", 2}, {"type", "invitation_gone"}, {"at", (*gone)["at"]}, {"offer", offer}, {"status", "taken"}}));
  auto start = events->next();
  ASSERT_TRUE(start);
  EXPECT_EQ((*start)["id"], 3);
  EXPECT_EQ((*start)["type"], "game_start");
  EXPECT_EQ((*start)["board"], board);
  EXPECT_EQ((*start)["seat"], 1);
  EXPECT_EQ((*start)["rated"], false);
  EXPECT_EQ((*start)["players"], json::parse(R"([{"user":"alice","bot":false,"ai":false},{"user":"engine","bot":true,"ai":false}])"));
  EXPECT_EQ((*start)["time_limits"], json({{"nagtime", 7}, {"forfeittime", 21}}));

  alice_moves(board);
  auto turn = events->next();
  ASSERT_TRUE(turn);
  EXPECT_EQ((*turn)["id"], 4);
  EXPECT_EQ((*turn)["type"], "your_turn");
  EXPECT_EQ((*turn)["move_number"], 2);
  EXPECT_EQ((*turn)["moves"].size(), 1u);
  EXPECT_TRUE((*turn)["current"].get<bool>());
  ASSERT_FALSE((*turn)["actions"].empty()) << turn->dump();
  EXPECT_TRUE((*turn)["clock"]["deadline"].is_number()) << turn->dump();
  EXPECT_GT((*turn)["clock"]["seconds_left"].get<int64_t>(), 20 * 86400);
  EXPECT_EQ((*turn)["proposal"], nullptr);

  // The bot plays one of the actions it was given, guarded by the move number.
  const std::string path = "/api/games/" + std::to_string(board);
  auto played = post(path + "/move", {{"move", (*turn)["actions"][0]["text"]}, {"move_number", (*turn)["move_number"]}}, bot_);
  ASSERT_EQ(played.status, 200) << played.body;
  alice_moves(board);
  auto second = events->next();
  ASSERT_TRUE(second);
  EXPECT_EQ((*second)["type"], "your_turn");
  EXPECT_EQ((*second)["id"], 5) << "the bot's own move is no event of its own";
  EXPECT_EQ((*second)["move_number"], 4);
  ASSERT_EQ(post(path + "/resign", json::object(), alice_).status, 200);
  auto end = events->next();
  ASSERT_TRUE(end);
  EXPECT_EQ((*end)["id"], 6);
  EXPECT_EQ((*end)["type"], "game_end");
  EXPECT_EQ((*end)["winner_seat"], 1);
  EXPECT_EQ((*end)["seat"], 1);
  EXPECT_EQ((*end)["reason"], get(path).json["end_reason"]);
  EXPECT_FALSE(events->next(std::chrono::milliseconds(1500))) << "nothing more";
}

TEST_F(BotStreamTest, AReconnectGetsExactlyTheEventsItMissed) {
  int64_t last = 0;
  {
    auto events = stream();
    ASSERT_TRUE(events->next());  // hello
    invite();
    auto invitation = events->next();
    ASSERT_TRUE(invitation);
    last = (*invitation)["id"];
  }
  // Meanwhile: a second invitation, declined by the bot; a third, withdrawn by alice.
  const int64_t second = invite();
  ASSERT_EQ(post("/api/offers/" + std::to_string(second) + "/decline", json::object(), bot_).status, 200);
  const int64_t third = invite();
  ASSERT_EQ(post("/api/offers/" + std::to_string(third) + "/decline", json::object(), alice_).status, 200);
  for (const std::string& how : {"query", "header"}) {
    SCOPED_TRACE(how);
    auto events = how == "query" ? stream("?since=" + std::to_string(last))
                                 : stream("", "Last-Event-ID: " + std::to_string(last) + "\r\n");
    auto hello = events->next();
    ASSERT_TRUE(hello);
    EXPECT_EQ((*hello)["snapshot"], false);
    EXPECT_EQ((*hello)["cursor"], last);
    std::vector<json> missed;
    while (auto event = events->next(std::chrono::milliseconds(1500))) missed.push_back(*event);
    ASSERT_EQ(missed.size(), 4u) << json(missed).dump();
    for (size_t i = 0; i < missed.size(); ++i) EXPECT_EQ(missed[i]["id"], last + 1 + static_cast<int64_t>(i));
    EXPECT_EQ(missed[0]["type"], "invitation");
    EXPECT_EQ(missed[1], json({{"id", last + 2}, {"type", "invitation_gone"}, {"at", missed[1]["at"]}, {"offer", second},
                               {"status", "declined"}}));
    EXPECT_EQ(missed[3]["status"], "withdrawn");
    EXPECT_EQ(missed[3]["offer"], third);
  }
  // Resumed from the newest: nothing to send but the hello.
  auto caught_up = stream("?since=" + std::to_string(last + 4));
  EXPECT_EQ(caught_up->next()->value("snapshot", true), false);
  EXPECT_FALSE(caught_up->next(std::chrono::milliseconds(1500)));
}

TEST_F(BotStreamTest, AResumeFromAnEventNoLongerKeptGetsASnapshot) {
  const int64_t first = invite();
  const int64_t board = join(first);
  alice_moves(board);
  invite();  // open: in the snapshot
  // The oldest events pruned (as `ludus cleanup` does past the cap or the age).
  {
    Store store(config_.db_path);
    auto session = store.session();
    session.connection().exec("DELETE FROM bot_events WHERE id <= 3");
  }
  for (const std::string query : {"?since=1", "?since=99"}) {  // older than the oldest kept; beyond the newest
    SCOPED_TRACE(query);
    auto events = stream(query);
    auto hello = events->next();
    ASSERT_TRUE(hello);
    EXPECT_EQ((*hello)["snapshot"], true);
    EXPECT_EQ((*hello)["cursor"], 5) << "after the newest: the snapshot holds everything before";
    ASSERT_EQ((*hello)["offers"].size(), 1u) << hello->dump();
    EXPECT_EQ((*hello)["offers"][0]["to"], "engine");
    ASSERT_EQ((*hello)["boards"].size(), 1u) << hello->dump();
    const json& b = (*hello)["boards"][0];
    EXPECT_EQ(b["board"], board);
    EXPECT_EQ(b["your_turn"], true);
    EXPECT_EQ(b["move_number"], 2);
    EXPECT_FALSE(b["actions"].empty());
  }
  auto fresh = stream("?since=4");  // the oldest kept is 4: a resume
  EXPECT_EQ(fresh->next()->value("snapshot", true), false);
  auto fifth = fresh->next();
  ASSERT_TRUE(fifth);
  EXPECT_EQ((*fifth)["id"], 5);
}

TEST_F(BotStreamTest, OnlyABotHasAStream) {
  BotStreamClient player(server_->port(), alice_);
  EXPECT_EQ(player.status(), 403) << player.head();
  EXPECT_NE(player.error_body().find("not_a_bot"), std::string::npos);
  auto bad = stream("?since=-1");
  EXPECT_EQ(bad->status(), 400) << bad->head();
  BotStreamClient nobody(server_->port(), "not-a-token");
  EXPECT_EQ(nobody.status(), 401) << nobody.head();
}

// Five illegal moves in a row from a bot token pause it for a minute on every request; a
// legal move clears the count.
TEST_F(BotStreamTest, FiveIllegalMovesInARowPauseTheBotToken) {
  const int64_t board = join(invite());
  const std::string path = "/api/games/" + std::to_string(board);
  auto illegal = [&] { return post(path + "/move", {{"move", "z99"}}, bot_); };
  alice_moves(board);
  for (int i = 0; i < 4; ++i) {
    auto refused = illegal();
    ASSERT_EQ(refused.status, 400) << refused.body;
    EXPECT_EQ(refused.json.value("code", ""), "illegal_move");
  }
  // A legal move clears the count: four more are not yet five in a row.
  const auto legal = get(path).json["legal_moves"][0];
  ASSERT_EQ(post(path + "/move", {{"move", legal}}, bot_).status, 200);
  alice_moves(board);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(illegal().status, 400) << "illegal move " << i + 1;
  auto paused = post(path + "/move", {{"move", get(path).json["legal_moves"][0]}}, bot_);
  EXPECT_EQ(paused.status, 429) << paused.body;
  EXPECT_EQ(paused.json.value("code", ""), "rate_limited");
  const int wait = std::atoi(paused.result.header("Retry-After").c_str());
  EXPECT_GT(wait, 50);
  EXPECT_LE(wait, 60);
  BotStreamClient stream(server_->port(), bot_);
  EXPECT_EQ(stream.status(), 429) << "every request of the token: " << stream.head();
  EXPECT_EQ(get(path).status, 200) << "the board is public: a GET without the token";
  // The account's own sign-in is not the paused token.
  EXPECT_EQ(post(path + "/move", {{"move", get(path).json["legal_moves"][0]}}, owner_).status, 200);
}

// A bot is marked wherever a player is shown: JSON beside its name, text as "engine [bot]".
TEST_F(BotStreamTest, BotsAreLabelledInJsonAndText) {
  const int64_t offer = invite();
  auto offers = get("/api/offers?user=engine", bot_);
  ASSERT_EQ(offers.status, 200) << offers.body;
  ASSERT_EQ(offers.json["offers"].size(), 1u) << offers.body;
  EXPECT_EQ(offers.json["offers"][0]["from_bot"], false);
  EXPECT_EQ(offers.json["offers"][0]["to_bot"], true);
  auto offers_text = post_text("/api/command", "offers engine engine-pw-1", "", "text/plain");
  EXPECT_NE(offers_text.body.find("alice invites engine [bot] to"), std::string::npos) << offers_text.body;
  const int64_t board = join(offer);
  auto b = get("/api/games/" + std::to_string(board));
  EXPECT_EQ(b.json["seats"][0]["bot"], false);
  EXPECT_EQ(b.json["seats"][1]["bot"], true);
  EXPECT_EQ(b.json["bots"], json::array({false, true}));
  EXPECT_NE(b.json.value("mail", "").find("engine [bot]"), std::string::npos) << b.json.value("mail", "");
  auto listing = get("/api/games?user=engine");
  ASSERT_FALSE(listing.json["games"].empty()) << listing.body;
  EXPECT_EQ(listing.json["games"][0]["bots"], json::array({false, true}));
  auto listing_text = post_text("/api/command", "games engine", "", "text/plain");
  EXPECT_NE(listing_text.body.find("alice vs engine [bot]"), std::string::npos) << listing_text.body;
  EXPECT_EQ(get("/api/users/engine").json["bot"], true);
  EXPECT_EQ(get("/api/users/alice").json["bot"], false);
}

}  // namespace
}  // namespace ludus::server::testing
