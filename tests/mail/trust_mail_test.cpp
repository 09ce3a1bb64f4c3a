// SPDX-License-Identifier: Apache-2.0
// Issue 56's findings 4 and 8, with the real binaries: a mailed code is never at rest in
// clear (the outbox holds it apart and forgets it once sent; `ludus db export` and `ludus db
// backup` never carry it), and `ludus mail` processes share the per-address limits of
// sign-ups and reset requests with each other and with the server (counted in the
// database).  On SQLite and (pg/) PostgreSQL.
#include <filesystem>

#include "mail/mail_test_support.h"
#include "server/storage/store.h"
#include "support/files.h"

namespace ludus::mail_testing {
namespace {

class TrustMail : public MailFixture {
 protected:
  // The code the newest outbox row to `address` carries apart from its text.
  std::string queued_code(const std::string& address) {
    server::Store store(db_);
    auto session = store.session();
    auto q = session.connection().query("SELECT secret FROM outbox WHERE recipient = ?1 ORDER BY id DESC");
    q.bind_all(address);
    return q.step() ? q.text(0) : "";
  }
  static std::string mail_from(const std::string& sender, const std::string& subject) {
    return "From: " + sender + "\r\nTo: ludus@games.example.org\r\nSubject: " + subject +
           "\r\nMessage-ID: <" + std::to_string(std::hash<std::string>{}(subject)) + "@example.org>\r\n"
           "Content-Type: text/plain; charset=utf-8\r\n\r\n";
  }
};

TEST_F(TrustMail, AMailedCodeIsInNoExportNoBackupAndNoRowOnceSent) {
  pbm({"reset", "alice"});
  const std::string code = queued_code("alice@example.org");
  ASSERT_EQ(code.size(), 11u) << "the code waits apart from the mail's text";
  const std::string bare = code.substr(0, 5) + code.substr(6);
  {
    server::Store store(db_);
    auto session = store.session();
    auto q = session.connection().query("SELECT body FROM outbox WHERE recipient = 'alice@example.org' ORDER BY id DESC");
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.text(0).find(code), std::string::npos) << q.text(0);
    EXPECT_NE(q.text(0).find("Your code: {code}"), std::string::npos) << q.text(0);
  }
  // The audit's reproduction: `ludus db export | grep 'Your code'`.
  const RunResult exported = run_ludus({"db", "export", "--db", db_});
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  EXPECT_EQ(exported.out.find(code), std::string::npos);
  EXPECT_EQ(exported.out.find(bare), std::string::npos);
  EXPECT_NE(exported.out.find("Your code: {code}"), std::string::npos) << "the mail's text is exported";
  if (!server::testing::testing_postgres()) {  // `ludus db backup` copies SQLite files
    const auto copy = dir_ / "copy.db";
    const RunResult backup = run_ludus({"db", "backup", "--db", db_, copy.string()});
    ASSERT_EQ(backup.exit_code, 0) << backup.err;
    const std::string bytes = ludus::testing::read_text(copy);
    ASSERT_GT(bytes.size(), 4096u);
    EXPECT_EQ(bytes.find(code), std::string::npos) << "the backup file holds the code";
    server::Store restored(copy.string());
    auto session = restored.session();
    auto q = session.connection().query("SELECT status, secret FROM outbox WHERE recipient = 'alice@example.org'");
    ASSERT_TRUE(q.step());
    EXPECT_EQ(q.text(0), "failed") << "the restored copy never sends a mail whose code it lost";
    EXPECT_EQ(q.text(1), "");
  }
  // Sent through a real SMTP server: the mail has the code, the row no longer does.
  SmtpSink sink(dir_ / "sink");
  const RunResult sent = send_queue(sink.url());
  ASSERT_EQ(sent.exit_code, 0) << sent.out << sent.err;
  const auto messages = sink.await_messages(1);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(mailed_code(messages[0].text), code);
  EXPECT_EQ(queued_code("alice@example.org"), "");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE secret <> '' OR secret_until IS NOT NULL"), 0);
  // And the code works (once).
  pbm({"reset", "alice", code, "alice-new-password"});
}

TEST_F(TrustMail, AnExpiredCodeIsForgottenAndItsMailNeverSent) {
  pbm({"reset", "alice"});
  ASSERT_FALSE(queued_code("alice@example.org").empty());
  // Two hours later (codes live one), the cleanup forgets it before any sender came by.
  const RunResult cleanup = run_ludus({"cleanup", "--db", db_, "--now", utc_in(7200)});
  ASSERT_EQ(cleanup.exit_code, 0) << cleanup.err;
  EXPECT_EQ(queued_code("alice@example.org"), "");
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE recipient = 'alice@example.org' AND status = 'failed'"), 1);
}

// The audit: 25 `signup` mails from one sender made 25 accounts, 15 `reset` mails were all
// answered; every `ludus mail` process started its limits afresh.
TEST_F(TrustMail, MailProcessesShareThePerAddressLimitsOfSignupsAndResets) {
  const std::string sender = "mallory@example.net";
  for (int i = 0; i < 25; ++i) {
    const RunResult r = mail(mail_from(sender, "signup sock" + std::to_string(i) + " sock-password-" + std::to_string(i)));
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM users WHERE id LIKE 'sock%'"), 20) << "as over HTTP: 20 an hour";
  EXPECT_EQ(scalar("SELECT count FROM mail_received WHERE reason = 'rate_limited'"), 5);
  for (int i = 0; i < 15; ++i) ASSERT_EQ(mail(mail_from(sender, "reset alice")).exit_code, 0);
  EXPECT_EQ(scalar("SELECT count FROM mail_received WHERE reason = 'rate_limited'"), 5 + 5)
      << "10 reset requests an hour from one address, as over HTTP";
  // Another sender is not held up.
  ASSERT_EQ(mail(mail_from("someone@example.com", "signup fresh1 fresh-password-1")).exit_code, 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM users WHERE id = 'fresh1'"), 1);
}

}  // namespace
}  // namespace ludus::mail_testing
