// The repository carries its own copies of the reference beside it (../shared, which CI
// places there; a clone on its own has none): tests/conformance/ must be
// ../shared/conformance/ byte for byte, with no file missing on either side.  Without
// ../shared there is nothing to compare with, and the tests say so by skipping.
#include <gtest/gtest.h>

#include "support/files.h"

namespace ludus::testing {
namespace {

namespace fs = std::filesystem;

// Skips the calling test when the reference directory `dir` is not there.
#define LUDUS_REQUIRE_SHARED(dir)                                                                  \
  if (!fs::is_directory(dir))                                                                      \
  GTEST_SKIP() << (dir).string() << " does not exist (LUDUS_SHARED_DIR, ../shared beside the "      \
               << "repository): nothing to compare the repository's copy with"

TEST(SharedCopies, ConformanceGamesAreByteIdenticalToShared) {
  const fs::path shared = shared_dir() / "conformance";
  LUDUS_REQUIRE_SHARED(shared);
  const auto shared_names = file_names(shared);
  const auto repository_names = file_names(conformance_dir());
  for (const auto& name : shared_names)
    if (!repository_names.count(name)) ADD_FAILURE() << name << " is in " << shared.string() << " but not in tests/conformance/";
  for (const auto& name : repository_names)
    if (!shared_names.count(name)) ADD_FAILURE() << name << " is in tests/conformance/ but not in " << shared.string();
  for (const auto& name : shared_names) {
    if (!repository_names.count(name)) continue;
    EXPECT_TRUE(read_text(shared / name) == read_text(conformance_dir() / name))
        << "tests/conformance/" << name << " differs from " << (shared / name).string() << ": copy it again";
  }
}

}  // namespace
}  // namespace ludus::testing
