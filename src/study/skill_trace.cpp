// SPDX-License-Identifier: Apache-2.0
#include "study/skill_trace.h"

#include "core/error.h"
#include "core/text.h"

namespace ludus::study {

SkillStep skill_step(const std::string& weaker, const std::string& stronger, const std::vector<GameTrace>& games) {
  SkillStep step{weaker, stronger};
  for (size_t i = 0; i < games.size(); ++i) {
    const int strong_seat = static_cast<int>(i % 2);
    const int w = games[i].winning_seat;
    step.stronger_points += w == kDraw ? 0.5 : w == strong_seat ? 1.0 : 0.0;
    ++step.games;
  }
  return step;
}

std::vector<std::string> parse_ladder(const std::string& text) {
  std::vector<std::string> levels;
  std::string current;
  for (char ch : text + ",") {
    if (ch != ',') {
      current += ch;
      continue;
    }
    std::string level(trim(current));
    // "mcts:iters=100,c=0.5": a KEY=VALUE without its own "name:" continues the spec before it.
    if (!levels.empty() && level.find('=') != std::string::npos && level.find(':') == std::string::npos)
      levels.back() += "," + level;
    else if (!level.empty())
      levels.push_back(level);
    current.clear();
  }
  if (levels.size() < 2) throw LudusError("bad skill ladder '" + text + "': give at least two AI specs separated by commas");
  return levels;
}

int skill_depth(const std::vector<SkillStep>& steps) {
  int depth = 0;
  for (const auto& s : steps) {
    if (s.games == 0 || s.interval().low <= 0.5) break;
    ++depth;
  }
  return depth;
}

}  // namespace ludus::study
