// SPDX-License-Identifier: Apache-2.0
#include "core/move_entries.h"

#include "core/text.h"

namespace ludus {

void play_move_entries(History& history, const std::vector<std::string>& entries, int max_plies, std::optional<int> stop) {
  const int limit = stop.value_or(max_plies);
  for (const std::string& entry : entries) {
    for (const auto& ply : history.state().split_turn_text(entry)) {
      if (history.num_moves() == limit) {
        if (stop) return;
        throw MoveEntryError("at most " + std::to_string(max_plies) + " moves", true);
      }
      const std::string name = "move " + std::to_string(history.num_moves() + 1) + " '" + quoted_text(ply, 40) + "': ";
      if (history.is_over()) throw MoveEntryError(name + "the game is over", false);
      try {
        history.play(ply);
      } catch (const LudusError& e) {
        throw MoveEntryError(name + e.what(), false);
      }
    }
  }
}

}  // namespace ludus
