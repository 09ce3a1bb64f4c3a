// SPDX-License-Identifier: Apache-2.0
#pragma once
// One inbound mail carried out: the Subject is one command of the text grammar
// (server/commands.h), or `multiple` for one command per body line; the body, without
// quoted text and signature, is the comment stored with a move.  Every outcome is a
// mail in the outbox: the reply (queued with the change it reports, see mail_notifier.h),
// or `Board N Error` quoting the mail.  Identity is the command's USER PASSWORD, as
// everywhere: the From address is only where the reply goes.
#include <cstddef>
#include <string>
#include <string_view>

#include "server/domain/service.h"
#include "server/storage/mail_store.h"

namespace ludus::server {

struct MailLimits {
  size_t max_size = size_t{1} << 20;  // bytes of a whole mail; bigger ones are refused
  int max_commands = 20;              // lines of a `multiple` mail
  // Mails an address may be sent in an hour before its mails are no longer answered: the
  // reply address is whatever the sender wrote, so a forged one (or a loop with another
  // robot) would otherwise turn ludus into a mail cannon.
  int max_replies_per_hour = 40;
};

struct MailOutcome {
  MailReason reason = MailReason::None;  // None: every command was carried out and answered
  std::string summary;                   // one line for the log
  // Answered; Refused: an error reply was queued (commands before the failing one stand);
  // Ignored: nobody to answer (no From address), an automatic mail or a flooded address.
  ReceivedMail outcome() const { return outcome_of(reason); }
};

class MailProcessor {
 public:
  explicit MailProcessor(Service& service, MailLimits limits = {}) : service_(&service), limits_(limits) {}

  // `raw` is the mail, or its first max_size bytes when `truncated` (it was bigger).  The
  // outcome is also counted in the database (mail_store.h: count_received_mail), for the
  // metrics: a refusal in the transaction that queues its error reply, anything else in a
  // transaction of its own once the mail is carried out.  A mail that throws (the database
  // away: the mail server tries again later) is not counted.
  MailOutcome process(std::string_view raw, bool truncated = false);

  const MailLimits& limits() const { return limits_; }

 private:
  MailOutcome carry_out(std::string_view raw, bool truncated);

  Service* service_;
  MailLimits limits_;
};

}  // namespace ludus::server
