// SPDX-License-Identifier: Apache-2.0
#pragma once
// How a game ended.  The rules end a game through the position (State::is_terminal);
// everything else (a resignation, an agreed draw, a loss on time, a cut by a ply limit)
// is a fact about the game kept beside the moves.  Every front end (terminal, GTP,
// server, mail, records) uses these names.
#include <optional>
#include <string_view>

namespace ludus {

enum class Ending : unsigned char {
  None,          // the game is on
  Rules,         // the position is terminal (line, enmeshed stones, no legal move, ...)
  Resignation,   // a seat resigned
  Agreement,     // both players agreed to a draw
  Timeout,       // a seat lost on time (or forfeited by not moving)
  Adjudication,  // stopped from outside (ply limit) and scored by fiat
  Aborted,       // both players called it off early: no result, no winner, no draw
};

// Stable names used in records and in the server's database:
// "", "rules", "resign", "agreement", "timeout", "adjudicated", "aborted".
std::string_view ending_name(Ending ending);
// The inverse of ending_name; nullopt for an unknown name.
std::optional<Ending> ending_by_name(std::string_view name);

}  // namespace ludus
