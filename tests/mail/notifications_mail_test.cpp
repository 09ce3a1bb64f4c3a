// SPDX-License-Identifier: Apache-2.0
// Notifications by mail (docs/notifications.md, docs/mail.md): what the page's bell and
// "Next game" show, a player reads by mail too (`notifications USER PASSWORD`, `next USER
// PASSWORD`), with a mail per event; and a digest user's one mail a day goes out at the hour
// they chose (`mailpref USER PASSWORD digest HOUR`, UTC), through a real SMTP server.
#include <ctime>

#include "mail/mail_test_support.h"

namespace ludus::mail_testing {
namespace {

// A mail from bob with this Subject.
std::string mail_from_bob(const std::string& subject, const std::string& id) {
  return "From: Bob <bob@example.org>\r\nTo: ludus@games.example.org\r\nSubject: " + subject + "\r\nMessage-ID: <" + id +
         ".bob@example.org>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n";
}

// The text of a quoted-printable message with its soft line breaks joined.
std::string unfolded(const SinkMessage& m) {
  std::string out;
  for (size_t i = 0; i < m.text.size(); ++i) {
    if (m.text.compare(i, 3, "=\r\n") == 0) i += 2;
    else if (m.text.compare(i, 2, "=\n") == 0) i += 1;
    else out += m.text[i];
  }
  return out;
}

// Seconds from now until the clock (UTC) next shows `hour`:00.
int64_t seconds_until_hour(int hour) {
  const int64_t now = std::time(nullptr);
  const int64_t since = ((now - int64_t{hour} * 3600) % 86400 + 86400) % 86400;
  return 86400 - since;
}

class NotificationsByMail : public MailFixture {
 protected:
  void SetUp() override {
    MailFixture::SetUp();
    pbm({"ndengrod", "challenge", "alice", "bob", "alice-pass"});  // board 1, alice to move
  }
  // The one message the sink got for `to` whose Subject starts with `subject`.
  static const SinkMessage* find(const std::vector<SinkMessage>& messages, const std::string& to,
                                 const std::string& subject) {
    for (const auto& m : messages)
      if (m.rcpt_to == to && m.header("Subject").rfind(subject, 0) == 0) return &m;
    return nullptr;
  }
};

TEST_F(NotificationsByMail, BobReadsHisListAndHisNextBoardByMailAndGetsAMailPerEvent) {
  SmtpSink sink(sink_dir("sink"));
  ASSERT_EQ(mail(mail_from_alice("ndengrod move 1 alice alice-pass e5")).exit_code, 0);
  ASSERT_EQ(mail(mail_from_bob("notifications bob bob-passw", "list")).exit_code, 0);
  ASSERT_EQ(mail(mail_from_bob("next bob bob-passw", "next")).exit_code, 0);
  ASSERT_EQ(send_queue(sink.url()).exit_code, 0);
  const auto messages = sink.messages();
  // The move's own mail to bob (every event: bob's preference is the default).
  const SinkMessage* move = find(messages, "bob@example.org", "Ndengrod Board 1: your move");
  ASSERT_NE(move, nullptr);
  // The list: the new game and alice's move, both unread, newest first.
  const SinkMessage* list = find(messages, "bob@example.org", "Re: notifications bob");
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(list->header("Subject"), "Re: notifications bob *****") << "the password redacted";
  const std::string text = unfolded(*list);
  EXPECT_TRUE(contains(text, "Notifications of bob: 2 unread.")) << text;
  EXPECT_TRUE(contains(text, "* ")) << "the unread are marked:\n" << text;
  EXPECT_TRUE(contains(text, "board 1        Ndengrod: alice plays e5 on board 1 (turn 1); your move")) << text;
  EXPECT_LT(text.find("your move"), text.find("alice challenges: board 1 is ready")) << "newest first:\n" << text;
  EXPECT_FALSE(contains(text, "bob-passw"));
  // The next board: board 1, drawn in the mail.
  const SinkMessage* next = find(messages, "bob@example.org", "Re: next bob");
  ASSERT_NE(next, nullptr);
  EXPECT_EQ(next->header("Subject"), "Re: next bob *****");
  EXPECT_TRUE(contains(unfolded(*next), "Next for bob: board 1.")) << next->text;
  EXPECT_TRUE(contains(unfolded(*next), "Status: o to move (bob)")) << next->text;
  // Read by mail, the list is read.
  ASSERT_EQ(mail(mail_from_bob("notifications bob bob-passw read", "read")).exit_code, 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM notifications WHERE user_id = 'bob' AND read_at IS NULL"), 0);
}

TEST_F(NotificationsByMail, ADigestGoesOutOnceADayAtTheHourTheUserChose) {
  RunResult chosen = pbm({"mailpref", "bob", "bob-passw", "digest", "18"});
  EXPECT_TRUE(contains(chosen.out, "Mail for bob: digest (one daily digest at 18:00 UTC).")) << chosen.out;
  EXPECT_NE(run_ludus({"pbm", "--db", db_, "mailpref", "bob", "bob-passw", "digest", "24"}).exit_code, 0);
  EXPECT_NE(run_ludus({"pbm", "--db", db_, "mailpref", "bob", "bob-passw", "every", "18"}).exit_code, 0)
      << "an hour is the digest's";
  ASSERT_EQ(mail(mail_from_alice("ndengrod move 1 alice alice-pass e5")).exit_code, 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE user_id = 'bob' AND status = 'digest'"), 1);
  const int64_t until = seconds_until_hour(18);
  RunResult before = run_ludus({"cleanup", "--db", db_, "--now", utc_in(until - 120)});
  EXPECT_TRUE(contains(before.out, "digests 0")) << before.out;
  RunResult at_hour = run_ludus({"cleanup", "--db", db_, "--now", utc_in(until + 60)});
  EXPECT_TRUE(contains(at_hour.out, "digests 1")) << at_hour.out;
  SmtpSink sink(sink_dir("sink"));
  ASSERT_EQ(send_queue(sink.url(), {"--now", utc_in(until + 120)}).exit_code, 0);
  const SinkMessage* digest = find(sink.messages(), "bob@example.org", "ludus daily digest");
  ASSERT_NE(digest, nullptr);
  EXPECT_TRUE(contains(unfolded(*digest), "alice plays e5")) << digest->text;
  // A part queued after 18:00 waits for the next day's 18:00.
  const std::string later = utc_in(until + 1800);
  ASSERT_EQ(mail(mail_from_bob("ndengrod move 1 bob bob-passw d4", "move"), {"--now", later}).exit_code, 0);
  ASSERT_EQ(mail(mail_from_alice("ndengrod move 1 alice alice-pass c3"), {"--now", later}).exit_code, 0);
  ASSERT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE user_id = 'bob' AND status = 'digest'"), 1);
  RunResult same_day = run_ludus({"cleanup", "--db", db_, "--now", utc_in(until + 3600)});
  EXPECT_TRUE(contains(same_day.out, "digests 0")) << same_day.out;
  RunResult next_day = run_ludus({"cleanup", "--db", db_, "--now", utc_in(until + 86400 + 60)});
  EXPECT_TRUE(contains(next_day.out, "digests 1")) << next_day.out;
}

}  // namespace
}  // namespace ludus::mail_testing
