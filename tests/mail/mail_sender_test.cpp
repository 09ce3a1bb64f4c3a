// SPDX-License-Identifier: Apache-2.0
// The outbox senders: two at once never send a mail twice, and the sendmail transport.
#include <cstdlib>

#include "mail/mail_test_support.h"

namespace ludus::mail_testing {
namespace {

class MailSenders : public MailFixture {
 protected:
  void SetUp() override {
    MailFixture::SetUp();
    pbm({"ndengrod", "challenge", "alice", "bob", "alice-pass"});
    // Ten comments: each one a reply to alice and a mail to bob.
    std::string body;
    for (int i = 0; i < 10; ++i) body += "comment 1 alice alice-pass note " + std::to_string(i) + "\r\n";
    RunResult r = mail(mail_from_alice("multiple", body));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    queued_ = outbox(server::OutboxStatus::Queued);
    ASSERT_EQ(queued_, 22);
  }
  int queued_ = 0;
};

TEST_F(MailSenders, TwoSendersAtOnceDeliverEveryMailExactlyOnce) {
  SmtpSink sink(sink_dir("sink"));
  // Under PostgreSQL the two claims conflict now and then (SERIALIZABLE writes); the
  // sender must run its claim again, not give up.  Each sender's output is kept for the
  // failure message.
  const std::string log = sink_dir("sender-log");
  auto sender = [&](int i) {
    return "{ " + ludus::testing::shell_quote(LUDUS_BINARY) + " mail --send-queue --db " +
           ludus::testing::shell_quote(db_) + " --smtp " + sink.url() + " || echo \"sender " + std::to_string(i) +
           " failed\"; } >>" + ludus::testing::shell_quote(log) + " 2>&1";
  };
  const std::string both = "(" + sender(1) + " & " + sender(2) + " & wait)";
  ASSERT_EQ(std::system(both.c_str()), 0);
  const std::string output = ludus::testing::read_text(log);
  EXPECT_FALSE(contains(output, "failed")) << output;
  auto messages = sink.messages();
  EXPECT_EQ(messages.size(), static_cast<size_t>(queued_));
  std::set<std::string> ids;
  for (const auto& m : messages) ids.insert(m.header("Message-Id"));
  EXPECT_EQ(ids.size(), messages.size()) << "a mail was sent twice";
  EXPECT_EQ(outbox(server::OutboxStatus::Sent), queued_);
}

TEST_F(MailSenders, TheSendmailTransportHandsOverEveryMail) {
  const std::string dir = sink_dir("sendmail");
  std::filesystem::create_directories(dir);
  setenv("LUDUS_TEST_SENDMAIL_DIR", dir.c_str(), 1);
  const std::string program = std::string(LUDUS_SOURCE_DIR) + "/tests/mail/sendmail_to_dir.sh";
  RunResult r = run_ludus({"mail", "--db", db_, "--send-queue", "--sendmail", program, "--from", "ludus@example.org"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "sent 22")) << r.out;
  EXPECT_EQ(ludus::testing::read_text(std::filesystem::path(dir) / "0.args"), "-t -i\n");
  const std::string first = ludus::testing::read_text(std::filesystem::path(dir) / "0.eml");
  EXPECT_TRUE(contains(first, "To: alice@example.org\n")) << first;
  EXPECT_FALSE(contains(first, "\r\n")) << "sendmail reads LF line ends";
  // A sendmail that fails keeps the mail queued.
  pbm({"comment", "1", "bob", "bob-passw", "one more"});
  RunResult failing = run_ludus({"mail", "--db", db_, "--send-queue", "--sendmail", "/bin/false"});
  EXPECT_EQ(failing.exit_code, 1);
  // /bin/false may exit before ludus has written the mail: then the write fails instead.
  EXPECT_TRUE(contains(failing.err, "exit status 1") || contains(failing.err, "Broken pipe")) << failing.err;
  EXPECT_EQ(outbox(server::OutboxStatus::Queued), 1) << "alice's; bob is not mailed his own comment";
}

}  // namespace
}  // namespace ludus::mail_testing
