// SPDX-License-Identifier: Apache-2.0
#pragma once
// `ludus verify`: replays recorded games and checks them.  Two kinds of game are checked:
//  * conformance games of tests/conformance/ (format in its README; JSON with
//    "plies"): the legal-move set before every ply, each move, and the final result
//    must match;
//  * ludus's own records (core/record.h: JSON with "moves", JSON Lines, or SGF): every
//    move must be legal and the stated ending and result must agree with the moves.
#include <iosfwd>
#include <string>

namespace ludus {

struct ConformanceGameResult {
  bool passed = false;
  std::string game;     // game name from the record
  std::string failure;  // first difference, with the position, when !passed
};

// Checks one conformance game given as a JSON line.  Never throws: a malformed line is a
// failure with a one-line reason ("\"plies\" is not an array", "ply 2: \"move\" is not
// a string").
ConformanceGameResult verify_conformance_game(const std::string& json_line);

// Checks one JSON game of a file given to `ludus verify`: a conformance game when it has
// "plies", else a ludus record.  Never throws.
ConformanceGameResult verify_json_game(const std::string& json_text);

struct ConformanceSummary {
  int passed = 0;
  int failed = 0;
};

// Verifies every game of a file, printing each failure to `out` prefixed with "FILE:LINE:"
// (JSON Lines), "FILE:" (one JSON document over several lines) or "FILE: game N:" (SGF,
// one game per game tree).  The file may be JSON Lines mixing conformance games and
// ludus records, one JSON record, or an SGF collection.  A file that cannot be opened,
// or SGF that does not parse, counts as one failure.
ConformanceSummary verify_conformance_file(const std::string& path, std::ostream& out);

}  // namespace ludus
