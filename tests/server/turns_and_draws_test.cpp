// SPDX-License-Identifier: Apache-2.0
// Facts of a game that every front end states alike (issue 57, items 8-10), through the
// HTTP API and the command grammar of a running server:
//  * one way to count: an Epoxy game (turns of two actions) is counted in turns in the
//    board JSON (each ply's turn and action, the position's turn, the turns played), its
//    comments, the listings and the player page, the text replies (status, `show BOARD#N`,
//    `history`, `games`) and the #N guard; "1 turn", not "1 turns";
//  * the score Epoxy's rules show players is in the board JSON, as the terminal has it;
//  * a draw is offered only where the rules have draws: the catalog says which, and the
//    route, the `draw` and `propose draw` commands and an answer to an old proposal refuse
//    one in the others, in one line.
// On SQLite and (pg/) PostgreSQL.
#include "core/registry.h"
#include "core/turn_count.h"
#include "server/http_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class TurnsAndDraws : public HttpFixture {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    alice_ = account("alice");
    bob_ = account("bob");
  }
  int64_t board(const std::string& game) {
    auto r = post("/api/games", {{"game", game}, {"players", {"alice", "bob"}}}, alice_);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json.value("board", int64_t{0});
  }
  HttpReply move(int64_t id, const std::string& token, const std::string& text) {
    return post("/api/games/" + std::to_string(id) + "/move", {{"move", text}}, token);
  }
  // The text grammar's reply (POST /api/command).
  std::string command(const std::string& line) { return post_text("/api/command", line, "", "text/plain").body; }

  std::string alice_, bob_;
};

// Epoxy: a3 | h8,pass | b2,a2 are five plies and three turns (Maroon's first turn is one action).
TEST_F(TurnsAndDraws, AnEpoxyGameIsCountedInTurnsEverywhere) {
  const int64_t id = board("epoxy");
  const std::string b = std::to_string(id);
  ASSERT_EQ(move(id, alice_, "a3").status, 200);
  ASSERT_EQ(move(id, bob_, "h8,pass").status, 200);
  ASSERT_EQ(post_text("/api/command", "move " + b + " alice secret-pw b2,a2#3", "", "text/plain").status, 200)
      << "#N is the turn the board shows";
  ASSERT_EQ(post("/api/games/" + b + "/comment", {{"text", "three turns"}}, bob_).status, 200);

  const json view = get("/api/games/" + b).json;
  std::vector<int> turns, actions;
  for (const json& ply : view["moves"]) {
    turns.push_back(ply["turn"]);
    actions.push_back(ply["action"]);
  }
  EXPECT_EQ(turns, (std::vector<int>{1, 2, 2, 3, 3}));
  EXPECT_EQ(actions, (std::vector<int>{1, 1, 2, 1, 2}));
  EXPECT_EQ(view["moves_played"], 5);
  EXPECT_EQ(view["turns_played"], 3);
  EXPECT_EQ(view["turn"], 4);
  EXPECT_EQ(view["position_turn"], json({{"turn", 3}, {"action", 2}, {"whole", true}, {"text", "turn 3"}}));
  EXPECT_EQ(view["comments"][0]["after_turn"], 3);
  EXPECT_EQ(view["comments"][0]["after_move"], 5);
  EXPECT_EQ(view["status_text"], "grey to move (bob), turn 4");
  // An earlier position inside a turn, and the start.
  const json inside = get("/api/games/" + b + "?move=2").json;
  EXPECT_EQ(inside["position_turn"], json({{"turn", 2}, {"action", 1}, {"whole", false}, {"text", "turn 2 (1st action)"}}));
  EXPECT_EQ(get("/api/games/" + b + "?move=0").json["position_turn"]["text"], "the start");
  // The listing counts the same.
  const json listed = get("/api/games?user=alice").json["games"][0];
  EXPECT_EQ(listed["turns_played"], 3);
  EXPECT_EQ(listed["turn"], 4);

  // The text replies: the status, a position by turn, the history one line per turn.
  EXPECT_NE(command("show " + b).find("Status: grey to move (bob), turn 4\n"), std::string::npos);
  EXPECT_NE(command("show " + b).find("  1.  maroon  a3\n  2.  grey    h8,pass\n  3.  maroon  b2,a2\n"), std::string::npos)
      << command("show " + b);
  EXPECT_NE(command("show " + b + "#2").find("Position after turn 2 (3 turns played)\n"), std::string::npos)
      << command("show " + b + "#2");
  EXPECT_NE(command("show " + b + "#2").find("h8,pass"), std::string::npos);
  EXPECT_EQ(command("show " + b + "#2").find("b2,a2"), std::string::npos) << "the list stops after turn 2";
  const std::string history = command("history " + b);
  EXPECT_NE(history.find("  turn 2    grey    bob    h8,pass"), std::string::npos) << history;
  EXPECT_NE(history.find("three turns"), std::string::npos) << history;
  // A stale #N names turns; the JSON API's move_number stays the next ply's number.
  const auto stale = post_text("/api/command", "move " + b + " bob secret-pw c3,pass#3", "", "text/plain");
  EXPECT_EQ(stale.status, 409);
  EXPECT_NE(stale.body.find("you sent it for turn 3, and board " + b + " is at turn 4"), std::string::npos) << stale.body;
  EXPECT_EQ(view["next_move_number"], 6);

  // Over: the player page and the listing of finished games say "3 turns".
  ASSERT_EQ(post("/api/games/" + b + "/resign", json::object(), bob_).status, 200);
  const json finished = get("/api/users/alice").json["finished"][0];
  EXPECT_EQ(finished["turns_played"], 3);
  EXPECT_EQ(finished["moves_played"], 5);
  EXPECT_NE(command("games alice finished").find("3 turns"), std::string::npos) << command("games alice finished");
  // One turn is "1 turn".
  const int64_t short_game = board("ndengrod");
  ASSERT_EQ(move(short_game, alice_, "e5").status, 200);
  ASSERT_EQ(post("/api/games/" + std::to_string(short_game) + "/resign", json::object(), bob_).status, 200);
  EXPECT_NE(command("games alice finished").find("  1 turn  "), std::string::npos) << command("games alice finished");
}

TEST_F(TurnsAndDraws, EpoxysScoreIsInTheBoardJsonAsTheRulesShowIt) {
  const int64_t epoxy = board("epoxy");
  ASSERT_EQ(move(epoxy, alice_, "a3").status, 200);
  ASSERT_EQ(move(epoxy, bob_, "h8,pass").status, 200);
  History h(make_game("epoxy"));
  h.play_moves({"a3", "h8", "pass"});
  const json seats = get("/api/games/" + std::to_string(epoxy)).json["seats"];
  for (const json& seat : seats) {
    const int colour = h.state().colour_of_seat(seat["seat"]);
    ASSERT_TRUE(seat.contains("score")) << seat;
    EXPECT_EQ(seat["score"], *h.state().shown_score(colour)) << seat;
    // The terminal's drawing says the same number.
    EXPECT_NE(h.state().render().find(h.game().colour_name(colour) + ": score " + std::to_string(seat["score"].get<int>())),
              std::string::npos);
  }
  // A position under study (no seats) has the scores by colour.
  const json studied = post("/api/position", {{"game", "epoxy"}, {"moves", {"a3", "h8", "pass"}}}).json;
  EXPECT_EQ(studied["scores"], json({{"maroon", *h.state().shown_score(0)}, {"grey", *h.state().shown_score(1)}}));
  // A game whose rules show no score has none.
  for (const json& seat : get("/api/games/" + std::to_string(board("ndengrod"))).json["seats"])
    EXPECT_FALSE(seat.contains("score")) << seat;
  EXPECT_EQ(post("/api/position", {{"game", "ndengrod"}, {"moves", json::array()}}).json["scores"], nullptr);
}

TEST_F(TurnsAndDraws, ADrawIsOfferedOnlyWhereTheRulesHaveDraws) {
  std::map<std::string, bool> draws;
  const auto catalog = get("/api/catalog");
  ASSERT_EQ(catalog.status, 200) << catalog.body;
  for (const json& game : catalog.json["games"]) draws[game.value("name", "")] = game.value("draws", true);
  // docs/rules: Ndengrod and Trellis can be drawn; Epoxy ("There are no draws"), N-Mesh and
  // Netted always end with a winner.
  EXPECT_EQ(draws, (std::map<std::string, bool>{
                       {"epoxy", false}, {"n-mesh", false}, {"ndengrod", true}, {"netted", false}, {"trellis", true}}));
  for (const auto& [game, drawn] : draws) {
    const std::string b = std::to_string(board(game));
    const std::string title = find_game(game).info->title;
    auto proposed = post("/api/games/" + b + "/propose", {{"kind", "draw"}}, alice_);
    if (drawn) {
      EXPECT_EQ(proposed.status, 200) << game << ": " << proposed.body;
      EXPECT_EQ(post("/api/games/" + b + "/reject", json::object(), bob_).status, 200);
      continue;
    }
    EXPECT_EQ(proposed.status, 400) << game;
    EXPECT_EQ(proposed.json.value("code", ""), "no_draws") << proposed.body;
    EXPECT_EQ(proposed.json.value("error", ""), title + " has no draws: its rules always end with a winner");
    for (const std::string& line : {"draw " + b + " alice secret-pw", "propose draw " + b + " alice secret-pw"}) {
      const auto refused = post_text("/api/command", line, "", "text/plain");
      EXPECT_EQ(refused.status, 400) << line;
      EXPECT_NE(refused.body.find("has no draws"), std::string::npos) << refused.body;
    }
    EXPECT_EQ(get("/api/games/" + b).json["proposal"], nullptr) << "nothing proposed";
  }
  // A draw proposed on an Epoxy board before the rule (stored as it was) cannot be accepted.
  const int64_t old = board("epoxy");
  {
    Store store(config_.db_path);
    auto session = store.session();
    auto tx = session.write();
    GameRecord record = *session.find_game(old);
    record.proposal = "draw";
    record.proposal_seat = 0;
    session.update_game(record);
    tx.commit();
  }
  const auto accepted = post("/api/games/" + std::to_string(old) + "/accept", json::object(), bob_);
  EXPECT_EQ(accepted.status, 400) << accepted.body;
  EXPECT_EQ(get("/api/games/" + std::to_string(old)).json["status"], "active");
  EXPECT_EQ(post("/api/games/" + std::to_string(old) + "/reject", json::object(), bob_).status, 200) << "it can be rejected";
}

}  // namespace
}  // namespace ludus::server::testing
