// SPDX-License-Identifier: Apache-2.0
// Play by e-mail end to end: a mail piped into `ludus mail` stores the move and queues the
// mails; `ludus mail --send-queue` delivers them to a real SMTP server.
#include "mail/mail_test_support.h"

namespace ludus::mail_testing {
namespace {

using server::OutboxStatus;

class MailEndToEnd : public MailFixture {
 protected:
  void SetUp() override {
    MailFixture::SetUp();
    pbm({"ndengrod", "challenge", "alice", "bob", "alice-pass"});
  }
};

TEST_F(MailEndToEnd, AMailedMoveIsStoredAndTheSinkGetsTheReplyAndTheOpponentsBoard) {
  SmtpSink sink(sink_dir("sink"));
  // The challenge's mails first, so the move's are easy to tell.
  ASSERT_EQ(send_queue(sink.url()).exit_code, 0);
  const size_t before = sink.messages().size();
  EXPECT_EQ(before, 2u);

  const std::string eml =
      "From: Alice <alice@example.org>\r\nTo: ludus@games.example.org\r\nSubject: ndengrod move 1 alice alice-pass e5\r\n"
      "Message-ID: <move1.alice@example.org>\r\nMIME-Version: 1.0\r\n"
      "Content-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n"
      "--b1\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
      "Bonne chance, caf=E9 apr=E8s ?\r\n\r\nOn Monday, Bob wrote:\r\n> let us play\r\n-- \r\nAlice, signature\r\n"
      "--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>html part is not read</p>\r\n--b1--\r\n";
  RunResult r = mail(eml);
  ASSERT_EQ(r.exit_code, 0) << r.err;

  RunResult shown = pbm({"show", "1"});
  EXPECT_TRUE(contains(shown.out, "turn 2")) << shown.out;
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM comments WHERE body = 'Bonne chance, café après ?'"), 1);

  ASSERT_EQ(send_queue(sink.url()).exit_code, 0);
  auto messages = sink.messages();
  ASSERT_EQ(messages.size(), before + 2);
  const SinkMessage* reply = nullptr;
  const SinkMessage* opponent = nullptr;
  for (size_t i = before; i < messages.size(); ++i)
    (messages[i].rcpt_to == "alice@example.org" ? reply : opponent) = &messages[i];
  ASSERT_TRUE(reply && opponent);
  EXPECT_EQ(reply->header("Subject"), "Re: ndengrod move 1 alice ***** e5");
  EXPECT_EQ(reply->header("In-Reply-To"), "<move1.alice@example.org>");
  EXPECT_EQ(reply->header("Auto-Submitted"), "auto-replied");
  EXPECT_TRUE(contains(reply->text, "alice plays e5 on board 1 (turn 1)")) << reply->text;
  EXPECT_FALSE(contains(reply->text, "alice-pass"));
  EXPECT_EQ(opponent->rcpt_to, "bob@example.org");
  EXPECT_EQ(opponent->header("Subject"), "Ndengrod Board 1: your move");
  EXPECT_TRUE(contains(opponent->text, "Status: o to move (bob), turn 2")) << opponent->text;
  EXPECT_TRUE(contains(opponent->text, "caf=C3=A9")) << "the comment in UTF-8, quoted-printable";
  EXPECT_TRUE(contains(opponent->text, "charset=utf-8"));
  EXPECT_EQ(outbox(OutboxStatus::Queued), 0);
}

TEST_F(MailEndToEnd, QueuedMailIsDeliveredExactlyOnceAfterTheSmtpServerComesBack) {
  RunResult moved = mail(mail_from_alice("ndengrod move 1 alice alice-pass e5"));
  ASSERT_EQ(moved.exit_code, 0) << moved.err;
  const int queued = outbox(OutboxStatus::Queued);
  ASSERT_EQ(queued, 4);  // the challenge (2), the reply and bob's board

  const int port = free_port();  // nothing listens there yet
  RunResult down = send_queue("smtp://127.0.0.1:" + std::to_string(port));
  EXPECT_EQ(down.exit_code, 1);
  EXPECT_TRUE(contains(down.out, "sent 0, to retry 4")) << down.out;
  EXPECT_EQ(outbox(OutboxStatus::Queued), 4);
  EXPECT_EQ(scalar("SELECT MIN(attempts) FROM outbox"), 1);

  SmtpSink sink(sink_dir("sink"), port);
  // Backing off: not due again yet.
  RunResult early = send_queue(sink.url());
  EXPECT_TRUE(contains(early.out, "sent 0")) << early.out;
  EXPECT_TRUE(sink.messages().empty());
  // Two minutes later they are due (the first retry waits one minute).
  RunResult up = send_queue(sink.url(), {"--now", utc_in(120)});
  EXPECT_EQ(up.exit_code, 0) << up.err;
  EXPECT_TRUE(contains(up.out, "sent 4")) << up.out;
  // Again, and later still: nothing is sent twice.
  send_queue(sink.url(), {"--now", utc_in(3600)});
  send_queue(sink.url(), {"--now", utc_in(86400)});
  auto messages = sink.messages();
  ASSERT_EQ(messages.size(), 4u);
  std::set<std::string> ids;
  for (const auto& m : messages) ids.insert(m.header("Message-Id"));
  EXPECT_EQ(ids.size(), 4u);
  EXPECT_EQ(outbox(OutboxStatus::Sent), 4);
}

TEST_F(MailEndToEnd, MultipleRunsOneCommandPerBodyLine) {
  RunResult r = mail(mail_from_alice("multiple", "ndengrod move 1 alice alice-pass e5\r\nshow 1\r\n\r\n-- \r\nsig\r\n"));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(pbm({"show", "1"}).out, "turn 2"));
  // The move's reply, bob's board, and the reply to `show`.
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE recipient = 'alice@example.org' AND subject LIKE 'Re:%'"), 2);
}

TEST_F(MailEndToEnd, ADigestUserGetsOneMailADay) {
  // The digest goes out at bob's hour (notifications_mail_test.cpp tests the hour): half a
  // day from now, so the hour after the move is no digest time.
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  pbm({"mailpref", "bob", "bob-passw", "digest", std::to_string((utc.tm_hour + 12) % 24)});
  ASSERT_EQ(mail(mail_from_alice("ndengrod move 1 alice alice-pass e5")).exit_code, 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE user_id = 'bob' AND status = 'digest'"), 1);
  RunResult soon = run_ludus({"cleanup", "--db", db_, "--now", utc_in(3600)});
  EXPECT_TRUE(contains(soon.out, "digests 0")) << soon.out;
  RunResult day = run_ludus({"cleanup", "--db", db_, "--now", utc_in(86400 + 60)});
  EXPECT_TRUE(contains(day.out, "digests 1")) << day.out;
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE user_id = 'bob' AND subject = 'ludus daily digest' AND "
                   "status = 'queued' AND body LIKE '%alice plays e5%'"),
            1);
  pbm({"mailpref", "bob", "bob-passw", "none"});
  ASSERT_EQ(mail(mail_from_alice("resign 1 alice alice-pass")).exit_code, 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE user_id = 'bob' AND subject LIKE '%game over%'"), 0);
  // A month on, the part merged into the digest is deleted; mail still to send is kept.
  const int to_send = scalar("SELECT COUNT(*) FROM outbox WHERE status = 'queued'");
  RunResult month = run_ludus({"cleanup", "--db", db_, "--now", utc_in(31 * 86400)});
  EXPECT_TRUE(contains(month.out, "old mails deleted 1")) << month.out;
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE status = 'merged'"), 0);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE status = 'queued'"), to_send);
}

TEST_F(MailEndToEnd, TimeLimitsRemindOnceThenEndTheGameOnTime) {
  pbm({"ndengrod", "challenge", "-nagtime=2", "-forfeittime=5", "alice", "bob", "alice-pass"});  // board 2
  const std::string db = db_;
  auto cleanup = [&](int64_t seconds) { return run_ludus({"cleanup", "--db", db, "--now", utc_in(seconds)}).out; };
  EXPECT_TRUE(contains(cleanup(86400), "reminders 0, lost on time 0"));
  EXPECT_TRUE(contains(cleanup(2 * 86400 + 60), "reminders 1, lost on time 0")) << "board 2 only (board 1: 7 days)";
  EXPECT_TRUE(contains(cleanup(2 * 86400 + 120), "reminders 0")) << "one reminder a turn";
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE recipient = 'alice@example.org' AND "
                   "subject = 'Ndengrod Board 2: reminder: your move'"),
            1);
  EXPECT_TRUE(contains(cleanup(5 * 86400 + 60), "lost on time 1"));
  RunResult shown = pbm({"show", "2"});
  EXPECT_TRUE(contains(shown.out, "(bob) wins")) << shown.out;
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM games WHERE id = 2 AND ending = 'timeout' AND resigned_seat = 0"), 1);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM outbox WHERE subject = 'Ndengrod Board 2: game over'"), 2);
  // Board 1 (defaults 7 and 21 days) goes its own way.
  EXPECT_TRUE(contains(cleanup(7 * 86400 + 60), "reminders 1, lost on time 0"));
  // An operator's bad --now is a usage error.
  ludus::testing::expect_usage_error(run_ludus({"cleanup", "--db", db, "--now", "tomorrow"}), "--now");
  // Bad limits at the challenge.
  RunResult bad = run_ludus({"pbm", "--db", db, "ndengrod", "challenge", "-nagtime=-1", "alice", "bob", "alice-pass"});
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_TRUE(contains(bad.err, "-nagtime must be a number of days")) << bad.err;
}

}  // namespace
}  // namespace ludus::mail_testing
