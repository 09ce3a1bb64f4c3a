// SPDX-License-Identifier: Apache-2.0
#pragma once
// The game/state interface every game implements (OpenSpiel-style split):
//  * Game: immutable; holds the validated options and the board geometry, creates states.
//  * State: one position; applies integer actions, lists legal ones, converts them to and
//    from the canonical notation of RULES.md, draws the ASCII board.
// The engine plays in colour terms (0 = first colour, 1 = second).  Seats (0 = first
// player, 1 = second player) are tracked separately so pie/swap rules that exchange
// colours between players are visible to AIs, servers and results.
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/options.h"
#include "core/random.h"

namespace ludus {

using Action = int;
constexpr Action kNoAction = -1;
constexpr int kDraw = -1;  // winner() of a drawn game

// What an action does on the board (State::action_shape), for front ends that show actions
// or let a person build one site by site (the web page's clicks, `ludus play`).
enum class ActionKind {
  Place,  // a stone on each of the sites; their order does not matter (Trellis's two stones)
  Slide,  // a stone moved from sites[0] to sites[1]
  Pass,   // nothing on the board; no sites
  Swap,   // the pie rule's swap; its sites are the stones it changes (none when only the seats change)
};
// "place", "slide", "pass", "swap": the words of the board JSON (docs/http-api.md).
std::string_view action_kind_name(ActionKind kind);

struct ActionShape {
  ActionKind kind = ActionKind::Place;
  std::vector<int> sites;  // sites of Game::board_geometry(); empty for a game without one
  bool operator==(const ActionShape&) const = default;
};

// How a game lets the second player answer a strong first move.
struct PieRule {
  bool offered = false;  // a `swap` move exists in the opening
  // The on/off option that switches it off ("" when the rules always offer it).
  std::string option;
  // The swap only exchanges the seats: the stones and the colour to move stay (Trellis,
  // Ndengrod; N-Mesh's swap turns the stone over instead).  Then swapping is worth to
  // the swapper exactly what declining is worth to the other seat.
  bool exchanges_seats_only = false;
};

// Where a game's stones stand: in the cells of the board, or on the points where its lines
// meet.  Front ends draw the board after it (web/board.js); Ludii's board graph counts faces
// or vertices (study/board_graph.h).
enum class StoneSites { Cells, Points };
// "cells" or "points".
std::string_view stone_sites_name(StoneSites sites);

// How a person writes a turn, for help texts (the web page, `ludus play`, the catalog of the
// play server): what a turn is, and the texts of typical turns with what each does.
struct TurnHelp {
  struct Example {
    std::string text;     // "d3,e5-e7"
    std::string meaning;  // "place on d3, then slide the stone on e5 to e7"
  };
  std::string summary;  // one sentence: "Place two stones exactly three apart, one stone, or pass."
  std::vector<Example> examples;
};

// Everything other layers need to know about a game, declared by the game itself.
struct GameInfo {
  std::string name;                     // registry key, lowercase: "ndengrod"
  std::string title;                    // "Ndengrod"
  std::array<std::string, 2> colours;   // lowercase colour names: {"x", "o"}
  std::vector<OptionSpec> options;
  std::string summary;                  // one line for `ludus games`
  std::string_view rules;               // full rules text for `ludus rules` (core/rules_documents.h)
  PieRule pie;
  // Option sets `ludus bench` measures, from the smallest board through the default ({})
  // to the largest, so the growth of playout cost with board size shows.
  std::vector<std::map<std::string, std::string>> bench_boards;
  // Whether a game can end drawn.  An exact search (ai/solver) proves a drawless game
  // with one search; otherwise it needs a second to tell a loss from a draw.
  bool may_draw = true;
  StoneSites stones_on = StoneSites::Cells;
  TurnHelp turn_help;
  // The section of RULES.md (and of docs/rules) that holds the game: the order in which
  // lists show the games (`ludus games`, the catalog of the play server).
  int rules_section = 0;
  // What a reader of `ludus rules` needs beside the rules, which their text (RULES.md's,
  // kept word for word) cannot say: where a file it names is found.  Printed after them.
  std::string_view rules_note;
};

// What decides the rest of a game besides the stones (State::site_colour of every site),
// the colour to move and the seat to move, for exact search (ai/solver) to recognise
// transpositions.  Two states whose stones, movers and parts agree must have the same
// legal moves and the same futures.
struct ExactKeyParts {
  // A hash of the rule state that does not change under a board symmetry: a pie still to
  // come, the phase of a turn, passes in a row.
  uint64_t rules = 0;
  // A hash of the earlier positions a repetition rule forbids, 0 when none matters.  It
  // depends on where the stones of those positions stood, so the search does not merge
  // symmetric images of a state whose history is not 0.
  uint64_t history = 0;
};

class BoardPainter;
class State;
class Geometry;
// Optional abilities for the AI (each header says what it offers); a game that has one
// returns it from the accessor below, the others keep the default nullptr.
class PieOpenings;
class PriorTactics;
class StaticEvaluation;
class ThreatSearch;

// A fixed set of sites a game's rules single out, which the stones do not show: N-Mesh's
// shaded liberty cells, Trellis's dark squares.  Front ends draw them; learning programs see
// them as planes (core/observation.h).
struct BoardFeature {
  std::string name;        // "liberty cells"
  std::vector<int> sites;  // sites of board_geometry()
};

class Game {
 public:
  Game(const GameInfo& info, Options options) : info_(&info), options_(std::move(options)) {}
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  const GameInfo& info() const { return *info_; }
  const std::string& name() const { return info_->name; }
  const Options& options() const { return options_; }
  const std::string& colour_name(int colour) const { return info_->colours[colour]; }
  // Colour index for a name ("x", "O", "black"), or -1.
  int colour_by_name(std::string_view name) const;
  // Whether the pie rule (a `swap` move) is on with these options.
  bool offers_pie() const {
    return info_->pie.offered && (info_->pie.option.empty() || options_.get(info_->pie.option) == "on");
  }

  virtual std::unique_ptr<State> new_initial_state() const = 0;
  // Action ids are in [0, num_distinct_actions()).
  virtual int num_distinct_actions() const = 0;
  // The most plies any game can last, as the rules prove it, or 0 when they give no useful
  // bound (captures or slides let positions recur, and only a repetition rule keeps the game
  // finite).  Self-play's ply limit is default_ply_limit (core/history.h), not this.
  virtual int max_game_length() const { return 0; }

  // The board as data (site names, coordinates, topology) for front ends that draw it,
  // such as the web page of the play server; nullptr when the game does not expose it.
  // Games holding a Geometry override this (and State::site_colour).
  virtual const Geometry* board_geometry() const { return nullptr; }

  // Permutations of the sites of board_geometry() that map the board and every rule onto
  // themselves (perm[site] = image), identity first; the exact search merges positions
  // that one maps onto another.  Empty when the game declares none.
  virtual std::vector<std::vector<int>> board_symmetries() const { return {}; }

  // The sets of sites the rules single out (BoardFeature); none by default.
  virtual std::vector<BoardFeature> board_features() const { return {}; }

  // First moves worth about half under the pie rule (core/pie_openings.h), or nullptr.
  virtual const PieOpenings* pie_openings() const { return nullptr; }

 private:
  const GameInfo* info_;
  Options options_;
};

// A State refers to its Game without owning it (copies in search stay cheap): keep the
// Game alive, e.g. through the shared_ptr from make_game() or a History, while any of
// its states exist.
class State {
 public:
  explicit State(const Game& game) : game_(&game) {}
  virtual ~State() = default;
  virtual std::unique_ptr<State> clone() const = 0;

  const Game& game() const { return *game_; }

  // --- whose turn, and the end -------------------------------------------------------
  // Colour to move.  Unspecified when terminal.
  virtual int to_move() const = 0;
  virtual bool is_terminal() const = 0;
  // Winning colour or kDraw.  Only meaningful when terminal.
  virtual int winner() const = 0;
  // Why the game ended, for people: "line of 5", "white is enmeshed (2 stones)".
  virtual std::string end_reason() const { return {}; }
  // The sites of game().board_geometry() that decided the finished game, for front ends to
  // highlight: the winning line, the enmeshed stones, the netted group, the connecting
  // chain... (each game's header says what).  Empty while the game goes on, and when no
  // stones decided it (a draw by passes, a game without a geometry).
  virtual std::vector<int> deciding_sites() const { return {}; }
  // What decided the finished game in a few words that are the same however it was reached
  // (no colours, no counts but a line's length), for puzzle themes: "line of 5",
  // "connection", "enmeshed", "netted", "no placement", "blockade".  Empty while the game
  // goes on and when no pattern on the board decided it (a draw by passes).
  virtual std::string ending_theme() const { return {}; }

  // --- moves -----------------------------------------------------------------------------
  virtual void legal_actions(std::vector<Action>& out) const = 0;
  std::vector<Action> legal_actions() const {
    std::vector<Action> out;
    legal_actions(out);
    return out;
  }
  // Default scans legal_actions(); games override with a direct test.
  virtual bool is_legal(Action action) const;
  // Precondition: is_legal(action).
  virtual void apply(Action action) = 0;

  // Canonical notation of RULES.md (lowercase).
  virtual std::string action_to_text(Action action) const = 0;
  // Parses move text (case-insensitive, any accepted spelling) as a legal move in this
  // position; throws LudusError with the precise reason otherwise, e.g.
  // "illegal move 'd4': occupied", "illegal move 'swap': swap is only allowed as move 2".
  virtual Action parse_action(std::string_view text) const = 0;

  // Splits what a person types for a turn into the texts of its plies: by default at the
  // commas that join them (RULES.md §0: "d3,e5-e7", core/notation.h split_plies).  A game
  // whose single plies hold a comma (Trellis's "d4,e6") overrides it.
  virtual std::vector<std::string> split_turn_text(std::string_view text) const;

  // What `action` does on the board: its kind and the sites it touches.  Precondition: an
  // action id of this game (legal here or not; the decoding only).
  virtual ActionShape action_shape(Action action) const = 0;
  // Whether playing `action` here ends the mover's turn: afterwards another seat or colour
  // moves, or the game is over (the same test as History's turns).  Precondition:
  // is_legal(action).
  bool ends_turn(Action action) const;

  // ASCII board (no trailing status line; see describe_status()).
  virtual std::string render() const = 0;
  // The same drawing with its glyphs painted by `painter` (core/ascii_board.h: a front
  // end's colours and Unicode stones); games that draw with BoardGlyphs override it, and
  // then render() is render(BoardPainter::plain()).
  virtual std::string render(const BoardPainter& painter) const { return render(); }

  // Colour (0/1) of the stone on `site` of game().board_geometry(), or -1 when empty.
  // Front ends draw the position from it.
  virtual int site_colour(int site) const { return -1; }

  // Plays one uniformly random game to the end from here; returns winner() at the end.
  // Games override with allocation-free versions.
  virtual int random_playout(Rng& rng);
  // A playout that uses cheap game knowledge (e.g. take a win in one, block the
  // opponent's); same return convention.  Games without such knowledge play randomly.
  virtual int guided_playout(Rng& rng) { return random_playout(rng); }
  // The guided playout as the first generation of the AI (profile=v1) played it: games
  // whose guided playout has learnt more since keep the old one here, so that v1 stays
  // what it was.
  virtual int first_generation_guided_playout(Rng& rng) { return guided_playout(rng); }

  // --- exact search --------------------------------------------------------------------------
  // See ExactKeyParts.  nullopt: the game has not declared what decides its future, so it
  // cannot be solved (the solver refuses it).
  virtual std::optional<ExactKeyParts> exact_key_parts() const { return std::nullopt; }

  // --- optional abilities for the AI ----------------------------------------------------------
  // This position's side of each (valid while the State lives), or nullptr when the game
  // has none: core/threat_search.h, core/static_evaluation.h, core/prior_tactics.h.
  virtual const ThreatSearch* threat_search() const { return nullptr; }
  virtual const StaticEvaluation* static_evaluation() const { return nullptr; }
  virtual const PriorTactics* prior_tactics() const { return nullptr; }

  // --- a score the rules show ---------------------------------------------------------------
  // The score of `colour` in this position, for games whose rules show one (Epoxy: the
  // count of a side's legal first actions, RULES.md §5); nullopt for the others.  `ludus
  // analyze` measures the gap along a game (docs/metrics.md, ScoreDifference).
  virtual std::optional<int> shown_score(int colour) const { return std::nullopt; }

  // --- seats -------------------------------------------------------------------------------
  // Seat (0 = first player, 1 = second) holding `colour`.
  int seat_of_colour(int colour) const { return colour ^ static_cast<int>(seats_swapped_); }
  int colour_of_seat(int seat) const { return seat ^ static_cast<int>(seats_swapped_); }
  bool seats_swapped() const { return seats_swapped_; }
  // Seat to move.  Normally the seat holding to_move(); a game whose opening has one
  // seat play both colours (Trellis) overrides it.
  virtual int seat_to_move() const { return seat_of_colour(to_move()); }
  // Winning seat or kDraw (terminal only).
  int winning_seat() const {
    int w = winner();
    return w == kDraw ? kDraw : seat_of_colour(w);
  }

 protected:
  // A pie rule that exchanges colours between the players calls this.
  void swap_seats() { seats_swapped_ = !seats_swapped_; }

 private:
  const Game* game_;
  bool seats_swapped_ = false;
};

// "X to move (first player)" or "O wins: line of 5".
std::string describe_status(const State& state);

// Throws LudusError("illegal move 'TEXT': REASON").
[[noreturn]] void throw_illegal(std::string_view text, std::string_view reason);

}  // namespace ludus
