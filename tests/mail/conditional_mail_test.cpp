// SPDX-License-Identifier: Apache-2.0
// Conditional moves by mail (issue 58, item 1; docs/mail.md): bob mails his lines, in the
// Subject and in a `multiple` body; alice's mailed turn is answered at once, and the reply she
// gets says so; a turn none of his lines answers drops them, and only bob hears of it.
// Delivered to the real SMTP sink.  On SQLite and (pg/) PostgreSQL.
#include "mail/mail_test_support.h"

namespace ludus::mail_testing {
namespace {

std::string mail_from(const std::string& user, const std::string& subject, const std::string& body = "") {
  return "From: " + user + " <" + user + "@example.org>\r\nTo: ludus@games.example.org\r\nSubject: " + subject +
         "\r\nMessage-ID: <" + subject.substr(0, 4) + std::to_string(subject.size()) + "." + user +
         "@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + body;
}

class ConditionalMail : public MailFixture {
 protected:
  void SetUp() override {
    MailFixture::SetUp();
    pbm({"ndengrod", "challenge", "-rated=no", "alice", "bob", "alice-pass"});
  }
  // The mails delivered by the next send, sorted by addressee.
  std::map<std::string, std::vector<SinkMessage>> delivered(SmtpSink& sink) {
    const size_t before = sink.messages().size();
    EXPECT_EQ(send_queue(sink.url()).exit_code, 0);
    std::map<std::string, std::vector<SinkMessage>> out;
    const auto all = sink.messages();
    for (size_t i = before; i < all.size(); ++i) out[all[i].rcpt_to].push_back(all[i]);
    return out;
  }
};

TEST_F(ConditionalMail, LinesByMailAnswerMailedTurnsAtOnce) {
  SmtpSink sink(sink_dir("sink"));
  delivered(sink);  // the new board's mails

  ASSERT_EQ(mail(mail_from("bob", "conditional 1 bob bob-passw if a1 b2 i9 c2; if e5 e6")).exit_code, 0);
  auto mails = delivered(sink);
  ASSERT_EQ(mails["bob@example.org"].size(), 1u);
  EXPECT_TRUE(mails["alice@example.org"].empty()) << "nobody else hears of bob's lines";
  EXPECT_TRUE(contains(mails["bob@example.org"][0].unfolded(), "  if a1 b2 i9 c2\n  if e5 e6")) << mails["bob@example.org"][0].unfolded();
  EXPECT_EQ(mails["bob@example.org"][0].header("Subject"), "Re: conditional 1 bob ***** if a1 b2 i9 c2; if e5 e6");

  ASSERT_EQ(mail(mail_from("alice", "ndengrod move 1 alice alice-pass a1")).exit_code, 0);
  mails = delivered(sink);
  ASSERT_EQ(mails["alice@example.org"].size(), 1u);
  const std::string reply = mails["alice@example.org"][0].unfolded();
  EXPECT_TRUE(contains(reply, "alice plays a1 on board 1 (turn 1); bob's conditional move answers b2 (turn 2)")) << reply;
  EXPECT_TRUE(contains(reply, "Status: x to move (alice), turn 3")) << reply;
  ASSERT_EQ(mails["bob@example.org"].size(), 1u);
  EXPECT_TRUE(contains(mails["bob@example.org"][0].unfolded(), "bob's conditional move answers b2")) << mails["bob@example.org"][0].unfolded();

  // A `multiple` body: show them, then replace them (a reply for each).
  ASSERT_EQ(mail(mail_from("bob", "multiple", "conditional 1 bob bob-passw\r\nconditional 1 bob bob-passw if i9 c2 a3 d2\r\n"))
                .exit_code,
            0);
  mails = delivered(sink);
  ASSERT_EQ(mails["bob@example.org"].size(), 2u);
  const std::string shown = mails["bob@example.org"][0].unfolded() + mails["bob@example.org"][1].unfolded();
  EXPECT_TRUE(contains(shown, "  if i9 c2\n")) << shown;
  EXPECT_TRUE(contains(shown, "  if i9 c2 a3 d2\n")) << shown;

  // alice plays what no line answers: bob's lines go, and only bob is told.
  ASSERT_EQ(mail(mail_from("alice", "ndengrod move 1 alice alice-pass e5")).exit_code, 0);
  mails = delivered(sink);
  ASSERT_EQ(mails["alice@example.org"].size(), 1u);
  EXPECT_FALSE(contains(mails["alice@example.org"][0].unfolded(), "conditional")) << mails["alice@example.org"][0].unfolded();
  ASSERT_EQ(mails["bob@example.org"].size(), 2u);
  bool told = false;
  for (const SinkMessage& m : mails["bob@example.org"])
    if (m.header("Subject") == "Ndengrod Board 1: your conditional moves were dropped") {
      told = true;
      EXPECT_TRUE(contains(m.unfolded(), "your conditional moves on board 1 were dropped: alice played e5 (turn 3), which none of your lines answers"))
          << m.unfolded();
    }
  EXPECT_TRUE(told);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM conditional_moves WHERE tree <> ''"), 0);
}

}  // namespace
}  // namespace ludus::mail_testing
