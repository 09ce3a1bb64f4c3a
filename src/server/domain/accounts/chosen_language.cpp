// SPDX-License-Identifier: Apache-2.0
#include "server/domain/accounts/chosen_language.h"

#include "server/storage/account_store.h"

namespace ludus::server {

Language chosen_language(Session& session, const std::string& user) {
  if (user.empty()) return Language();
  return Language::of(user_language(session, user).value_or(""));
}

}  // namespace ludus::server
