// SPDX-License-Identifier: Apache-2.0
#pragma once
// The line-based text files compiled into ludus (opening books, move priors) share one
// layout: '#' comment lines, "game NAME", "options KEY=VALUE ...", then lines of the file's
// own kinds.  Reading and writing that layout is written once here.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ludus {

// One non-blank, non-comment line: its number (from 1), its text and its words.
struct DataLine {
  int number = 0;
  std::string_view text;
  std::vector<std::string> words;
};

// Calls `visit` for every line of `text` that has words and does not start with '#'.  A
// LudusError thrown by `visit` comes out as LudusError("bad KIND: line N: WHY"), so each
// visitor throws only the reason.
void for_each_data_line(std::string_view text, std::string_view kind,
                        const std::function<void(const DataLine&)>& visit);

// The KEY=VALUE words of an "options" line (words[1..]); throws LudusError("option without
// '='") for a word that is not one.
std::map<std::string, std::string> parse_option_words(const std::vector<std::string>& words);

// The comment lines ("# ..."), "game NAME" and "options KEY=VALUE ..." that open such a file.
std::string data_file_header(const std::vector<std::string>& comment, std::string_view game,
                             const std::map<std::string, std::string>& options);

}  // namespace ludus
