// SPDX-License-Identifier: Apache-2.0
#include "core/options.h"

#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "core/text.h"

namespace ludus {
namespace {

bool parse_int(const std::string& text, int* out) {
  if (text.empty() || text.size() > 9) return false;
  size_t i = (text[0] == '-' || text[0] == '+') ? 1 : 0;
  if (i == text.size()) return false;
  for (size_t k = i; k < text.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(text[k]))) return false;
  *out = std::stoi(text);
  return true;
}

}  // namespace

OptionSpec OptionSpec::integer(std::string name, int def, int min, int max, std::string help) {
  OptionSpec s;
  s.name = std::move(name);
  s.kind = Kind::Integer;
  s.default_value = std::to_string(def);
  s.min = min;
  s.max = max;
  s.help = std::move(help);
  return s;
}

OptionSpec OptionSpec::choice(std::string name, std::string def, std::vector<std::string> choices,
                              std::string help) {
  OptionSpec s;
  s.name = std::move(name);
  s.kind = Kind::Choice;
  s.default_value = std::move(def);
  s.choices = std::move(choices);
  s.help = std::move(help);
  return s;
}

std::string OptionSpec::range_text() const {
  if (kind == Kind::Integer) return std::to_string(min) + ".." + std::to_string(max);
  std::string out;
  for (const auto& c : choices) out += (out.empty() ? "" : "|") + c;
  return out;
}

Options Options::parse(const std::vector<OptionSpec>& specs,
                       const std::map<std::string, std::string>& given) {
  Options opts;
  for (const auto& [raw_name, raw_value] : given) {
    std::string name = lowercase(raw_name);
    auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
    if (spec == specs.end()) {
      std::string known;
      for (const auto& s : specs) known += (known.empty() ? "" : ", ") + s.name;
      throw LudusError("bad option: unknown option '" + raw_name + "' (options: " +
                       (known.empty() ? "none" : known) + ")");
    }
    std::string value = lowercase(raw_value);
    if (spec->kind == OptionSpec::Kind::Integer) {
      int v = 0;
      if (!parse_int(value, &v) || v < spec->min || v > spec->max)
        throw LudusError("bad option: " + name + "=" + raw_value + " (expected an integer in " +
                         spec->range_text() + ")");
      value = std::to_string(v);
    } else if (std::find(spec->choices.begin(), spec->choices.end(), value) == spec->choices.end()) {
      throw LudusError("bad option: " + name + "=" + raw_value + " (expected " + spec->range_text() + ")");
    }
    opts.values_[name] = value;
  }
  for (const auto& s : specs)
    if (!opts.values_.count(s.name)) opts.values_[s.name] = s.default_value;
  return opts;
}

int Options::get_int(const std::string& name) const { return std::stoi(get(name)); }

const std::string& Options::get(const std::string& name) const {
  auto it = values_.find(name);
  if (it == values_.end()) throw LudusError("internal: option '" + name + "' not declared");
  return it->second;
}

std::string Options::to_string() const {
  std::string out;
  for (const auto& [k, v] : values_) out += (out.empty() ? "" : " ") + k + "=" + v;
  return out;
}

std::map<std::string, std::string> parse_option_assignments(const std::vector<std::string>& items) {
  std::map<std::string, std::string> out;
  for (std::string item : items) {
    while (!item.empty() && item[0] == '-') item.erase(0, 1);
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
      throw LudusError("bad option: '" + item + "' (expected name=value)");
    out[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return out;
}

}  // namespace ludus
