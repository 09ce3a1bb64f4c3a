// SPDX-License-Identifier: Apache-2.0
#pragma once
// The outbound mail options shared by `ludus mail --send-queue` and `ludus serve`:
// --smtp URL, --starttls, --sendmail PROGRAM, --from ADDRESS (defined in mail_command.cpp).
#include <CLI/CLI.hpp>

#include "server/mail/mail_sender.h"

namespace ludus::cli {

void add_mail_transport_options(CLI::App& app, server::MailTransport& transport);

}  // namespace ludus::cli
