// SPDX-License-Identifier: Apache-2.0
// The mail pieces inside the server, on a real database: outbox rows written in the
// transaction of the change they report, MIME reading and writing, comments, redaction.
#include <gtest/gtest.h>

#include "server/mail/mail_mime.h"
#include "server/mail/mail_notifier.h"
#include "server/mail/mail_sender.h"
#include "server/storage/mail_store.h"
#include "server/server_test_support.h"

namespace ludus::server::testing {
namespace {

class MailServiceTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    accounts_->signup("alice", "secret-pw", "alice@example.org");
    accounts_->signup("bob", "secret-pw", "bob@example.org");
    verify_addresses(*store_, *accounts_);
    service_->set_event_sink(mail_notifier([this] { return now_; }));
  }
  int rows(OutboxStatus status) {
    auto session = store_->session();
    return count_mail(session, status);
  }
  // Signs up users with verified addresses (user@example.org).
  void with_addresses(const std::vector<std::string>& users) {
    for (const auto& user : users) accounts_->signup(user, "secret-pw", user + "@example.org");
    verify_addresses(*store_, *accounts_);
  }
  // The bodies of the mail to `user` queued (or waiting for their digest) since outbox row `after`.
  std::vector<std::string> mail_to(const std::string& user, int64_t after = 0) {
    auto session = store_->session();
    auto q = session.connection().query("SELECT body FROM outbox WHERE user_id = ?1 AND id > ?2 ORDER BY id");
    q.bind_all(user, after);
    std::vector<std::string> out;
    while (q.step()) out.push_back(q.text(0));
    return out;
  }
  int64_t last_row() {
    auto session = store_->session();
    auto q = session.connection().query("SELECT COALESCE(MAX(id), 0) FROM outbox");
    return q.step() ? q.int64(0) : 0;
  }
  static bool any_holds(const std::vector<std::string>& bodies, const std::string& text) {
    return std::any_of(bodies.begin(), bodies.end(), [&](const std::string& b) { return b.find(text) != std::string::npos; });
  }
};

// Nobody is mailed the words of someone a block stands between them and: a follower who
// blocks a kibitzer gets none of their comments (nor in a digest), and a move's mail comes
// without its mover's words.  (The audit's case: bob follows board 2, carol against dave;
// mallory, whom bob blocks, comments there; bob was mailed her text.)
TEST_F(MailServiceTest, AFollowerIsNotMailedTheWordsOfSomeoneTheyBlock) {
  with_addresses({"carol", "dave", "mallory", "erin"});
  run("mailpref erin secret-pw digest");
  const int64_t board = service_->start_board("carol", "ndengrod", {}, "carol", "dave");
  for (const char* follower : {"bob", "erin"}) {
    service_->subscribe(board, follower, true);
    run(std::string("block ") + follower + " secret-pw mallory");
  }
  service_->subscribe(board, "alice", true);  // who blocks nobody
  int64_t before = last_row();
  service_->comment(board, "mallory", "a rude word");
  for (const char* reader : {"carol", "dave", "alice"}) EXPECT_TRUE(any_holds(mail_to(reader, before), "a rude word")) << reader;
  EXPECT_TRUE(mail_to("bob", before).empty()) << "a comment is all words";
  EXPECT_TRUE(mail_to("erin", before).empty()) << "nor a part of the digest";
  // The board's other news still comes, also to the digest.
  service_->comment(board, "alice", "nice opening");
  EXPECT_TRUE(any_holds(mail_to("bob", before), "nice opening"));
  EXPECT_TRUE(any_holds(mail_to("erin", before), "nice opening"));
  // A move by mallory with words: the move reaches bob, the words do not; the other way
  // round too (mallory follows carol's board, whose words to her bob's block does not
  // touch, and bob's own are kept from her).
  const int64_t hers = service_->start_board("mallory", "ndengrod", {}, "mallory", "carol");
  service_->subscribe(hers, "bob", true);
  before = last_row();
  service_->play(hers, "mallory", "e5", std::nullopt, "watch this");
  const auto to_bob = mail_to("bob", before);
  ASSERT_EQ(to_bob.size(), 1u);
  EXPECT_NE(to_bob[0].find("mallory plays e5"), std::string::npos) << to_bob[0];
  EXPECT_EQ(to_bob[0].find("watch this"), std::string::npos) << to_bob[0];
  EXPECT_TRUE(any_holds(mail_to("carol", before), "watch this"));
  service_->subscribe(board, "mallory", true);
  before = last_row();
  service_->comment(board, "bob", "no words for mallory");
  EXPECT_TRUE(mail_to("mallory", before).empty()) << "a block stands either way";
  EXPECT_TRUE(any_holds(mail_to("carol", before), "no words for mallory"));
}

// The mail at the end of a game suggests a rematch only to two players who may meet.
TEST_F(MailServiceTest, NoRematchIsSuggestedAcrossABlock) {
  const int64_t friendly = service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  int64_t before = last_row();
  service_->resign(friendly, "bob");
  EXPECT_TRUE(any_holds(mail_to("alice", before), "rematch " + std::to_string(friendly) + " alice PASSWORD"));
  const int64_t board = service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  run("block bob secret-pw alice");
  before = last_row();
  service_->resign(board, "bob");
  for (const char* player : {"alice", "bob"}) {
    const auto mails = mail_to(player, before);
    ASSERT_EQ(mails.size(), 1u) << player;
    EXPECT_NE(mails[0].find("This game is over"), std::string::npos) << mails[0];
    EXPECT_EQ(mails[0].find("rematch"), std::string::npos) << mails[0];
  }
}

TEST_F(MailServiceTest, EveryChangeQueuesTheBoardForBothPlayers) {
  const int64_t board = service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  EXPECT_EQ(rows(OutboxStatus::Queued), 2);
  service_->play(board, "alice", "e5");
  EXPECT_EQ(rows(OutboxStatus::Queued), 4);
  service_->propose(board, "bob", "draw");
  auto session = store_->session();
  auto q = session.connection().query("SELECT recipient, subject FROM outbox WHERE id > (SELECT MAX(id) FROM outbox) - 2 ORDER BY recipient");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.text(0), "alice@example.org");
  EXPECT_EQ(q.text(1), "Ndengrod Board 1: draw proposed");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.text(0), "bob@example.org");
  EXPECT_EQ(q.text(1), "Ndengrod Board 1: your move");
}

// A move is a whole turn: half of Epoxy's is refused, and neither stored nor told to anyone.
TEST_F(MailServiceTest, HalfATurnIsRefusedAndQueuesNoMail) {
  const int64_t board = service_->start_board("alice", "epoxy", {}, "alice", "bob");
  service_->play(board, "alice", "a3");
  const int queued = rows(OutboxStatus::Queued);
  try {
    service_->play(board, "bob", "h8");
    ADD_FAILURE() << "half a turn was played";
  } catch (const ServiceError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::BadRequest);
    EXPECT_EQ(e.code(), "illegal_move");
    EXPECT_STREQ(e.what(), "illegal move 'h8': not a whole turn; send all of it, e.g. 'h8,pass'");
  }
  EXPECT_EQ(service_->load(board).num_moves(), 1);
  EXPECT_EQ(rows(OutboxStatus::Queued), queued) << "no mail about a move that was not played";
  service_->play(board, "bob", "h8,pass");
  EXPECT_EQ(service_->load(board).num_moves(), 3);
  EXPECT_EQ(rows(OutboxStatus::Queued), queued + 2);
}

TEST_F(MailServiceTest, AFailingOutboxRollsTheChangeBack) {
  const int64_t board = service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  service_->set_event_sink([](Session&, const Board&, const BoardEvent&, const std::vector<BoardReader>&) { throw ServiceError(ErrorKind::Internal, "test", "disk full"); });
  EXPECT_THROW(service_->play(board, "alice", "e5"), ServiceError);
  EXPECT_EQ(service_->load(board).num_moves(), 0) << "no move without its mail";
}

TEST_F(MailServiceTest, TwoSendersNeverClaimTheSameRow) {
  service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  auto first = store_->session();
  auto tx1 = first.write();
  auto mine = claim_due_mail(first, "one", now_, now_ + 600, 10);
  tx1.commit();
  auto second = store_->session();
  auto tx2 = second.write();
  auto theirs = claim_due_mail(second, "two", now_, now_ + 600, 10);
  tx2.commit();
  EXPECT_EQ(mine.size(), 2u);
  EXPECT_TRUE(theirs.empty());
  // A claim that ran out (its sender died) is free again.
  auto third = store_->session();
  auto tx3 = third.write();
  EXPECT_EQ(claim_due_mail(third, "three", now_ + 601, now_ + 1201, 10).size(), 2u);
}

TEST_F(MailServiceTest, SubjectsAreOneBoundedLine) {
  auto session = store_->session();
  const std::string long_subject = "Re: " + std::string(295, 'x') + "\xc3\xa9\r\nBcc: x@evil.net";
  const int64_t id = enqueue_mail(session, OutgoingMail{"a@example.org", "", std::nullopt, long_subject, "b", ""},
                                  OutboxStatus::Queued, now_);
  auto q = session.connection().query("SELECT subject FROM outbox WHERE id = ?1");
  q.bind(1, id);
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.text(0), "Re: " + std::string(295, 'x') + "...") << "cut before the two-byte character";
}

TEST_F(MailServiceTest, TheMailCommentDropsQuotesAndTheSignature) {
  EXPECT_EQ(mail_comment("\n\nNice move!\nReally.\n\nOn Tue, 1 Oct 2024, Bob wrote:\n> e5\n> -- \n\n-- \nAlice\n"),
            "Nice move!\nReally.");
  EXPECT_EQ(mail_comment("> only quoted\n"), "");
  EXPECT_EQ(mail_comment("a\r\n--\r\nsig"), "a");
}

TEST_F(MailServiceTest, InboundMimeIsDecodedToUtf8) {
  const std::string base64 =
      "From: a@example.org\nSubject: =?iso-8859-1?q?show_1_caf=E9?=\nMIME-Version: 1.0\n"
      "Content-Type: multipart/mixed; boundary=XX\n\n--XX\nContent-Type: text/plain; charset=windows-1252\n"
      "Content-Transfer-Encoding: base64\n\nk2NhZukgLSBs4CCU\n--XX\nContent-Type: text/plain\n"
      "Content-Disposition: attachment; filename=x.txt\n\nattached\n--XX--\n";
  InboundMail mail = parse_inbound_mail(base64);
  EXPECT_EQ(mail.error, "");
  EXPECT_EQ(mail.body_error, "");
  EXPECT_EQ(mail.subject, "show 1 café");
  EXPECT_EQ(mail.body, "\xe2\x80\x9c" "café - là \xe2\x80\x9d");
  EXPECT_EQ(mail.reply_address, "a@example.org");
}

TEST_F(MailServiceTest, OutboundHeadersCannotBeInjected) {
  MailHeaders h{"ludus@example.org", "ludus\r\nBcc: x@evil.net", "bob@example.org",
                "Re: hi\r\nBcc: y@evil.net\nX-Evil: 1", "ludus.1.2@example.org", "a@b.c>\r\nBcc: z@evil.net", 0};
  const std::string text = render_mail(h, "body\r\nBcc: in the body is fine\r\n");
  const std::string head = text.substr(0, text.find("\r\n\r\n") + 2);
  EXPECT_EQ(head.find("\nBcc:"), std::string::npos) << head;
  EXPECT_EQ(head.find("\nX-Evil:"), std::string::npos) << head;
  EXPECT_EQ(head.find("In-Reply-To"), std::string::npos) << "an id that is not one is dropped: " << head;
  EXPECT_NE(head.find("Subject: Re: hi Bcc: y@evil.net X-Evil: 1\r\n"), std::string::npos) << head;
  EXPECT_FALSE(is_plain_address("a@b\r\nRCPT TO:<c@d>"));
  EXPECT_TRUE(is_plain_address("first.last+tag@example.org"));
}

TEST_F(MailServiceTest, RepliesHideThePasswords) {
  auto hidden = [](const std::string& line) { return CommandInterpreter::redacted(CommandInterpreter::split(line)); };
  EXPECT_EQ(hidden("ndengrod move 12 alice s3cret e5"), "ndengrod move 12 alice ***** e5");
  EXPECT_EQ(hidden("propose draw 12 alice s3cret"), "propose draw 12 alice *****");
  EXPECT_EQ(hidden("passwd alice old new"), "passwd alice ***** *****");
  EXPECT_EQ(hidden("ndengrod challenge -size=4 alice bob s3cret"), "ndengrod challenge -size=4 alice bob *****");
  EXPECT_EQ(hidden("mailpref alice s3cret none"), "mailpref alice ***** none");
  EXPECT_EQ(hidden("ndengrod mvoe 12 alice s3cret e5"), "ndengrod mvoe ...");
}

TEST_F(MailServiceTest, MailPreferenceCommand) {
  EXPECT_NE(run("mailpref alice secret-pw").find("every"), std::string::npos);
  EXPECT_NE(run("mailpref alice secret-pw digest").find("digest"), std::string::npos);
  EXPECT_EQ(http_status(run_error("mailpref alice secret-pw weekly")), 400);
  EXPECT_EQ(http_status(run_error("mailpref alice wrong none")), 401);
  const int64_t board = service_->start_board("bob", "ndengrod", {}, "alice", "bob");
  auto session = store_->session();
  EXPECT_EQ(count_mail(session, OutboxStatus::Digest), 1) << "alice's notice waits for her digest";
  EXPECT_EQ(board, 1);
}

}  // namespace
}  // namespace ludus::server::testing
