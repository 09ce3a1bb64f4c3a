// SPDX-License-Identifier: Apache-2.0
// Reviews as the server's front ends see them (docs/review.md): a ready review told to the
// board's players and followers (notifications and mail, with a link to it), the mail of a
// finished game linking to its review, the players' automatic setting, the `review`
// command, and the data export.  On both engines.
#include "server/domain/account_data.h"
#include "server/domain/community/notifications.h"
#include "server/mail/mail_notifier.h"
#include "server_test_support.h"

#include <algorithm>

namespace ludus::server::testing {
namespace {

class ReviewServiceTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    ServiceLimits limits;
    limits.reviews.settings.iterations = 200;
    service_ = std::make_unique<Service>(*store_, *accounts_, limits);
    commands_ = std::make_unique<CommandInterpreter>(*service_);
    for (const char* user : {"alice", "bob", "carol", "dave"})
      accounts_->signup(user, "secret-pw", std::string(user) + "@example.org");
    verify_addresses(*store_, *accounts_);
    service_->set_event_sink(mail_notifier([this] { return now_; }, PublicUrl::parse("https://games.test")));
  }
  // The tiny Ndengrod board alice loses by a known blunder (a1, turn 3; reviews_test.cpp).
  int64_t blundered_board(const std::string& first = "alice", const std::string& second = "bob") {
    const int64_t board = service_->start_board(first, "ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "off"}},
                                                first, second);
    const std::vector<std::string> moves{"c3", "b2", "a1", "b3", "b4", "b1"};
    for (size_t i = 0; i < moves.size(); ++i) service_->play(board, i % 2 ? second : first, moves[i]);
    return board;
  }
  std::vector<NotificationRecord> notifications(const std::string& user) {
    return Notifications(*service_).list(user, Page{200, 0}).items;
  }
  std::vector<std::string> mail_to(const std::string& user) {
    auto session = store_->session();
    auto q = session.connection().query("SELECT subject, body FROM outbox WHERE user_id = ?1 ORDER BY id");
    q.bind_all(user);
    std::vector<std::string> out;
    while (q.step()) out.push_back(q.text(0) + "\n" + q.text(1));
    return out;
  }
};

TEST_F(ReviewServiceTest, AReadyReviewIsToldToThePlayersAndFollowers) {
  const int64_t board = blundered_board();
  service_->subscribe(board, "carol", true);
  service_->reviews().request(board, "dave");
  const std::string line = "Ndengrod: the review of board " + std::to_string(board) + " is ready";
  for (const char* user : {"alice", "bob", "carol"})
    for (const NotificationRecord& n : notifications(user)) EXPECT_NE(n.kind, NotificationKind::Review) << "not yet";
  ASSERT_EQ(service_->reviews().run_next(), std::optional<int64_t>(board));
  for (const char* user : {"alice", "bob", "carol"}) {
    const auto list = notifications(user);
    ASSERT_FALSE(list.empty()) << user;
    EXPECT_EQ(list.front().kind, NotificationKind::Review) << user;
    EXPECT_EQ(notification_text(list.front(), Language()), line) << user;  // the row keeps a message
    EXPECT_EQ(list.front().board, std::optional<int64_t>(board));
    const std::string mail = mail_to(user).back();
    EXPECT_NE(mail.find("Ndengrod Board " + std::to_string(board) + ": review ready"), std::string::npos) << mail;
    EXPECT_NE(mail.find("https://games.test/#/board/" + std::to_string(board) + "/review"), std::string::npos) << mail;
  }
  EXPECT_TRUE(notifications("dave").empty()) << "who asked without playing or following is not told";
}

TEST_F(ReviewServiceTest, TheMailOfAFinishedGameLinksToItsReview) {
  const int64_t board = blundered_board();
  const std::vector<std::string> mails = mail_to("alice");
  ASSERT_FALSE(mails.empty());
  const std::string link = "https://games.test/#/board/" + std::to_string(board) + "/review";
  EXPECT_NE(mails.back().find("game over"), std::string::npos) << mails.back();
  EXPECT_NE(mails.back().find(link), std::string::npos) << mails.back();
  EXPECT_NE(mails.back().find("review " + std::to_string(board) + " alice PASSWORD"), std::string::npos) << mails.back();
  for (size_t i = 0; i + 1 < mails.size(); ++i) EXPECT_EQ(mails[i].find(link), std::string::npos) << "only once it is over";
}

TEST_F(ReviewServiceTest, APlayersAutomaticSettingQueuesTheirFinishedBoards) {
  EXPECT_FALSE(service_->reviews().automatic("bob"));
  EXPECT_TRUE(service_->reviews().automatic("bob", true));
  EXPECT_TRUE(service_->reviews().automatic("bob"));
  EXPECT_EQ(error_of([&] { service_->reviews().automatic("nobody"); }).kind(), ErrorKind::NotFound);
  const int64_t reviewed = blundered_board();
  const auto queued = service_->reviews().find(reviewed);
  ASSERT_TRUE(queued);
  EXPECT_EQ(queued->status, ReviewStatus::kQueued);
  EXPECT_EQ(queued->requested_by, "") << "asked by nobody: no one's cap counts it";
  EXPECT_FALSE(service_->reviews().find(blundered_board("carol", "dave"))) << "neither player asked for it";
  const int64_t empty = service_->start_board("bob", "ndengrod", {}, "bob", "alice");
  service_->resign(empty, "bob");
  EXPECT_FALSE(service_->reviews().find(empty)) << "nothing to review";
  service_->reviews().automatic("bob", false);
  EXPECT_FALSE(service_->reviews().find(blundered_board())) << "the setting is off again";
}

TEST_F(ReviewServiceTest, TheReviewCommandAsksAndShows) {
  const int64_t board = blundered_board();
  const std::string n = std::to_string(board);
  EXPECT_NE(run("review " + n).find("Nobody has asked for the review of board " + n), std::string::npos);
  EXPECT_EQ(run_error("review " + n + " carol wrong-pw").kind(), ErrorKind::Unauthorized);
  EXPECT_EQ(run("review " + n + " carol secret-pw"), "The review of board " + n + " is queued.\n");
  EXPECT_EQ(run("review " + n), "The review of board " + n + " is queued.\n");
  service_->reviews().run_next();
  const std::string text = run("review " + n);
  EXPECT_NE(text.find("The review of board " + n + " (Ndengrod):"), std::string::npos) << text;
  EXPECT_NE(text.find("blunder, win thrown away"), std::string::npos) << text;
  EXPECT_NE(text.find("accuracy of the first player (alice)"), std::string::npos) << text;
  EXPECT_EQ(run("review " + n + " dave secret-pw"), text) << "computed once, shown to whoever asks again";
  const int64_t on = service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  EXPECT_EQ(run_error("review " + std::to_string(on) + " alice secret-pw").code(), "board_on");
  EXPECT_EQ(run_error("review").code(), "usage");
  EXPECT_EQ(run_error("review " + n + " carol").code(), "usage");
  EXPECT_EQ(CommandInterpreter::redacted({"review", n, "carol", "secret-pw"}), "review " + n + " carol *****");
  EXPECT_NE(run("help review").find("review BOARD [USER PASSWORD]"), std::string::npos);
}

TEST_F(ReviewServiceTest, TheExportHoldsTheReviewsTheUserAskedFor) {
  const int64_t board = blundered_board();
  service_->reviews().request(board, "carol");
  service_->reviews().run_next();
  service_->reviews().automatic("carol", true);
  AccountData data(*service_);
  const nlohmann::json carol = data.export_json("carol");
  ASSERT_EQ(carol["reviews"].size(), 1u) << carol.dump();
  EXPECT_EQ(carol["reviews"][0]["board"], board);
  EXPECT_EQ(carol["reviews"][0]["status"], "done");
  EXPECT_EQ(carol["reviews"][0]["review"]["turns"][2]["label"], "blunder");
  EXPECT_EQ(carol["account"]["auto_review"], true);
  EXPECT_TRUE(data.export_json("alice")["reviews"].empty()) << "alice played it but did not ask";
}

}  // namespace
}  // namespace ludus::server::testing
