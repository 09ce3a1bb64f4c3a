// SPDX-License-Identifier: Apache-2.0
#pragma once
// Who sends a command of the text grammar (commands.h): the address it came from, and the
// user its USER PASSWORD proved, once it did.  The front end that logs requests (POST
// /api/command) names that user on the request's log line: a user named by a command's
// words is only ever taken once their password was verified.
#include <string>
#include <string_view>

#include "server/domain/accounts/accounts.h"

namespace ludus::server {

class CommandCaller {
 public:
  // `client`: who sends the command (its address, "mail:ADDRESS" for mail, "" for the
  // server machine's command line; and a device key, over HTTP), for slowing down password
  // guessing without locking the owner out (LoginThrottle).
  explicit CommandCaller(LoginClient client = {}) : client_(std::move(client)) {}

  const LoginClient& client() const { return client_; }
  // The language of the reply (texts.h): the front end's guess (HTTP: Accept-Language) until a
  // password proves a user who chose one (users.language); the reply and its error follow it.
  const Language& language() const { return language_; }
  void set_language(const Language& language) { language_ = language; }
  // The user whose password a command verified last; "" while none was.
  const std::string& user() const { return user_; }

  // Accounts::authenticate (throws 401 on a wrong user or password), remembering the user.
  std::string authenticate(Accounts& accounts, std::string_view user, std::string_view password) {
    user_ = accounts.authenticate(user, password, client_);
    if (const std::optional<Language> chosen = accounts.language(user_)) language_ = *chosen;
    return user_;
  }

 private:
  LoginClient client_;
  std::string user_;
  Language language_;
};

}  // namespace ludus::server
