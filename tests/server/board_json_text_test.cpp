// SPDX-License-Identifier: Apache-2.0
// board_json_text (what the routes and the pushes send) is byte for byte dump_json of the
// reference board_json, over random games of every game to their ends, at every ply, for
// the latest and the earlier positions, both details, with comments, a proposal, a
// resignation and strings that dump_json has to escape or repair.
#include <gtest/gtest.h>

#include <random>

#include "core/registry.h"
#include "server/base/json_fields.h"
#include "server/domain/play/board_json_text.h"
#include "server/domain/play/game_json.h"

namespace ludus::server {
namespace {

GameRecord record_of(const std::string& game, std::map<std::string, std::string> options) {
  GameRecord r;
  r.id = 17;
  r.game = game;
  r.options = std::move(options);
  r.seats = {"alice", "ai:easy"};
  r.challenger = "alice";
  r.created_at = 1700000000;
  r.updated_at = 1700000100;
  r.revision = 5;
  return r;
}

// The rows of `plies` random legal plies from the start (fewer when the game ends first).
std::vector<MoveRecord> random_moves(const GameRecord& record, int plies, std::mt19937& rng) {
  History history = new_history(record.game, record.options);
  std::vector<MoveRecord> moves;
  while (history.num_moves() < plies && !history.is_over()) {
    const std::vector<Action> legal = history.state().legal_actions();
    history.play(legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)]);
    const int ply = history.num_moves() - 1;
    moves.push_back({ply + 1, history.turn_number(ply), history.mover(ply).seat, history.moves().back(),
                     1700000000 + ply});
  }
  return moves;
}

void expect_same(const Board& board, std::optional<int> ply, BoardDetail detail, const std::string& message = "") {
  nlohmann::json reference = board_json(board, ply, detail);
  if (!message.empty()) reference["message"] = message;
  ASSERT_EQ(board_json_text(board, ply, detail, message), dump_json(reference))
      << board.record().game << " after " << board.num_moves() << " plies, view at ply " << (ply ? *ply : -1);
}

void expect_same_everywhere(const Board& board) {
  for (BoardDetail detail : {BoardDetail::Full, BoardDetail::Live}) {
    expect_same(board, std::nullopt, detail);
    for (int ply = 0; ply <= board.num_moves(); ply += std::max(1, board.num_moves() / 7)) expect_same(board, ply, detail);
  }
}

TEST(BoardJsonTextTest, IsTheReferenceViewByteForByteInRandomGamesOfEveryGame) {
  std::mt19937 rng(42);
  int views = 0;
  for (const GameEntry& entry : registered_games()) {
    const std::string game = entry.info->name;
    for (int length : {0, 1, 2, 3, 9, 40, 1000}) {  // 1000: to the end
      GameRecord record = record_of(game, {});
      const std::vector<MoveRecord> moves = random_moves(record, length, rng);
      Board board(record, moves);
      board.refreshed_record(1700000200);  // the cached columns: status, result, to move, ...
      expect_same_everywhere(board);
      ++views;
    }
  }
  EXPECT_EQ(views, 7 * static_cast<int>(registered_games().size()));
}

TEST(BoardJsonTextTest, IsTheReferenceWithOptionsCommentsProposalsResignationAndMessages) {
  std::mt19937 rng(7);
  for (const GameEntry& entry : registered_games()) {
    std::map<std::string, std::string> options;
    for (const auto& option : entry.info->options) options[option.name] = option.default_value;
    GameRecord record = record_of(entry.info->name, options);
    Board board(record, random_moves(record, 6, rng),
                {{1, "alice", 2, "good move, \"really\" \\ ok \xc3\xa9", 1700000050},
                 {2, "bob", 4, std::string("tab\there, bell \x07, invalid \xff\xfe, nul ") + '\0' + " end", 1700000060}});
    board.set_proposal("draw", 1);
    board.refreshed_record(1700000200);
    expect_same_everywhere(board);
    expect_same(board, std::nullopt, BoardDetail::Full, "draw offered \x01 to alice");
    board.resign(0);
    board.refreshed_record(1700000300);
    expect_same_everywhere(board);
  }
}

TEST(BoardJsonTextTest, ThePushCarriesTheLiveViewWithTheBoardAndRevision) {
  GameRecord record = record_of("ndengrod", {});
  std::mt19937 rng(3);
  Board board(record, random_moves(record, 5, rng));
  const nlohmann::json push = nlohmann::json::parse(board_state_push_text(board));
  EXPECT_EQ(push, (nlohmann::json{{"board", 17}, {"revision", 5}, {"state", board_json(board, std::nullopt, BoardDetail::Live)}}));
}

}  // namespace
}  // namespace ludus::server
