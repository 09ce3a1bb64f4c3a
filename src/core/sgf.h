// SPDX-License-Identifier: Apache-2.0
#pragma once
// Game records as SGF FF[4], so ludus games can be kept in the tools people use for
// Hex-family games.  One game tree per game; docs/records.md documents the mapping:
//
//   (;FF[4]CA[UTF-8]AP[ludus:0.1.0]GN[Ndengrod]RU[ndengrod length=5 shape=hexhex size=5 swap=on]
//    PB[alice]PW[ai:hard]DT[2026-11-23]RE[W+R]LE[resign]
//    ;B[e5];W[swap];B[c3] ...)
//
// * RU: the registry name of the game and its options (what the reader builds the game
//   from); GN: the game's title.  No GM: none of the five games has an SGF game number.
// * PB / PW: players of the first and the second seat.  The seat that starts with the
//   first colour is "Black", in every game.
// * One node per ply, B[...] or W[...] by the colour that made it (first colour = B),
//   the value in ludus notation: Epoxy's two actions are two nodes, Trellis's two-stone
//   turn "d4,e6" is one, `swap` and `pass` are values.
// * RE by colour, as SGF defines it: B+ / W+ (a win), B+R / W+R (resignation),
//   B+T / W+T (time), 0 (a draw).  The private LE gives the ludus ending (core/ending.h
//   names: rules, resign, agreement, timeout, adjudicated) and, for an adjudication, its
//   reason as a second value: LE[adjudicated][no result after 1000 plies (scored as a draw)].
#include <string>
#include <string_view>
#include <vector>

#include "core/history.h"
#include "core/sgf_parser.h"

namespace ludus {

// One game tree for `history`, ending with a newline.  Appending game trees to a file
// makes a collection (`ludus match --record FILE.sgf`).
std::string sgf_game_tree(const History& history);

// Replays the main line of one game tree.  Unknown properties are ignored.  Throws
// LudusError("bad SGF: ...") when RU names no ludus game, a node's move is illegal
// ("move 7 'd4': illegal move 'd4': occupied") or made by the wrong colour, a setup
// property (AB, AW, AE) places stones, or RE / LE disagree with the moves.  Without LE,
// the ending comes from RE: R resignation, T or F timeout, else the rules when the moves
// end the game, an agreed draw for 0, an adjudication for a win.
History history_from_sgf(const SgfTree& tree);

// Every game tree of a collection, in order; a collection of several names the game of
// the first error ("game 2: bad SGF: ...").
std::vector<History> read_sgf(std::string_view text);

// Whether a record text is SGF: its first non-blank character is '('.
bool looks_like_sgf(std::string_view text);

}  // namespace ludus
