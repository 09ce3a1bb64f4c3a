// SPDX-License-Identifier: Apache-2.0
// The command grammar and the mail layout of the replies.
#include "core/registry.h"
#include "server/domain/play/board_text.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

// A command word holding any text.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char ch : text) {
    if (ch == '"' || ch == '\\') out += '\\';
    out += ch;
  }
  return out + "\"";
}

class CommandsTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    run("signup alice pw-a-long alice@example.com");
    run("signup bob pw-b-long");
    // Boards start at once: these tests are about boards, not invitations (offers_test.cpp).
    run("limit bob pw-b-long all");
    run("limit alice pw-a-long all");
  }
  // The board drawn by the game itself after `moves`.
  static std::string rendered(const std::string& game, std::map<std::string, std::string> options,
                              const std::vector<std::string>& moves) {
    History h(make_game(game, options));
    for (const auto& m : moves) h.play(m);
    return h.state().render();
  }
};

TEST_F(CommandsTest, ChallengeRepliesWithTheNewBoard) {
  std::string reply = run("ndengrod challenge -size=3 alice bob pw-a-long");
  std::string expected =
      "alice challenges: board 1 is ready.\n"
      "\n"
      "Board 1: Ndengrod (length=5 shape=hexhex size=3 swap=on)\n"
      "  x  alice  first player\n"
      "  o  bob    second player\n"
      "Status: x to move (alice), turn 1\n"
      "\n"
      "No moves yet.\n"
      "\n" +
      rendered("ndengrod", {{"size", "3"}}, {});
  EXPECT_EQ(reply, expected);
  // The second player may challenge too; the game name is case-insensitive.
  EXPECT_NE(run("NDENGROD challenge alice bob pw-b-long").find("board 2 is ready"), std::string::npos);
}

// Counted in turns (docs/turns.md), one row each with its colour.
TEST_F(CommandsTest, MailLayoutNumbersTheTurnsAndShowsTheBoard) {
  run("ndengrod challenge -size=3 alice bob pw-a-long");
  run("move 1 alice pw-a-long c3");
  run("move 1 bob pw-b-long b2#2");
  std::string reply = run("move 1 alice pw-a-long d2#3");
  std::string expected =
      "alice plays d2 on board 1 (turn 3).\n"
      "\n"
      "Board 1: Ndengrod (length=5 shape=hexhex size=3 swap=on)\n"
      "  x  alice  first player\n"
      "  o  bob    second player\n"
      "Status: o to move (bob), turn 4\n"
      "\n"
      "  1.  x  c3\n"
      "  2.  o  b2\n"
      "  3.  x  d2\n"
      "\n" +
      rendered("ndengrod", {{"size", "3"}}, {"c3", "b2", "d2"});
  EXPECT_EQ(reply, expected);
}

TEST_F(CommandsTest, SwapExchangesColoursInTheHeaderAndIsATurnOfItsOwn) {
  run("ndengrod challenge -size=3 alice bob pw-a-long");
  run("move 1 alice pw-a-long c3");
  run("swap 1 bob pw-b-long #2");
  std::string reply = run("move 1 alice pw-a-long b2");
  EXPECT_NE(reply.find("  x  bob    second player\n  o  alice  first player\n"), std::string::npos) << reply;
  EXPECT_NE(reply.find("Status: x to move (bob), turn 4\n"), std::string::npos) << reply;
  EXPECT_NE(reply.find("  1.  x  c3\n  2.  o  swap\n  3.  o  b2\n"), std::string::npos) << reply;
}

TEST_F(CommandsTest, MoveNumberGuardRefusesStaleMoves) {
  run("ndengrod challenge -size=4 alice bob pw-a-long");
  run("move 1 alice pw-a-long c3#1");
  ServiceError stale = run_error("move 1 bob pw-b-long b2#1");
  EXPECT_EQ(http_status(stale), 409);
  EXPECT_EQ(stale.code(), "stale_move");
  EXPECT_STREQ(stale.what(),
               "stale move: you sent it for turn 1, and board 1 is at turn 2 (someone moved meanwhile; look at the board "
               "again)");
  ServiceError future = run_error("move 1 bob pw-b-long b2#3");
  EXPECT_EQ(future.code(), "stale_move");
  EXPECT_EQ(service_->load(1).num_moves(), 1) << "nothing stored";
  EXPECT_NE(run("move 1 bob pw-b-long b2#2").find("bob plays b2 on board 1 (turn 2)."), std::string::npos);
  EXPECT_EQ(run_error("pass 1 alice pw-a-long #2").code(), "stale_move");
  EXPECT_EQ(run_error("move 1 alice pw-a-long d3#x").code(), "bad_move_number");
  EXPECT_EQ(run_error("move 1 alice pw-a-long d3#0").code(), "bad_move_number");
}

TEST_F(CommandsTest, TurnOrderSeatsAndAuthentication) {
  run("ndengrod challenge -size=4 alice bob pw-a-long");
  run("signup carol pw-c-long");
  EXPECT_EQ(run_error("move 1 bob pw-b-long c3").code(), "not_your_turn");
  EXPECT_STREQ(run_error("move 1 bob pw-b-long c3").what(), "it is alice's turn on board 1 (turn 1)");
  EXPECT_EQ(http_status(run_error("move 1 alice pw-b-long c3")), 401);
  EXPECT_EQ(http_status(run_error("move 1 carol pw-c-long c3")), 403);
  EXPECT_STREQ(run_error("move 1 carol pw-c-long c3").what(), "carol does not play on board 1");
  EXPECT_EQ(http_status(run_error("move 7 alice pw-a-long c3")), 404);
  EXPECT_STREQ(run_error("move 7 alice pw-a-long c3").what(), "no board 7");
  ServiceError illegal = run_error("move 1 alice pw-a-long z9");
  EXPECT_EQ(http_status(illegal), 400);
  EXPECT_EQ(illegal.code(), "illegal_move");
  run("move 1 alice pw-a-long c3");
  EXPECT_NE(std::string(run_error("move 1 bob pw-b-long C3").what()).find("illegal move"), std::string::npos);
  EXPECT_EQ(run_error("netted move 1 bob pw-b-long b2").code(), "wrong_game");
  EXPECT_NE(run("ndengrod move 1 bob pw-b-long b2").find("bob plays b2"), std::string::npos);
}

TEST_F(CommandsTest, ChallengeRules) {
  run("signup carol pw-c-long");
  EXPECT_EQ(run_error("challenge alice bob pw-a-long").code(), "usage") << "the game is needed";
  EXPECT_EQ(http_status(run_error("ndengrod challenge alice bob pw-c-long")), 401) << "the password names a player";
  EXPECT_EQ(run_error("ndengrod challenge alice bob").code(), "usage");
  EXPECT_EQ(run_error("ndengrod challenge alice alice pw-a-long").code(), "bad_players");
  EXPECT_EQ(http_status(run_error("ndengrod challenge alice nobody pw-a-long")), 404);
  EXPECT_EQ(run_error("ndengrod challenge -size=99 alice bob pw-a-long").code(), "bad_game");
  EXPECT_EQ(run_error("ndengrod challenge -colour=red alice bob pw-a-long").code(), "bad_game");
  EXPECT_EQ(run_error("ndengrod challenge alice ai:nonsense pw-a-long").code(), "bad_ai");
  EXPECT_EQ(run_error("chess challenge alice bob pw-a-long").code(), "unknown_game");  // named as an unknown game
  EXPECT_NE(run("n-mesh challenge -size=5 bob carol pw-c-long").find("Board 1: N-Mesh (size=5)"), std::string::npos);
}

TEST_F(CommandsTest, ShowAtAMoveNumberAndHistory) {
  run("ndengrod challenge -size=3 alice bob pw-a-long");
  run("move 1 alice pw-a-long c3");
  run("move 1 bob pw-b-long b2");
  run("comment 1 bob pw-b-long \"nice opening; let's see\"");
  run("move 1 alice pw-a-long d2");
  std::string at1 = run("show 1#1");
  EXPECT_NE(at1.find("Position after turn 1 (3 turns played)\nStatus: o to move (bob), turn 2\n"),
            std::string::npos)
      << at1;
  EXPECT_NE(at1.find(rendered("ndengrod", {{"size", "3"}}, {"c3"})), std::string::npos);
  EXPECT_EQ(at1.find("b2"), std::string::npos) << "the move list stops at move 1";
  EXPECT_NE(run("show 1#0").find("No moves yet."), std::string::npos);
  EXPECT_EQ(run("show 1"), format_board(service_->load(1)));
  EXPECT_EQ(http_status(run_error("show 1#9")), 400);
  EXPECT_EQ(run_error("show x").code(), "bad_board");

  std::string history = run("history 1");
  EXPECT_NE(history.find("Started 2023-11-14 22:13 UTC by alice\n"), std::string::npos) << history;
  EXPECT_NE(history.find("  turn 1    x  alice  c3  2023-11-14 22:13 UTC\n"), std::string::npos) << history;
  EXPECT_NE(history.find("  turn 2    o  bob    b2  2023-11-14 22:13 UTC\n"), std::string::npos) << history;
  EXPECT_NE(history.find("bob (2023-11-14 22:13 UTC, comment 1): nice opening; let's see\n  turn 3"), std::string::npos) << history;
  EXPECT_NE(history.find("Record: {\"date\":\"2023-11-14\",\"game\":\"ndengrod\",\"moves\":[\"c3\",\"b2\",\"d2\"]"),
            std::string::npos)
      << history;
}

TEST_F(CommandsTest, ResignEndsTheGameForTheOtherSeat) {
  run("ndengrod challenge -size=3 alice bob pw-a-long");
  run("move 1 alice pw-a-long c3");
  std::string reply = run("resign 1 alice pw-a-long");  // out of turn is fine
  EXPECT_NE(reply.find("alice resigns board 1.\n"), std::string::npos);
  EXPECT_NE(reply.find("Status: o (bob) wins: x resigned\n"), std::string::npos) << reply;
  EXPECT_EQ(run_error("move 1 bob pw-b-long b2").code(), "game_over");
  EXPECT_EQ(run_error("resign 1 bob pw-b-long").code(), "game_over");
  auto record = service_->load(1).record();
  EXPECT_EQ(record.status(), "finished");
  EXPECT_EQ(record.result, "o");
  EXPECT_EQ(record.winner_seat, 1);
  // The resignation survives a reload (it is stored, not replayed from the moves).
  EXPECT_NE(run("show 1").find("Status: o (bob) wins: x resigned"), std::string::npos);
}

TEST_F(CommandsTest, GamesListsByFilter) {
  run("ndengrod challenge -size=3 alice bob pw-a-long");
  run("ndengrod challenge -size=3 bob alice pw-a-long");
  run("resign 2 bob pw-b-long");
  std::string active = run("games alice");
  EXPECT_NE(active.find("Games of alice (active): 1\n"), std::string::npos) << active;
  EXPECT_NE(active.find("       1  ndengrod  alice vs bob  turn 1  alice to move"), std::string::npos) << active;
  EXPECT_NE(run("games alice next").find("(next): 1"), std::string::npos);
  EXPECT_NE(run("games bob next").find("(next): 0"), std::string::npos);
  std::string finished = run("games ALICE finished");
  EXPECT_NE(finished.find("2  ndengrod  bob vs alice  0 turns  alice won (x resigned)"), std::string::npos) << finished;
  EXPECT_NE(run("games alice all").find("(all): 2"), std::string::npos);
  EXPECT_NE(run("games nobody").find("(active): 0"), std::string::npos);
  EXPECT_EQ(run_error("games alice sometimes").code(), "usage");
  // A game's finished boards, everybody's.
  run("n-mesh challenge -size=3 alice bob pw-a-long");
  run("resign 3 alice pw-a-long");
  const std::string everybody = run("n-mesh games - finished");
  EXPECT_NE(everybody.find("Boards in N-Mesh (finished): 1\n"), std::string::npos) << everybody;
  EXPECT_NE(everybody.find("3  n-mesh"), std::string::npos) << everybody;
  EXPECT_NE(run("games - finished").find("Boards (finished): 2"), std::string::npos);
  EXPECT_NE(run("ndengrod games alice all").find("Games of alice in Ndengrod (all): 2"), std::string::npos);
  EXPECT_EQ(run_error("games - next").code(), "usage");
  run("signup carol pw-c-long");
  run("subscribe 1 carol pw-c-long");
  EXPECT_NE(run("games carol watched").find("(watched): 1"), std::string::npos);
  run("unsubscribe 1 carol pw-c-long");
  EXPECT_NE(run("games carol watched").find("(watched): 0"), std::string::npos);
}

// Every listing command takes -limit=N and -offset=N as its last words (docs/http-api.md,
// "Paging"), with the bounds of the HTTP API's ?limit= and &offset=.
TEST_F(CommandsTest, EveryListingCommandIsPaged) {
  for (int i = 0; i < 3; ++i) run("ndengrod challenge alice bob pw-a-long");
  play_first_legal(1);
  play_first_legal(1);  // both have moved: the game is rated
  run("resign 1 bob pw-b-long");
  EXPECT_NE(run("games alice all -limit=2").find("Games of alice (all): 2\n"), std::string::npos);
  const std::string last = run("games - all -limit=2 -offset=2");
  EXPECT_NE(last.find("Boards (all): 1\n"), std::string::npos) << last;
  EXPECT_NE(last.find("       1  ndengrod"), std::string::npos) << "the oldest, newest first: " << last;
  for (int i = 0; i < 3; ++i) run("ndengrod seek alice pw-a-long");
  EXPECT_NE(run("offers -limit=2 -offset=2").find("Open challenges: 1\n"), std::string::npos);
  EXPECT_NE(run("offers bob pw-b-long -limit=1").find(": 1\n"), std::string::npos);
  EXPECT_NE(run("ratings ndengrod -limit=1 -offset=1").find("(1 player;"), std::string::npos);
  EXPECT_NE(run("ndengrod standings -offset=1 -limit=1").find("(1 player;"), std::string::npos);
  for (int i = 0; i < 2; ++i) run("tournament create ndengrod -format=roundrobin -players=2-4 -start=full alice pw-a-long");
  const std::string newest = run("tournament list -limit=1");
  EXPECT_NE(newest.find("Tournaments: 1\n"), std::string::npos) << newest;
  EXPECT_NE(newest.find("(tournament 2)"), std::string::npos) << newest;
  const std::string oldest = run("tournament list ndengrod open -limit=1 -offset=1");
  EXPECT_NE(oldest.find("Tournaments of Ndengrod (open): 1\n"), std::string::npos) << oldest;
  EXPECT_NE(oldest.find("(tournament 1)"), std::string::npos) << oldest;
  for (const std::string page : {"-limit=0", "-limit=501", "-offset=-1", "-limit=x", "-limit=", "-limit=1 -limit=2"})
    for (const std::string listing : {"games alice all ", "offers ", "ratings ndengrod ", "tournament list "}) {
      const ServiceError e = run_error(listing + page);
      EXPECT_EQ(e.code(), "bad_query") << listing << page;
      EXPECT_EQ(http_status(e), 400) << listing << page;
    }
  EXPECT_STREQ(run_error("offers -limit=501").what(), "limit must be a whole number from 1 to 500");
  EXPECT_EQ(run_error("games -limit=2 alice").code(), "bad_user") << "the page words come last";
}

TEST_F(CommandsTest, GrammarErrorsAreClear) {
  EXPECT_STREQ(run_error("").what(), "empty command (try 'help')");
  EXPECT_STREQ(run_error("fly 1").what(), "unknown command 'fly' (try 'help')");
  EXPECT_STREQ(run_error("ndengrod").what(), "a command must follow the game name (try 'help')");
  EXPECT_STREQ(run_error("move 1 alice").what(), "usage: move BOARD USER PASSWORD MOVE[#N]");
  EXPECT_STREQ(run_error("signup").what(), "usage: signup USER PASSWORD [EMAIL]");
  EXPECT_STREQ(run_error("move abc alice pw-a-long c3").what(), "bad board number 'abc'");
  EXPECT_STREQ(run_error("move -1 alice pw-a-long c3").what(), "bad board number '-1'");
  EXPECT_EQ(run_error("move 99999999999999999999 alice pw-a-long c3").code(), "bad_board");
  EXPECT_STREQ(run_error("signup \"unterminated").what(), "unterminated quote in the command");
  EXPECT_NE(run("help").find("move BOARD USER PASSWORD MOVE[#N]"), std::string::npos);
  EXPECT_NE(run("help").find("ndengrod"), std::string::npos);
  EXPECT_NE(run("help move").find("stale move is never played"), std::string::npos);
  EXPECT_EQ(run_error("help fly").code(), "usage");
  // A game name that is not one, where a game would stand, is named as such.
  EXPECT_NE(std::string(run_error("chess challenge alice bob pw-a-long").what()).find("unknown game 'chess'"),
            std::string::npos);
  // Bytes that are not UTF-8 never reach a board or a comment, whatever the front end.
  EXPECT_EQ(run_error("comment 1 alice pw-a-long bad \xff text").code(), "bad_encoding");
}

TEST_F(CommandsTest, SplitHandlesQuotesAndBlanks) {
  using V = std::vector<std::string>;
  EXPECT_EQ(CommandInterpreter::split("  move  1\talice\npw c3 "), (V{"move", "1", "alice", "pw", "c3"}));
  EXPECT_EQ(CommandInterpreter::split("signup bob \"two words\" x"), (V{"signup", "bob", "two words", "x"}));
  EXPECT_EQ(CommandInterpreter::split(R"(a "q\"uote" "back\\slash" "")"), (V{"a", "q\"uote", "back\\slash", ""}));
}

TEST_F(CommandsTest, SqlMetacharactersInEveryFieldAreHarmless) {
  run("ndengrod challenge -size=3 alice bob pw-a-long");
  for (const auto& nasty : sql_metacharacter_strings()) {
    std::string q = quoted(nasty);
    for (const std::string& line :
         {"move 1 " + q + " pw-a-long c3", "move 1 alice " + q + " c3", "move 1 alice pw-a-long " + q, "show " + q,
          "games " + q, "signup " + q + " pw-long1", "ndengrod challenge " + q + " bob pw-a-long",
          "ndengrod challenge -size=" + q + " alice bob pw-a-long", "propose " + q + " 1 alice pw-a-long", "history " + q}) {
      try {
        run(line);
        ADD_FAILURE() << "accepted: " << line;
      } catch (const ServiceError& e) {
        EXPECT_GE(http_status(e), 400) << line;
        EXPECT_LT(http_status(e), 500) << line << ": " << e.what();
      }
    }
    // Free text is stored verbatim.
    run("comment 1 bob pw-b-long " + q);
  }
  Board b = service_->load(1);
  ASSERT_EQ(b.comments().size(), sql_metacharacter_strings().size());
  for (size_t i = 0; i < b.comments().size(); ++i) EXPECT_EQ(b.comments()[i].body, sql_metacharacter_strings()[i]);
  EXPECT_EQ(service_->list({}).size(), 1u);
  EXPECT_EQ(accounts_->authenticate("alice", "pw-a-long"), "alice");
}

TEST_F(CommandsTest, MultiPlyTurnsAreOneMoveAndOneColumnCell) {
  // Epoxy: Maroon's first turn is one action, then turns of two actions.
  History h(make_game("epoxy"));
  std::string first = h.state().action_to_text(h.state().legal_actions().front());
  h.play(first);
  std::string a = h.state().action_to_text(h.state().legal_actions().front());
  h.play(a);
  std::string b = h.state().action_to_text(h.state().legal_actions().front());
  run("epoxy challenge alice bob pw-a-long");
  run("move 1 alice pw-a-long " + first);
  EXPECT_EQ(run_error("move 1 alice pw-a-long " + a).code(), "not_your_turn");
  std::string reply = run("move 1 bob pw-b-long " + a + "," + b + "#2");
  EXPECT_NE(reply.find("bob plays " + a + "," + b + " on board 1 (turn 2)."), std::string::npos) << reply;
  EXPECT_NE(reply.find("  1.  maroon  " + first + "\n  2.  grey    " + a + "," + b + "\n"), std::string::npos) << reply;
  Board board = service_->load(1);
  ASSERT_EQ(board.num_moves(), 3);
  EXPECT_EQ(board.moves()[1].turn, board.moves()[2].turn);
  EXPECT_EQ(board.moves()[1].seat, 1);
  EXPECT_NE(board.moves()[0].turn, board.moves()[1].turn);
  // Three plies, two turns: the board is at turn 3, and turn 2 is one line of the history.
  EXPECT_NE(run("show 1").find("turn 3"), std::string::npos);
  EXPECT_NE(run("history 1").find("turn 2    grey    bob    " + a + "," + b), std::string::npos) << run("history 1");
  EXPECT_NE(run("show 1#1").find("Position after turn 1 (2 turns played)"), std::string::npos) << run("show 1#1");
  EXPECT_STREQ(run_error("show 1#3").what(), "board 1 has no turn 3 (turns: 0..2)");
}

// The caller learns the user a command's password proved (for a request's log line), and
// nothing from a command without one, a wrong password or a name alone.
TEST_F(CommandsTest, TheCallerKnowsTheUserOnlyOnceTheirPasswordIsVerified) {
  auto proved = [&](const std::string& line) {
    CommandCaller caller("127.0.0.1");
    try {
      commands_->execute(CommandInterpreter::split(line), caller);
    } catch (const ServiceError&) {
    }
    return caller.user();
  };
  EXPECT_EQ(proved("ndengrod challenge -size=3 alice bob pw-a-long"), "alice");
  EXPECT_EQ(proved("move 1 Alice pw-a-long e5"), "alice") << "the account's id, not the words";
  EXPECT_EQ(proved("move 1 bob pw-a-long d4"), "") << "a wrong password";
  EXPECT_EQ(proved("show 1"), "");
  EXPECT_EQ(proved("history bob"), "");
  EXPECT_EQ(proved("move 1 alice pw-a-long zz99"), "alice") << "verified, then the move was refused";
  EXPECT_EQ(proved("tournament join 99 bob pw-b-long"), "bob") << "no such tournament, after the password";
}

}  // namespace
}  // namespace ludus::server::testing
