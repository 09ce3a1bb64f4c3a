// SPDX-License-Identifier: Apache-2.0
#include "core/ending.h"

namespace ludus {

std::string_view ending_name(Ending ending) {
  switch (ending) {
    case Ending::None: return "";
    case Ending::Rules: return "rules";
    case Ending::Resignation: return "resign";
    case Ending::Agreement: return "agreement";
    case Ending::Timeout: return "timeout";
    case Ending::Adjudication: return "adjudicated";
    case Ending::Aborted: return "aborted";
  }
  return "";
}

std::optional<Ending> ending_by_name(std::string_view name) {
  for (Ending e : {Ending::None, Ending::Rules, Ending::Resignation, Ending::Agreement, Ending::Timeout,
                   Ending::Adjudication, Ending::Aborted})
    if (ending_name(e) == name) return e;
  return std::nullopt;
}

}  // namespace ludus
