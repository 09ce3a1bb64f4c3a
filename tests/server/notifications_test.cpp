// SPDX-License-Identifier: Apache-2.0
// Notifications (docs/notifications.md): each user's private list, written in the
// transaction of the change that causes it (a move, a proposal, a result, a comment, an
// invitation, a tournament's round), never of one's own doing nor of the words of someone a
// block stands between; read, capped and pruned; the next board where it is the user's move;
// the JSON routes (the owner's alone, the long poll) and the commands.  On SQLite and (pg/)
// PostgreSQL.
#include <chrono>
#include <thread>

#include "http_test_support.h"
#include "server/domain/community/moderation.h"
#include "server/domain/community/notifications.h"
#include "server/server_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class NotificationsTest : public ServerFixture {
 protected:
  // The user's notifications, each line written in English (a row keeps it as a message).
  NotificationList list(const std::string& user) {
    NotificationList out = Notifications(*service_).list(user, Page{200, 0});
    for (NotificationRecord& n : out.items) n.text = notification_text(n, Language());
    return out;
  }
  // The texts of the user's notifications, newest first.
  std::vector<std::string> texts(const std::string& user) {
    std::vector<std::string> out;
    for (const auto& n : list(user).items) out.push_back(n.text);
    return out;
  }
};

TEST_F(NotificationsTest, AMoveTellsTheNextPlayerItIsTheirMoveAndNobodyOfTheirOwn) {
  const int64_t board = new_board("ndengrod", {{"size", "4"}});
  // The board started by alice, bob to move second: he hears of the new game.
  ASSERT_EQ(list("bob").items.size(), 1u);
  EXPECT_EQ(list("bob").items[0].kind, NotificationKind::Invitation);
  EXPECT_EQ(list("alice").items.size(), 0u) << "nobody hears of their own doing";
  const std::string move = play_first_legal(board);  // alice's move
  const NotificationList bob = list("bob");
  ASSERT_EQ(bob.items.size(), 2u);
  EXPECT_EQ(bob.unread, 2);
  EXPECT_EQ(bob.items[0].kind, NotificationKind::Move);
  EXPECT_EQ(bob.items[0].board, board);
  EXPECT_EQ(bob.items[0].actor, "alice");
  EXPECT_NE(bob.items[0].text.find("your move"), std::string::npos) << bob.items[0].text;
  EXPECT_NE(bob.items[0].text.find(move), std::string::npos) << bob.items[0].text;
  EXPECT_EQ(list("alice").items.size(), 0u);
  // bob moves: what he was told of the board is read; alice is told it is her move.
  play_first_legal(board);
  EXPECT_EQ(list("bob").unread, 0);
  ASSERT_EQ(list("alice").items.size(), 1u);
  EXPECT_NE(list("alice").items[0].text.find("your move"), std::string::npos);
}

TEST_F(NotificationsTest, ProposalsResultsAndInvitationsAreNotified) {
  const int64_t board = new_board("ndengrod", {{"size", "4"}});
  play_first_legal(board);  // bob to move: alice proposes, he must answer
  service_->propose(board, "alice", "draw");
  EXPECT_EQ(list("bob").items.at(0).kind, NotificationKind::Proposal);
  service_->answer(board, "bob", false);
  EXPECT_EQ(list("alice").items.at(0).kind, NotificationKind::Proposal) << "the answer to her proposal";
  service_->resign(board, "bob");
  const auto result = list("alice").items.at(0);
  EXPECT_EQ(result.kind, NotificationKind::Result);
  EXPECT_NE(result.text.find("is over"), std::string::npos) << result.text;
  // An invitation (dave asks for one), then declined: each side hears of the other's doing.
  signup("dave");
  run("limit dave secret-pw ask");
  run("n-mesh challenge alice dave secret-pw");
  const auto invited = list("dave").items.at(0);
  EXPECT_EQ(invited.kind, NotificationKind::Invitation);
  ASSERT_TRUE(invited.offer.has_value());
  run("decline " + std::to_string(*invited.offer) + " dave secret-pw");
  EXPECT_NE(list("alice").items.at(0).text.find("dave declines"), std::string::npos) << list("alice").items.at(0).text;
}

TEST_F(NotificationsTest, ACommentReachesPlayersAndFollowersButNobodyWhoBlocksItsAuthor) {
  const int64_t board = new_board("ndengrod", {{"size", "4"}});
  for (const char* user : {"carol", "mallory"}) signup(user);
  const std::string b = std::to_string(board);
  run("subscribe " + b + " carol secret-pw");
  Moderation(*service_).block("carol", "mallory", true);
  run("comment " + b + " mallory secret-pw nice opening");
  EXPECT_EQ(list("alice").items.at(0).kind, NotificationKind::Comment);
  EXPECT_EQ(list("bob").items.at(0).kind, NotificationKind::Comment);
  EXPECT_EQ(list("carol").items.size(), 0u) << "carol blocks mallory: not a word of hers";
  EXPECT_EQ(list("mallory").items.size(), 0u);
  // The same comment by someone carol does not block reaches her.
  signup("dave");
  run("comment " + b + " dave secret-pw and a word of mine");
  ASSERT_EQ(list("carol").items.size(), 1u);
  EXPECT_EQ(list("carol").items[0].actor, "dave");
  // A follower hears of no plain move (only of comments and results).
  play_first_legal(board);
  EXPECT_EQ(list("carol").items.size(), 1u);
}

TEST_F(NotificationsTest, ATournamentRoundTellsItsPlayers) {
  for (const char* user : {"host", "p1", "p2"}) signup(user);
  const std::string reply = run("tournament create n-mesh -format=roundrobin -players=2-2 -start=full host secret-pw");
  const std::string id = std::to_string(std::stoll(reply.substr(reply.find("tournament ") + 11)));
  run("tournament join " + id + " p1 secret-pw");
  run("tournament join " + id + " p2 secret-pw");  // full: it starts
  bool told = false;
  for (const auto& n : list("p1").items)
    told = told || (n.kind == NotificationKind::Tournament && n.tournament == std::stoll(id) &&
                    n.text.find("round 1 has started") != std::string::npos);
  EXPECT_TRUE(told) << ::testing::PrintToString(texts("p1"));
  EXPECT_EQ(list("host").items.size(), 0u) << "the host does not play";
}

TEST_F(NotificationsTest, MarkingReadTouchesTheOwnersAloneAndCountsTheUnread) {
  const int64_t board = new_board("ndengrod", {{"size", "4"}});
  play_first_legal(board);
  const NotificationList bob = list("bob");
  ASSERT_EQ(bob.unread, 2);
  Notifications notifications(*service_);
  // carol names bob's ids: nothing of bob's changes.
  signup("carol");
  notifications.mark_read("carol", NotificationSelection{{bob.items[0].id, bob.items[1].id}, {}, false});
  EXPECT_EQ(list("bob").unread, 2);
  const int64_t revision = list("bob").revision;
  notifications.mark_read("bob", NotificationSelection{{bob.items[0].id}, {}, false});
  EXPECT_EQ(list("bob").unread, 1);
  EXPECT_GT(list("bob").revision, revision) << "a live page waits on the revision";
  notifications.mark_read("bob", NotificationSelection{{}, {}, true});
  EXPECT_EQ(list("bob").unread, 0);
  EXPECT_EQ(error_of([&] {
              notifications.mark_read("bob", NotificationSelection{
                                                 std::vector<int64_t>(Notifications::kMaxMarkedAtOnce + 1, 1), {}, false});
            }).code(),
            "bad_field");
}

TEST_F(NotificationsTest, EachUserKeepsAtMostTheCapAndNoneOlderThanTheBound) {
  signup("alice");
  {
    auto session = store_->session();
    auto tx = session.write();
    for (int i = 0; i < kMaxNotificationsPerUser + 5; ++i) {
      NotificationRecord n;
      n.user = "alice";
      n.kind = NotificationKind::Move;
      n.text = "line " + std::to_string(i);
      n.created_at = now_;
      insert_notification(session, n);
    }
    tx.commit();
  }
  const NotificationList capped = list("alice");
  ASSERT_EQ(capped.items.size(), static_cast<size_t>(kMaxNotificationsPerUser));
  EXPECT_EQ(capped.items.front().text, "line " + std::to_string(kMaxNotificationsPerUser + 4)) << "newest first";
  EXPECT_EQ(capped.items.back().text, "line 5") << "the oldest went";
  EXPECT_EQ(prune_old_notifications(*store_, now_ + kNotificationKeptSeconds), 0) << "not older than the bound yet";
  EXPECT_EQ(prune_old_notifications(*store_, now_ + kNotificationKeptSeconds + 1), kMaxNotificationsPerUser);
  EXPECT_EQ(list("alice").items.size(), 0u);
}

TEST_F(NotificationsTest, NextIsTheBoardThatHasWaitedLongestForTheUsersMove) {
  const int64_t first = new_board("ndengrod", {{"size", "4"}});
  now_ += 60;
  const int64_t second = new_board("ndengrod", {{"size", "4"}});
  now_ += 60;
  const int64_t theirs = new_board("ndengrod", {{"size", "4"}}, "bob", "alice");  // bob to move
  Notifications notifications(*service_);
  EXPECT_EQ(notifications.next_board("alice"), first);
  EXPECT_EQ(notifications.next_board("alice", first), second) << "other than the board shown";
  EXPECT_EQ(notifications.next_board("bob"), theirs);
  now_ += 60;
  play_first_legal(first);  // now bob's move there, whose turn started last
  EXPECT_EQ(notifications.next_board("alice"), second);
  EXPECT_EQ(notifications.next_board("bob"), theirs);
  const std::string reply = run("next alice secret-pw");
  EXPECT_NE(reply.find("Next for alice: board " + std::to_string(second)), std::string::npos) << reply;
  signup("carol");
  EXPECT_EQ(run("next carol secret-pw"), "No board waits for carol's move.\n");
  EXPECT_EQ(run_error("next alice wrong-password").kind(), ErrorKind::Unauthorized);
}

TEST_F(NotificationsTest, TheCommandListsAndMarksRead) {
  const int64_t board = new_board("ndengrod", {{"size", "4"}});
  play_first_legal(board);
  const std::string listed = run("notifications bob secret-pw");
  EXPECT_NE(listed.find("Notifications of bob: 2 unread."), std::string::npos) << listed;
  EXPECT_NE(listed.find("* "), std::string::npos) << listed;
  EXPECT_NE(listed.find("your move"), std::string::npos) << listed;
  EXPECT_NE(run("notifications bob secret-pw read").find("0 unread"), std::string::npos);
  EXPECT_EQ(run_error("notifications bob secret-pw unread").code(), "usage");
  EXPECT_EQ(run_error("notifications bob wrong-password").kind(), ErrorKind::Unauthorized);
}

class NotificationRoutesTest : public HttpFixture {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    for (const char* user : {"alice", "bob", "carol"}) {
      ASSERT_EQ(post("/api/signup", {{"user", user}, {"password", std::string("pw-") + user + "-secret"}}).status, 201);
      auto r = post("/api/login", {{"user", user}, {"password", std::string("pw-") + user + "-secret"}});
      tokens_[user] = r.json.value("token", "");
      post("/api/me/limits", {{"challenges", "all"}}, tokens_[user]);
    }
  }
  int64_t board() {
    auto r = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "bob"}}},
                  tokens_["alice"]);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json["board"].get<int64_t>();
  }
  std::string first_legal(int64_t board) {
    return get("/api/games/" + std::to_string(board)).json["actions"][0]["text"].get<std::string>();
  }
  std::map<std::string, std::string> tokens_;
};

TEST_F(NotificationRoutesTest, TheListIsTheOwnersAloneAndMarkingReadTakesNoOtherUsersIds) {
  const int64_t b = board();
  ASSERT_EQ(post("/api/games/" + std::to_string(b) + "/move", {{"move", first_legal(b)}}, tokens_["alice"]).status, 200);
  auto bob = get("/api/me/notifications", tokens_["bob"]);
  ASSERT_EQ(bob.status, 200) << bob.body;
  EXPECT_EQ(bob.json["user"], "bob");
  EXPECT_EQ(bob.json["unread"], 2);
  ASSERT_EQ(bob.json["notifications"].size(), 2u);
  EXPECT_EQ(bob.json["notifications"][0]["kind"], "move");
  EXPECT_EQ(bob.json["notifications"][0]["board"], b);
  // carol sees none of it, whatever she asks for, and cannot mark bob's read.
  auto carol = get("/api/me/notifications?user=bob", tokens_["carol"]);
  EXPECT_EQ(carol.json["user"], "carol");
  EXPECT_EQ(carol.json["notifications"].size(), 0u);
  EXPECT_EQ(carol.body.find("your move"), std::string::npos);
  const json ids = {bob.json["notifications"][0]["id"], bob.json["notifications"][1]["id"]};
  EXPECT_EQ(post("/api/me/notifications/read", {{"ids", ids}}, tokens_["carol"]).status, 200);
  EXPECT_EQ(get("/api/me/notifications", tokens_["bob"]).json["unread"], 2);
  EXPECT_EQ(get("/api/me/notifications").status, 401);
  // bob marks one read, then the board's.
  auto after = post("/api/me/notifications/read", {{"ids", json::array({ids[0]})}}, tokens_["bob"]);
  EXPECT_EQ(after.json["unread"], 1);
  EXPECT_EQ(post("/api/me/notifications/read", {{"board", b}}, tokens_["bob"]).json["unread"], 0);
  EXPECT_EQ(post("/api/me/notifications/read", json::object(), tokens_["bob"]).status, 400);
  EXPECT_EQ(post("/api/me/notifications/read", {{"ids", "1"}}, tokens_["bob"]).status, 400);
  EXPECT_EQ(get("/api/me/notifications?wait=5", tokens_["bob"]).status, 400) << "wait needs after";
}

TEST_F(NotificationRoutesTest, ALongPollAnswersWhenTheOwnersListChanges) {
  const int64_t b = board();
  const int64_t revision = get("/api/me/notifications", tokens_["alice"]).json["revision"].get<int64_t>();
  const std::string query = "/api/me/notifications?wait=20&after=" + std::to_string(revision);
  // carol's poll, at her own revision, is not woken by alice's list.
  const int64_t carols = get("/api/me/notifications", tokens_["carol"]).json["revision"].get<int64_t>();
  HttpReply carol_reply, alice_reply;
  std::thread carol([&] {
    carol_reply = get("/api/me/notifications?wait=3&after=" + std::to_string(carols), tokens_["carol"]);
  });
  const auto started = std::chrono::steady_clock::now();
  std::thread alice([&] { alice_reply = get(query, tokens_["alice"]); });
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ASSERT_EQ(post("/api/games/" + std::to_string(b) + "/move", {{"move", first_legal(b)}}, tokens_["alice"]).status, 200);
  ASSERT_EQ(post("/api/games/" + std::to_string(b) + "/move", {{"move", first_legal(b)}}, tokens_["bob"]).status, 200);
  alice.join();
  const auto waited = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(alice_reply.status, 200) << alice_reply.body;
  EXPECT_GT(alice_reply.json["revision"].get<int64_t>(), revision);
  EXPECT_EQ(alice_reply.json["unread"], 1);
  EXPECT_LT(waited, std::chrono::seconds(10)) << "answered at the change, not at the end of the wait";
  carol.join();
  EXPECT_EQ(carol_reply.status, 200);
  EXPECT_EQ(carol_reply.json["revision"].get<int64_t>(), carols);
  EXPECT_EQ(carol_reply.json["notifications"].size(), 0u);
}

TEST_F(NotificationRoutesTest, NextNamesTheBoardWaitingForTheUsersMove) {
  const int64_t b = board();
  EXPECT_EQ(get("/api/me/next", tokens_["alice"]).json["board"], b);
  EXPECT_TRUE(get("/api/me/next?after=" + std::to_string(b), tokens_["alice"]).json["board"].is_null());
  EXPECT_TRUE(get("/api/me/next", tokens_["bob"]).json["board"].is_null());
  EXPECT_EQ(get("/api/me/next").status, 401);
}

TEST_F(NotificationRoutesTest, TheDigestHourIsSetWithThePreferenceAndChecked) {
  auto r = post("/api/me/mail", {{"mail", "digest"}, {"digest_hour", 18}}, tokens_["alice"]);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["digest_hour"], 18);
  EXPECT_EQ(get("/api/me", tokens_["alice"]).json["digest_hour"], 18);
  EXPECT_EQ(post("/api/me/mail", {{"digest_hour", 24}}, tokens_["alice"]).status, 400);
  EXPECT_EQ(post("/api/me/mail", {{"digest_hour", -1}}, tokens_["alice"]).status, 400);
  EXPECT_EQ(post("/api/me/mail", json::object(), tokens_["alice"]).status, 400);
  EXPECT_EQ(get("/api/me", tokens_["bob"]).json["digest_hour"], kDefaultDigestHour);
}

}  // namespace
}  // namespace ludus::server::testing
