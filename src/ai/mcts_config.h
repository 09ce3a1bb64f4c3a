// SPDX-License-Identifier: Apache-2.0
#pragma once
// Settings of the MCTS player: budgets, search knobs and parallelism.  Built from text
// specs by spec_parser.cpp; tests and tuning code may fill them in directly.
#include <cstdint>
#include <string>

namespace ludus::ai {

// Where RAVE learns which moves were played after a node.
enum class AmafSource {
  kAuto,    // the final board when the game shows its stones (State::site_colour), else traced
  kBoard,   // the stones on the board at the end of the game's own fast playout
  kTraced,  // a move-by-move uniform playout that records every move (slower)
};

// Tree parallelism is the default because it measured stronger: 2 threads, 0.25 s a move,
// default boards, seats alternating, tree against root won 171 of 300 games (57.0%, 95%
// interval [51.3, 62.5], about +49 Elo); 55/53/60/55/62% in Ndengrod, N-Mesh, Netted,
// Trellis, Epoxy (60 games each).  One shared tree sees deeper than two half-size ones.
enum class Parallelism {
  kRoot,  // one tree per thread, root statistics summed at the end
  kTree,  // one shared tree, virtual loss keeps threads apart
};

// Which generation of search settings fills in what a spec leaves open.  kV1 is the AI as
// it stood when issue 23's work began (2026-11-24), kV2 as it stood when issue 48's began
// (the AI shipped on 2026-11-27), each frozen so that matches against it stay comparable
// as the defaults improve: `mcts:profile=v1`, `mcts:profile=v2`.  kLatest takes each
// game's current profile (latest_game_profile, game_profiles.h) and every later improvement.
enum class SearchGeneration { kV1, kV2, kLatest };

// What a time budget counts: wall time, or the CPU time of the thread that searches
// (`clock=cpu`; with several search threads, thread 0's).  A busy machine stretches wall time but not CPU
// time, so matches at `time=10ms,clock=cpu` on a shared machine play at the strength of a
// quiet one (docs/ai.md, "Timing matches on a shared machine").
enum class BudgetClock { kWall, kThreadCpu };

struct MctsConfig {
  // --- budgets (a search stops at the first one reached; 0 = no such limit) -------------
  int64_t iterations = 0;      // playouts per move, all threads together
  double move_seconds = 0;     // time per move
  double total_seconds = 0;    // wall time for the whole game (this player's share)
  BudgetClock budget_clock = BudgetClock::kWall;  // what move_seconds and total_seconds count
  // With a game budget (total): a search whose choice is still unsettled at the end of its
  // share of the time may run on up to this many times that share (1 = never).  Off by
  // default: extend=2 against extend=1 scored 49.5% (N-Mesh, total=3s) and 46.5%
  // (Ndengrod, total=5s) of 200 games, no gain (docs/ai.md).
  double time_extension = 1.0;

  // --- search --------------------------------------------------------------------------------
  double exploration = 0.4;    // UCT constant c in q + c*sqrt(ln N / (n+1))
  bool rave = true;            // AMAF statistics blended into q
  AmafSource amaf_source = AmafSource::kAuto;
  double rave_bias = 0.002;    // beta = m / (m + n + rave_bias*m*n), m = AMAF visits; per game
                               // (SearchProfile::rave_bias) unless a spec chose it
  bool solver = true;          // MCTS-solver: proven wins/losses/draws
  // The opening book compiled in (solver/opening_book.h): the player plays its proven wins
  // and the tree proves the positions it knows.  Off to measure the search alone (`ludus
  // grade`).
  bool opening_book = true;
  double first_play_urgency = 1.0;  // q of a child with no statistics at all
  int expand_threshold = 2;    // a leaf is expanded on its Nth visit (bounds memory)
  // Playouts by State::guided_playout (cheap game knowledge, e.g. Ndengrod takes a win in
  // one and blocks the opponent's) instead of uniform ones.  Used where the game's fast
  // playout is (no RAVE, or board AMAF); traced AMAF keeps its uniform traced playouts.
  bool guided_playouts = false;
  // Learned move priors (ai/priors): "auto" as the generation's profile for the game says,
  // "on" the compiled-in weights for the board (none there: no priors), "off", or the path
  // of a weights file written by `ludus train`.
  std::string priors = "auto";
  // Progressive bias: w * P(move) / (n + 1) is added to a child's score, so moves the
  // priors like are tried first and the bias fades as the statistics grow.  The game's
  // profile sets it unless a spec did.
  double prior_weight = 3.0;
  // A node's children get their priors once it has this many visits (the computation
  // costs about as much as several fast iterations, so rarely visited nodes go without).
  int prior_visits = 4;
  // Before searching, prove the root's children that win at once and those that let the
  // opponent win at once, when the two-ply check costs at most this many move applications.
  int64_t root_check_budget = 200000;
  // Then, in games that offer a ThreatSearch (core/threat_search.h): a win forced by
  // threats for the mover proves its move; each move after which the opponent has one is
  // proven lost.  At most this many move applications in all (0: off).
  int64_t threat_budget = 60000;
  // Inside the tree: a node's mover looks for such a win once the node has this many
  // visits (0: never), with a budget of threat_budget / 32.  The game's profile sets it
  // unless a spec did.
  int threat_visits = 16;
  // At the first move of a game with the pie rule: a move from the game's table of first
  // moves worth about half (PieOpenings), where it has one; false: the search decides.
  bool opening_table = true;
  // At a swap decision of a game whose swap exchanges the seats only (PieRule): swap
  // exactly when the best move that declines is worth less than half (ai/pie_choice.h);
  // false: the search's own statistics of `swap` decide.
  bool pie_by_value = true;
  // In games whose State offers a StaticEvaluation (core/static_evaluation.h): the weight
  // of the evaluation backed up by minimax through the tree in a child's value,
  // (1 - w) * q + w * minimax (0: not used).  The game's profile sets it unless a spec did.
  double minimax_weight = 0;
  // With d > 0 that weight falls with a child's visits n as w * d / (d + n): the evaluation
  // leads while a move has few playouts and gives way as they accumulate (0: constant).
  double minimax_decay = 0;
  // The evaluation's weight of the side to move's own measure (StaticEvaluation's tempo;
  // 1: none).  The game's profile sets it unless a spec did.
  double tempo = 1.0;

  SearchGeneration generation = SearchGeneration::kLatest;
  // Set when a spec chose rave, c, bias, playout, im, imd, pw or tv; otherwise the generation's profile
  // for the game (game_profiles.cpp) does.
  bool rave_chosen = false;
  bool exploration_chosen = false;
  bool rave_bias_chosen = false;
  bool playout_chosen = false;
  bool minimax_chosen = false;
  bool prior_weight_chosen = false;
  bool minimax_decay_chosen = false;
  bool threat_visits_chosen = false;
  bool tempo_chosen = false;

  // --- resources ----------------------------------------------------------------------------
  int threads = 1;             // 0 = every hardware thread
  Parallelism parallelism = Parallelism::kTree;
  int64_t max_nodes = int64_t{1} << 23;  // per tree; full trees stop growing, search goes on
  bool reuse_tree = true;
  uint64_t seed = 1;

  // --- deliberate mistakes (ai/slipping_player.h) -------------------------------------------
  // Probability per turn of uniformly random legal moves instead of the search's (a slip,
  // which misses even a win in one); 0: none.  kGameBeginnerSlip: the game's beginner value
  // (beginner_slip in slipping_player.cpp).
  static constexpr double kGameBeginnerSlip = -1;
  double slip = 0;
};

}  // namespace ludus::ai
