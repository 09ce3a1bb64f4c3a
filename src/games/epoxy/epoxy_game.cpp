// Epoxy registration (name, colours, the size option, rules text) and the board tables
// shared by all states: geometry and the rays along the six directions.
#include "core/error.h"
#include "core/registry.h"
#include "games/epoxy/epoxy.h"
#include "games/epoxy/epoxy_boards.h"

namespace ludus::epoxy {
namespace {

const GameInfo kInfo{
    "epoxy",
    "Epoxy",
    {"maroon", "grey"},
    {OptionSpec::choice("size", "xs", board_sizes(), "board: xs 39, s 48, m 72, l 96, xl 126, xxl 156 points")},
    "Place where the opponent cannot see, or slide into more contact; 1-2 turns; last to play wins",
    R"RULES(## 5. Epoxy (Dale W. Walton, 2020)

* **Board**: a perforated triangular lattice; stones sit on its points. Option `size`: `xs`
  (**default**, 39 points), `s` (48), `m` (72), `l` (96), `xl` (126), `xxl` (156). The exact
  point sets are the ones Ludii uses; `epoxy-boards.txt` beside this file draws each of them
  (`o` a point, `.` a hole) and lists the removed points. Holes are not sites: no line, sight
  or slide passes through one.
* **Colours**: Maroon (first) and the second colour, here Grey.
* **Turn protocol (1-2)**: Maroon's first turn is one action. After that each turn is two
  actions; the first is compulsory, the second may be `pass`.
* **Line of sight**: along the three lattice axes (six directions), from a stone to each point
  up to and including the first stone in that direction; an edge or hole ends the line.
* **Actions**:
  1. *Place* a stone on an empty point that no opponent stone can see.
  2. *Slide* one of your stones any distance along one of the six directions across empty
     points (not through stones or holes) to an empty point t, provided that, with s the start:
     adjacent opponent stones at t > adjacent opponent stones at s, or they are equal and the
     number of directions from t whose first stone is an opponent's (counted after the move)
     > that number at s (counted before the move, with the stone still on s).
* **Repetition** — **Decision** (the source is silent, and slides can cycle: a forced cycle
  exists): a placement or slide may not recreate a *situation* that has already occurred in
  the game, a situation being the stones on the board, the player to act and whether that
  action is the first or the second of a turn. A `pass` as second action is always allowed.
  Placements add a stone, so only slides can be refused by this rule. This keeps every game
  finite and keeps Epoxy free of draws: a player whose only first actions would repeat a
  situation has no legal first action.
* **End**: the last player to play wins: when a turn ends and the opponent has no legal first
  action, the player who just finished wins. A player may also `resign`. There are no draws.
* **Score shown to players**: the number of legal first actions available to each side.)RULES",
};

const bool kRegistered = register_game({&kInfo, [](const Options& o) { return std::make_shared<const EpoxyGame>(o); }});

}  // namespace

EpoxyGame::EpoxyGame(const Options& options)
    : Game(kInfo, options), geometry_(make_board(options.get("size"))), zobrist_(geometry_.num_sites(), 2) {
  const int n = geometry_.num_sites();
  all_sites_ = Board::first_n(n);
  ray_start_.reserve(static_cast<size_t>(n) * kDirs + 1);
  for (int s = 0; s < n; ++s)
    for (int d = 0; d < kDirs; ++d) {
      ray_start_.push_back(static_cast<int>(ray_points_.size()));
      for (int p = geometry_.step(s, d); p >= 0; p = geometry_.step(p, d)) ray_points_.push_back(static_cast<uint8_t>(p));
    }
  ray_start_.push_back(static_cast<int>(ray_points_.size()));
  for (int actor = 0; actor < 2; ++actor)
    for (int second = 0; second < 2; ++second)
      turn_keys_[2 * actor + second] = (actor == 0 ? 0 : zobrist_.extra(0)) ^ (second ? zobrist_.extra(1) : 0);
}

std::unique_ptr<State> EpoxyGame::new_initial_state() const { return std::make_unique<EpoxyState>(*this); }

int EpoxyGame::direction_between(int from, int to) const {
  for (int d = 0; d < kDirs; ++d)
    for (int p : ray(from, d))
      if (p == to) return d;
  return -1;
}

}  // namespace ludus::epoxy
