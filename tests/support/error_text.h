// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one-line message of the LudusError a call throws, for tests of error texts.
#include <functional>
#include <string>

#include "core/error.h"

namespace ludus::testing {

// What `call` throws as a LudusError, or "no error" when it returns.
inline std::string error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const LudusError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace ludus::testing
