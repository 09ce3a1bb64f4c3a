// SPDX-License-Identifier: Apache-2.0
// `ludus rules`: each game's document of docs/rules/, embedded in the binary at build time
// (so no file is read at run time), and `ludus rules conventions` for what all games share.
#include <gtest/gtest.h>

#include "cli_test_support.h"
#include "core/rules_documents.h"

namespace ludus::testing {
namespace {

// docs/rules/<name>.md as `ludus rules` prints it: without its trailing blank lines.
std::string printed_document(const std::string& name) {
  std::string text = read_text(source_dir() / "docs" / "rules" / (name + ".md"));
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text + "\n";
}

TEST(Rules, NdengrodHasTheCurrentRepetitionRule) {
  LUDUS_REQUIRE_GAME("ndengrod");
  auto r = run_ludus({"rules", "ndengrod"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "situational superko")) << r.out;
}

// Every game's text is its docs/rules document as built, followed by a pointer to the
// conventions; GameInfo::rules holds the same document.
TEST(Rules, EveryGamePrintsItsDocument) {
  for (const auto& entry : registered_games()) {
    const std::string& name = entry.info->name;
    ASSERT_EQ(entry.info->rules, read_text(source_dir() / "docs" / "rules" / (name + ".md"))) << name;
    auto r = run_ludus({"rules", name});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.rfind(printed_document(name), 0), 0u) << name << ":\n" << r.out;
    EXPECT_TRUE(contains(r.out, "ludus rules conventions")) << r.out;
  }
}

// Epoxy's rules name "`epoxy-boards.txt` beside this file", words RULES.md's text keeps and a
// reader of `ludus rules epoxy` cannot follow: after the rules it says which command draws the
// boards and where the file is, and both are real.
TEST(Rules, EpoxySaysWhereItsBoardsAre) {
  LUDUS_REQUIRE_GAME("epoxy");
  auto r = run_ludus({"rules", "epoxy"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_TRUE(contains(r.out, "`epoxy-boards.txt` beside this file")) << "the rules no longer name the file";
  const size_t note = r.out.find("ludus show epoxy -o size=SIZE", r.out.find("beside this file"));
  ASSERT_NE(note, std::string::npos) << r.out;
  EXPECT_TRUE(contains(r.out.substr(note), "/usr/share/doc/ludus/docs/rules/epoxy-boards.txt")) << r.out;
  EXPECT_TRUE(contains(r.out.substr(note), "docs/rules/ in the sources")) << r.out;
  EXPECT_TRUE(std::filesystem::is_regular_file(source_dir() / "docs" / "rules" / "epoxy-boards.txt"));
  auto board = run_ludus({"show", "epoxy", "-o", "size=m"});
  EXPECT_EQ(board.exit_code, 0) << board.err;
}

// The conventions of RULES.md, then ludus's own section on turns (docs/turns.md).
TEST(Rules, ConventionsCommonToEveryGame) {
  auto r = run_ludus({"rules", "conventions"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string turns = read_text(source_dir() / "docs" / "turns.md");
  while (!turns.empty() && turns.back() == '\n') turns.pop_back();
  EXPECT_EQ(r.out, printed_document("conventions") + "\n" + turns + "\n");
  EXPECT_TRUE(contains(r.out, "### How ludus takes a turn")) << r.out;
  EXPECT_TRUE(contains(r.out, "e.g. 'e6,pass'")) << r.out;
  EXPECT_EQ(rules_document(kRulesConventions), read_text(source_dir() / "docs" / "rules" / "conventions.md"));
  EXPECT_EQ(rules_document(kTurnsDocument), read_text(source_dir() / "docs" / "turns.md"));
}

}  // namespace
}  // namespace ludus::testing
