// SPDX-License-Identifier: Apache-2.0
// Epoxy registration (name, colours, the size option, rules text) and the board tables
// shared by all states: geometry and the rays along the six directions.
#include "core/board_symmetry.h"
#include "core/translatable.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/rules_documents.h"
#include "games/epoxy/epoxy.h"
#include "games/epoxy/epoxy_boards.h"
#include "games/epoxy/epoxy_state.h"

namespace ludus::epoxy {
namespace {

const GameInfo kInfo{
    .name = "epoxy",
    .title = "Epoxy",
    .colours = {N_("maroon"), N_("grey")},
    .options = {OptionSpec::choice("size", "xs", board_sizes(), N_("board: xs 39, s 48, m 72, l 96, xl 126, xxl 156 points"))},
    .summary = N_("Place where the opponent cannot see, or slide into more contact; 1-2 turns; last to play wins"),
    .rules = rules_document("epoxy"),
    .pie = {.offered = false, .option = ""},
    .bench_boards = {{}, {{"size", "m"}}, {{"size", "xxl"}}},
    .may_draw = false,
    .stones_on = StoneSites::Points,
    .turn_help = {.summary = N_("Two actions a turn (Maroon's first turn: one): place on an empty point no enemy stone "
                             "sees, or slide one of your stones into more contact; the second action may be pass."),
                  .examples = {{"d3,e5-e7", N_("place on d3, then slide the stone on e5 to e7")},
                               {"d3,pass", N_("place on d3 and end the turn")},
                               {"d3", N_("Maroon's first turn (one action)")}}},
    .rules_section = 5,
    // The rules name "`epoxy-boards.txt` beside this file", which is docs/rules/ of the sources.
    .rules_note = "The boards the rules name: `ludus show epoxy -o size=SIZE` draws each one, holes and all\n"
                  "(`ludus games` lists the sizes).  The file epoxy-boards.txt is installed beside the rules:\n"
                  "/usr/share/doc/ludus/docs/rules/epoxy-boards.txt from the Debian package,\n"
                  "PREFIX/share/doc/ludus/docs/rules/ after `cmake --install`, docs/rules/ in the sources.",
};

const bool kRegistered = register_game({&kInfo, [](const Options& o) { return std::make_shared<const EpoxyGame>(o); }});

}  // namespace

std::vector<std::vector<int>> EpoxyGame::board_symmetries() const { return lattice_symmetries(geometry_); }

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
