// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the one-shot commands on the server's database (pbm, mail, cleanup, db) share.
#include <iostream>

#include "cli/command.h"
#include "core/text.h"
#include "server/domain/accounts/accounts.h"
#include "server/base/errors.h"
#include "server/mail/mail_notifier.h"
#include "server/domain/service.h"
#include "server/storage/store.h"

namespace ludus::cli {

// The play service as a command uses it with no server running: players are told by mail
// (queued in the outbox) and the computer's moves are made at once, before it returns.
// `public_url`: the web page's address for the links in mails ("" = none; --public-url).
struct OfflineService {
  OfflineService(server::Store& store, server::PasswordPolicy policy, server::Clock clock,
                 const std::string& public_url = "")
      : accounts(store, policy, clock), service(store, accounts) {
    const server::PublicUrl url = server::PublicUrl::parse(public_url);
    accounts.set_public_url(url);
    service.set_event_sink(server::mail_notifier(clock, url));
    service.set_offer_sink(server::offer_mail_notifier(clock, url));
    service.tournaments().set_event_sink(server::tournament_mail_notifier(std::move(clock), url));
    service.set_inline_ai(true);
    // No mail worker runs here: a reset request queued by the command is answered at once
    // (the reply of a one-shot command or a mail is not timed by whoever asked).
    accounts.set_reset_listener([this] { accounts.answer_reset_requests(); });
  }
  OfflineService(const OfflineService&) = delete;
  OfflineService& operator=(const OfflineService&) = delete;
  server::Accounts accounts;
  server::Service service;
};

// --public-url URL (default: the environment's LUDUS_PUBLIC_URL): the web page's address,
// which every mail a command queues links to (docs/mail.md, "Links in mails").
inline CLI::Option* add_public_url_option(CLI::App& app, std::string& url) {
  return app.add_option("--public-url", url, "The web page's address, for the links in mails (https://games.example.org)")
      ->envname("LUDUS_PUBLIC_URL")
      ->check([](const std::string& text) {
        try {
          server::PublicUrl::parse(text);
          return std::string();
        } catch (const server::ServiceError& e) {
          return std::string(e.what());
        }
      });
}

// Prints a server error as one line (terminal_safe: it may quote what a user wrote); the
// exit code is kExitUsage for a bad request (400), `otherwise` for the rest.
inline int report_server_error(const server::ServiceError& e, int otherwise = kExitFailure,
                               const server::Language& language = server::Language()) {
  std::cerr << "ludus: error: " << terminal_safe(e.message_in(language)) << "\n";
  return e.kind() == server::ErrorKind::BadRequest ? kExitUsage : otherwise;
}

}  // namespace ludus::cli
