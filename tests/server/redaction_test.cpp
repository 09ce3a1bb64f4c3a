// SPDX-License-Identifier: Apache-2.0
// CommandInterpreter::redacted: what replies and logs show of a command.  An unknown first
// word that names no game is the unknown verb, so nothing after it shows (fuzz_commands
// found "lice secret-pw e5" shown as "lice secret-pw ...": the password as the verb).
#include <gtest/gtest.h>

#include "server/domain/commands.h"

namespace ludus::server {
namespace {

std::string hidden(const std::string& line) { return CommandInterpreter::redacted(CommandInterpreter::split(line)); }

TEST(RedactionTest, AnUnknownFirstWordHidesEverythingAfterIt) {
  EXPECT_EQ(hidden("lice secret-pw e5"), "lice ...");
  EXPECT_EQ(hidden("mvoe 12 alice s3cret e5"), "mvoe ...");
}

TEST(RedactionTest, AWordWhereTheGameStandsIsReadAsOne) {
  EXPECT_EQ(hidden("ndengrod mvoe 12 alice s3cret e5"), "ndengrod mvoe ...");
  EXPECT_EQ(hidden("chess challenge alice bob s3cret"), "chess challenge alice bob *****");
  EXPECT_EQ(hidden("Ndengrod move 12 alice s3cret e5"), "Ndengrod move 12 alice ***** e5");
}

}  // namespace
}  // namespace ludus::server
