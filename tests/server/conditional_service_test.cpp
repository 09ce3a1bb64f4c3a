// SPDX-License-Identifier: Apache-2.0
// Conditional moves answer the computer too (issue 58, item 1): the AI's turn goes through
// Service::play like anyone's, so the human's line answers it in the same transaction.
// On SQLite and (pg/) PostgreSQL.
#include "server/domain/play/game_json.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

class ConditionalService : public ServerFixture {};

TEST_F(ConditionalService, TheComputersTurnIsAnsweredAtOnce) {
  run("signup bob pw-b-long");
  const int64_t board =
      service_->start_board("bob", "ndengrod", {{"size", "3"}, {"rated", "no"}, {"swap", "off"}}, "ai:random", "bob");
  // A line for every first move the computer may make: answered by the next cell listed.
  const nlohmann::json legal = board_json(service_->load(board))["legal_moves"];
  ASSERT_GE(legal.size(), 2u);
  std::string lines;
  std::map<std::string, std::string> answer;
  for (size_t i = 0; i < legal.size(); ++i) {
    const std::string theirs = legal[i], mine = legal[(i + 1) % legal.size()];
    answer[theirs] = mine;
    lines += (lines.empty() ? "if " : "; if ") + theirs + " " + mine;
  }
  EXPECT_EQ(conditional_nodes(service_->set_conditional(board, "bob", lines).tree), static_cast<int>(legal.size()));
  ASSERT_TRUE(service_->play_ai_move(board));
  const Board after = service_->load(board);
  ASSERT_EQ(after.num_moves(), 2);
  EXPECT_EQ(after.moves()[1].move, answer[after.moves()[0].move]);
  EXPECT_EQ(after.player(after.seat_to_move()), "ai:random");
  EXPECT_TRUE(service_->conditional(board, "bob").tree.empty()) << "the line was played to its end";
}

}  // namespace
}  // namespace ludus::server::testing
