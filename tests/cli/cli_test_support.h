// SPDX-License-Identifier: Apache-2.0
#pragma once
// Runs the built `ludus` binary (LUDUS_BINARY) with arguments and standard input, and
// captures its exit code, standard output and standard error.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/registry.h"
#include "support/files.h"

namespace ludus::testing {

struct RunResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

inline std::string shell_quote(const std::string& arg) {
  std::string out = "'";
  for (char ch : arg) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

inline RunResult run_ludus(const std::vector<std::string>& args, const std::string& input = {}) {
  auto dir = scratch_dir();
  std::ofstream(dir / "in") << input;
  std::string command = shell_quote(LUDUS_BINARY);
  for (const auto& a : args) command += " " + shell_quote(a);
  command += " <" + shell_quote((dir / "in").string()) + " >" + shell_quote((dir / "out").string()) + " 2>" +
             shell_quote((dir / "err").string());
  int status = std::system(command.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(dir / "out");
  r.err = read_text(dir / "err");
  std::filesystem::remove_all(dir);
  return r;
}

inline bool has_game(const std::string& name) {
  for (const auto& entry : registered_games())
    if (entry.info->name == name) return true;
  return false;
}

#define LUDUS_REQUIRE_GAME(name) \
  if (!::ludus::testing::has_game(name)) GTEST_SKIP() << name << " is not built into this binary"

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::stringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A usage error: exit code 2 and exactly one line on stderr, "ludus: error: ...".
inline void expect_usage_error(const RunResult& r, const std::string& part) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_EQ(r.err.rfind("ludus: error: ", 0), 0u) << r.err;
  EXPECT_TRUE(contains(r.err, part)) << "stderr: " << r.err << "expected: " << part;
}

}  // namespace ludus::testing
