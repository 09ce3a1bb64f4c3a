// SPDX-License-Identifier: Apache-2.0
#include "core/options_json.h"

#include "core/error.h"

namespace ludus {

std::map<std::string, std::string> options_from_json(const nlohmann::json& given) {
  std::map<std::string, std::string> options;
  if (given.is_null()) return options;
  if (!given.is_object()) throw LudusError("field 'options' must be an object of option name to value");
  for (const auto& [name, value] : given.items()) {
    if (value.is_string())
      options[name] = value.get<std::string>();
    else if (value.is_number_integer())
      options[name] = std::to_string(value.get<int64_t>());
    else if (value.is_boolean())
      options[name] = value.get<bool>() ? "on" : "off";
    else
      throw LudusError("option '" + name + "' must be a string, an integer or a boolean");
  }
  return options;
}

}  // namespace ludus
