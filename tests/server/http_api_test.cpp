// SPDX-License-Identifier: Apache-2.0
// The JSON API against a real server on 127.0.0.1 (ephemeral port).
#include "http_test_support.h"
#include "server/domain/play/board_commands.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class HttpApiTest : public HttpFixture {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    alice_ = account("alice");
    bob_ = account("bob");
  }
  int64_t challenge(const json& options = {{"size", 4}}, const json& players = {"alice", "bob"}) {
    auto r = post("/api/games", {{"game", "ndengrod"}, {"options", options}, {"players", players}}, alice_);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json.value("board", int64_t{0});
  }
  std::string alice_, bob_;
};

TEST_F(HttpApiTest, HealthCatalogAndStaticPage) {
  EXPECT_EQ(get("/api/health").json["ok"], true);
  auto catalog = get("/api/catalog");
  ASSERT_EQ(catalog.status, 200);
  bool found = false;
  for (const auto& g : catalog.json["games"])
    if (g["name"] == "ndengrod") {
      found = true;
      EXPECT_EQ(g["colours"], json({"x", "o"}));
      EXPECT_FALSE(g["options"].empty());
    }
  EXPECT_TRUE(found);
  auto page = get("/");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("<title>ludus</title>"), std::string::npos);
  EXPECT_NE(page.content_type.find("text/html"), std::string::npos);
  auto missing = get("/nope.html");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.json["code"], "not_found");
  EXPECT_EQ(get("/api/nothing").status, 404);
}

TEST_F(HttpApiTest, SignupAndLoginErrors) {
  EXPECT_EQ(post("/api/signup", {{"user", "alice"}, {"password", "x-password"}}).status, 409);
  EXPECT_EQ(post("/api/signup", {{"user", "bad id"}, {"password", "x-password"}}).json["code"], "bad_user");
  auto missing = post("/api/signup", {{"user", "carol"}});
  EXPECT_EQ(missing.status, 400);
  EXPECT_EQ(missing.json["error"], "missing field 'password'");
  EXPECT_EQ(post("/api/signup", {{"user", 5}, {"password", "x-password"}}).json["error"], "field 'user' must be a string");
  auto wrong = post("/api/login", {{"user", "alice"}, {"password", "nope"}});
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(wrong.json["error"], "wrong user id or password");
  auto me = get("/api/me", alice_);
  EXPECT_EQ(me.status, 200);
  EXPECT_EQ(me.json["user"], "alice");
  EXPECT_EQ(get("/api/me").status, 401);
  EXPECT_EQ(get("/api/me", "0123").status, 401);
}

TEST_F(HttpApiTest, MalformedAndOversizedBodies) {
  auto bad = post_text("/api/login", "{\"user\": ");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json["code"], "malformed_json");
  EXPECT_EQ(post_text("/api/login", "[1,2]").json["error"], "the request body must be a JSON object");
  auto big = post_text("/api/signup", std::string(100 * 1024, 'x'));
  EXPECT_EQ(big.status, 413);
  EXPECT_EQ(big.json["code"], "too_large");
  auto big_command = post_text("/api/command", "help " + std::string(20 * 1024, 'x'), "", "text/plain");
  EXPECT_EQ(big_command.status, 413);
}

TEST_F(HttpApiTest, PlayAGameWithTheMoveNumberGuard) {
  int64_t board = challenge();
  ASSERT_GT(board, 0);
  auto g = get("/api/games/" + std::to_string(board));
  ASSERT_EQ(g.status, 200);
  EXPECT_EQ(g.json["game"], "ndengrod");
  EXPECT_EQ(g.json["status"], "active");
  EXPECT_EQ(g.json["moves_played"], 0);
  EXPECT_EQ(g.json["next_move_number"], 1);
  EXPECT_EQ(g.json["to_move"]["user"], "alice");
  EXPECT_EQ(g.json["to_move"]["colour"], "x");
  EXPECT_EQ(g.json["seats"][1]["user"], "bob");
  EXPECT_EQ(g.json["seats"][1]["colour"], "o");
  EXPECT_EQ(g.json["legal_moves"].size(), 37u);  // hex-hex of side 4
  EXPECT_TRUE(g.json["last_move"].is_null());
  EXPECT_FALSE(g.json["board_text"].get<std::string>().empty());
  EXPECT_NE(g.json["mail"].get<std::string>().find("Board " + std::to_string(board) + ": Ndengrod"), std::string::npos);

  const std::string base = "/api/games/" + std::to_string(board);
  auto m = post(base + "/move", {{"move", "d4"}, {"move_number", 1}}, alice_);
  ASSERT_EQ(m.status, 200) << m.body;
  EXPECT_EQ(m.json["moves_played"], 1);
  EXPECT_EQ(m.json["last_move"]["move"], "d4");
  EXPECT_EQ(m.json["last_move"]["user"], "alice");
  EXPECT_EQ(m.json["to_move"]["user"], "bob");
  auto stale = post(base + "/move", {{"move", "c3"}, {"move_number", 1}}, bob_);
  EXPECT_EQ(stale.status, 409);
  EXPECT_EQ(stale.json["code"], "stale_move");
  EXPECT_EQ(post(base + "/move", {{"move", "c3"}}, alice_).json["code"], "not_your_turn");
  EXPECT_EQ(post(base + "/move", {{"move", "q99"}}, bob_).json["code"], "illegal_move");
  EXPECT_EQ(post(base + "/move", {{"move", "c3"}, {"move_number", "two"}}, bob_).status, 400);
  EXPECT_EQ(post(base + "/move", {{"move", "c3"}}).status, 401);
  EXPECT_EQ(post("/api/games/999/move", {{"move", "c3"}}, bob_).status, 404);
  std::string carol = account("carol");
  EXPECT_EQ(post(base + "/move", {{"move", "c3"}}, carol).status, 403);

  auto swap = post(base + "/swap", {{"move_number", 2}}, bob_);
  ASSERT_EQ(swap.status, 200) << swap.body;
  EXPECT_EQ(swap.json["seats"][1]["colour"], "x") << "bob holds x after the swap";
  EXPECT_EQ(swap.json["to_move"]["user"], "alice");
  EXPECT_EQ(swap.json["to_move"]["colour"], "o");

  auto view = get(base + "?move=1");
  EXPECT_EQ(view.json["position_move_number"], 1);
  EXPECT_EQ(view.json["latest"], false);
  EXPECT_TRUE(view.json["legal_moves"].empty());
  EXPECT_EQ(view.json["last_move"]["move"], "d4");
  EXPECT_EQ(get(base + "?move=7").status, 400);
  EXPECT_EQ(get(base + "?move=x").status, 400);

  auto resign = post(base + "/resign", json::object(), alice_);
  ASSERT_EQ(resign.status, 200);
  EXPECT_EQ(resign.json["status"], "finished");
  EXPECT_EQ(resign.json["outcome"]["winner_user"], "bob");
  EXPECT_EQ(resign.json["outcome"]["winner_colour"], "x");
  EXPECT_EQ(resign.json["outcome"]["reason"], "o resigned");
  EXPECT_EQ(post(base + "/pass", json::object(), bob_).json["code"], "game_over");
  EXPECT_EQ(resign.json["record"]["result"], "x");

  auto history = get(base + "/history");
  EXPECT_EQ(history.json["record"]["moves"], json({"d4", "swap"}));
  EXPECT_EQ(history.json["record"]["ending"], "resign");
  EXPECT_EQ(history.json["record"]["winner_seat"], 1);
  EXPECT_NE(history.json["text"].get<std::string>().find("alice resigned"), std::string::npos);
}

// The board commands are declared once; each verb of the text grammar is an endpoint.
TEST_F(HttpApiTest, EveryBoardCommandOfTheGrammarIsAnEndpoint) {
  const int64_t board = challenge();
  const std::string base = "/api/games/" + std::to_string(board);
  for (const auto& command : board_commands()) {
    auto r = post("/api/games/999/" + std::string(command.verb), json::object(), alice_);
    SCOPED_TRACE(std::string(command.verb) + ": " + r.body);
    EXPECT_TRUE(r.status == 400 || r.status == 404);
    EXPECT_EQ(r.json.value("error", "").rfind("no such page", 0), std::string::npos);
    EXPECT_EQ(post(base + "/" + std::string(command.verb), json::object()).status, 401);  // no token
  }
  auto draw = post(base + "/draw", json::object(), alice_);
  ASSERT_EQ(draw.status, 200) << draw.body;
  EXPECT_EQ(draw.json["proposal"]["kind"], "draw");
  EXPECT_EQ(draw.json["message"], "alice proposes a draw on board 1; bob may accept or reject");
  EXPECT_EQ(post(base + "/move", {{"move_number", 1}}, bob_).json["code"], "missing_field");
  EXPECT_EQ(post(base + "/draws", json::object(), alice_).status, 404);
}

TEST_F(HttpApiTest, GeometryAndStonesWhenTheGameProvidesThem) {
  int64_t board = challenge();
  post("/api/games/" + std::to_string(board) + "/move", {{"move", "d4"}}, alice_);
  auto g = get("/api/games/" + std::to_string(board));
  const json& geometry = g.json["geometry"];
  if (geometry.is_null()) GTEST_SKIP() << "ndengrod does not override Game::board_geometry() yet";
  EXPECT_EQ(geometry["topology"], "hex");
  ASSERT_EQ(geometry["sites"].size(), 37u);
  ASSERT_EQ(geometry["stones"].size(), 37u);
  int stones = 0;
  for (size_t i = 0; i < 37; ++i)
    if (!geometry["stones"][i].is_null()) {
      ++stones;
      EXPECT_EQ(geometry["sites"][i]["name"], "d4");
      EXPECT_EQ(geometry["stones"][i], "x");
    }
  EXPECT_EQ(stones, 1);
}

// The board names each legal action with the sites it touches, its kind and whether it ends
// the turn, so a page can match clicks to actions without knowing the game.
TEST_F(HttpApiTest, ActionsTurnsAndHalfTurns) {
  auto created = post("/api/games", {{"game", "epoxy"}, {"players", {"alice", "bob"}}}, alice_);
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string base = "/api/games/" + std::to_string(created.json["board"].get<int64_t>());
  const json& start = created.json;
  EXPECT_EQ(start["turn"], 1);
  EXPECT_EQ(start["mid_turn"], false);
  ASSERT_EQ(start["actions"].size(), start["legal_moves"].size());
  for (size_t i = 0; i < start["actions"].size(); ++i) {
    const json& action = start["actions"][i];
    EXPECT_EQ(action["text"], start["legal_moves"][i]);
    EXPECT_EQ(action["kind"], "place");
    EXPECT_EQ(action["sites"], json({action["text"]}));
    EXPECT_EQ(action["ends_turn"], true) << "Maroon's first turn is one action";
  }
  EXPECT_EQ(start["geometry"]["stones_on"], "points");
  auto moved = post(base + "/move", {{"move", "a3"}}, alice_);
  ASSERT_EQ(moved.status, 200) << moved.body;
  EXPECT_EQ(moved.json["turn"], 2);
  for (const auto& action : moved.json["actions"]) EXPECT_EQ(action["ends_turn"], false) << action;
  // Half a turn is refused and stores nothing; the error shows the whole form.
  auto half = post(base + "/move", {{"move", "h8"}, {"move_number", 2}}, bob_);
  EXPECT_EQ(half.status, 400);
  EXPECT_EQ(half.json["code"], "illegal_move");
  EXPECT_EQ(half.json["error"], "illegal move 'h8': not a whole turn; send all of it, e.g. 'h8,pass'");
  EXPECT_EQ(get(base).json["moves_played"], 1);
  auto whole = post(base + "/move", {{"move", "h8,pass"}, {"move_number", 2}}, bob_);
  ASSERT_EQ(whole.status, 200) << whole.body;
  EXPECT_EQ(whole.json["moves_played"], 3);
  EXPECT_EQ(whole.json["turn"], 3);
  EXPECT_EQ(whole.json["mid_turn"], false);
  EXPECT_EQ(whole.json["moves"][2]["turn"], 2);
  EXPECT_TRUE(get(base + "?move=1").json["actions"].empty());

  // Trellis: one action is a whole turn of one or two stones on the points.
  auto trellis = post("/api/games", {{"game", "trellis"}, {"options", {{"size", 7}}}, {"players", {"alice", "bob"}}}, alice_);
  ASSERT_EQ(trellis.status, 201) << trellis.body;
  std::map<std::string, json> by_text;
  for (const auto& action : trellis.json["actions"]) by_text[action["text"]] = action;
  EXPECT_EQ(by_text["d4,e6"], json({{"text", "d4,e6"}, {"sites", {"d4", "e6"}}, {"kind", "place"}, {"ends_turn", true}}));
  EXPECT_EQ(by_text["d4"], json({{"text", "d4"}, {"sites", {"d4"}}, {"kind", "place"}, {"ends_turn", true}}));
  EXPECT_EQ(by_text["pass"]["kind"], "pass");
  const json& features = trellis.json["geometry"]["features"];
  ASSERT_EQ(features.size(), 1u);
  EXPECT_EQ(features[0]["name"], "dark squares");
  EXPECT_EQ(features[0]["sites"].size(), 18u);  // half of the 6 x 6 squares, by their lower-left points
  EXPECT_EQ(features[0]["sites"][0], "a2");
}

// The catalog gives what a page needs to show each game, in the order of the rules.
TEST_F(HttpApiTest, TheCatalogSaysWhereStonesStandAndHowATurnIsWritten) {
  auto catalog = get("/api/catalog");
  std::vector<std::string> names;
  for (const auto& g : catalog.json["games"]) {
    names.push_back(g["name"]);
    EXPECT_FALSE(g["turn"]["summary"].get<std::string>().empty()) << g;
    EXPECT_FALSE(g["turn"]["examples"].empty()) << g;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"n-mesh", "netted", "trellis", "ndengrod", "epoxy"}));
  EXPECT_EQ(catalog.json["games"][2]["stones_on"], "points");
  EXPECT_EQ(catalog.json["games"][0]["stones_on"], "cells");
  EXPECT_EQ(catalog.json["games"][4]["turn"]["examples"][0], json({{"text", "d3,e5-e7"}, {"meaning", "place on d3, then slide the stone on e5 to e7"}}));
}

// Every game's catalog entry carries the computer players' measured ratings
// (data/ai-ratings.json, `ludus ladder`): the levels a player may choose, weakest first,
// anchored at ai:beginner = 1000; the ladder's in-between rungs are not offered, so not listed.
TEST_F(HttpApiTest, TheCatalogCarriesTheAiLevelsRatings) {
  auto catalog = get("/api/catalog");
  for (const auto& g : catalog.json["games"]) {
    SCOPED_TRACE(g["name"].get<std::string>());
    std::vector<std::string> levels;
    double last = -1e9;
    for (const auto& l : g["ai_levels"]) {
      levels.push_back(l["level"]);
      if (l["rating"].is_null()) continue;  // above a step one side swept
      EXPECT_GT(l["rating"].get<double>(), last) << l;  // each level stronger than the one before
      last = l["rating"].get<double>();
      if (!l["low"].is_null()) EXPECT_LE(l["low"].get<double>(), l["rating"].get<double>()) << l;
      if (!l["high"].is_null()) EXPECT_GE(l["high"].get<double>(), l["rating"].get<double>()) << l;
    }
    ASSERT_GE(levels.size(), 4u) << g["ai_levels"];
    EXPECT_EQ(std::vector<std::string>(levels.begin(), levels.begin() + 4),
              (std::vector<std::string>{"ai:random", "ai:beginner", "ai:easy", "ai:medium"}));
    EXPECT_EQ(g["ai_levels"][1], json({{"level", "ai:beginner"}, {"rating", 1000}, {"low", 1000}, {"high", 1000}}));
  }
}

TEST_F(HttpApiTest, ListsAndProposalsAndComments) {
  int64_t b1 = challenge();
  int64_t b2 = challenge({{"size", 3}}, {"bob", "alice"});
  const std::string base = "/api/games/" + std::to_string(b1);
  auto all = get("/api/games?user=alice");
  ASSERT_EQ(all.status, 200);
  EXPECT_EQ(all.json["games"].size(), 2u);
  auto next = get("/api/games?user=alice&status=next");
  ASSERT_EQ(next.json["games"].size(), 1u);
  EXPECT_EQ(next.json["games"][0]["board"], b1);
  EXPECT_EQ(get("/api/games?user=bob&status=next").json["games"][0]["board"], b2);
  EXPECT_EQ(get("/api/games?status=finished").json["games"].size(), 0u);
  EXPECT_EQ(get("/api/games?status=next").status, 400);
  EXPECT_EQ(get("/api/games?status=bogus").status, 400);
  EXPECT_EQ(get("/api/games?limit=0").status, 400);
  EXPECT_EQ(get("/api/games?user=x%27%3B%20DROP").json["code"], "bad_user");

  auto p = post(base + "/propose", {{"kind", "draw"}}, alice_);
  ASSERT_EQ(p.status, 200) << p.body;
  EXPECT_EQ(p.json["proposal"]["kind"], "draw");
  EXPECT_EQ(p.json["proposal"]["user"], "alice");
  EXPECT_EQ(p.json["message"], "alice proposes a draw on board 1; bob may accept or reject");
  EXPECT_EQ(post(base + "/accept", json::object(), alice_).json["code"], "own_proposal");
  EXPECT_EQ(post(base + "/propose", {{"kind", "truce"}}, bob_).status, 400);
  auto a = post(base + "/accept", json::object(), bob_);
  EXPECT_EQ(a.json["status"], "finished");
  EXPECT_EQ(a.json["outcome"]["draw"], true);

  auto c = post("/api/games/" + std::to_string(b2) + "/comment", {{"text", "good luck'; --"}}, alice_);
  ASSERT_EQ(c.status, 200);
  EXPECT_EQ(c.json["comments"][0]["text"], "good luck'; --");
  EXPECT_EQ(c.json["comments"][0]["user"], "alice");
  EXPECT_EQ(post("/api/games/" + std::to_string(b2) + "/comment", {{"text", ""}}, alice_).status, 400);
  std::string carol = account("carol");
  EXPECT_EQ(post("/api/games/" + std::to_string(b2) + "/subscribe", json::object(), carol).status, 200);
  EXPECT_EQ(get("/api/games?user=carol&status=watched").json["games"].size(), 1u);
}

// Every listing honours ?limit=N&offset=N within one bound (docs/http-api.md, "Paging"):
// the boards, the lobby, the tournaments, a game's standings and a player's finished boards.
TEST_F(HttpApiTest, EveryListingIsPagedWithinOneBound) {
  auto ids = [](const json& list, const char* key) {
    std::vector<int64_t> out;
    for (const auto& item : list) out.push_back(item[key].get<int64_t>());
    return out;
  };
  for (int i = 0; i < 3; ++i) challenge(json::object());  // boards 1-3, rated
  for (int b = 1; b <= 2; ++b) {
    const std::string board = "/api/games/" + std::to_string(b);
    for (const std::string& token : {alice_, bob_}) {  // a game is rated once both have moved
      const std::string move = get(board).json["actions"][0]["text"];
      ASSERT_EQ(post(board + "/move", {{"move", move}}, token).status, 200);
    }
    ASSERT_EQ(post(board + "/resign", json::object(), bob_).status, 200);
  }
  EXPECT_EQ(get("/api/games?limit=2&offset=2").json["games"].size(), 1u);
  EXPECT_EQ(ids(get("/api/games?user=alice&status=finished&limit=1&offset=1").json["games"], "board"),
            (std::vector<int64_t>{1}));  // the latest first: board 2 ended last
  for (int i = 0; i < 3; ++i) ASSERT_EQ(post("/api/offers", {{"game", "ndengrod"}}, alice_).status, 201);
  EXPECT_EQ(ids(get("/api/offers?limit=2&offset=1").json["offers"], "id"), (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(ids(get("/api/offers?user=bob&limit=1&offset=2", bob_).json["offers"], "id"), (std::vector<int64_t>{3}));
  for (const std::string& token : {alice_, alice_, bob_})
    ASSERT_EQ(post("/api/tournaments", {{"game", "ndengrod"}, {"format", "roundrobin"}, {"players", "2-4"}, {"start", "full"}},
                   token)
                  .status,
              201);
  EXPECT_EQ(ids(get("/api/tournaments?limit=2&offset=1").json["tournaments"], "id"), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(ids(get("/api/tournaments?status=open&limit=1&offset=2").json["tournaments"], "id"), (std::vector<int64_t>{1}));
  auto standings = get("/api/ratings/ndengrod?limit=1&offset=1");
  ASSERT_EQ(standings.json["players"].size(), 1u) << standings.body;
  EXPECT_EQ(standings.json["players"][0]["rank"], 2);
  EXPECT_EQ(ids(get("/api/users/bob?limit=1&offset=1").json["finished"], "board"), (std::vector<int64_t>{1}));
  for (const std::string listing : {"/api/games?", "/api/offers?", "/api/tournaments?", "/api/ratings/ndengrod?",
                                    "/api/users/alice?"}) {
    EXPECT_EQ(get(listing + "limit=500").status, 200) << listing;
    for (const std::string page : {"limit=501", "limit=0", "limit=-1", "limit=x", "offset=-1", "offset=1000000001"}) {
      auto r = get(listing + page);
      EXPECT_EQ(r.status, 400) << listing << page;
      EXPECT_EQ(r.json.value("code", ""), "bad_query") << listing << page;
    }
  }
  EXPECT_EQ(get("/api/tournaments?limit=501").json.value("error", ""), "limit must be a whole number from 1 to 500");
}

TEST_F(HttpApiTest, ChallengeErrors) {
  auto r = post("/api/games", {{"game", "ndengrod"}, {"players", {"bob", "carol"}}}, alice_);
  EXPECT_EQ(r.status, 404) << r.body;  // carol does not exist
  account("carol");
  EXPECT_EQ(post("/api/games", {{"game", "ndengrod"}, {"players", {"bob", "carol"}}}, alice_).status, 403);
  EXPECT_EQ(post("/api/games", {{"game", "ndengrod"}, {"players", {"alice"}}}, alice_).json["code"], "bad_field");
  EXPECT_EQ(post("/api/games", {{"game", "go"}, {"players", {"alice", "bob"}}}, alice_).json["code"], "bad_game");
  EXPECT_EQ(post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 99}}}, {"players", {"alice", "bob"}}}, alice_)
                .json["code"],
            "bad_game");
  EXPECT_EQ(post("/api/games", {{"game", "ndengrod"}, {"options", {{"swap", false}}}, {"players", {"alice", "bob"}}},
                 alice_)
                .json["options"]["swap"],
            "off");
  EXPECT_EQ(post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}).status, 401);
}

TEST_F(HttpApiTest, PasswordChangeAndLogout) {
  auto r = post("/api/password", {{"old_password", "secret-pw"}, {"new_password", "better-pw"}}, alice_);
  ASSERT_EQ(r.status, 200) << r.body;
  std::string fresh = r.json["token"];
  EXPECT_EQ(get("/api/me", alice_).status, 401) << "old token revoked";
  EXPECT_EQ(get("/api/me", fresh).status, 200);
  EXPECT_EQ(post("/api/login", {{"user", "alice"}, {"password", "better-pw"}}).status, 200);
  EXPECT_EQ(post("/api/logout", json::object(), fresh).status, 200);
  EXPECT_EQ(get("/api/me", fresh).status, 401);
}

TEST_F(HttpApiTest, CommandEndpointSpeaksTheMailGrammar) {
  auto signup = post_text("/api/command", "signup carol pw-c-long", "", "text/plain");
  EXPECT_EQ(signup.status, 200);
  EXPECT_EQ(signup.body, "Welcome, carol: your account is ready.\n");
  EXPECT_NE(signup.content_type.find("text/plain"), std::string::npos);
  auto game = post_text("/api/command", "ndengrod challenge -size=3 carol alice pw-c-long", "", "text/plain");
  EXPECT_NE(game.body.find("carol challenges: board 1 is ready."), std::string::npos) << game.body;
  auto wrong = post_text("/api/command", "move 1 carol nope c3", "", "text/plain");
  EXPECT_EQ(wrong.status, 401);
  EXPECT_EQ(wrong.body, "error: wrong user id or password\n");
  auto c = client();
  const HeaderList accept_json = {{"Accept", "application/json"}};
  auto as_json = reply_of(c.request(http::verb::post, "/api/command", "move 1 carol pw-c-long c3#1", accept_json, "text/plain"));
  EXPECT_EQ(as_json.status, 200);
  EXPECT_NE(as_json.json["reply"].get<std::string>().find("carol plays c3"), std::string::npos);
  auto stale = reply_of(c.request(http::verb::post, "/api/command", "move 1 alice secret-pw b2#1", accept_json, "text/plain"));
  EXPECT_EQ(stale.status, 409);
  EXPECT_EQ(stale.json["code"], "stale_move");
  auto form = reply_of(c.request(http::verb::post, "/api/command", "command=show+1", {}, "application/x-www-form-urlencoded"));
  EXPECT_EQ(form.status, 200);
  EXPECT_NE(form.body.find("Status: o to move (alice), turn 2"), std::string::npos) << form.body;
}

TEST_F(HttpApiTest, AiOpponentMovesInTheBackground) {
  auto r = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}, {"length", 3}}}, {"players", {"alice", "ai:random"}}},
                alice_);
  ASSERT_EQ(r.status, 201) << r.body;
  const std::string base = "/api/games/" + r.json["board"].dump();
  EXPECT_EQ(r.json["seats"][1]["ai"], true);
  for (int turn = 0; turn < 40; ++turn) {
    ASSERT_TRUE(server_->ai().wait_idle(std::chrono::seconds(20)));
    auto g = get(base);
    if (g.json["status"] == "finished") break;
    ASSERT_EQ(g.json["to_move"]["user"], "alice") << "the AI has replied";
    std::string move = g.json["legal_moves"][0];
    auto m = post(base + "/move", {{"move", move}, {"move_number", g.json["next_move_number"]}}, alice_);
    ASSERT_EQ(m.status, 200) << m.body;
  }
  ASSERT_TRUE(server_->ai().wait_idle(std::chrono::seconds(20)));
  auto g = get(base);
  EXPECT_EQ(g.json["status"], "finished");
  int ai_moves = 0;
  for (const auto& m : g.json["moves"]) ai_moves += m["user"] == "ai:random";
  EXPECT_GT(ai_moves, 0);
}

TEST_F(HttpApiTest, LongPollAnswersWhenTheBoardChanges) {
  int64_t board = challenge();
  const std::string base = "/api/games/" + std::to_string(board);
  auto g = get(base);
  const int64_t revision = g.json["revision"];
  // A stale revision answers at once; an unchanged board answers at the timeout.
  auto at_once = get(base + "?wait=30&revision=" + std::to_string(revision + 5));
  EXPECT_EQ(at_once.json["revision"], revision);
  auto start = std::chrono::steady_clock::now();
  auto timeout = get(base + "?wait=1&revision=" + std::to_string(revision));
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(900));
  EXPECT_EQ(timeout.json["revision"], revision);
  // A move by the opponent wakes the waiting page.
  std::thread mover([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    post(base + "/move", {{"move", "d4"}}, alice_);
  });
  start = std::chrono::steady_clock::now();
  auto woken = get(base + "?wait=20&revision=" + std::to_string(revision));
  mover.join();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_EQ(woken.json["moves_played"], 1);
  EXPECT_GT(woken.json["revision"], revision);
  EXPECT_EQ(get(base + "?wait=5").status, 400) << "wait needs the revision";
  EXPECT_EQ(get(base + "?wait=500&revision=1").status, 400);
  EXPECT_EQ(get("/api/games/999?wait=5&revision=0").status, 404);
}

TEST_F(HttpApiTest, StoppingReleasesLongPolls) {
  int64_t board = challenge();
  const std::string path = "/api/games/" + std::to_string(board) + "?wait=60&revision=0";
  std::thread waiter([&] { EXPECT_EQ(get(path).status, 200); });
  for (int i = 0; i < 1000 && server_->http().waiting_long_polls() == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(server_->http().waiting_long_polls(), 1u);
  auto start = std::chrono::steady_clock::now();
  server_->stop();
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  waiter.join();
}

TEST_F(HttpApiTest, SqlMetacharactersInEveryFieldGetClearErrors) {
  int64_t board = challenge();
  const std::string base = "/api/games/" + std::to_string(board);
  auto client_error = [](const HttpReply& r, const std::string& what) {
    EXPECT_GE(r.status, 400) << what << ": " << r.body;
    EXPECT_LT(r.status, 500) << what << ": " << r.body;
    EXPECT_TRUE(r.json.is_object() && r.json.contains("error")) << what << ": " << r.body;
  };
  for (const auto& nasty : sql_metacharacter_strings()) {
    client_error(post("/api/signup", {{"user", nasty}, {"password", "x-password"}}), "signup user");
    client_error(post("/api/login", {{"user", "alice"}, {"password", nasty}}), "login password");
    client_error(post("/api/login", {{"user", nasty}, {"password", nasty}}), "login user");
    client_error(post(base + "/move", {{"move", nasty}}, alice_), "move");
    client_error(post(base + "/propose", {{"kind", nasty}}, alice_), "propose");
    client_error(post("/api/games", {{"game", nasty}, {"players", {"alice", "bob"}}}, alice_), "game");
    client_error(post("/api/games", {{"game", "ndengrod"}, {"options", {{nasty, nasty}}}, {"players", {"alice", "bob"}}}, alice_),
                 "options");
    client_error(post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", nasty}}}, alice_), "players");
    client_error(get("/api/me", nasty), "token");
    client_error(get("/api/games?user=" + percent_encode(nasty)), "list user");
    client_error(get("/api/games/" + percent_encode(nasty)), "board");
    auto command = post_text("/api/command", "games " + nasty, "", "text/plain");
    EXPECT_EQ(command.status, 400) << command.body;
    EXPECT_EQ(command.body.rfind("error: ", 0), 0u) << command.body;
    // Accepted where free text belongs, and stored verbatim.
    EXPECT_EQ(post(base + "/comment", {{"text", nasty}}, alice_).status, 200);
    auto signup = post("/api/signup", {{"user", "u" + std::to_string(nasty.size())}, {"password", "password:" + nasty}, {"email", "a@b"}});
    EXPECT_TRUE(signup.status == 201 || signup.status == 409) << signup.body;
  }
  auto g = get(base);
  ASSERT_EQ(g.json["comments"].size(), sql_metacharacter_strings().size());
  for (size_t i = 0; i < sql_metacharacter_strings().size(); ++i)
    EXPECT_EQ(g.json["comments"][i]["text"], sql_metacharacter_strings()[i]);
  EXPECT_EQ(get("/api/games").json["games"].size(), 1u);
  EXPECT_EQ(get("/api/me", alice_).status, 200);
}

TEST_F(HttpApiTest, DeeplyNestedJsonIsJustABadRequest) {
  std::string deep(8000, '[');
  deep += std::string(8000, ']');
  EXPECT_EQ(post_text("/api/login", deep).status, 400);
  std::string deep_object = "{\"user\":" + std::string(5000, '[') + std::string(5000, ']') + "}";
  EXPECT_EQ(post_text("/api/login", deep_object).json["error"], "field 'user' must be a string");
}

}  // namespace
}  // namespace ludus::server::testing
