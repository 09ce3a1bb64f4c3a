// SPDX-License-Identifier: Apache-2.0
#pragma once
// Delivers the outbox: claims due rows (so two senders never send one row), sends each
// over SMTP with libcurl or through `sendmail -t -i`, and marks it sent only after the
// server accepted it (SMTP 250 / sendmail exit 0).  A failure is retried with exponential
// backoff; a permanent refusal (SMTP 5xx) marks the row failed with the server's reason.
//
// Exactly once is what a crash allows: a sender that dies between the server's 250 and
// the database update sends that row again once its claim runs out; the mail keeps its
// Message-ID (ludus.ROW.CREATED@domain) so the copy can be recognized.
#include <chrono>
#include <cstdint>
#include <string>

#include "server/domain/accounts/accounts.h"
#include "server/storage/store.h"

namespace ludus::server {

struct MailTransport {
  // smtp://host[:port] (STARTTLS when the server offers it, required with require_tls),
  // smtps://host[:port] (TLS from the start); user:password@ in the URL for AUTH.
  std::string smtp_url;
  bool require_tls = false;
  // Instead of SMTP: this program, run as `PROGRAM -t -i` with the message on its input.
  std::string sendmail;
  std::string from_address = "ludus@localhost";
  std::string from_name = "ludus";
  std::chrono::seconds timeout{60};

  bool configured() const { return !smtp_url.empty() || !sendmail.empty(); }
};

struct SendReport {
  int sent = 0;
  int retried = 0;  // failed for now, tried again later
  int failed = 0;   // refused for good
  std::string last_error;
};

class MailSender {
 public:
  static constexpr int64_t kFirstRetry = 60;          // seconds after the first failure ...
  static constexpr int64_t kLongestRetry = 6 * 3600;  // ... doubling up to this
  static constexpr int64_t kClaimSeconds = 600;       // a claimed row is free again after this

  MailSender(Store& store, MailTransport transport, Clock clock);

  // Sends every row due now (in batches), each at most once in this call.
  SendReport send_due();
  // Whether a row is due now: a read transaction, cheap enough to ask a few times a second.
  bool has_due();

 private:
  // "" on success, else the reason; `permanent` when the server refused for good.
  std::string deliver(const std::string& recipient, const std::string& message, bool& permanent);
  std::string deliver_smtp(const std::string& recipient, const std::string& message, bool& permanent);
  std::string deliver_sendmail(const std::string& message);

  Store* store_;
  MailTransport transport_;
  Clock clock_;
};

// "ludus.ROW.CREATED@DOMAIN" where DOMAIN is the from address's.
std::string outbox_message_id(int64_t row, int64_t created_at, const std::string& from_address);

}  // namespace ludus::server
