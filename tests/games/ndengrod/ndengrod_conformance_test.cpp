// SPDX-License-Identifier: Apache-2.0
// The recorded reference games (hex-hex 5, swap, Pentalath trapezoid 7) replay exactly.
#include "support/game_test_support.h"

namespace ludus::ndengrod {
namespace {

TEST(NdengrodConformance, AllRecordedGamesReplay) { testing::expect_conformance("ndengrod-"); }

}  // namespace
}  // namespace ludus::ndengrod
