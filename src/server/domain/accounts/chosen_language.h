// SPDX-License-Identifier: Apache-2.0
#pragma once
// The language a user reads ludus's mail in (docs/translating.md): users.language when ludus
// speaks it, else English; read inside the caller's transaction (the mail is queued in the
// transaction of the change it reports).
#include <string>

#include "server/base/texts.h"
#include "server/storage/store.h"

namespace ludus::server {

// English for "" (a stranger), no such user, or a language ludus does not speak.
Language chosen_language(Session& session, const std::string& user);

}  // namespace ludus::server
