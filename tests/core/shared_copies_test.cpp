// SPDX-License-Identifier: Apache-2.0
// The repository carries its own copies of the reference beside it (../shared, which CI
// places there; a clone on its own has none): tests/conformance/ must be
// ../shared/conformance/ byte for byte, with no file missing on either side, and each
// docs/rules/*.md exactly one section of ../shared/RULES.md.  Without ../shared there is
// nothing to compare with, and the tests say so by skipping.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

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

// The document of each section of RULES.md, by its number ("## 4. Ndengrod ..." -> 4).
const std::map<std::string, std::string> kRulesDocumentOfSection = {
    {"0", "conventions.md"}, {"1", "n-mesh.md"},   {"2", "netted.md"},
    {"3", "trellis.md"},     {"4", "ndengrod.md"}, {"5", "epoxy.md"},
};

// The `## ` sections of a Markdown text, each from its heading to just before the next
// (or the end), by section number.
std::map<std::string, std::string> sections_of(const std::string& text) {
  std::map<std::string, std::string> sections;
  std::string* section = nullptr;  // the one being read; none before the first heading
  for (size_t start = 0; start < text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size() - 1) + 1;
    const std::string line = text.substr(start, end - start);
    if (line.rfind("## ", 0) == 0) section = &sections[line.substr(3, line.find('.') - 3)];
    if (section) *section += line;
    start = end;
  }
  return sections;
}

TEST(SharedCopies, RulesDocumentsAreTheSectionsOfRulesMd) {
  const fs::path rules = shared_dir() / "RULES.md";
  LUDUS_REQUIRE_SHARED(shared_dir());
  const auto sections = sections_of(read_text(rules));
  const fs::path documents = source_dir() / "docs" / "rules";
  for (const auto& [number, section] : sections) {
    auto document = kRulesDocumentOfSection.find(number);
    if (document == kRulesDocumentOfSection.end()) {
      ADD_FAILURE() << "RULES.md section " << number << " has no document in docs/rules/: " << section.substr(0, section.find('\n'));
      continue;
    }
    EXPECT_EQ(read_text(documents / document->second), section)
        << "docs/rules/" << document->second << " is not section " << number << " of " << rules.string() << ": copy it again";
  }
  for (const auto& name : file_names(documents)) {
    if (fs::path(name).extension() != ".md") continue;
    bool is_a_section = false;
    for (const auto& [number, document] : kRulesDocumentOfSection)
      is_a_section = is_a_section || (document == name && sections.count(number));
    EXPECT_TRUE(is_a_section) << "docs/rules/" << name << " is no section of " << rules.string();
  }
}

// The Epoxy rules draw the boards in epoxy-boards.txt "beside this file".
TEST(SharedCopies, EpoxyBoardsBesideTheRules) {
  LUDUS_REQUIRE_SHARED(shared_dir());
  EXPECT_TRUE(read_text(shared_dir() / "epoxy-boards.txt") == read_text(source_dir() / "docs/rules/epoxy-boards.txt"))
      << "docs/rules/epoxy-boards.txt differs from " << (shared_dir() / "epoxy-boards.txt").string() << ": copy it again";
}

}  // namespace
}  // namespace ludus::testing
