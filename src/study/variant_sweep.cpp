// SPDX-License-Identifier: Apache-2.0
#include "study/variant_sweep.h"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "core/error.h"
#include "core/options.h"

namespace ludus::study {
namespace {

bool parse_int(std::string_view text, long long& out) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::vector<std::string> expand_values(const std::string& name, const std::string& value) {
  const size_t dots = value.find("..");
  if (dots == std::string::npos) return {value};
  const std::string where = "bad option range '" + name + "=" + value + "'";
  std::string_view rest(value);
  std::string_view first = rest.substr(0, dots);
  rest.remove_prefix(dots + 2);
  std::string_view last = rest, step_text;
  if (size_t more = rest.find(".."); more != std::string_view::npos) {
    last = rest.substr(0, more);
    step_text = rest.substr(more + 2);
  }
  long long a = 0, b = 0, step = 1;
  if (!parse_int(first, a) || !parse_int(last, b))
    throw LudusError(where + ": expected integers FIRST..LAST or FIRST..LAST..STEP");
  if (!step_text.empty() && (!parse_int(step_text, step) || step <= 0))
    throw LudusError(where + ": the step must be a positive integer");
  if (b < a) throw LudusError(where + ": the end is below the start");
  if ((b - a) / step + 1 > static_cast<long long>(kMaxVariants))
    throw LudusError(where + fmt::format(": more than {} values", kMaxVariants));
  std::vector<std::string> out;
  for (long long v = a; v <= b; v += step) out.push_back(std::to_string(v));
  return out;
}

std::vector<Variant> expand_sweep(const std::vector<std::string>& assignments) {
  // Values per option name, in the order the names first appear.
  std::vector<std::pair<std::string, std::vector<std::string>>> axes;
  for (const auto& item : assignments) {
    const auto parsed = parse_option_assignments({item});  // checks the k=v form
    const auto& [name, value] = *parsed.begin();
    auto it = std::find_if(axes.begin(), axes.end(), [&](const auto& axis) { return axis.first == name; });
    if (it == axes.end()) it = axes.insert(axes.end(), {name, {}});
    for (auto& v : expand_values(name, value))
      if (std::find(it->second.begin(), it->second.end(), v) == it->second.end()) it->second.push_back(v);
  }
  size_t total = 1;
  for (const auto& axis : axes) {
    total *= axis.second.size();
    if (total > kMaxVariants)
      throw LudusError(fmt::format("the option sweep has more than {} variants; sweep fewer values", kMaxVariants));
  }
  std::vector<Variant> out(total);
  size_t repeat = total;  // the first axis varies slowest
  for (const auto& [name, values] : axes) {
    repeat /= values.size();
    for (size_t i = 0; i < total; ++i) {
      const std::string& v = values[(i / repeat) % values.size()];
      out[i].options[name] = v;
      if (values.size() == 1) continue;
      out[i].swept.emplace_back(name, v);
      out[i].label += (out[i].label.empty() ? "" : " ") + name + "=" + v;
    }
  }
  return out;
}

}  // namespace ludus::study
