// SPDX-License-Identifier: Apache-2.0
#include "study/game_summary.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace ludus::study {

std::string WinRecord::text() const {
  if (!games()) return "no games";
  const Interval i = interval();
  return fmt::format("{:>5} wins {:>5} losses {:>4} draws   score {:5.1f}%  95% [{:.1f}%, {:.1f}%]", wins, losses, draws,
                     100 * score(), 100 * i.low, 100 * i.high);
}

nlohmann::json WinRecord::to_json() const {
  const Interval i = interval();
  return {{"wins", wins}, {"losses", losses}, {"draws", draws}, {"score", score()}, {"interval", {i.low, i.high}}};
}

std::string end_bucket(const std::string& reason, bool draw) {
  std::string out;
  int depth = 0;
  bool in_number = false;
  for (char ch : reason) {
    if (ch == '(') ++depth;
    if (depth == 0) {
      const bool digit = ch >= '0' && ch <= '9';
      if (digit && !in_number) out += 'N';
      if (!digit) out += ch;
      in_number = digit;
    }
    if (ch == ')' && depth > 0) --depth;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.empty()) out = draw ? "draw" : "(no reason given)";
  return out;
}

void GameSummary::add(const GameTrace& g) {
  first_seat.add(g.winning_seat, 0);
  first_colour.add(g.winning_colour, 0);
  if (g.swap_taken) ++swaps;
  (g.swap_taken ? first_seat_swap : first_seat_no_swap).add(g.winning_seat, 0);
  lengths.push_back(g.num_plies());
  if (branching_sum.size() < g.plies.size()) {
    branching_sum.resize(g.plies.size(), 0.0);
    branching_games.resize(g.plies.size(), 0);
  }
  for (size_t k = 0; k < g.plies.size(); ++k) {
    branching_sum[k] += g.plies[k].legal;
    ++branching_games[k];
  }
  auto& end = ends[end_bucket(g.end_reason, g.winning_colour == kDraw)];
  ++end.games;
  ++end.by_winner[g.winning_colour == kDraw ? 2 : g.winning_colour];
}

std::vector<double> GameSummary::branching_means() const {
  std::vector<double> means;
  for (size_t k = 0; k < branching_sum.size(); ++k) means.push_back(branching_sum[k] / static_cast<double>(branching_games[k]));
  return means;
}

GameSummary summarize_games(const std::vector<GameTrace>& games) {
  GameSummary s;
  for (const auto& g : games) s.add(g);
  return s;
}

}  // namespace ludus::study
