// SPDX-License-Identifier: Apache-2.0
#pragma once
// A game in progress or finished, for every front end (terminal play, GTP, show, match,
// analyze, the play server): the game, its move list (the truth), the position replayed
// from it, who made each ply and how plies group into turns, and how the game ended.
// Like KataGo's BoardHistory, it owns what the fast State does not: turns, endings from
// outside the rules, undo, and the record (core/record.h reads and writes it).
//
// Turns: a turn is a run of plies made by the same seat with the same colour (Epoxy's two
// actions).  A change of seat or of colour starts a new turn, so Trellis's opening (one
// seat plays Black, White, Black) and a pie swap (the other seat moves next) both do.
// What people send is a whole turn (play_turn: GTP, the play server, mail); only front ends
// that collect a turn action by action on screen, and positions given as lists of plies,
// play part of one (play_actions).  docs/turns.md says it for people.
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/ending.h"
#include "core/game.h"

namespace ludus {

// Who made a ply.
struct PlyMover {
  int seat = 0;
  int colour = 0;
  bool operator==(const PlyMover&) const = default;
};

// Default ply limit for adjudicate_at_ply_limit: 20 plies per action id, at least 1000.
// The repetition rules keep every game finite; this only bounds a runaway.
int default_ply_limit(const Game& game);

class History {
 public:
  explicit History(std::shared_ptr<const Game> game);
  History(const History& other);
  History& operator=(const History& other);
  History(History&&) noexcept = default;
  History& operator=(History&&) noexcept = default;

  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }
  const State& state() const { return *state_; }
  const std::vector<Action>& actions() const { return actions_; }
  // Canonical notation of every ply.
  const std::vector<std::string>& moves() const { return moves_; }
  int num_moves() const { return static_cast<int>(actions_.size()); }

  // --- turns -------------------------------------------------------------------------
  // Who made ply `ply` (0-based).
  const PlyMover& mover(int ply) const { return movers_[static_cast<size_t>(ply)]; }
  // Who moves now (meaningless once over).
  PlyMover next_mover() const { return {state_->seat_to_move(), state_->to_move()}; }
  // 1-based turn number of ply `ply` (0-based); plies of one turn share it.
  int turn_number(int ply) const { return turn_numbers_[static_cast<size_t>(ply)]; }
  // Index of the first ply of the turn holding ply `ply`.
  int turn_start(int ply) const;
  // Index of the first ply of `seat`'s latest turn, or -1 when that seat has not moved.
  int latest_turn_start(int seat) const;
  // Whether the next ply would continue the turn of the last ply (Epoxy's second action).
  bool mid_turn() const;
  // Number of the turn being played: the last ply's while mid_turn(), else the next one
  // (1 at the start).  Once the game is over, the number of the last turn played.
  int current_turn() const;

  // --- playing -------------------------------------------------------------------------
  // Plays one ply given as text (any accepted spelling); throws LudusError with the
  // game's reason when it is illegal or the game is over.  "resign" is not a ply: use
  // resign().
  Action play(std::string_view text);
  void play(Action action);
  // Plays what a person sent for one turn ("d3,e5-e7" in Epoxy, "d4,e6" in Trellis), all or
  // nothing: the rest of the turn of the player to move, to its end.  Text that runs past
  // the end of the turn is refused ("... more moves than the turn has"), and so is text
  // that stops before it, with the whole form in the message ("... not a whole turn; send
  // all of it, e.g. 'e6,pass'").  Returns the number of plies played; throws LudusError
  // naming the first bad ply.
  int play_turn(std::string_view text);
  // The same, except that the text may stop before the end of the turn (the same mover
  // moves on): for front ends that collect a turn action by action (`ludus play`, the web
  // page's analysis) and for positions given as lists of plies (`ludus show`).
  int play_actions(std::string_view text);
  // Plays typed moves in order, each with play_actions; the error names the move number.
  void play_moves(const std::vector<std::string>& moves);

  // Keeps the first `plies` plies and takes back everything after them, including an
  // ending from outside the rules.  Replays from the start, as RULES.md says.
  void truncate(int plies);
  // Takes back the ending from outside the rules if there is one, else the last whole
  // turn.  Returns false at the start.
  bool undo_turn();

  // --- the end -------------------------------------------------------------------------
  Ending ending() const;
  bool is_over() const { return ending() != Ending::None; }
  // Winning colour or kDraw; only when is_over() (kDraw too for an aborted game, which
  // has no winner; result_text() tells it apart).
  int winner() const;
  // Winning seat or kDraw; only when is_over().
  int winning_seat() const;
  // The seat that resigned or lost on time, or -1.
  int losing_seat() const { return ending_ == Ending::Resignation || ending_ == Ending::Timeout ? loser_seat_ : -1; }
  // Why it ended, for people: "line of 5", "x resigned", "agreed by both players", ... ("" while on).
  std::string end_reason() const;
  // describe_status of the position, or e.g. "O wins: x resigned".
  std::string status() const;
  // Winning colour name, "draw", "aborted" (no result), or "" while the game is on.
  std::string result_text() const;

  // Endings from outside the rules; each throws LudusError when the game is already over.
  void resign(int seat);
  void agree_draw();
  void lose_on_time(int seat);
  // Both players called the game off: it ends with no result (the server allows it only
  // early, docs/turns.md).
  void abort_game();
  // Ends the game by fiat: `winner_colour` (or kDraw) wins, for `reason`.
  void adjudicate(int winner_colour, std::string reason);
  // The safety net of self-play and terminal play: a game still on after `limit` plies
  // is stopped and scored as a draw.  Returns whether it stopped the game.
  bool adjudicate_at_ply_limit(int limit);

  // --- record facts that are not moves ----------------------------------------------------
  // Player of each seat (a name or an AI spec; "" when unknown).
  const std::array<std::string, 2>& players() const { return players_; }
  void set_players(std::array<std::string, 2> players) { players_ = std::move(players); }
  // Date the game was played, "YYYY-MM-DD" ("" when unknown).
  const std::string& date() const { return date_; }
  void set_date(std::string date) { date_ = std::move(date); }

 private:
  void clear_outside_ending();
  // This history with the plies of `typed` played (play_actions); throws when one is bad.
  History with_actions(const std::string& typed) const;
  // The ply texts that would end the turn now in progress, passing where a pass ends it
  // (for the message that shows a whole turn).
  std::vector<std::string> turn_completion() const;

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::vector<Action> actions_;
  std::vector<std::string> moves_;
  std::vector<PlyMover> movers_;
  std::vector<int> turn_numbers_;
  // An ending from outside the rules (never Ending::Rules, which the position gives).
  Ending ending_ = Ending::None;
  int loser_seat_ = -1;             // Resignation, Timeout
  int adjudicated_winner_ = kDraw;  // Adjudication: colour or kDraw
  std::string adjudication_reason_;
  std::array<std::string, 2> players_;
  std::string date_;
};

}  // namespace ludus
