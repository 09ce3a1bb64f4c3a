#include "cli/turns.h"

#include <cctype>

#include "core/error.h"

namespace ludus::cli {

std::vector<PlyMover> ply_movers(const History& history) {
  std::vector<PlyMover> movers;
  movers.reserve(history.actions().size());
  auto state = history.game().new_initial_state();
  for (Action a : history.actions()) {
    movers.push_back({state->seat_to_move(), state->to_move()});
    state->apply(a);
  }
  return movers;
}

int turn_start(const std::vector<PlyMover>& movers, int ply) {
  while (ply > 0 && movers[ply - 1] == movers[ply]) --ply;
  return ply;
}

void undo_to(History& history, int plies) {
  History replay(history.game_ptr());
  for (int i = 0; i < plies && i < history.num_moves(); ++i) replay.play(history.actions()[i]);
  history = replay;
}

int play_turn_text(History& history, std::string_view text) {
  History trial = history;
  auto plies = history.state().split_turn_text(text);
  if (plies.empty()) throw LudusError("illegal move '" + std::string(text) + "': malformed move");
  for (const auto& ply : plies) trial.play(ply);
  history = trial;
  return static_cast<int>(plies.size());
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::string current;
  for (char ch : text) {
    if (std::isspace(static_cast<unsigned char>(ch))) {
      if (!current.empty()) words.push_back(std::move(current));
      current.clear();
    } else {
      current += ch;
    }
  }
  if (!current.empty()) words.push_back(std::move(current));
  return words;
}

}  // namespace ludus::cli
