// SPDX-License-Identifier: Apache-2.0
#pragma once
// Proven results stored in the repository: data/solved/*.txt, compiled into the binary
// (cmake/embed_files.cmake), one file per board (game and options).  A file lists the
// positions of a proof (proof_tree.h) by their ExactKeyer keys, so symmetric positions
// and every move order that reaches one are found:
//
//   # comment lines
//   game n-mesh
//   options size=4
//   L 1f0c2a9b3e4d5c6a        the seat to move here loses
//   W 0a1b2c3d4e5f6a7b        the seat to move here wins
//
// Keys depend on ExactKeyer's seed and on the games' ExactKeyParts: a change to either
// needs the books written again (`ludus solve GAME --book FILE`); the tests check every
// stored book against the solver.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ai/solver/exact_key.h"
#include "ai/solver/proof_tree.h"
#include "core/game.h"

namespace ludus::ai::solver {

class OpeningBook {
 public:
  // Throws LudusError("bad opening book: ...") naming the bad line.
  static OpeningBook parse(std::string_view text);
  // The text of a book (the inverse of parse); `comment` lines go first, each after "# ".
  static std::string format(const Game& game, const std::vector<ProofEntry>& entries,
                            const std::vector<std::string>& comment);
  // The book compiled in for this game and options, or nullptr.  Thread-safe.
  static const OpeningBook* for_game(const Game& game);
  // Every book compiled in, by file name.
  static std::vector<std::pair<std::string, const OpeningBook*>> compiled_in();

  const std::string& game_name() const { return game_; }
  const std::map<std::string, std::string>& options() const { return options_; }
  // Whether the seat to move wins at the position with this key, if the book knows.
  std::optional<bool> mover_wins(uint64_t key) const;
  const std::unordered_map<uint64_t, bool>& entries() const { return entries_; }

 private:
  std::string game_;
  std::map<std::string, std::string> options_;
  std::unordered_map<uint64_t, bool> entries_;
};

// A move from `state` that the book proves wins for the seat to move (a move that ends the
// game with a win counts too), or kNoAction.
Action book_winning_move(const OpeningBook& book, const ExactKeyer& keyer, const State& state);

}  // namespace ludus::ai::solver
