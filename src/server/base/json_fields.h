// SPDX-License-Identifier: Apache-2.0
#pragma once
// Fields of JSON request bodies, read with one-line 400 errors ("missing field 'move'",
// "field 'move_number' must be a positive integer"), for every endpoint that takes JSON;
// and the server's JSON writer.
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace ludus::server {

// The string field `name`; "" when absent and not required.
std::string string_field(const nlohmann::json& body, const char* name, bool required = true);
// The positive integer field `name`, or nullopt when absent.
std::optional<int> int_field(const nlohmann::json& body, const char* name);
// The boolean field `name`, or nullopt when absent (400 bad_field for another type).
std::optional<bool> bool_field(const nlohmann::json& body, const char* name);
// The "options" object: option name to value (strings, integers or booleans as on/off).
std::map<std::string, std::string> options_field(const nlohmann::json& body);

// The JSON writer of the server's trees (replies, pushes, stored options, records in
// text): invalid UTF-8 becomes U+FFFD, so bytes stored by older versions never make it
// throw.  Board views are written without a tree (board_json_text.h), to this one's bytes.
std::string dump_json(const nlohmann::json& value);

}  // namespace ludus::server
