// SPDX-License-Identifier: Apache-2.0
#pragma once
// Variant sweeps of `ludus analyze`: the option assignments a user gives, where an
// option given more than once, or an integer range `size=5..9`, stands for several
// values; the variants are every combination (the first option varies slowest).
// Ranges are inclusive; `a..b..step` sets the step.  Option names and values are
// checked by the game later (Options::parse); this only expands the text.
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ludus::study {

struct Variant {
  std::map<std::string, std::string> options;  // one value per given option name
  // The swept options (given more than one value) in the order they were first given.
  std::vector<std::pair<std::string, std::string>> swept;
  std::string label;                           // the swept options only: "size=5 swap=on" ("" when none)
};

// At most this many variants in one sweep (each runs a whole analysis).
constexpr size_t kMaxVariants = 100;

// Throws LudusError with a one-line reason: "bad option range 'size=9..5': the end is
// below the start", "malformed option 'x'", too many variants.
std::vector<Variant> expand_sweep(const std::vector<std::string>& assignments);

// The values a `k=v` value text stands for: "5..9" -> 5 6 7 8 9, "on" -> on.
std::vector<std::string> expand_values(const std::string& name, const std::string& value);

}  // namespace ludus::study
