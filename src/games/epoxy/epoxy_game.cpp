// Epoxy registration (name, colours, the size option, rules text) and the board tables
// shared by all states: geometry and the rays along the six directions.
#include "core/board_symmetry.h"
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
    .colours = {"maroon", "grey"},
    .options = {OptionSpec::choice("size", "xs", board_sizes(), "board: xs 39, s 48, m 72, l 96, xl 126, xxl 156 points")},
    .summary = "Place where the opponent cannot see, or slide into more contact; 1-2 turns; last to play wins",
    .rules = rules_document("epoxy"),
    .pie = {.offered = false, .option = ""},
    // Measured at equal time (100 ms a move, one thread, xs, seats alternating): RAVE
    // (c = 0.1, traced AMAF: slides, no board view) against UCT (c = 0.4) 55% (33/60), no
    // clear gain: UCT.  Playouts cut after 25 actions and judged by exclusive points
    // (EpoxyState::guided_playout) against whole random ones: 80.0% and 79.0% of 100 games
    // each (cut after 20: 79.0%, 30: 81.0%, 40: 58.0%, 60: 50.0%; docs/ai.md).  Learned
    // priors (data/priors/epoxy.txt, from self-play at 4000 iterations a move) against none
    // at 100 ms: 59.0% of 100 and 53.0% of 200 games (pw = 3), 53.0% and 56.5% of 200 with
    // pw = 6 and 1.5: together 54.9% [51.2%, 58.5%] of 700, a small gain.  Retrained with
    // the lines and tactics groups (slide or placement, exclusive points gained), against
    // that file: 61.0% [56.1%, 65.7%] of 400.  Exclusive points also judge every new node,
    // backed up by minimax and weighed 0.1 in selection (EpoxyState::win_estimate; w = 0.3
    // lost 43%): 58.0% and 63.0% of 200 at 100 ms against none, 60.5% [55.6%, 65.2%] of 400.
    // The playout passes each second action: 61.5% of 200 against uniform second actions
    // (against v1 at ten times the time no gain showed; docs/ai.md).  The cut is judged by
    // the score (placements and slides) since: against v1 at ten times the time 61.7% of
    // 300, 42.0% with exclusive points.
    .search = {.rave = false, .exploration = 0.4, .guided_playouts = true, .priors = true, .minimax_weight = 0.1},
    .bench_boards = {{}, {{"size", "m"}}, {{"size", "xxl"}}},
    .may_draw = false,
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
