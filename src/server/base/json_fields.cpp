// SPDX-License-Identifier: Apache-2.0
#include "server/base/json_fields.h"

#include <nlohmann/json.hpp>

#include "server/base/errors.h"

namespace ludus::server {

using nlohmann::json;

std::string string_field(const json& j, const char* name, bool required) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) {
    if (required) bad_request(std::string("missing field '") + name + "'", "missing_field");
    return "";
  }
  if (!it->is_string()) bad_request(std::string("field '") + name + "' must be a string", "bad_field");
  return it->get<std::string>();
}

std::optional<int> int_field(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return std::nullopt;
  if (!it->is_number_integer() || it->get<int64_t>() < 1 || it->get<int64_t>() > 1000000000)
    bad_request(std::string("field '") + name + "' must be a positive integer", "bad_field");
  return static_cast<int>(it->get<int64_t>());
}

std::optional<bool> bool_field(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return std::nullopt;
  if (!it->is_boolean()) bad_request(std::string("field '") + name + "' must be true or false", "bad_field");
  return it->get<bool>();
}

std::map<std::string, std::string> options_field(const json& body) {
  std::map<std::string, std::string> options;
  auto it = body.find("options");
  if (it == body.end() || it->is_null()) return options;
  if (!it->is_object()) bad_request("field 'options' must be an object of option name to value", "bad_field");
  for (const auto& [name, value] : it->items()) {
    if (value.is_string())
      options[name] = value.get<std::string>();
    else if (value.is_number_integer())
      options[name] = std::to_string(value.get<int64_t>());
    else if (value.is_boolean())
      options[name] = value.get<bool>() ? "on" : "off";
    else
      bad_request("option '" + name + "' must be a string, an integer or a boolean", "bad_field");
  }
  return options;
}

std::string dump_json(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace ludus::server
