// SPDX-License-Identifier: Apache-2.0
#include "core/turn_count.h"

namespace ludus {

int action_in_turn(const History& history, int ply) { return ply - history.turn_start(ply) + 1; }

TurnPoint turn_point(const History& history, int plies) {
  if (plies <= 0) return {};
  const int last = plies - 1;
  const bool whole = plies < history.num_moves() ? history.turn_number(plies) != history.turn_number(last)
                                                 : !history.mid_turn();
  return {history.turn_number(last), action_in_turn(history, last), whole};
}

int plies_through_turn(const History& history, int turn) {
  int plies = 0;
  while (plies < history.num_moves() && history.turn_number(plies) <= turn) ++plies;
  return plies;
}

std::string turn_point_text(const TurnPoint& point) {
  if (point.turn == 0) return "the start";
  std::string text = "turn " + std::to_string(point.turn);
  if (!point.whole) text += " (" + ordinal(point.action) + " action)";
  return text;
}

std::string counted(int n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

std::string ordinal(int n) {
  const int tens = n % 100, units = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th" : units == 1 ? "st" : units == 2 ? "nd" : units == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

std::vector<WrittenTurn> written_turns(const History& history, int plies) {
  std::vector<WrittenTurn> turns;
  for (int ply = 0; ply < plies && ply < history.num_moves(); ++ply) {
    const std::string& move = history.moves()[static_cast<size_t>(ply)];
    if (!turns.empty() && turns.back().number == history.turn_number(ply)) {
      turns.back().text += "," + move;
      ++turns.back().plies;
      continue;
    }
    turns.push_back({history.turn_number(ply), ply, 1, history.mover(ply), move});
  }
  return turns;
}

}  // namespace ludus
