#pragma once
// Replays the recorded reference games of tests/conformance/ (format in its README):
// the legal-move set before every ply, each move, and the final result must match.
#include <iosfwd>
#include <string>

namespace ludus {

struct ConformanceGameResult {
  bool passed = false;
  std::string game;     // game name from the record
  std::string failure;  // first difference, with the position, when !passed
};

// Checks one JSON line.  Never throws: a malformed line is a failure.
ConformanceGameResult verify_conformance_game(const std::string& json_line);

struct ConformanceSummary {
  int passed = 0;
  int failed = 0;
};

// Verifies every non-blank line of a file, printing each failure (prefixed with
// "FILE:LINE:") to `out`.  A missing file counts as one failure.
ConformanceSummary verify_conformance_file(const std::string& path, std::ostream& out);

}  // namespace ludus
