// SPDX-License-Identifier: Apache-2.0
// Bad mail gets a clear error reply (`Board N Error`, quoting the mail with passwords
// hidden) and changes nothing; user data never adds a header to a mail ludus sends.
#include "mail/mail_test_support.h"
#include "server/mail/mail_processor.h"

namespace ludus::mail_testing {
namespace {

using server::OutboxStatus;

class MailMalformed : public MailFixture {
 protected:
  void SetUp() override {
    MailFixture::SetUp();
    pbm({"ndengrod", "challenge", "alice", "bob", "alice-pass"});
    baseline_ = scalar("SELECT COUNT(*) FROM outbox");
  }
  // The board is untouched: no move, no comment, no ending.
  void expect_no_change(const std::string& what) {
    EXPECT_EQ(scalar("SELECT COUNT(*) FROM moves"), 0) << what;
    EXPECT_EQ(scalar("SELECT COUNT(*) FROM comments"), 0) << what;
    EXPECT_EQ(scalar("SELECT revision FROM games WHERE id = 1"), 0) << what;
  }
  // The one new outbox row is an error reply to alice; returns its body.
  std::string expect_error_reply(const std::string& what, const std::string& subject) {
    EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox"), baseline_ + 1) << what;
    server::Store store(db_);
    auto session = store.session();
    auto q = session.connection().query(
        "SELECT recipient, subject, body FROM outbox ORDER BY id DESC LIMIT 1");
    if (!q.step()) return "";
    EXPECT_EQ(q.text(0), "alice@example.org") << what;
    EXPECT_EQ(q.text(1), subject) << what;
    baseline_ = scalar("SELECT COUNT(*) FROM outbox");
    return q.text(2);
  }
  // Mails counted under `outcome` and `reason` (mail_store.h: count_received_mail).
  int received(const std::string& outcome, const std::string& reason) {
    return scalar(("SELECT COALESCE(SUM(count), 0) FROM mail_received WHERE outcome = '" + outcome +
                   "' AND reason = '" + reason + "'")
                      .c_str());
  }
  int baseline_ = 0;
};

TEST_F(MailMalformed, EveryMailOfTheCorpusGetsAnErrorReplyAndChangesNothing) {
  // The error reply's reason, and the reason the mail is counted under (ludus_mail_received_total).
  const std::map<std::string, std::pair<std::string, std::string>> reasons = {
      {"no_subject.eml", {"no Subject", "malformed"}},
      {"unknown_command.eml", {"unknown command 'frobnicate'", "bad_command"}},
      {"broken_mime_no_boundary.eml", {"broken MIME", "unreadable_body"}},
      {"broken_mime_no_parts.eml", {"broken MIME", "unreadable_body"}},
      {"broken_mime_encoding.eml", {"unknown Content-Transfer-Encoding", "unreadable_body"}},
      {"wrong_charset.eml", {"not valid text in its charset 'utf-8'", "unreadable_body"}},
      {"unknown_charset.eml", {"unknown charset 'x-klingon'", "unreadable_body"}},
      {"html_only.eml", {"no plain-text part", "unreadable_body"}},
      {"invalid_utf8_base64.eml", {"not valid text", "unreadable_body"}},
      {"comment_too_long.eml", {"comment is longer than", "bad_command"}},
      {"wrong_password.eml", {"wrong user id or password", "bad_password"}},
      {"illegal_move.eml", {"zz99", "bad_command"}},
      // Escape sequences in a mailed comment, in the body or in an encoded Subject: the rule of
      // users' text, as over HTTP (tests/server/operator_text_test.cpp).
      {"comment_escapes.eml", {"control character U+001B", "bad_command"}},
      {"subject_escapes.eml", {"control character U+001B", "bad_command"}},
      // A C1 CSI and a right-to-left override in an unknown command: quoted by the reply and
      // by `ludus mail` on standard error, escaped there (terminal_safe).
      {"unknown_command_controls.eml", {"unknown command", "bad_command"}},
  };
  const auto corpus = std::filesystem::path(LUDUS_SOURCE_DIR) / "tests" / "mail" / "malformed";
  size_t seen = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    const std::string name = entry.path().filename().string();
    SCOPED_TRACE(name);
    ASSERT_TRUE(reasons.count(name)) << "add the expected reason of " << name;
    ++seen;
    const int counted = received("refused", reasons.at(name).second);
    RunResult r = mail(ludus::testing::read_text(entry.path()));
    EXPECT_EQ(r.exit_code, 0) << r.err;  // answered: the mail server must not bounce it too
    for (const char* raw : {"\x1b", "\a", "\xc2\x9b", "\xe2\x80\xae"})
      EXPECT_FALSE(contains(r.err, raw)) << "a raw control on the terminal of `ludus mail`: " << r.err;
    // Every Subject of the corpus but the missing one names board 1, also when the body is bad.
    const std::string body = expect_error_reply(name, name == "no_subject.eml" ? "Board Error" : "Board 1 Error");
    EXPECT_TRUE(contains(body, reasons.at(name).first)) << body;
    EXPECT_EQ(received("refused", reasons.at(name).second), counted + 1);
    EXPECT_FALSE(contains(body, "alice-pass")) << "the password is never echoed: " << body;
    expect_no_change(name);
  }
  EXPECT_EQ(seen, reasons.size());
}

TEST_F(MailMalformed, ATenMegabyteMailIsRefusedWithoutReadingItsBody) {
  std::string huge = mail_from_alice("ndengrod move 1 alice alice-pass e5", std::string(10 << 20, 'a'));
  RunResult r = mail(huge);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string body = expect_error_reply("10 MB", "Board 1 Error");
  EXPECT_TRUE(contains(body, "bigger than 1048576 bytes")) << body.substr(0, 500);
  EXPECT_EQ(received("refused", "too_big"), 1);
  expect_no_change("10 MB");
}

TEST_F(MailMalformed, ABadBodyStopsOnlyTheCommandsThatReadIt) {
  // The corpus's bad bodies under commands that ignore the body (docs/mail.md): carried out
  // and answered; under a move, refused as before (the corpus test above).
  const auto corpus = std::filesystem::path(LUDUS_SOURCE_DIR) / "tests" / "mail" / "malformed";
  const std::string subject = "Subject: ndengrod move 1 alice alice-pass e5";
  int comments = 0;
  for (const char* name : {"wrong_charset.eml", "unknown_charset.eml", "html_only.eml", "invalid_utf8_base64.eml",
                           "broken_mime_no_boundary.eml", "broken_mime_no_parts.eml", "broken_mime_encoding.eml"}) {
    SCOPED_TRACE(name);
    const std::string original = ludus::testing::read_text(corpus / name);
    const size_t at = original.find(subject);
    ASSERT_NE(at, std::string::npos);
    for (const auto& [command, reply] : std::map<std::string, std::string>{
             {"show 1", "Re: show 1"},
             {"ndengrod history 1", "Re: ndengrod history 1"},
             {"comment 1 alice alice-pass nice board", "Re: comment 1 alice ***** nice board"}}) {
      std::string changed = original;
      changed.replace(at, subject.size(), "Subject: " + command);
      RunResult r = mail(changed);
      EXPECT_EQ(r.exit_code, 0) << r.err;
      server::Store store(db_);
      auto session = store.session();
      auto q = session.connection().query("SELECT subject, body FROM outbox WHERE recipient = 'alice@example.org' ORDER BY id DESC LIMIT 1");
      ASSERT_TRUE(q.step());
      EXPECT_EQ(q.text(0), reply) << q.text(1);
      EXPECT_TRUE(contains(q.text(1), "Board 1: Ndengrod") || contains(q.text(1), "alice commented on board 1"))
          << q.text(1);
    }
    EXPECT_EQ(scalar("SELECT COUNT(*) FROM comments"), ++comments);
  }
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM moves"), 0);
  baseline_ = scalar("SELECT COUNT(*) FROM outbox");
}

TEST_F(MailMalformed, NotAMailAndAutomaticMailsAreNotAnswered) {
  RunResult garbage = mail("this is not a mail at all\n\nno headers\n");
  EXPECT_EQ(garbage.exit_code, 65) << garbage.err;  // EX_DATAERR: the mail server bounces it
  EXPECT_TRUE(contains(garbage.err, "no From")) << garbage.err;
  RunResult bounce = mail(mail_from_alice("ndengrod move 1 alice alice-pass e5", "", "Auto-Submitted: auto-replied\r\n"));
  EXPECT_EQ(bounce.exit_code, 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox"), baseline_) << "no reply to a robot";
  expect_no_change("automatic");
}

// What became of every mail `ludus mail` read is counted in the database, where the
// server's /metrics reads it (ludus_mail_received_total), by outcome and reason.
TEST_F(MailMalformed, EveryMailReadIsCountedByOutcomeAndReason) {
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM mail_received"), 0);
  EXPECT_EQ(mail(mail_from_alice("ndengrod move 1 alice alice-pass e5")).exit_code, 0);
  EXPECT_EQ(mail(mail_from_alice("ndengrod move 1 bob bob-passw zz99")).exit_code, 0);  // bob's turn, no such cell
  EXPECT_EQ(mail(mail_from_alice("ndengrod move 1 bob wrong-pass d4")).exit_code, 0);
  EXPECT_EQ(mail(mail_from_alice("ndengrod move 7 alice alice-pass e6")).exit_code, 0);
  EXPECT_EQ(mail(mail_from_alice("ndengrod move 1 alice alice-pass e6", "", "Auto-Submitted: auto-replied\r\n")).exit_code, 0);
  EXPECT_EQ(mail("not a mail\n").exit_code, 65);
  EXPECT_EQ(received("answered", "none"), 1);
  EXPECT_EQ(received("refused", "bad_command"), 1);
  EXPECT_EQ(received("refused", "bad_password"), 1);
  EXPECT_EQ(received("refused", "not_found"), 1);
  EXPECT_EQ(received("ignored", "automatic"), 1);
  EXPECT_EQ(received("ignored", "no_address"), 1);
  EXPECT_EQ(scalar("SELECT SUM(count) FROM mail_received"), 6);
}

TEST_F(MailMalformed, BouncesListsAndVacationRepliesAreNotAnswered) {
  for (const std::string headers : {"Return-Path: <>\r\n", "List-Id: <games.lists.example.org>\r\n",
                                    "List-Unsubscribe: <mailto:leave@lists.example.org>\r\n", "X-Autoreply: yes\r\n",
                                    "X-Autorespond: on vacation\r\n", "Precedence: bulk\r\n"}) {
    RunResult r = mail(mail_from_alice("help", "", headers));
    EXPECT_EQ(r.exit_code, 0) << headers << r.err;
    EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox"), baseline_) << "answered: " << headers;
  }
  RunResult daemon = mail("From: MAILER-DAEMON@mx.example.org\r\nTo: ludus@games.example.org\r\nSubject: help\r\n\r\nbounce\r\n");
  EXPECT_EQ(daemon.exit_code, 0) << daemon.err;
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox"), baseline_) << "no reply to a mailer daemon";
}

TEST_F(MailMalformed, AForgedReplyAddressIsAnsweredABoundedNumberOfTimes) {
  // Every mail names a victim as Reply-To; ludus answers it at most max_replies_per_hour
  // times an hour, whatever the mails ask (a signup needs no password).
  const int limit = server::MailLimits{}.max_replies_per_hour;
  int answered = 0;
  for (int i = 0; i < limit + 10; ++i) {
    const std::string raw = "From: someone@example.net\r\nReply-To: victim@example.com\r\nTo: ludus@games.example.org\r\n"
                            "Subject: help\r\n\r\n";
    RunResult r = mail(raw);
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  answered = scalar("SELECT COUNT(*) FROM outbox WHERE recipient = 'victim@example.com'");
  EXPECT_EQ(answered, limit);
  EXPECT_EQ(received("answered", "none"), limit);
  EXPECT_EQ(received("ignored", "flooded"), 10) << "the mails not answered are counted as a flood";
}

TEST_F(MailMalformed, DeeplyNestedAndManyPartMailsAreRefusedOrReadWithoutHarm) {
  // A MIME bomb within the size limit: thousands of nested multiparts, then thousands of parts.
  std::string nested = "From: Alice <alice@example.org>\r\nSubject: help\r\nMIME-Version: 1.0\r\n";
  const int depth = 5000;
  for (int i = 0; i < depth; ++i)
    nested += "Content-Type: multipart/mixed; boundary=\"b" + std::to_string(i) + "\"\r\n\r\n--b" + std::to_string(i) + "\r\n";
  nested += "Content-Type: text/plain\r\n\r\ndeep\r\n";
  RunResult deep = mail(nested);
  EXPECT_TRUE(deep.exit_code == 0 || deep.exit_code == 65) << deep.exit_code << deep.err;
  std::string wide = "From: Alice <alice@example.org>\r\nSubject: help\r\nMIME-Version: 1.0\r\n"
                     "Content-Type: multipart/mixed; boundary=\"w\"\r\n\r\n";
  for (int i = 0; i < 20000; ++i) wide += "--w\r\nContent-Type: application/octet-stream\r\n\r\nx\r\n";
  wide += "--w--\r\n";
  RunResult many = mail(wide);
  EXPECT_TRUE(many.exit_code == 0 || many.exit_code == 65) << many.exit_code << many.err;
  expect_no_change("MIME bombs");
}

TEST_F(MailMalformed, UserDataNeverAddsAHeaderOrARecipient) {
  SmtpSink sink(sink_dir("sink"));
  ASSERT_EQ(send_queue(sink.url()).exit_code, 0);
  const size_t before = sink.messages().size();
  // An encoded Subject that decodes to a CR LF and a Bcc line, inside a comment command
  // that succeeds (so the text comes back in the reply's Subject and bob's mail).
  // =?utf-8?b?...?= of "comment 1 alice alice-pass hi\r\nBcc: evil@example.net".
  const std::string subject = "=?utf-8?b?Y29tbWVudCAxIGFsaWNlIGFsaWNlLXBhc3MgaGkNCkJjYzogZXZpbEBleGFtcGxlLm5ldA==?=";
  RunResult r = mail(mail_from_alice(subject, "", "Reply-To: =?utf-8?q?x=0D=0ABcc=3A_evil2=40example=2Enet?= <alice@example.org>\r\n"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM comments WHERE body = 'hi Bcc: evil@example.net'"), 1);
  ASSERT_EQ(send_queue(sink.url()).exit_code, 0);
  auto messages = sink.messages();
  ASSERT_GT(messages.size(), before);
  for (size_t i = before; i < messages.size(); ++i) {
    const SinkMessage& m = messages[i];
    EXPECT_FALSE(m.has_header("Bcc")) << m.text;
    EXPECT_FALSE(contains(m.rcpt_to, "evil")) << m.rcpt_to;
    EXPECT_TRUE(m.rcpt_to == "alice@example.org" || m.rcpt_to == "bob@example.org") << m.rcpt_to;
  }
  // An address with a line break is refused at sign-up.
  RunResult bad = run_ludus({"pbm", "--db", db_, "--test-hashing", "signup", "carol", "carol-pass", "carol@x.org\r\nBcc: e@x.org"});
  EXPECT_NE(bad.exit_code, 0);
}

}  // namespace
}  // namespace ludus::mail_testing
