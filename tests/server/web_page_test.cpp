// SPDX-License-Identifier: Apache-2.0
// The web page knows no game: what it needs to draw and play each one comes from the server
// (the catalog, the board's geometry and actions), so a new game needs nothing in web/ but
// what its geometry requires.  No script names a registered game, by name or title, outside
// its comments.
#include <gtest/gtest.h>

#include <regex>

#include "core/registry.h"
#include "core/text.h"
#include "support/files.h"

namespace ludus::testing {
namespace {

// The script without its comments: /* ... */, and // where it starts a line or follows a
// blank (the page's style; "http://" in a string is kept).
std::string without_comments(const std::string& code) {
  const std::string blocks = std::regex_replace(code, std::regex(R"(/\*[\s\S]*?\*/)"), " ");
  return std::regex_replace(blocks, std::regex(R"((^|[ \t])//[^\n]*)", std::regex::multiline), "$1");
}

TEST(WebPage, NoScriptNamesAGame) {
  const auto scripts = file_names(source_dir() / "web");
  int checked = 0;
  for (const auto& name : scripts) {
    if (name.size() < 3 || name.substr(name.size() - 3) != ".js") continue;
    ++checked;
    const std::string code = lowercase(without_comments(read_text(source_dir() / "web" / name)));
    for (const auto& entry : registered_games()) {
      for (const std::string& word : {entry.info->name, lowercase(entry.info->title)}) {
        const std::regex named("(^|[^a-z0-9-])" + word + "($|[^a-z0-9-])");
        EXPECT_FALSE(std::regex_search(code, named)) << "web/" << name << " names " << word;
      }
    }
  }
  EXPECT_GE(checked, 5);
}

}  // namespace
}  // namespace ludus::testing
