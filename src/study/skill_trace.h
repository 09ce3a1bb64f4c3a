// SPDX-License-Identifier: Apache-2.0
#pragma once
// The skill trace: each strength level of a ladder ("random,easy,medium") plays the next
// one; the stronger one's score says whether more thinking still pays at that level.  A
// game whose ladder keeps climbing rewards skill deeply (Browne 2008, "depth"; Ludii's
// Skill Trace).  Games alternate seats: in game i the stronger level holds seat i % 2.
#include <string>
#include <vector>

#include "study/stats.h"
#include "study/game_trace.h"

namespace ludus::study {

struct SkillStep {
  std::string weaker, stronger;
  long long games = 0;
  double stronger_points = 0;  // win 1, draw 1/2
  double score() const { return games ? stronger_points / static_cast<double>(games) : kUnknown; }
  Interval interval() const { return wilson_interval(stronger_points, games); }
};

// The step measured by `games` (index order: game i had the stronger level in seat i % 2).
SkillStep skill_step(const std::string& weaker, const std::string& stronger, const std::vector<GameTrace>& games);

// The ladder's levels from "random,easy,medium"; throws LudusError for fewer than two.
std::vector<std::string> parse_ladder(const std::string& text);

// Steps from the bottom whose stronger level wins significantly (interval above 1/2),
// counted until the first that does not: how many levels of skill the game rewards.
int skill_depth(const std::vector<SkillStep>& steps);

}  // namespace ludus::study
