// SPDX-License-Identifier: Apache-2.0
// `ludus gtp`: whole sessions fed on stdin, replies compared with the expected transcript.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli_test_support.h"
#include "core/history.h"

namespace ludus::testing {
namespace {

// The showboard reply for a history: "= " then the board and status, one per line.
std::string showboard_reply(const History& h) {
  std::string out = "= ";
  for (const auto& line : lines_of(h.state().render() + h.status()))
    if (line.find_first_not_of(' ') != std::string::npos) out += "\n" + line;
  return out + "\n\n";
}

// Replies of a session, split at the blank line that ends each one.
std::vector<std::string> replies(const std::string& out) {
  std::vector<std::string> list;
  size_t start = 0;
  for (size_t end; (end = out.find("\n\n", start)) != std::string::npos; start = end + 2)
    list.push_back(out.substr(start, end - start));
  return list;
}

TEST(Gtp, NdengrodSessionTranscript) {
  LUDUS_REQUIRE_GAME("ndengrod");
  const std::string script =
      "1 protocol_version\n"
      "2 name\n"
      "# a comment line\n"
      "\n"
      "   \n"
      "known_command genmove\n"
      "known_command fly\n"
      "10 frobnicate\n"
      "showboard\n"
      "play x b1\n"
      "play o a1 # trailing comment\n"
      "play X b1\n"
      "play x zz9\n"
      "play o\n"
      "play purple a2\n"
      "play x b2\n"
      "final_score\n"
      "play o a2\n"
      "play b b3\n"
      "20 final_score\n"
      "ludus-legal\n"
      "ludus-record\n"
      "undo\n"
      "final_score\n"
      "ludus-legal\n"
      "clear_board\n"
      "play x b2\n"
      "play o swap\n"
      "showboard\n"
      "boardsize 14\n"
      "boardsize 3\n"
      "ludus-record\n"
      "quit\n"
      "name\n";  // after quit: never answered
  auto game = make_game("ndengrod", {{"size", "2"}, {"length", "3"}});
  History empty(game), swapped(game);
  swapped.play("b2");
  swapped.play("swap");
  const std::string expected =
      "=1 2\n\n"
      "=2 ludus\n\n"
      "= true\n\n"
      "= false\n\n"
      "?10 unknown command\n\n" +
      showboard_reply(empty) +
      "= \n\n"
      "= \n\n"
      "? illegal move 'b1': occupied\n\n"
      "? illegal move 'zz9': malformed coordinate 'zz9'\n\n"
      "? syntax error (usage: play COLOR MOVE)\n\n"
      "? invalid color 'purple' (use x, o, b or w)\n\n"
      "= \n\n"
      "? game not over\n\n"
      "= \n\n"
      "= \n\n"
      "=20 B+\n\n"  // x is the first colour: GTP's B
      "= \n\n"
      "= {\"ending\":\"rules\",\"game\":\"ndengrod\",\"moves\":[\"b1\",\"a1\",\"b2\",\"a2\",\"b3\"],\"options\":{"
      "\"length\":\"3\",\"shape\":\"hexhex\",\"size\":\"2\",\"swap\":\"on\"},\"reason\":\"line of 3\",\"result\":\"x\","
      "\"winner_seat\":0}\n\n"
      "= \n\n"
      "? game not over\n\n"
      "= b3 c2 c3\n\n"
      "= \n\n"
      "= \n\n"
      "= \n\n" +
      showboard_reply(swapped) +
      "? unacceptable size (bad option: size=14 (expected an integer in 2..13))\n\n"
      "= \n\n"
      "= {\"game\":\"ndengrod\",\"moves\":[],\"options\":{\"length\":\"3\",\"shape\":\"hexhex\",\"size\":\"3\",\"swap\":"
      "\"on\"},\"result\":\"\"}\n\n"
      "= \n\n";
  auto r = run_ludus({"gtp", "ndengrod", "--option", "size=2", "--option", "length=3", "--ai", "random"}, script);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, expected);
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(contains(showboard_reply(swapped), "O to move (first player)"));
}

TEST(Gtp, GenmovePlaysALegalMoveAndUndoTakesItBack) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto r = run_ludus({"gtp", "--ai", "random", "--seed", "5"},
                     "ludus-game ndengrod size=3\nplay b e3\nludus-legal\ngenmove white\nludus-record\nundo\nludus-record\n");
  auto list = replies(r.out);
  ASSERT_EQ(list.size(), 7u) << r.out;
  EXPECT_EQ(list[0], "= ndengrod length=5 shape=hexhex size=3 swap=on");
  EXPECT_EQ(list[1], "= ");
  ASSERT_EQ(list[3].rfind("= ", 0), 0u);
  const std::string move = list[3].substr(2);
  std::vector<std::string> legal;
  std::stringstream words(list[2].substr(2));
  for (std::string w; words >> w;) legal.push_back(w);
  EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << move;
  auto record = nlohmann::json::parse(list[4].substr(2));
  EXPECT_EQ(record["moves"], nlohmann::json::array({"e3", move}));
  EXPECT_EQ(nlohmann::json::parse(list[6].substr(2))["moves"], nlohmann::json::array({"e3"}));
}

TEST(Gtp, SameSeedSameMoves) {
  LUDUS_REQUIRE_GAME("ndengrod");
  const std::string script = "genmove x\ngenmove o\ngenmove x\nludus-record\n";
  auto a = run_ludus({"gtp", "ndengrod", "--ai", "random", "--seed", "9"}, script);
  auto b = run_ludus({"gtp", "ndengrod", "--ai", "random", "--seed", "9"}, script);
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(replies(a.out).size(), 4u);
}

TEST(Gtp, EpoxyTurnsOfTwoActionsAreOneGtpMove) {
  LUDUS_REQUIRE_GAME("epoxy");
  auto r = run_ludus({"gtp", "epoxy", "--ai", "random", "--seed", "3"},
                     "play m f5\ngenmove grey\nludus-record\nundo\nplay g e1,e6\nplay maroon d2,zz\nludus-record\n");
  auto list = replies(r.out);
  ASSERT_EQ(list.size(), 7u) << r.out;
  EXPECT_EQ(list[0], "= ");
  const std::string turn = list[1].substr(2);
  auto comma = turn.find(',');
  ASSERT_NE(comma, std::string::npos) << turn;  // both actions of Grey's turn
  auto record = nlohmann::json::parse(list[2].substr(2));
  EXPECT_EQ(record["moves"], nlohmann::json::array({"f5", turn.substr(0, comma), turn.substr(comma + 1)}));
  EXPECT_EQ(list[3], "= ");
  EXPECT_EQ(list[4], "= ");
  EXPECT_EQ(list[5], "? illegal move 'zz': malformed coordinate 'zz'");  // nothing of the turn is played
  EXPECT_EQ(nlohmann::json::parse(list[6].substr(2))["moves"], nlohmann::json::array({"f5", "e1", "e6"}));
}

TEST(Gtp, BoardsizeNeedsASizeOptionAndColoursFollowTheGame) {
  LUDUS_REQUIRE_GAME("epoxy");
  auto r = run_ludus({"gtp", "epoxy", "--ai", "random"},
                     "boardsize 7\nboardsize s\nludus-options\nboardsize xs\nplay b f5\nplay w f5\nplay g e1\n"
                     "play grey e1,e6\ngenmove q\nkomi 6.5\nlist_commands\n");
  auto list = replies(r.out);
  ASSERT_EQ(list.size(), 11u) << r.out;
  EXPECT_EQ(list[0].rfind("? unacceptable size (bad option", 0), 0u) << list[0];
  EXPECT_EQ(list[1], "= ");
  EXPECT_EQ(list[2], "= size=s (xs|s|m|l|xl|xxl, default xs)");
  EXPECT_EQ(list[3], "= ");
  EXPECT_EQ(list[4], "= ");                                         // b = the first colour, maroon
  EXPECT_EQ(list[5], "? illegal move 'f5': occupied");             // w = grey, to move
  EXPECT_EQ(list[6], "? illegal move 'e1': not a whole turn; send all of it, e.g. 'e1,pass'");  // g = grey
  EXPECT_EQ(list[7], "= ");
  EXPECT_EQ(list[8], "? invalid color 'q' (use maroon, grey, b or w)");
  EXPECT_EQ(list[9], "= ");
  for (const char* command : {"protocol_version", "genmove", "final_score", "ludus-game", "ludus-legal", "ludus-options",
                              "ludus-record", "undo", "showboard", "boardsize", "clear_board", "known_command"})
    EXPECT_TRUE(contains(list[10], command)) << command;
}

TEST(Gtp, WithoutAGameCommandsAskForOne) {
  auto r = run_ludus({"gtp", "--ai", "random"}, "name\nplay b a1\nshowboard\nludus-game chess\nludus-game\n");
  auto list = replies(r.out);
  ASSERT_EQ(list.size(), 5u) << r.out;
  EXPECT_EQ(list[0], "= ludus");
  EXPECT_EQ(list[1], "? no game selected (use ludus-game NAME)");
  EXPECT_EQ(list[2], "? no game selected (use ludus-game NAME)");
  EXPECT_EQ(list[3].rfind("? unknown game 'chess'", 0), 0u) << list[3];
  EXPECT_EQ(list[4], "? syntax error (usage: ludus-game NAME [option=value ...])");
  EXPECT_EQ(r.exit_code, 0);  // end of input without quit is a normal end
}

TEST(Gtp, GarbageNeverStopsTheEngine) {
  LUDUS_REQUIRE_GAME("ndengrod");
  std::string junk = "\x01\x02\xff\xfe play\r\n123\n99 \t genmove   \n\x7f\nboardsize\nknown_command\nplay x e5 e6\n"
                     "ludus-game ndengrod size=banana\nludus-game ndengrod =\ngenmove x\nname\n";
  auto r = run_ludus({"gtp", "ndengrod", "--ai", "random"}, junk);
  EXPECT_EQ(r.exit_code, 0);
  auto list = replies(r.out);
  ASSERT_FALSE(list.empty());
  EXPECT_EQ(list.back(), "= ludus");
  for (size_t i = 0; i + 2 < list.size(); ++i) EXPECT_EQ(list[i][0], '?') << list[i];
}

}  // namespace
}  // namespace ludus::testing
