// SPDX-License-Identifier: Apache-2.0
#include "server/domain/accounts/email_address.h"

#include <algorithm>

namespace ludus::server {

bool is_plain_address(std::string_view address) {
  if (address.empty() || address.size() > 254) return false;
  const auto at = address.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == address.size()) return false;
  return std::all_of(address.begin(), address.end(), [](char c) {
    const auto ch = static_cast<unsigned char>(c);
    return ch > ' ' && ch < 0x7f && ch != '<' && ch != '>' && ch != '"' && ch != ',' && ch != '(' && ch != ')' &&
           ch != ';' && ch != '\\' && ch != '[' && ch != ']';
  });
}

}  // namespace ludus::server
