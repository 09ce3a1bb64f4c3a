// SPDX-License-Identifier: Apache-2.0
// `ludus verify` with no files: the reference games that come with ludus, found at run time
// (core/data_dir.h), never a path compiled in that a user may not have.
#include <gtest/gtest.h>

#include <cstdlib>

#include "cli_test_support.h"

namespace ludus::testing {
namespace {

namespace fs = std::filesystem;

// Sets $LUDUS_DATA_DIR for the ludus processes a test starts, and clears it afterwards.
class DataDirEnvironment {
 public:
  explicit DataDirEnvironment(const fs::path& dir) { setenv("LUDUS_DATA_DIR", dir.c_str(), 1); }
  ~DataDirEnvironment() { unsetenv("LUDUS_DATA_DIR"); }
};

// Built and run in the source tree: the default is the repository's tests/conformance/.
TEST(Verify, WithoutFilesReplaysEveryReferenceGameOfTheRepository) {
  unsetenv("LUDUS_DATA_DIR");
  auto r = run_ludus({"verify"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  for (const auto& name : file_names(conformance_dir())) {
    if (fs::path(name).extension() != ".jsonl") continue;
    EXPECT_TRUE(contains(r.out, (conformance_dir() / name).string() + ": ")) << name << " not replayed\n" << r.out;
  }
  EXPECT_TRUE(contains(r.out, " passed, 0 failed\n")) << r.out;
}

TEST(Verify, ReadsTheDataDirectoryOfTheEnvironment) {
  auto dir = scratch_dir();
  fs::create_directories(dir / "conformance");
  fs::copy_file(conformance_dir() / "n-mesh-4.jsonl", dir / "conformance" / "n-mesh-4.jsonl");
  DataDirEnvironment environment(dir);
  auto r = run_ludus({"verify"});
  fs::remove_all(dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "20 passed, 0 failed\n");
}

TEST(Verify, WithNoReferenceGamesAsksForFiles) {
  auto dir = scratch_dir();
  DataDirEnvironment environment(dir);
  auto r = run_ludus({"verify"});
  fs::remove_all(dir);
  expect_usage_error(r, "give FILES");
}

}  // namespace
}  // namespace ludus::testing
