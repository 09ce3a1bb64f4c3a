// SPDX-License-Identifier: Apache-2.0
// SGF: the FF[4] parser's edge cases and the mapping of records to game trees, with the
// tic-tac-toe of tictactoe_game.cpp (x is Black, o is White).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/history.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/sgf.h"

namespace ludus {
namespace {

std::string error_of(const std::function<void()>& fn) {
  try {
    fn();
  } catch (const LudusError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string sgf_error(const std::string& text) {
  return error_of([&] { read_records(text); });
}

History tictactoe(const std::vector<std::string>& moves) {
  History h(make_game("tictactoe-test"));
  h.play_moves(moves);
  return h;
}

// One game of every kind of ending (and one still on), with awkward names and reasons.
std::vector<History> games_of_every_ending() {
  std::vector<History> games;
  auto add = [&](std::vector<std::string> moves, const std::function<void(History&)>& end) {
    History h = tictactoe(moves);
    h.set_players({"alice [the \\first]", "ai:easy"});
    h.set_date("2026-11-23");
    end(h);
    games.push_back(h);
  };
  add({"a1", "b2"}, [](History&) {});                                          // on
  add({"a1", "b1", "a2", "b2", "a3"}, [](History&) {});                        // x wins by the rules
  add({"a1", "b1", "a2", "b2", "c3", "a3", "c1", "c2", "b3"}, [](History&) {});  // full board, a draw
  add({"a1"}, [](History& h) { h.resign(0); });
  add({"a1", "b2"}, [](History& h) { h.resign(1); });
  add({}, [](History& h) { h.agree_draw(); });
  add({"b2"}, [](History& h) { h.lose_on_time(0); });
  add({"b2", "a1"}, [](History& h) { h.lose_on_time(1); });
  add({"b2", "a1"}, [](History& h) { h.adjudicate(1, "o is ahead ] \\ [by fiat]"); });
  add({"b2"}, [](History& h) { h.adjudicate_at_ply_limit(1); });
  return games;
}

TEST(Sgf, WritesOneGameTreeWithTheDocumentedProperties) {
  History h = tictactoe({"a1", "b2", "a2", "c3", "a3"});
  h.set_players({"alice", "ai:easy"});
  h.set_date("2026-11-23");
  EXPECT_EQ(sgf_game_tree(h),
            "(;FF[4]CA[UTF-8]AP[ludus:" LUDUS_VERSION "]GN[Tic-tac-toe]RU[tictactoe-test]PB[alice]PW[ai:easy]"
            "DT[2026-11-23]RE[B+]LE[rules]\n;B[a1];W[b2];B[a2];W[c3];B[a3])\n");
  EXPECT_EQ(record_text(h, RecordFormat::Sgf), sgf_game_tree(h));
  EXPECT_EQ(record_text(h, RecordFormat::Json), record_to_json(h).dump() + "\n");
  EXPECT_EQ(record_format_of("games/x.SGF"), RecordFormat::Sgf);
  EXPECT_EQ(record_format_of("x.sgf.json"), RecordFormat::Json);
}

TEST(Sgf, ResultIsByColourAndLeNamesTheLudusEnding) {
  const std::vector<std::string> expected = {
      "",
      "RE[B+]LE[rules]",
      "RE[0]LE[rules]",
      "RE[W+R]LE[resign]",
      "RE[B+R]LE[resign]",
      "RE[0]LE[agreement]",
      "RE[W+T]LE[timeout]",
      "RE[B+T]LE[timeout]",
      "RE[W+]LE[adjudicated][o is ahead \\] \\\\ [by fiat\\]]",
      "RE[0]LE[adjudicated][no result after 1 plies (scored as a draw)]",
  };
  const auto games = games_of_every_ending();
  ASSERT_EQ(games.size(), expected.size());
  for (size_t i = 0; i < games.size(); ++i) {
    const std::string sgf = sgf_game_tree(games[i]);
    SCOPED_TRACE(sgf);
    EXPECT_EQ(sgf.find("RE[") == std::string::npos, expected[i].empty());
    if (!expected[i].empty()) {
      EXPECT_NE(sgf.find("DT[2026-11-23]" + expected[i]), std::string::npos);
    }
    EXPECT_NE(sgf.find("PB[alice [the \\\\first\\]]PW[ai:easy]"), std::string::npos);
  }
}

TEST(Sgf, EveryEndingRoundTripsJsonToSgfToHistoryToJson) {
  for (const History& h : games_of_every_ending()) {
    const std::string json = record_to_json(h).dump();
    const std::string sgf = sgf_game_tree(h);
    SCOPED_TRACE(sgf);
    const History again = read_records(sgf).at(0);
    EXPECT_EQ(record_to_json(again).dump(), json);
    EXPECT_EQ(again.ending(), h.ending());
    if (h.is_over()) {
      EXPECT_EQ(again.winning_seat(), h.winning_seat());
    }
    EXPECT_EQ(again.losing_seat(), h.losing_seat());
    EXPECT_EQ(sgf_game_tree(again), sgf);
  }
}

TEST(SgfParser, EscapesSoftLineBreaksAndWhiteSpace) {
  const auto trees = parse_sgf(" \r\n ( \t;  FF [4] \n C [a\\]b\\\\c\\:d] [two]\n  GC[soft\\\nbreak\\\r\nagain]\n ;B\n[x] )\n\n");
  ASSERT_EQ(trees.size(), 1u);
  ASSERT_EQ(trees[0].sequence.size(), 2u);
  const SgfNode& root = trees[0].sequence[0];
  EXPECT_EQ(root.find("FF")->values, std::vector<std::string>{"4"});
  EXPECT_EQ(root.find("C")->values, (std::vector<std::string>{"a]b\\c:d", "two"}));
  EXPECT_EQ(root.find("GC")->values, std::vector<std::string>{"softbreakagain"});
  EXPECT_EQ(trees[0].sequence[1].find("B")->values, std::vector<std::string>{"x"});
  EXPECT_EQ(root.find("B"), nullptr);
  EXPECT_EQ(sgf_simple_text("a\r\nb\tc\n\rd\ne"), "a b c d e");
  EXPECT_EQ(sgf_escape("a]b\\c"), "a\\]b\\\\c");
}

TEST(SgfParser, OlderLowerCaseLettersInIdentifiersAreSkipped) {
  const auto trees = parse_sgf("(;AddBlack[aa][bb]White[cc])");
  const SgfNode& node = trees.at(0).sequence.at(0);
  EXPECT_EQ(node.find("AB")->values, (std::vector<std::string>{"aa", "bb"}));
  EXPECT_EQ(node.find("W")->values, std::vector<std::string>{"cc"});
}

TEST(SgfParser, MainLineFollowsTheFirstVariation) {
  const auto trees = parse_sgf("(;RU[tictactoe-test];B[a1](;W[b2](;B[c3])(;B[c1]))(;W[c2]))");
  ASSERT_EQ(trees.size(), 1u);
  std::vector<std::string> moves;
  for (const SgfNode* node : main_line(trees[0]))
    for (const char* colour : {"B", "W"})
      if (const auto* p = node->find(colour)) moves.push_back(p->values.at(0));
  EXPECT_EQ(moves, (std::vector<std::string>{"a1", "b2", "c3"}));
  EXPECT_EQ(read_records("(;RU[tictactoe-test];B[a1](;W[b2];B[c3])(;W[c1]))").at(0).moves(),
            (std::vector<std::string>{"a1", "b2", "c3"}));
}

TEST(SgfParser, BrokenInputIsAOneLineErrorWithThePlace) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "bad SGF: no game tree (SGF starts with '(') (line 1, column 1)"},
      {"(;B[a1]", "bad SGF: game tree not closed by ')' (line 1, column 8)"},
      {"(;FF[4]\n;B[a1)", "bad SGF: value of property B not closed by ']' (line 2, column 3)"},
      {"(;B[a1]])", "bad SGF: expected a property identifier, found ']' (line 1, column 8)"},
      {"(B[a1])", "bad SGF: expected ';' to start a node, found 'B' (line 1, column 2)"},
      {"()", "bad SGF: expected ';' to start a node, found ')' (line 1, column 2)"},
      {"(;B[a1](;W[b2]);B[c3])", "bad SGF: a node after a variation (nodes of a tree come before its variations) "
                                 "(line 1, column 16)"},
      {"(;B[a1] x[b2])", "bad SGF: property identifier without an upper-case letter (line 1, column 9)"},
      {"(;B)", "bad SGF: property B has no value (line 1, column 4)"},
      {"(;B[a1]B[b2])", "bad SGF: property B twice in one node (line 1, column 8)"},
      {"(;FF[4])\nx", "bad SGF: expected '(' to start a game tree, found 'x' (line 2, column 1)"},
      {"(;FF[4]\x01)", "bad SGF: expected a property identifier, found byte 0x01 (line 1, column 8)"},
  };
  for (const auto& [text, message] : cases) {
    SCOPED_TRACE(text);
    EXPECT_EQ(error_of([&] { parse_sgf(text); }), message);
  }
}

TEST(SgfParser, DeepNestingIsRefusedNotOverflowed) {
  std::string deep;
  for (int i = 0; i <= kMaxSgfDepth; ++i) deep += "(;C[x]";
  EXPECT_EQ(error_of([&] { parse_sgf(deep); }).rfind("bad SGF: variations nested deeper than 10000 (line 1, column ", 0),
            0u);
  std::string nested = "(;RU[tictactoe-test]";
  for (const char* move : {";B[a1]", ";W[b1]", ";B[a2]", ";W[b2]", ";B[a3]"}) nested += std::string("(") + move;
  nested += std::string(6, ')');
  EXPECT_EQ(read_records(nested).at(0).result_text(), "x");
}

TEST(SgfRecords, SeveralGameTreesAreSeveralGames) {
  auto games = read_records("(;RU[tictactoe-test];B[a1])\n(;RU[tictactoe-test];B[b2];W[c3])\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].moves(), (std::vector<std::string>{"b2", "c3"}));
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test];B[a1])(;RU[tictactoe-test];B[q9])"),
            "game 2: bad SGF: move 1 'q9': illegal move 'q9': off-board coordinate 'q9'");
}

TEST(SgfRecords, UnknownPropertiesAndNodesWithoutMovesAreIgnored) {
  History h = read_records("(;FF[4]GM[1]SZ[19]XX[what]KM[6.5]RU[tictactoe-test]C[hello];B[a1]C[good]TR[aa];C[no move]"
                           ";W[ B2 ])")
                  .at(0);
  EXPECT_EQ(h.moves(), (std::vector<std::string>{"a1", "b2"}));
  EXPECT_EQ(h.players(), (std::array<std::string, 2>{"", ""}));
  EXPECT_EQ(h.date(), "");
}

TEST(SgfRecords, RuMustNameALudusGame) {
  EXPECT_EQ(sgf_error("(;FF[4];B[a1])"), "bad SGF: no RU property naming the ludus game (e.g. RU[ndengrod size=5])");
  EXPECT_EQ(sgf_error("(;RU[Japanese];B[a1])"), "bad SGF: RU[Japanese] names no ludus game (games: tictactoe-test)");
  EXPECT_EQ(sgf_error("(;RU[ ];B[a1])"), "bad SGF: RU[] names no ludus game (games: tictactoe-test)");
  EXPECT_EQ(sgf_error("(;RU[TicTacToe-Test size=3])").rfind("bad SGF: bad option", 0), 0u);
}

TEST(SgfRecords, BadMovesNameTheMoveAndTheReason) {
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test];B[a1];W[a1])"), "bad SGF: move 2 'a1': illegal move 'a1': occupied");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test];B[a1];B[b2])"), "bad SGF: move 2 'b2': W is to move, not B");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test];B[a1]W[b2])"), "bad SGF: move 1: a node with both B and W");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test];B[a1][b2])"), "bad SGF: move 1 'a1': B has several values");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test]AB[a1];W[b2])"),
            "bad SGF: setup property AB (ludus games start from the empty board)");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test];B[])").rfind("bad SGF: move 1 'pass': illegal move 'pass'", 0), 0u);
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test];B[a1];W[b1];B[a2];W[b2];B[a3];W[c3])"),
            "bad SGF: move 6 'c3': illegal move 'c3': the game is over");
}

TEST(SgfRecords, WithoutLeTheEndingComesFromRe) {
  auto read = [](const std::string& properties, const std::string& moves) {
    return read_records("(;RU[tictactoe-test]" + properties + moves + ")").at(0);
  };
  History resigned = read("RE[W+Resign]", ";B[a1]");
  EXPECT_EQ(resigned.ending(), Ending::Resignation);
  EXPECT_EQ(resigned.losing_seat(), 0);
  EXPECT_EQ(read("RE[B+T]", ";B[a1]").ending(), Ending::Timeout);
  EXPECT_EQ(read("RE[B+F]", ";B[a1]").losing_seat(), 1);
  EXPECT_EQ(read("RE[Draw]", ";B[a1]").ending(), Ending::Agreement);
  History ahead = read("RE[W+3.5]", ";B[a1]");
  EXPECT_EQ(ahead.ending(), Ending::Adjudication);
  EXPECT_EQ(ahead.result_text(), "o");
  EXPECT_EQ(ahead.end_reason(), "adjudicated");
  EXPECT_EQ(read("RE[B+]", ";B[a1];W[b1];B[a2];W[b2];B[a3]").ending(), Ending::Rules);
  EXPECT_FALSE(read("RE[?]", ";B[a1]").is_over());
  EXPECT_FALSE(read("RE[Void]", ";B[a1]").is_over());
}

TEST(SgfRecords, ResultsThatDisagreeWithTheMovesAreRefused) {
  const std::string line = ";B[a1];W[b1];B[a2];W[b2];B[a3]";
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test]RE[W+]" + line + ")"), "bad SGF: result 'o' but the moves give 'x'");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test]RE[B+R]LE[timeout];B[a1])"),
            "bad SGF: RE[B+R] but the game ends B+T (X wins: o lost on time)");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test]RE[B+Q];B[a1])"), "bad SGF: unknown result RE[B+Q]");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test]RE[B+]LE[rules];B[a1])"),
            "bad SGF: ending 'rules' but the moves do not end the game");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test]LE[resign];B[a1])"), "bad SGF: ending 'resign' needs the winner");
  EXPECT_EQ(sgf_error("(;RU[tictactoe-test]RE[B+R]LE[forfeit];B[a1])"), "bad SGF: unknown ending 'forfeit'");
}

TEST(SgfRecords, RecordFilesAreDetectedAsSgfByTheirContent) {
  const auto dir = std::filesystem::temp_directory_path() / ("ludus-sgf-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = (dir / "game.txt").string();
  std::ofstream(file) << "\n  \t" << sgf_game_tree(tictactoe({"a1", "b2"})) << sgf_game_tree(tictactoe({"c3"}));
  const auto games = read_record_file(file);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].moves(), (std::vector<std::string>{"a1", "b2"}));
  EXPECT_TRUE(looks_like_sgf(" \n(;"));
  EXPECT_FALSE(looks_like_sgf("{\"game\":\"x\"}"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ludus
