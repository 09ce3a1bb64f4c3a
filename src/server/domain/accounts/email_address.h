// SPDX-License-Identifier: Apache-2.0
#pragma once
// An e-mail address as ludus accepts one: an account's address and a mail's reply address.
#include <string_view>

namespace ludus::server {

// An address usable as an SMTP envelope address and To: (local@domain, printable ASCII
// without blanks, quotes, angle brackets or commas).
bool is_plain_address(std::string_view address);

}  // namespace ludus::server
