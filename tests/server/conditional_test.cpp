// SPDX-License-Identifier: Apache-2.0
// Conditional moves and the exploration setting (issue 58, items 1 and 2;
// docs/correspondence.md), through the HTTP API and the command grammar of a running server:
//  * a whole game where every second turn comes from the owner's conditional lines, answered
//    in the request of the opponent's turn, whole turns included (Epoxy);
//  * a line that does not answer the opponent's turn drops the tree, and only its owner is
//    told; the tree never shows in what others get (board JSON, history, record);
//  * the grammar's errors, one line each, and its limits;
//  * the per-board setting "exploration": the defaults, the offers that carry it, and the
//    server refusing conditional moves and its analysis engine where it is off.
// On SQLite and (pg/) PostgreSQL.
#include "server/http_test_support.h"
#include "server/storage/conditional_store.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class Conditional : public HttpFixture {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    alice_ = account("alice");
    bob_ = account("bob");
    carol_ = account("carol");
  }
  // A board alice (first) and bob play; options as challenges give them.
  int64_t board(const std::string& game, const json& options = {{"rated", "no"}}) {
    auto r = post("/api/games", {{"game", game}, {"options", options}, {"players", {"alice", "bob"}}}, alice_);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json.value("board", int64_t{0});
  }
  std::string path(int64_t id) { return "/api/games/" + std::to_string(id) + "/conditional"; }
  HttpReply put_lines(int64_t id, const std::string& token, const std::string& lines) {
    return reply_of(client().request(http::verb::put, path(id), json{{"lines", lines}}.dump(), auth(token),
                                     "application/json"));
  }
  HttpReply move(int64_t id, const std::string& token, const std::string& text) {
    return post("/api/games/" + std::to_string(id) + "/move", {{"move", text}}, token);
  }
  // The text grammar's reply (POST /api/command), "error: ..." for a refusal.
  std::string command(const std::string& line) { return post_text("/api/command", line, "", "text/plain").body; }
  std::vector<std::string> played(int64_t id) {
    std::vector<std::string> out;
    const HttpReply board = get("/api/games/" + std::to_string(id));
    for (const json& m : board.json["moves"]) out.push_back(m["move"]);
    return out;
  }

  std::string alice_, bob_, carol_;
};

// Ndengrod: alice plays a1 i9 a3 i7 h9 by hand; bob's lines answer b2 c2 d2 e2 f2, the last a
// line of five that wins.  Half the game's turns come from conditional lines, each played in
// the request of alice's turn, and the reply she gets shows it.
TEST_F(Conditional, HalfAGameIsPlayedByConditionalLines) {
  const int64_t id = board("ndengrod");
  const std::string before = get("/api/games/" + std::to_string(id)).body;
  auto set = put_lines(id, bob_, "if a1 b2 i9 c2; if e5 e6");
  ASSERT_EQ(set.status, 200) << set.body;
  EXPECT_EQ(set.json["lines"], json({{"a1", "b2", "i9", "c2"}, {"e5", "e6"}}));
  EXPECT_EQ(set.json["text"], "if a1 b2 i9 c2; if e5 e6");
  EXPECT_EQ(set.json["answers"], 3);
  // Storing them changed nothing anybody else sees: the board is as it was, byte for byte.
  EXPECT_EQ(get("/api/games/" + std::to_string(id)).body, before);
  // Each player's data export holds their own lines, and only theirs.
  EXPECT_EQ(get("/api/me/export", bob_).json["games"][0]["conditional_moves"]["lines"], "if a1 b2 i9 c2; if e5 e6");
  EXPECT_EQ(get("/api/me/export", alice_).body.find("i9 c2"), std::string::npos);
  EXPECT_EQ(get(path(id), alice_).json["lines"], json::array()) << "alice sees her own (none), never bob's";
  EXPECT_EQ(get(path(id)).status, 401);

  auto r = move(id, alice_, "a1");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["moves_played"], 2) << "bob's answer is in the reply to alice's move";
  EXPECT_EQ(r.json["last_move"]["move"], "b2");
  EXPECT_EQ(r.json["to_move_user"], "alice");
  EXPECT_EQ(get(path(id), bob_).json["text"], "if i9 c2") << "the rest of the line is kept, the other dropped";
  // The text grammar's reply tells the mover what answered.
  EXPECT_NE(command("move " + std::to_string(id) + " alice secret-pw i9").find("bob's conditional move answers c2 (turn 4)"),
            std::string::npos);
  EXPECT_EQ(get(path(id), bob_).json["lines"], json::array()) << "a line played to its end is gone";

  ASSERT_EQ(put_lines(id, bob_, "if a3 d2 i7 e2 h9 f2").status, 200);
  ASSERT_EQ(move(id, alice_, "a3").status, 200);
  ASSERT_EQ(move(id, alice_, "i7").status, 200);
  r = move(id, alice_, "h9");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["status"], "finished");
  EXPECT_EQ(r.json["winner_seat"], 1) << "bob's conditional f2 makes his line of five";
  EXPECT_EQ(played(id), (std::vector<std::string>{"a1", "b2", "i9", "c2", "a3", "d2", "i7", "e2", "h9", "f2"}));
  EXPECT_EQ(get(path(id), bob_).json["lines"], json::array());
  EXPECT_EQ(put_lines(id, bob_, "if a1 b2").json["code"], "game_over");
}

// Epoxy's turns are two actions: a line's words are whole turns, and half of one is refused
// with the whole form.
TEST_F(Conditional, LinesAreWholeTurns) {
  const int64_t id = board("epoxy");
  auto half = put_lines(id, bob_, "if a3 h8");
  EXPECT_EQ(half.status, 400);
  EXPECT_EQ(half.json["code"], "illegal_move");
  EXPECT_NE(half.json.value("error", "").find("line 1: h8:"), std::string::npos) << half.body;
  ASSERT_EQ(put_lines(id, bob_, "if a3 H8,Pass").status, 200);
  EXPECT_EQ(get(path(id), bob_).json["text"], "if a3 h8,pass") << "stored canonically";
  auto r = move(id, alice_, "a3");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(played(id), (std::vector<std::string>{"a3", "h8", "pass"}));
  EXPECT_EQ(r.json["to_move_user"], "alice");
}

// A turn no line answers drops every line, and tells their owner alone why.
TEST_F(Conditional, ATurnNoLineAnswersDropsTheTreeAndTellsItsOwnerOnly) {
  const int64_t id = board("ndengrod");
  const std::string b = std::to_string(id);
  ASSERT_EQ(put_lines(id, bob_, "if a1 b2 i9 c2").status, 200);
  auto r = move(id, alice_, "e5");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.json["moves_played"], 1);
  EXPECT_EQ(r.json["to_move_user"], "bob");
  const json mine = get(path(id), bob_).json;
  EXPECT_EQ(mine["lines"], json::array());
  EXPECT_EQ(mine["note"], "alice played e5 (turn 1), which none of your lines answers");
  EXPECT_NE(command("conditional " + b + " bob secret-pw").find("Your last ones were dropped: alice played e5"),
            std::string::npos);
  // Nothing alice or a kibitzer can read names bob's lines.
  for (const std::string& seen : {get("/api/games/" + b).body, get("/api/games/" + b + "/history").body,
                                  get("/api/games/" + b + "/record.json").body, get("/api/games/" + b + "/record.sgf").body,
                                  command("show " + b), command("history " + b)}) {
    EXPECT_EQ(seen.find("i9 c2"), std::string::npos) << seen;
    EXPECT_EQ(seen.find("dropped"), std::string::npos) << seen;
  }
  // A new tree clears the note.
  ASSERT_EQ(put_lines(id, alice_, "if b2 b3").status, 200) << "alice's turn is over: she may set hers";
  EXPECT_EQ(put_lines(id, bob_, "if b2 b3").json["code"], "your_turn");
}

// A take-back returns to a position the lines were not written for: they go.
TEST_F(Conditional, ATakeBackDropsTheLines) {
  const int64_t id = board("ndengrod");
  const std::string b = "/api/games/" + std::to_string(id);
  ASSERT_EQ(put_lines(id, bob_, "if a1 b2 i9 c2").status, 200);
  ASSERT_EQ(move(id, alice_, "a1").json["moves_played"], 2);
  ASSERT_EQ(get(path(id), bob_).json["text"], "if i9 c2");
  ASSERT_EQ(post(b + "/undo", json::object(), alice_).status, 200);
  ASSERT_EQ(post(b + "/accept", json::object(), bob_).status, 200);
  EXPECT_EQ(get(b).json["moves_played"], 0);
  EXPECT_EQ(get(path(id), bob_).json["lines"], json::array());
  ASSERT_EQ(move(id, alice_, "i9").status, 200);
  EXPECT_EQ(get(b).json["moves_played"], 1) << "nothing answers from a dropped tree";
}

// The grammar's errors: each a clear line, by the text grammar and the JSON route.
TEST_F(Conditional, GrammarErrorsAreOneLineEach) {
  const int64_t id = board("ndengrod");
  const std::string cmd = "conditional " + std::to_string(id) + " bob secret-pw ";
  const std::pair<std::string, std::string> cases[] = {
      {"a1 b2", "error: line 1 must begin with 'if': if THEIRS ANSWER [THEIRS ANSWER ...]\n"},
      {"if a1", "error: line 1 needs pairs of turns, their turn then your answer: if THEIRS ANSWER [THEIRS ANSWER ...]\n"},
      {"if a1 b2; if a1 b3", "error: line 2 answers a1 with b3, and an earlier line with b2: one answer to each of their turns\n"},
      {"if a1 a1", ""},  // illegal: the cell is taken (the game's reason follows)
      {"if a1 b2 b2 c3", ""},
  };
  for (const auto& [lines, expected] : cases) {
    const std::string reply = command(cmd + lines);
    EXPECT_EQ(reply.rfind("error: ", 0), 0u) << lines << ": " << reply;
    EXPECT_EQ(std::count(reply.begin(), reply.end(), '\n'), 1) << reply;
    if (!expected.empty()) EXPECT_EQ(reply, expected);
  }
  EXPECT_EQ(command(cmd + "if a1 a1").rfind("error: line 1: a1: ", 0), 0u);
  EXPECT_EQ(command(cmd + "if a1 b2 b2 c3").rfind("error: line 1: b2: ", 0), 0u);
  // Shown, set, shown, cleared.
  EXPECT_EQ(command(cmd), "You have no conditional moves on board " + std::to_string(id) + ".\n");
  EXPECT_EQ(command(cmd + "if a1 b2 i9 c2; if a1 b2 i8 c3"),
            "Your conditional moves on board " + std::to_string(id) +
                " (only you see them; 3 answers):\n  if a1 b2 i9 c2\n  if a1 b2 i8 c3\n");
  EXPECT_EQ(command(cmd + "clear"), "You have no conditional moves on board " + std::to_string(id) + ".\n");
  // Only a player of the board; only their own.
  EXPECT_EQ(put_lines(id, carol_, "if a1 b2").status, 403);
  EXPECT_EQ(command("conditional " + std::to_string(id) + " bob wrong-pw").rfind("error: ", 0), 0u);
}

// At most 200 answers in a tree and 40 turns in a line.
TEST_F(Conditional, TreesAreBounded) {
  const int64_t id = board("ndengrod", {{"rated", "no"}, {"size", 13}});
  // 41 words after 'if' are never pairs; 42 are 21 pairs: one line of 42 turns.
  std::string line = "if";
  for (int i = 1; i <= 21; ++i) line += " a" + std::to_string(i) + " b" + std::to_string(i);
  auto r = put_lines(id, bob_, line);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["error"], "line 1 is too long: at most 40 turns (theirs and yours)");
  // 201 one-turn lines, each a different first move of alice's.
  std::string many;
  int n = 0;
  for (char row = 'a'; row <= 'y' && n < 201; ++row)
    for (int col = 1; col <= 25 && n < 201; ++col, ++n)
      many += std::string(many.empty() ? "" : "; ") + "if " + row + std::to_string(col) + " x1";
  r = put_lines(id, bob_, many);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["error"], "too many conditional moves: at most 200 answers in all");
  EXPECT_EQ(r.json["code"], "bad_conditional");
}

// Exploration: off by default on rated boards, on for unrated ones, as challenged otherwise;
// where it is off the server refuses conditional moves (and says so in the board JSON).
TEST_F(Conditional, ExplorationIsABoardSettingTheServerEnforces) {
  const int64_t rated = board("ndengrod", json::object());
  const int64_t unrated = board("ndengrod");
  const int64_t chosen = board("ndengrod", {{"exploration", "yes"}});
  const int64_t closed = board("ndengrod", {{"rated", "no"}, {"exploration", "no"}});
  EXPECT_EQ(get("/api/games/" + std::to_string(rated)).json["exploration"], false);
  EXPECT_EQ(get("/api/games/" + std::to_string(rated)).json["rated"], true);
  EXPECT_EQ(get("/api/games/" + std::to_string(unrated)).json["exploration"], true);
  EXPECT_EQ(get("/api/games/" + std::to_string(chosen)).json["exploration"], true);
  EXPECT_EQ(get("/api/games/" + std::to_string(closed)).json["exploration"], false);
  for (int64_t id : {rated, closed}) {
    auto r = put_lines(id, bob_, "if a1 b2");
    EXPECT_EQ(r.status, 403) << r.body;
    EXPECT_EQ(r.json["code"], "exploration_off");
    EXPECT_EQ(get(path(id), bob_).json["exploration"], false);
  }
  EXPECT_EQ(put_lines(chosen, bob_, "if a1 b2").status, 200);
  EXPECT_EQ(post("/api/games", {{"game", "ndengrod"}, {"options", {{"exploration", "maybe"}}}, {"players", {"alice", "bob"}}},
                 alice_)
                .json["error"],
            "-exploration must be yes or no");
}

// The analysis engine: refused to a player for the position of their live board that forbids
// exploration, or one that goes on from it; what the server cannot tell apart (another
// account, no account) it serves.
TEST_F(Conditional, TheEngineIsRefusedOnALiveBoardWithoutExploration) {
  const int64_t rated = board("ndengrod", json::object());
  ASSERT_EQ(move(rated, alice_, "a1").status, 200);
  const auto evaluate = [&](const json& moves, const std::string& token, std::optional<int64_t> named = std::nullopt) {
    json body = {{"game", "ndengrod"}, {"moves", moves}, {"iterations", 10}};
    if (named) body["board"] = *named;
    return post("/api/evaluate", body, token);
  };
  for (const std::string& token : {alice_, bob_}) {
    auto r = evaluate({"a1"}, token);
    EXPECT_EQ(r.status, 403) << r.body;
    EXPECT_EQ(r.json["code"], "exploration_off");
    EXPECT_EQ(evaluate({"a1", "b2", "c3"}, token, rated).json["code"], "exploration_off") << "a line going on from it";
  }
  EXPECT_EQ(evaluate({"a1", "b2"}, alice_).status, 200) << "another position, the board not named: nothing to tell";
  EXPECT_EQ(evaluate(json::array(), alice_).status, 200) << "the start is no live position of hers";
  EXPECT_EQ(evaluate({"b1"}, alice_).status, 200) << "another position";
  const HttpReply other = evaluate({"a1"}, carol_);
  EXPECT_EQ(other.status, 200) << "not her board: " << other.body;
  EXPECT_EQ(evaluate({"a1"}, "").status, 200) << "no account: nothing to tell";
  const int64_t open = board("ndengrod", {{"rated", "no"}});
  ASSERT_EQ(move(open, alice_, "c1").status, 200);
  EXPECT_EQ(evaluate({"c1"}, alice_, open).status, 200) << "exploration allowed";
  EXPECT_EQ(evaluate({"a1", "d4"}, alice_, rated).json["code"], "exploration_off") << "the board the page names";
  EXPECT_EQ(evaluate({"c1", "d4"}, alice_, open).status, 200);
  EXPECT_EQ(post("/api/games/" + std::to_string(rated) + "/resign", json::object(), bob_).status, 200);
  EXPECT_EQ(evaluate({"a1"}, alice_).status, 200) << "once the game is over";
}

// An invitation carries the setting to its board, and shows it.
TEST_F(Conditional, AnInvitationShowsAndCarriesExploration) {
  const std::string dave = account("dave", "secret-pw", "ask");
  auto r = post("/api/games", {{"game", "ndengrod"}, {"options", {{"rated", "no"}, {"exploration", "no"}}}, {"players", {"alice", "dave"}}},
                alice_);
  ASSERT_EQ(r.status, 202) << r.body;
  EXPECT_EQ(r.json["offer"]["exploration"], false);
  EXPECT_EQ(r.json["offer"]["options"]["exploration"], "no");
  const int64_t offer = r.json["offer"]["id"];
  EXPECT_NE(command("offers dave secret-pw").find("unrated, no exploration"), std::string::npos) << command("offers dave secret-pw");
  auto joined = post("/api/offers/" + std::to_string(offer) + "/join", json::object(), dave);
  ASSERT_EQ(joined.status, 201) << joined.body;
  EXPECT_EQ(get("/api/games/" + std::to_string(joined.json.value("board", int64_t{0}))).json["exploration"], false);
}

}  // namespace
}  // namespace ludus::server::testing
