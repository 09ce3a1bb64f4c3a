// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where the project's data files are at run time, so that no path is compiled in that a
// user may not have.  The data directory holds:
//   conformance/  the recorded reference games (`ludus verify` with no files)
//   web/          the play server's web page
//   engine/       the engine in the page, WebAssembly (docs/wasm.md), served at /engine/
// It is searched in this order; the first candidate that exists decides:
//   1. $LUDUS_DATA_DIR, when set (no fallback: a wrong setting is reported, not hidden);
//   2. <directory of the executable>/../share/ludus (an installed binary);
//   3. the source tree the binary was built from (tests/conformance/ and web/), when it
//      still exists: a binary run from its build directory.  The engine is not in the
//      source tree but built beside the binary: the build directory's wasm/engine/
//      (./ludus.sh builds it there), when that build directory still exists.
#include <filesystem>
#include <optional>
#include <string>

namespace ludus {

enum class DataKind { kConformance, kWeb, kEngine };

// The inputs of the search, separate from the process so that tests can give their own.
struct DataSearch {
  std::string env_data_dir;              // $LUDUS_DATA_DIR; "" = not set
  std::filesystem::path executable;      // this program; empty = unknown
  std::filesystem::path source_dir;      // the source tree built from; empty = none
  std::filesystem::path build_dir;       // the build directory of this binary; empty = none
};

// The directory holding `kind`, or nullopt when the deciding candidate has none (or no
// candidate exists).
std::optional<std::filesystem::path> find_data_dir(DataKind kind, const DataSearch& search);

// The same for this process: $LUDUS_DATA_DIR, /proc/self/exe and the source and build trees.
std::optional<std::filesystem::path> find_data_dir(DataKind kind);

}  // namespace ludus
