// SPDX-License-Identifier: Apache-2.0
// History, records and the registry, exercised with the tiny tic-tac-toe
// of tictactoe_game.cpp ("tictactoe-test", registered only in this test binary).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/history.h"
#include "core/record.h"
#include "core/registry.h"

namespace ludus {
namespace {

TEST(Registry, FindsGamesAndRejectsUnknownOnes) {
  EXPECT_EQ(find_game("TicTacToe_Test").info->name, "tictactoe-test");
  try {
    make_game("chess");
    FAIL();
  } catch (const LudusError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown game 'chess'"), std::string::npos);
  }
  EXPECT_THROW(make_game("tictactoe-test", {{"size", "3"}}), LudusError);
}

TEST(History, PlayUndoAndRecordRoundTrip) {
  History h(make_game("tictactoe-test"));
  h.play("a1");
  h.play("B2");
  h.play("a2");
  EXPECT_EQ(h.moves(), (std::vector<std::string>{"a1", "b2", "a2"}));
  EXPECT_EQ(h.status(), "O to move (second player)");
  EXPECT_TRUE(h.undo_turn());
  EXPECT_EQ(h.num_moves(), 2);
  h.play("a2");
  h.play("c3");
  h.play("a3");
  EXPECT_TRUE(h.is_over());
  EXPECT_EQ(h.result_text(), "x");
  EXPECT_EQ(h.status(), "X (first player) wins");
  auto again = read_records(record_to_json(h).dump()).at(0);
  EXPECT_EQ(again.moves(), h.moves());
  EXPECT_EQ(again.result_text(), "x");
  EXPECT_THROW(h.play("b1"), LudusError);
}

TEST(History, IllegalMovesNameTheReason) {
  History h(make_game("tictactoe-test"));
  h.play("a1");
  try {
    h.play("a1");
    FAIL();
  } catch (const LudusError& e) {
    EXPECT_STREQ(e.what(), "illegal move 'a1': occupied");
  }
  try {
    h.play("z9");
    FAIL();
  } catch (const LudusError& e) {
    EXPECT_STREQ(e.what(), "illegal move 'z9': off-board coordinate 'z9'");
  }
  EXPECT_EQ(h.num_moves(), 1);
}

TEST(History, ResignAndUndoResignation) {
  History h(make_game("tictactoe-test"));
  h.play("a1");
  h.resign(1);
  EXPECT_TRUE(h.is_over());
  EXPECT_EQ(h.ending(), Ending::Resignation);
  EXPECT_EQ(h.result_text(), "x");
  EXPECT_EQ(h.winning_seat(), 0);
  EXPECT_EQ(h.status(), "X wins: o resigned");
  EXPECT_THROW(h.play("b2"), LudusError);
  EXPECT_THROW(h.resign(0), LudusError);
  auto j = record_to_json(h);
  EXPECT_EQ(j["ending"], "resign");
  EXPECT_EQ(j["winner_seat"], 0);
  EXPECT_EQ(j["moves"], nlohmann::json({"a1"}));
  History again = record_from_json(j);
  EXPECT_EQ(again.ending(), Ending::Resignation);
  EXPECT_EQ(again.losing_seat(), 1);
  EXPECT_TRUE(h.undo_turn());  // takes back the resignation only
  EXPECT_FALSE(h.is_over());
  EXPECT_EQ(h.num_moves(), 1);
}

TEST(History, OlderRecordsWithAResignMoveStillRead) {
  History h = read_records(R"({"game":"tictactoe-test","moves":["a1","resign"],"result":"x"})").at(0);
  EXPECT_EQ(h.ending(), Ending::Resignation);
  EXPECT_EQ(h.losing_seat(), 1);  // o was to move
  History cut = read_records(R"({"game":"tictactoe-test","moves":["a1"],"adjudicated":"draw","result":""})").at(0);
  EXPECT_EQ(cut.ending(), Ending::Adjudication);
  EXPECT_EQ(cut.result_text(), "draw");
}

TEST(History, EveryEndingFromOutsideTheRulesRoundTrips) {
  for (Ending ending : {Ending::Resignation, Ending::Agreement, Ending::Timeout, Ending::Adjudication}) {
    History h(make_game("tictactoe-test"));
    h.set_players({"alice", "ai:easy"});
    h.set_date("2026-11-23");
    h.play("b2");
    h.play("a1");
    if (ending == Ending::Resignation) h.resign(0);
    if (ending == Ending::Agreement) h.agree_draw();
    if (ending == Ending::Timeout) h.lose_on_time(1);
    if (ending == Ending::Adjudication) h.adjudicate(1, "o is ahead");
    const std::string text = record_to_json(h).dump();
    History again = read_records(text).at(0);
    SCOPED_TRACE(text);
    EXPECT_EQ(again.ending(), ending);
    EXPECT_EQ(again.result_text(), h.result_text());
    EXPECT_EQ(again.winning_seat(), h.winning_seat());
    EXPECT_EQ(again.end_reason(), h.end_reason());
    EXPECT_EQ(again.players(), h.players());
    EXPECT_EQ(again.date(), "2026-11-23");
    EXPECT_EQ(record_to_json(again).dump(), text);
  }
}

TEST(History, EndingNamesRoundTrip) {
  for (Ending e : {Ending::None, Ending::Rules, Ending::Resignation, Ending::Agreement, Ending::Timeout,
                   Ending::Adjudication})
    EXPECT_EQ(ending_by_name(ending_name(e)), e);
  EXPECT_FALSE(ending_by_name("forfeit").has_value());
}

TEST(History, TruncateAndPlyLimit) {
  History h(make_game("tictactoe-test"));
  h.play_moves({"a1", "b1", "a2"});
  h.truncate(1);
  EXPECT_EQ(h.moves(), (std::vector<std::string>{"a1"}));
  EXPECT_EQ(h.turn_number(0), 1);
  EXPECT_FALSE(h.adjudicate_at_ply_limit(2));
  h.play("c3");
  EXPECT_TRUE(h.adjudicate_at_ply_limit(2));
  EXPECT_EQ(h.ending(), Ending::Adjudication);
  EXPECT_EQ(h.result_text(), "draw");
  try {
    h.play_moves({"c1"});
    FAIL();
  } catch (const LudusError& e) {
    EXPECT_STREQ(e.what(), "move 3: illegal move 'c1': the game is over");
  }
}

TEST(Records, JsonLinesHoldSeveralGamesAndNameTheBadLine) {
  auto games = read_records(
      "{\"game\":\"tictactoe-test\",\"moves\":[\"a1\"]}\n\n{\"game\":\"tictactoe-test\",\"moves\":[\"b2\",\"c3\"]}\n");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].num_moves(), 2);
  try {
    read_records("{\"game\":\"tictactoe-test\",\"moves\":[\"a1\"]}\n{\"game\":\"tictactoe-test\",\"moves\":[\"q9\"]}\n");
    FAIL();
  } catch (const LudusError& e) {
    EXPECT_STREQ(e.what(), "line 2: bad record: move 1: illegal move 'q9': off-board coordinate 'q9'");
  }
  EXPECT_THROW(read_records("   "), LudusError);
  EXPECT_THROW(read_records("{\"game\":\"tictactoe-test\",\"players\":[\"a\"]}"), LudusError);
  EXPECT_THROW(read_records("{\"game\":\"tictactoe-test\",\"moves\":[\"a1\"],\"ending\":\"rules\"}"), LudusError);
  EXPECT_THROW(read_records("{\"game\":\"tictactoe-test\",\"moves\":[\"a1\"],\"ending\":\"resign\"}"), LudusError);
  EXPECT_THROW(read_records("{\"game\":\"tictactoe-test\",\"moves\":[\"a1\"],\"ending\":\"bogus\"}"), LudusError);
  EXPECT_THROW(read_records("{\"game\":\"tictactoe-test\",\"options\":[1]}"), LudusError);
}

TEST(History, CorruptRecordsAreRefusedWithOneLine) {
  EXPECT_THROW(read_records("{not json"), LudusError);
  EXPECT_THROW(read_records(R"({"moves":[]})"), LudusError);
  EXPECT_THROW(read_records(R"({"game":"tictactoe-test","moves":"a1"})"), LudusError);
  try {
    read_records(R"({"game":"tictactoe-test","moves":["a1","a1"]})");
    FAIL();
  } catch (const LudusError& e) {
    EXPECT_STREQ(e.what(), "bad record: move 2: illegal move 'a1': occupied");
  }
  EXPECT_THROW(read_records(R"({"game":"tictactoe-test","moves":["a1"],"result":"o"})"), LudusError);
}

}  // namespace
}  // namespace ludus
