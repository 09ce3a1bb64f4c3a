// SPDX-License-Identifier: Apache-2.0
#pragma once
// Game options: each game declares typed option specs; user-supplied `name=value`
// pairs are validated against them once, at game creation, with one-line errors.
#include <map>
#include <string>
#include <vector>

namespace ludus {

struct OptionSpec {
  enum class Kind { Integer, Choice };
  std::string name;
  Kind kind = Kind::Integer;
  std::string default_value;
  int min = 0, max = 0;               // Integer
  std::vector<std::string> choices;   // Choice (lowercase)
  std::string help;

  static OptionSpec integer(std::string name, int def, int min, int max, std::string help);
  static OptionSpec choice(std::string name, std::string def, std::vector<std::string> choices,
                           std::string help);
  // "3..19" or "limping|hexhex".
  std::string range_text() const;
};

// Validated option values (every declared option present, in canonical lowercase form).
class Options {
 public:
  Options() = default;
  // Validates `given` against `specs`; throws LudusError("bad option ...") on an unknown
  // name or a value out of range.  Missing options take their defaults.
  static Options parse(const std::vector<OptionSpec>& specs,
                       const std::map<std::string, std::string>& given);

  int get_int(const std::string& name) const;
  const std::string& get(const std::string& name) const;
  const std::map<std::string, std::string>& values() const { return values_; }
  // "size=5 shape=hexhex" in declaration order of the map (alphabetical).
  std::string to_string() const;
  bool operator==(const Options&) const = default;

 private:
  std::map<std::string, std::string> values_;
};

// Parses "k=v" (also "-k=v", "--k=v") into a map; throws LudusError when malformed.
std::map<std::string, std::string> parse_option_assignments(const std::vector<std::string>& items);

}  // namespace ludus
