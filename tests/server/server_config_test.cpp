// SPDX-License-Identifier: Apache-2.0
// The play server's defaults that depend on where it runs.
#include <gtest/gtest.h>

#include <cstdlib>

#include "server/play_server.h"
#include "support/files.h"

namespace ludus::server {
namespace {

// By default the page is the one found at run time (core/data_dir.h): for a server built
// and run in the source tree, its web/.
TEST(ServerConfig, WebPageFoundAtRunTime) {
  unsetenv("LUDUS_DATA_DIR");
  EXPECT_EQ(ServerConfig{}.web_dir, (ludus::testing::source_dir() / "web").string());
}

}  // namespace
}  // namespace ludus::server
