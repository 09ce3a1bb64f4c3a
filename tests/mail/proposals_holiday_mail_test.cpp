// SPDX-License-Identifier: Apache-2.0
// Issue 58's lines by mail: a take-back requested and accepted, refused on a rated board,
// an abort, and a holiday declared that holds the clock (docs/turns.md).  The replies go
// through a real SMTP server (the sink).
#include "mail/mail_test_support.h"

#include "core/record.h"

namespace ludus::mail_testing {
namespace {

std::string mail_from(const std::string& user, const std::string& subject, int number) {
  return "From: " + user + " <" + user + "@example.org>\r\nTo: ludus@games.example.org\r\nSubject: " + subject +
         "\r\nMessage-ID: <m" + std::to_string(number) + "." + user + "@example.org>\r\nMIME-Version: 1.0\r\n"
         "Content-Type: text/plain; charset=utf-8\r\n\r\n";
}

// A quoted-printable text with its soft line breaks joined (the replies' lines are long).
std::string unfolded(std::string text) {
  for (const char* soft : {"=\r\n", "=\n"})
    for (size_t at; (at = text.find(soft)) != std::string::npos;) text.erase(at, std::string(soft).size());
  return text;
}

class ProposalsByMail : public MailFixture {
 protected:
  // Mails `subject` from `user` and returns the text of the reply the sink got.
  std::string reply_to(SmtpSink& sink, const std::string& user, const std::string& subject) {
    const RunResult r = mail(mail_from(user, subject, ++mails_));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(send_queue(sink.url()).exit_code, 0);
    for (const SinkMessage& m : sink.messages())
      if (m.rcpt_to == user + "@example.org" && m.header("In-Reply-To") == "<m" + std::to_string(mails_) + "." + user + "@example.org>")
        return unfolded(m.text);
    return "(no reply)";
  }
  int mails_ = 0;
};

TEST_F(ProposalsByMail, ATakebackIsRequestedAndAcceptedAndRefusedOnARatedBoard) {
  SmtpSink sink(sink_dir("sink"));
  pbm({"ndengrod", "challenge", "-rated=no", "alice", "bob", "alice-pass"});  // board 1, friendly
  pbm({"ndengrod", "challenge", "alice", "bob", "alice-pass"});               // board 2, rated
  reply_to(sink, "alice", "move 1 alice alice-pass e5");
  std::string text = reply_to(sink, "alice", "undo 1 alice alice-pass");
  EXPECT_TRUE(contains(text, "alice proposes to take back their last move on board 1; bob may accept or reject")) << text;
  text = reply_to(sink, "bob", "accept 1 bob bob-passw");
  EXPECT_TRUE(contains(text, "bob accepts: board 1 is back at turn 1")) << text;
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM moves WHERE game_id = 1"), 0);

  reply_to(sink, "alice", "move 2 alice alice-pass e5");
  text = reply_to(sink, "alice", "undo 2 alice alice-pass");
  EXPECT_TRUE(contains(text, "take-backs are not allowed on rated boards")) << text;
  // An abort is still possible there: one turn has been played.
  reply_to(sink, "bob", "abort 2 bob bob-passw");
  text = reply_to(sink, "alice", "accept 2 alice alice-pass");
  EXPECT_TRUE(contains(text, "alice accepts: board 2 is aborted (no result)")) << text;
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM games WHERE id = 2 AND ending = 'aborted' AND status = 'finished'"), 1);
  EXPECT_EQ(scalar("SELECT COUNT(*) FROM rating_changes"), 0);
}

TEST_F(ProposalsByMail, AHolidayDeclaredByMailHoldsTheClock) {
  SmtpSink sink(sink_dir("sink"));
  pbm({"ndengrod", "challenge", "-nagtime=1", "-forfeittime=3", "alice", "bob", "alice-pass"});  // alice to move
  const int64_t now = static_cast<int64_t>(std::time(nullptr));
  const std::string today = utc_date(now), last = utc_date(now + 9 * 86400);
  std::string text = reply_to(sink, "alice", "holiday alice alice-pass " + today + " " + last);
  EXPECT_TRUE(contains(text, "Holiday declared.")) << text;
  EXPECT_TRUE(contains(text, "  " + today + " to " + last + " (under way")) << text;
  EXPECT_TRUE(contains(reply_to(sink, "alice", "holiday alice alice-pass 2000-01-01 2000-01-02"), "a holiday starts today or later"));
  const std::string db = db_;
  auto cleanup = [&](int64_t seconds) { return run_ludus({"cleanup", "--db", db, "--now", utc_in(seconds)}).out; };
  EXPECT_TRUE(contains(cleanup(5 * 86400), "reminders 0, lost on time 0")) << "on holiday: the clock stands still";
  EXPECT_TRUE(contains(cleanup(14 * 86400), "lost on time 1")) << "back from holiday: the clock ran out";
}

}  // namespace
}  // namespace ludus::mail_testing
