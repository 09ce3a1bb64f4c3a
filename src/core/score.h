#pragma once
// An optional side of a State, found by dynamic_cast (like StaticEvaluation): the score the
// rules show the players, such as Epoxy's count of each side's legal first actions
// (RULES.md §5).  Games without a score do not offer it.  `ludus analyze` measures the gap
// between the scores along a game (docs/metrics.md, ScoreDifference).

namespace ludus {

class ShownScore {
 public:
  virtual ~ShownScore() = default;
  // The score of `colour` (0 or 1) in this position, 0 or more.
  virtual int score(int colour) const = 0;
};

}  // namespace ludus
