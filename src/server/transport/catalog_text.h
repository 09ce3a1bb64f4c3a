// SPDX-License-Identifier: Apache-2.0
#pragma once
// GET /api/catalog in the reader's language: the games' prose (their summaries, their
// options' help, their turns' help and examples' meanings) from the server's catalogue
// (the games mark it N_, core/translatable.h), and `colour_names` beside `colours`, which
// stay the names programs and the page's drawing use.  Each language's reply is made once.
#include <string>

#include "server/base/texts.h"

namespace ludus::server {

const std::string& catalog_text(const Language& language);

}  // namespace ludus::server
