// SPDX-License-Identifier: Apache-2.0
// SGF records (core/sgf.h): any text is read or refused with a one-line error, and every
// game read is written and read back to the same moves and result.
#include "core/error.h"
#include "core/sgf.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ludus;
  std::vector<History> games;
  try {
    games = read_sgf(fuzz::input_text(data, size));
  } catch (const LudusError&) {
    return 0;
  }
  for (const History& game : games) {
    const std::string written = sgf_game_tree(game);
    std::vector<History> again;
    try {
      again = read_sgf(written);
    } catch (const LudusError& e) {
      fuzz::fail("a written game tree reads back", written + " -> " + e.what());
    }
    FUZZ_CHECK(again.size() == 1, written);
    FUZZ_CHECK(again[0].moves() == game.moves(), written);
    FUZZ_CHECK(again[0].result_text() == game.result_text(), written);
  }
  return 0;
}
