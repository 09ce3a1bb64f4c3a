// SPDX-License-Identifier: Apache-2.0
// Answering a ludus mail (issue 43): the Subject's reply and forward prefixes and list tags
// are stripped, a reply whose Subject is the notification's carries its command in the body's
// first line, and a mail's footer suggests commands that can still be carried out.
#include "mail/mail_test_support.h"

#include "server/mail/mail_mime.h"

namespace ludus::mail_testing {
namespace {

class MailReply : public MailFixture {
 protected:
  void SetUp() override {
    MailFixture::SetUp();
    pbm({"ndengrod", "challenge", "alice", "bob", "alice-pass"});
  }
  // How many queued mails have this Subject.
  int replies(const std::string& subject) {
    server::Store store(db_);
    auto session = store.session();
    auto q = session.connection().query("SELECT COUNT(*) FROM outbox WHERE subject = ?1");
    q.bind(1, subject);
    return q.step() ? q.integer(0) : -1;
  }
  std::string last_body() {
    server::Store store(db_);
    auto session = store.session();
    auto q = session.connection().query("SELECT body FROM outbox ORDER BY id DESC LIMIT 1");
    return q.step() ? q.text(0) : "";
  }
};

TEST(ReplyPrefixes, AreStrippedInAnyCaseAndRepeated) {
  using server::without_reply_prefixes;
  EXPECT_EQ(without_reply_prefixes("Re: show 1"), "show 1");
  EXPECT_EQ(without_reply_prefixes("RE:show 1"), "show 1");
  EXPECT_EQ(without_reply_prefixes("Aw: Fwd: SV: show 1"), "show 1");
  EXPECT_EQ(without_reply_prefixes("[ludus] Re[2]: WG: Re(3): show 1"), "show 1");
  EXPECT_EQ(without_reply_prefixes("re : Ndengrod Board 1: your move"), "Ndengrod Board 1: your move");
  EXPECT_EQ(without_reply_prefixes("trellis move 1 alice pw c3"), "trellis move 1 alice pw c3");
  EXPECT_EQ(without_reply_prefixes("Re:"), "");
}

TEST_F(MailReply, AReplyPrefixedSubjectRunsItsCommand) {
  for (const char* subject : {"Re: show 1", "RE: show 1", "Aw: show 1", "Fwd: show 1", "SV: show 1",
                              "[ludus] Re: show 1", "Re: Re: show 1"}) {
    ASSERT_EQ(mail(mail_from_alice(subject)).exit_code, 0);
  }
  EXPECT_EQ(replies("Re: show 1"), 7);
  EXPECT_EQ(replies("Board 1 Error"), 0);
  EXPECT_EQ(replies("Board Error"), 0);
}

TEST_F(MailReply, AReplyToANotificationCarriesTheCommandInItsBody) {
  const std::string body =
      "move 1 alice alice-pass e5\r\nGood luck, bob.\r\n\r\nOn Monday, ludus wrote:\r\n"
      "> Ndengrod Board 1: your move\r\n> move 1 alice PASSWORD MOVE\r\n-- \r\nAlice\r\n";
  RunResult r = mail(mail_from_alice("Re: Ndengrod Board 1: your move", body));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(pbm({"show", "1"}).out, "turn 2"));
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM comments WHERE body = 'Good luck, bob.'"), 1);
  EXPECT_EQ(replies("Re: move 1 alice ***** e5"), 1);
}

TEST_F(MailReply, AReplyWithoutACommandSaysWhereToPutIt) {
  RunResult r = mail(mail_from_alice("Re: Epoxy Board 2: your move", "Thanks!\r\n"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(replies("Board Error"), 1);
  const std::string body = last_body();
  EXPECT_TRUE(contains(body, "write the command as the first line of the body")) << body;
  EXPECT_FALSE(contains(body, "unknown command 'Re:'")) << body;
}

TEST_F(MailReply, AFinishedBoardsMailsSuggestWhatCanStillBeDone) {
  pbm({"resign", "1", "bob", "bob-passw"});
  for (const auto& [user, other] : {std::pair{"alice", "bob"}, std::pair{"bob", "alice"}}) {
    server::Store store(db_);
    auto session = store.session();
    auto q = session.connection().query("SELECT body FROM outbox WHERE user_id = ?1 ORDER BY id DESC LIMIT 1");
    q.bind(1, user);
    ASSERT_TRUE(q.step());
    const std::string body = q.text(0);
    EXPECT_TRUE(contains(body, "game over") || contains(body, "resign")) << body;
    EXPECT_FALSE(contains(body, "PASSWORD MOVE")) << body;
    EXPECT_TRUE(contains(body, std::string("comment 1 ") + user + " PASSWORD TEXT")) << body;
    EXPECT_TRUE(contains(body, "history 1")) << body;
    // A rematch: the same game and settings, the colours swapped.
    EXPECT_TRUE(contains(body, std::string("rematch 1 ") + user + " PASSWORD")) << body;
  }
  // ... which the grammar takes as it stands: bob (who takes every challenge), second on
  // board 1, plays first on board 2.
  const RunResult rematch = pbm({"rematch", "1", "alice", "alice-pass"});
  EXPECT_TRUE(contains(rematch.out, "board 2 is ready")) << rematch.out << rematch.err;
  EXPECT_TRUE(contains(pbm({"show", "2"}).out, "x  bob")) << "the rematch started, bob first";
  // While the game went on, the footer showed how to move.
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE body LIKE '%ndengrod move 1 alice PASSWORD MOVE%'"), 1);
}

}  // namespace
}  // namespace ludus::mail_testing
