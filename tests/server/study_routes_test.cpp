// SPDX-License-Identifier: Apache-2.0
// The study routes against a real server: rules documents, record downloads, positions
// off the record and the engine's bounded evaluation.
#include "core/rules_documents.h"
#include "http_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class StudyRoutesTest : public HttpFixture {};

TEST_F(StudyRoutesTest, RulesAreTheDocumentsOfLudusRules) {
  auto rules = get("/api/rules/n-mesh");
  ASSERT_EQ(rules.status, 200) << rules.body;
  EXPECT_EQ(rules.json["title"], "N-Mesh");
  EXPECT_EQ(rules.json["markdown"], std::string(rules_document("n-mesh")));
  EXPECT_EQ(get("/api/rules/conventions").json["markdown"], conventions_text());
  EXPECT_NE(conventions_text().find("### How ludus takes a turn"), std::string::npos);
  EXPECT_EQ(get("/api/rules/chess").status, 404);
}

TEST_F(StudyRoutesTest, RecordDownloadsAsJsonAndSgf) {
  const std::string alice = account("alice");
  account("bob");
  auto created = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"players", {"alice", "bob"}}}, alice);
  ASSERT_EQ(created.status, 201);
  const std::string board = std::to_string(created.json["board"].get<int64_t>());
  ASSERT_EQ(post("/api/games/" + board + "/move", {{"move", "c3"}}, alice).status, 200);
  auto record = get("/api/games/" + board + "/record.json");
  ASSERT_EQ(record.status, 200);
  EXPECT_EQ(json::parse(record.body)["moves"], json({"c3"}));
  auto sgf = get("/api/games/" + board + "/record.sgf");
  ASSERT_EQ(sgf.status, 200);
  EXPECT_NE(sgf.body.find(";B[c3]"), std::string::npos) << sgf.body;
  EXPECT_NE(sgf.content_type.find("sgf"), std::string::npos);
  EXPECT_EQ(get("/api/games/999/record.sgf").status, 404);
}

TEST_F(StudyRoutesTest, PositionsOffTheRecord) {
  auto start = post("/api/position", {{"game", "ndengrod"}, {"options", {{"size", 3}, {"length", 3}}}});
  ASSERT_EQ(start.status, 200) << start.body;
  EXPECT_EQ(start.json["to_move"], "x");
  EXPECT_EQ(start.json["legal_moves"].size(), 19u);
  auto won = post("/api/position", {{"game", "ndengrod"}, {"options", {{"size", 3}, {"length", 3}}},
                                    {"moves", {"a1", "c1", "a2", "c2", "a3"}}});
  ASSERT_EQ(won.status, 200) << won.body;
  EXPECT_EQ(won.json["outcome"]["winner_colour"], "x");
  EXPECT_EQ(won.json["deciding_sites"], json({"a1", "a2", "a3"}));
  EXPECT_TRUE(won.json["legal_moves"].empty());
  auto bad = post("/api/position", {{"game", "ndengrod"}, {"moves", {"e5", "e5"}}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.json["error"], "move 2 'e5': illegal move 'e5': occupied");
  EXPECT_EQ(post("/api/position", {{"game", "nope"}}).status, 400);
  EXPECT_EQ(post("/api/position", {{"game", "ndengrod"}, {"moves", "e5"}}).status, 400);
}

// A position may stop in the middle of a turn; an entry may hold a turn's plies as people
// write them.  The actions, the turn and the plies come as on a board.
TEST_F(StudyRoutesTest, PositionsInTheMiddleOfATurn) {
  auto half = post("/api/position", {{"game", "epoxy"}, {"moves", {"a3", "h8"}}});
  ASSERT_EQ(half.status, 200) << half.body;
  EXPECT_EQ(half.json["turn"], 2);
  EXPECT_EQ(half.json["mid_turn"], true);
  EXPECT_EQ(half.json["plies"][1],
            json({{"number", 2}, {"turn", 2}, {"action", 1}, {"move", "h8"}, {"seat", 1}, {"colour", "grey"}}));
  // Where the position stands, counted in turns: inside turn 2, after its first action.
  EXPECT_EQ(half.json["position_turn"], json({{"turn", 2}, {"action", 1}, {"whole", false}, {"text", "turn 2 (1st action)"}}));
  bool pass = false;
  for (const auto& action : half.json["actions"])
    if (action["text"] == "pass") {
      pass = true;
      EXPECT_EQ(action, json({{"text", "pass"}, {"sites", json::array()}, {"kind", "pass"}, {"ends_turn", true}}));
    }
  EXPECT_TRUE(pass) << half.body;
  auto whole = post("/api/position", {{"game", "epoxy"}, {"moves", {"a3", "h8,pass"}}});
  ASSERT_EQ(whole.status, 200) << whole.body;
  EXPECT_EQ(whole.json["moves"], json({"a3", "h8", "pass"}));
  EXPECT_EQ(whole.json["turn"], 3);
  EXPECT_EQ(whole.json["mid_turn"], false);
  // A Trellis pair is one ply; in other games a comma joins plies of consecutive turns.
  auto pair = post("/api/position", {{"game", "trellis"}, {"options", {{"size", 7}}}, {"moves", {"d4,e6", "a1"}}});
  EXPECT_EQ(pair.json["moves"], json({"d4,e6", "a1"})) << pair.body;
  auto plies = post("/api/position", {{"game", "n-mesh"}, {"moves", {"c3,d4"}}});
  EXPECT_EQ(plies.json["moves"], json({"c3", "d4"})) << plies.body;
  // Errors name the ply by its number in the game; "at" plays only the plies before it.
  auto bad = post("/api/position", {{"game", "n-mesh"}, {"moves", {"c3,d4,d4"}}});
  EXPECT_EQ(bad.json["error"], "move 3 'd4': illegal move 'd4': occupied") << bad.body;
  auto before = post("/api/position", {{"game", "n-mesh"}, {"moves", {"c3,d4,d4"}}, {"at", 2}});
  EXPECT_EQ(before.json["moves"], json({"c3", "d4"})) << before.body;
  EXPECT_EQ(post("/api/position", {{"game", "n-mesh"}, {"moves", {"c3"}}, {"at", -1}}).json["code"], "bad_field");
}

TEST_F(StudyRoutesTest, TheEngineFindsTheWinInOne) {
  // x has a1 a2 and plays a3 to win at once.
  auto eval = post("/api/evaluate", {{"game", "ndengrod"}, {"options", {{"size", 3}, {"length", 3}}},
                                     {"moves", {"a1", "c1", "a2", "c2"}}, {"iterations", 2000}});
  ASSERT_EQ(eval.status, 200) << eval.body;
  EXPECT_EQ(eval.json["move"], "a3");
  EXPECT_EQ(eval.json["pv"][0], "a3");
  EXPECT_GT(eval.json["win_probability"].get<double>(), 0.9);
  EXPECT_LE(eval.json["iterations"].get<int64_t>(), 2000);
  EXPECT_TRUE(eval.json["proven"].is_null() || eval.json["proven"] == "win") << eval.body;
  // A board without an opening book: the search proves the win and says how soon.
  auto proven = post("/api/evaluate", {{"game", "ndengrod"}, {"options", {{"size", 4}, {"length", 3}}},
                                       {"moves", {"a1", "c1", "a2", "c2"}}, {"iterations", 2000}});
  ASSERT_EQ(proven.status, 200) << proven.body;
  EXPECT_EQ(proven.json["move"], "a3");
  EXPECT_EQ(proven.json["proven"], "win") << proven.body;
  EXPECT_EQ(proven.json["proven_plies"], 1) << proven.body;
  // A win the opening book proves (N-Mesh 4x4 after a2: the second player swaps): the book
  // knows who wins, not how soon, so the length is null, never a "win in 0 plies".
  auto book = post("/api/evaluate", {{"game", "n-mesh"}, {"options", {{"size", 4}}}, {"moves", {"a2"}}});
  ASSERT_EQ(book.status, 200) << book.body;
  EXPECT_EQ(book.json["proven"], "win") << book.body;
  EXPECT_TRUE(book.json["proven_plies"].is_null()) << book.body;
  auto over = post("/api/evaluate", {{"game", "ndengrod"}, {"options", {{"size", 3}, {"length", 3}}},
                                     {"moves", {"a1", "c1", "a2", "c2", "a3"}}});
  EXPECT_EQ(over.status, 400);
}

TEST_F(StudyRoutesTest, RepeatedEvaluationsOfABoardWithLearnedPriors) {
  // The default Ndengrod board has compiled-in move priors, whose feature tables are cached
  // per board for the process while each request makes its own Game: the cached tables
  // once kept a reference into the first request's Game, and the second request crashed.
  for (const auto& moves : {json::array(), json::array({"e5"}), json::array({"a1"}), json::array()}) {
    auto eval = post("/api/evaluate", {{"game", "ndengrod"}, {"moves", moves}, {"iterations", 2000}});
    ASSERT_EQ(eval.status, 200) << eval.body;
    EXPECT_TRUE(eval.json["move"].is_string()) << eval.body;
  }
}

}  // namespace
}  // namespace ludus::server::testing
