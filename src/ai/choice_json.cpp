// SPDX-License-Identifier: Apache-2.0
#include "ai/choice_json.h"

namespace ludus::ai {

nlohmann::json choice_json(const History& history, const MoveChoice& choice) {
  const State& state = history.state();
  const char* proven = choice.proven == ProvenResult::kWin    ? "win"
                       : choice.proven == ProvenResult::kLoss ? "loss"
                       : choice.proven == ProvenResult::kDraw ? "draw"
                                                              : nullptr;
  return {{"colour", history.game().colour_name(state.to_move())},
          {"proven", proven ? nlohmann::json(proven) : nlohmann::json()},
          {"proven_plies", choice.proven_length_known() ? nlohmann::json(choice.proven_plies) : nlohmann::json()},
          {"move", state.action_to_text(choice.action)},
          {"value", choice.value},
          {"win_probability", (choice.value + 1) / 2},
          {"pv", choice.best_line},
          {"iterations", choice.iterations},
          {"seconds", choice.seconds}};
}

nlohmann::json turn_choice_json(Player& player, const History& history) {
  const MoveChoice choice = player.choose(history);
  nlohmann::json reply = choice_json(history, choice);
  History after = history;
  after.play(choice.action);
  std::vector<std::string> turn{history.state().action_to_text(choice.action)};
  if (!after.is_over() && after.mid_turn())
    for (std::string& ply : choose_turn(player, after)) turn.push_back(std::move(ply));
  reply["turn"] = turn;
  return reply;
}

}  // namespace ludus::ai
