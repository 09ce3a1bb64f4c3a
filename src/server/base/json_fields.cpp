// SPDX-License-Identifier: Apache-2.0
#include "server/base/json_fields.h"

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/options_json.h"
#include "server/base/errors.h"

namespace ludus::server {

using nlohmann::json;

std::string string_field(const json& j, const char* name, bool required) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) {
    if (required) bad_request(text("missing field '{field}'", {{"field", name}}), "missing_field");
    return "";
  }
  if (!it->is_string()) bad_request(text("field '{field}' must be a string", {{"field", name}}), "bad_field");
  return it->get<std::string>();
}

std::optional<int> int_field(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return std::nullopt;
  if (!it->is_number_integer() || it->get<int64_t>() < 1 || it->get<int64_t>() > 1000000000)
    bad_request(text("field '{field}' must be a positive integer", {{"field", name}}), "bad_field");
  return static_cast<int>(it->get<int64_t>());
}

std::optional<bool> bool_field(const json& j, const char* name) {
  auto it = j.find(name);
  if (it == j.end() || it->is_null()) return std::nullopt;
  if (!it->is_boolean()) bad_request(text("field '{field}' must be true or false", {{"field", name}}), "bad_field");
  return it->get<bool>();
}

std::map<std::string, std::string> options_field(const json& body) {
  auto it = body.find("options");
  if (it == body.end()) return {};
  try {
    return options_from_json(*it);
  } catch (const LudusError& e) {
    bad_request(e.what(), "bad_field");
  }
}

std::string dump_json(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace ludus::server
