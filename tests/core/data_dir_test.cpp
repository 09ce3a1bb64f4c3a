// SPDX-License-Identifier: Apache-2.0
// The run-time search for the project's data (core/data_dir.h): $LUDUS_DATA_DIR decides
// when set, then an installed share/ludus beside the executable, then the source tree.
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/data_dir.h"
#include "support/files.h"

namespace ludus {
namespace {

namespace fs = std::filesystem;

class DataDirTest : public ::testing::Test {
 protected:
  void SetUp() override { root_ = testing::scratch_dir(); }
  void TearDown() override { fs::remove_all(root_); }

  // Creates root/relative (and its parents) and returns it.
  fs::path make_dir(const std::string& relative) {
    fs::create_directories(root_ / relative);
    return root_ / relative;
  }

  // An installed tree: prefix/bin/ludus and prefix/share/ludus/.
  DataSearch installed() { return {"", make_dir("prefix/bin") / "ludus", ""}; }

  fs::path root_;
};

TEST_F(DataDirTest, EnvironmentDecidesWhenSet) {
  auto env = make_dir("env");
  make_dir("env/conformance");
  make_dir("prefix/share/ludus/web");
  DataSearch search = installed();
  search.env_data_dir = env.string();
  search.source_dir = make_dir("src");
  make_dir("src/web");
  EXPECT_EQ(find_data_dir(DataKind::kConformance, search), env / "conformance");
  // No fallback: a data directory without web/ has no web page, wherever else one is.
  EXPECT_EQ(find_data_dir(DataKind::kWeb, search), std::nullopt);
}

TEST_F(DataDirTest, InstalledShareBesideTheExecutable) {
  make_dir("prefix/share/ludus/conformance");
  make_dir("prefix/share/ludus/web");
  DataSearch search = installed();
  search.source_dir = make_dir("src");
  make_dir("src/tests/conformance");
  EXPECT_EQ(find_data_dir(DataKind::kConformance, search), root_ / "prefix/share/ludus/conformance");
  EXPECT_EQ(find_data_dir(DataKind::kWeb, search), root_ / "prefix/share/ludus/web");
}

TEST_F(DataDirTest, SourceTreeLast) {
  DataSearch search = installed();  // no share/ludus beside it
  search.source_dir = make_dir("src");
  make_dir("src/tests/conformance");
  make_dir("src/web");
  EXPECT_EQ(find_data_dir(DataKind::kConformance, search), root_ / "src/tests/conformance");
  EXPECT_EQ(find_data_dir(DataKind::kWeb, search), root_ / "src/web");
}

// The engine in the page is built, not kept in the source tree: installed, share/ludus/engine;
// run from a build, the build directory's wasm/engine (./ludus.sh builds it there).
TEST_F(DataDirTest, TheEngineIsInstalledOrInTheBuildDirectory) {
  DataSearch search = installed();
  search.source_dir = make_dir("src");
  search.build_dir = make_dir("src/build");
  EXPECT_EQ(find_data_dir(DataKind::kEngine, search), std::nullopt) << "not built yet";
  make_dir("src/build/wasm/engine");
  EXPECT_EQ(find_data_dir(DataKind::kEngine, search), root_ / "src/build/wasm/engine");
  make_dir("prefix/share/ludus/engine");
  EXPECT_EQ(find_data_dir(DataKind::kEngine, search), root_ / "prefix/share/ludus/engine");
  // An installed copy built without the engine has none, whatever a build tree holds.
  std::filesystem::remove(root_ / "prefix/share/ludus/engine");
  EXPECT_EQ(find_data_dir(DataKind::kEngine, search), std::nullopt);
  search.env_data_dir = make_dir("env").string();
  make_dir("env/engine");
  EXPECT_EQ(find_data_dir(DataKind::kEngine, search), root_ / "env/engine");
}

TEST_F(DataDirTest, NothingFound) {
  DataSearch search = installed();
  search.source_dir = root_ / "moved-away";
  EXPECT_EQ(find_data_dir(DataKind::kConformance, search), std::nullopt);
  EXPECT_EQ(find_data_dir(DataKind::kWeb, DataSearch{}), std::nullopt);
}

// This test binary was built from this source tree, and no share/ludus sits beside it.
TEST(DataDir, ThisProcessFindsTheSourceTree) {
  unsetenv("LUDUS_DATA_DIR");
  EXPECT_EQ(find_data_dir(DataKind::kConformance), testing::conformance_dir());
  EXPECT_EQ(find_data_dir(DataKind::kWeb), testing::source_dir() / "web");
}

}  // namespace
}  // namespace ludus
