// SPDX-License-Identifier: Apache-2.0
#pragma once
// One exception type for every user-facing error: bad game name, bad option, illegal
// move, corrupt record.  Its message is a single line meant for the user.
#include <stdexcept>
#include <string>

namespace ludus {

class LudusError : public std::runtime_error {
 public:
  explicit LudusError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace ludus
