// SPDX-License-Identifier: Apache-2.0
// Records as their files hold them (core/record.h): one JSON record, JSON Lines or SGF.
// Any text is read or refused with a one-line error; every game read is written as a
// JSON record and read back to the same moves and result.
#include "core/error.h"
#include "core/record.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ludus;
  std::vector<History> games;
  try {
    games = read_records(fuzz::input_text(data, size));
  } catch (const LudusError&) {
    return 0;
  }
  for (const History& game : games) {
    const std::string written = record_text(game, RecordFormat::Json);
    std::vector<History> again;
    try {
      again = read_records(written);
    } catch (const LudusError& e) {
      fuzz::fail("a written record reads back", written + " -> " + e.what());
    }
    FUZZ_CHECK(again.size() == 1, written);
    FUZZ_CHECK(again[0].moves() == game.moves(), written);
    FUZZ_CHECK(again[0].result_text() == game.result_text(), written);
  }
  return 0;
}
