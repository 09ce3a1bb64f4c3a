// SPDX-License-Identifier: Apache-2.0
// `ludus verify [FILE...]`: replays recorded reference games (format: tests/conformance/README.md)
// and ludus's own records (JSON, JSON Lines, SGF); with no files, every game of the data
// directory's conformance/ (core/data_dir.h).
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/command.h"
#include "core/conformance.h"
#include "core/data_dir.h"
#include "core/text.h"

namespace ludus::cli {
namespace {

const bool kVerify = register_command({"verify", "Replay recorded games and check legal moves and results", 30, [](CLI::App& app) {
  auto files = std::make_shared<std::vector<std::string>>();
  app.add_option("files", *files,
                 "Conformance files (JSON Lines) or ludus records (JSON, JSON Lines, SGF); default: the reference "
                 "games that come with ludus");
  set_examples(app, {"ludus verify", "ludus verify tests/conformance/ndengrod-swap.jsonl my-games.sgf"});
  return [files] {
    std::vector<std::string> paths = *files;
    if (paths.empty()) {
      if (auto dir = find_data_dir(DataKind::kConformance)) {
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator(*dir, ec))
          if (e.path().extension() == ".jsonl") paths.push_back(e.path().string());
      }
      std::sort(paths.begin(), paths.end());
      if (paths.empty()) {
        std::cerr << "ludus: error: no reference games found to verify: give FILES (or set LUDUS_DATA_DIR to a "
                     "directory holding conformance/)\n";
        return kExitUsage;
      }
    }
    ConformanceSummary total;
    for (const auto& path : paths) {
      if (!std::ifstream(path)) {
        std::cerr << "ludus: error: cannot open " << terminal_safe(path) << "\n";
        ++total.failed;
        continue;
      }
      // Its failures quote the file (a game's name, a move): through terminal_safe.
      std::ostringstream failures;
      auto s = verify_conformance_file(path, failures);
      std::cout << terminal_safe(failures.str());
      if (paths.size() > 1) std::cout << terminal_safe(path) << ": " << s.passed << " passed, " << s.failed << " failed\n";
      total.passed += s.passed;
      total.failed += s.failed;
    }
    std::cout << total.passed << " passed, " << total.failed << " failed\n";
    return total.failed ? kExitFailure : 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
