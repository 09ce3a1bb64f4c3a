// SPDX-License-Identifier: Apache-2.0
// Play by e-mail (server/mail/mail_processor.h): a raw message, as the mail worker
// receives it, carried out against a real database.  Every mail is answered, refused with
// an error reply or ignored; nothing escapes process().
#include "fuzz/fuzz_server.h"
#include "fuzz/fuzz_support.h"
#include "server/mail/mail_processor.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ludus;
  static server::MailProcessor mail(fuzz::FuzzServer::instance().service());
  const std::string_view raw = fuzz::input_text(data, size);
  const bool truncated = raw.size() > mail.limits().max_size;
  const server::MailOutcome outcome = mail.process(raw.substr(0, mail.limits().max_size), truncated);
  FUZZ_CHECK(outcome.summary.find('\n') == std::string::npos, outcome.summary);
  return 0;
}
