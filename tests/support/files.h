// SPDX-License-Identifier: Apache-2.0
#pragma once
// Files for tests: where the repository's files are (the source tree the test was built
// from), where the reference beside it is (../shared, absent from a clone on its own),
// scratch directories, whole file contents and a directory's file names.
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

namespace ludus::testing {

inline std::filesystem::path source_dir() { return LUDUS_SOURCE_DIR; }
inline std::filesystem::path shared_dir() { return LUDUS_SHARED_DIR; }

// The repository's copy of the reference games (tests/conformance/).
inline std::filesystem::path conformance_dir() { return source_dir() / "tests" / "conformance"; }

// A fresh directory for one test's files (ctest runs tests in parallel); the caller removes it.
inline std::filesystem::path scratch_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "ludus-test-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

// The bytes of a file; empty when it cannot be read.
inline std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Names of the regular files directly in `dir`.
inline std::set<std::string> file_names(const std::filesystem::path& dir) {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.is_regular_file()) names.insert(entry.path().filename().string());
  return names;
}

}  // namespace ludus::testing
