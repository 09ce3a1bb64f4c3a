// SPDX-License-Identifier: Apache-2.0
#include "core/data_file.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/text.h"

namespace ludus {

void for_each_data_line(std::string_view text, std::string_view kind,
                        const std::function<void(const DataLine&)>& visit) {
  int number = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    DataLine line{++number, text.substr(0, end), {}};
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    line.words = split_words(line.text);
    if (line.words.empty() || line.words[0][0] == '#') continue;
    try {
      visit(line);
    } catch (const LudusError& e) {
      throw LudusError(fmt::format("bad {}: line {}: {}", kind, line.number, e.what()));
    }
  }
}

std::map<std::string, std::string> parse_option_words(const std::vector<std::string>& words) {
  std::map<std::string, std::string> options;
  for (size_t i = 1; i < words.size(); ++i) {
    const size_t eq = words[i].find('=');
    if (eq == std::string::npos || eq == 0) throw LudusError("option without '='");
    options[words[i].substr(0, eq)] = words[i].substr(eq + 1);
  }
  return options;
}

std::string data_file_header(const std::vector<std::string>& comment, std::string_view game,
                             const std::map<std::string, std::string>& options) {
  std::string out;
  for (const auto& line : comment) out += "# " + line + "\n";
  out += fmt::format("game {}\noptions", game);
  for (const auto& [k, v] : options) out += " " + k + "=" + v;
  return out + "\n";
}

}  // namespace ludus
