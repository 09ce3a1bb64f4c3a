// SPDX-License-Identifier: Apache-2.0
#pragma once
// Enumerations stored and shown by name: each keeps its names in an array indexed by the
// enumerator, and this finds the enumerator of a name.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace ludus::server {

template <class Enum, size_t N>
std::optional<Enum> enum_by_name(std::string_view name, const std::array<std::string_view, N>& names) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == name) return static_cast<Enum>(i);
  return std::nullopt;
}

}  // namespace ludus::server
