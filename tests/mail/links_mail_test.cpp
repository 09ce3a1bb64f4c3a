// SPDX-License-Identifier: Apache-2.0
// What a friend running a small server needs from its mails (issue 57, item 12), through a
// running `ludus serve --public-url` and the real SMTP sink (python3-aiosmtpd): every mail
// about a board, an invitation, a tournament, an address or a reset carries a link to the
// web page; the reset mail names the page's own words for the way there ("Sign in >
// Forgot your password?", as web/index.html has them); a comment is not mailed back to its
// author, and it is titled a comment, not "game over", on a finished board.  Then the
// one-shot commands that queue mail (`ludus pbm`, `ludus cleanup`) take --public-url (or
// LUDUS_PUBLIC_URL) too, and refuse a bad one in one line.  On SQLite and (pg/) PostgreSQL.
#include <atomic>
#include <chrono>

#include "mail/sink_serve_support.h"

namespace ludus::mail_testing {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

constexpr const char* kPage = "https://games.example.org/ludus";

std::string unfolded(const SinkMessage& m) { return m.unfolded(); }

class LinkedMail : public SinkServe {
 protected:
  void SetUp() override {
    config_.public_url = server::PublicUrl::parse(std::string(kPage) + "/");  // the trailing '/' is dropped
    SinkServe::SetUp();
  }
  // The messages that arrive after `before`, waiting for `count` of them.
  std::vector<SinkMessage> arriving(size_t before, size_t count) {
    auto all = sink_->await_messages(before + count);
    EXPECT_EQ(all.size(), before + count);
    return {all.begin() + static_cast<std::ptrdiff_t>(std::min(before, all.size())), all.end()};
  }
};

TEST_F(LinkedMail, EveryMailLinksToWhatItIsAbout) {
  SinkMessage verify;
  const std::string alice = verified_account("alice", "all", &verify);
  EXPECT_TRUE(contains(unfolded(verify), std::string(kPage) + "/#/settings")) << verify.text;
  const std::string bob = verified_account("bob");
  const std::string carol = verified_account("carol", "ask");  // carol's challenges are invitations

  // A board: its start and every move link to it.
  size_t before = sink_->messages().size();
  const auto board = post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice);
  ASSERT_EQ(board.status, 201) << board.body;
  const std::string id = std::to_string(board.json["board"].get<int64_t>());
  for (const SinkMessage& m : arriving(before, 2))  // alice and bob: the new board
    EXPECT_TRUE(contains(unfolded(m), "On the web: " + std::string(kPage) + "/#/board/" + id + "\n")) << m.text;
  before = sink_->messages().size();
  ASSERT_EQ(post("/api/games/" + id + "/move", {{"move", "e5"}}, alice).status, 200);
  const auto moved = arriving(before, 2);
  for (const SinkMessage& m : moved) EXPECT_TRUE(contains(unfolded(m), std::string(kPage) + "/#/board/" + id)) << m.text;

  // An invitation links to the lobby, where it is answered.
  before = sink_->messages().size();
  ASSERT_EQ(post("/api/games", {{"game", "epoxy"}, {"players", {"alice", "carol"}}}, alice).status, 202);
  const auto invited = arriving(before, 1);
  ASSERT_EQ(invited.size(), 1u);
  EXPECT_EQ(invited[0].rcpt_to, "carol@example.org");
  EXPECT_TRUE(contains(unfolded(invited[0]), std::string(kPage) + "/#/lobby")) << invited[0].text;

  // A reset: the page's address, and the way there in the page's own words.
  before = sink_->messages().size();
  ASSERT_EQ(post("/api/reset", {{"user", "bob"}}).status, 202);
  const auto reset = arriving(before, 1);
  ASSERT_EQ(reset.size(), 1u);
  const std::string text = unfolded(reset[0]);
  EXPECT_TRUE(contains(text, "On the web page: Sign in > Forgot your password?")) << text;
  EXPECT_TRUE(contains(text, "  " + std::string(kPage) + "/\n")) << text;
  const std::string page = ludus::testing::read_text(std::string(LUDUS_SOURCE_DIR) + "/web/index.html");
  EXPECT_TRUE(contains(page, "<h2 id=\"auth-title\">Sign in</h2>")) << "the page's heading is the mail's word";
  EXPECT_TRUE(contains(page, ">Forgot your password?</button>")) << "the page's button is the mail's words";
}

TEST_F(LinkedMail, TheRoundOfATournamentLinksToTheTournamentAndEachBoard) {
  const std::string alice = verified_account("alice");
  const std::string bob = verified_account("bob");
  auto created = post("/api/tournaments", {{"game", "ndengrod"}, {"format", "roundrobin"}, {"players", "2-2"}, {"start", "full"}},
                      alice);
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = std::to_string(created.json["tournament"]["id"].get<int64_t>());
  const size_t before = sink_->messages().size();
  ASSERT_EQ(post("/api/tournaments/" + id + "/join", json::object(), alice).status, 200);
  ASSERT_EQ(post("/api/tournaments/" + id + "/join", json::object(), bob).status, 200);
  // The round's mails (one each) and the new board's (one each), in whatever order.
  bool round = false;
  for (const SinkMessage& m : arriving(before, 4)) {
    if (!contains(m.header("Subject"), "ludus: ")) continue;
    round = true;
    EXPECT_TRUE(contains(unfolded(m), std::string(kPage) + "/#/tournament/" + id)) << m.text;
    EXPECT_TRUE(contains(unfolded(m), std::string(kPage) + "/#/board/")) << m.text;
  }
  EXPECT_TRUE(round) << "no mail about the round";
}

TEST_F(LinkedMail, ACommentIsNotMailedToItsAuthorNorTitledGameOver) {
  const std::string alice = verified_account("alice");
  const std::string bob = verified_account("bob");
  const auto board = post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice);
  ASSERT_EQ(board.status, 201);
  const std::string id = std::to_string(board.json["board"].get<int64_t>());
  sink_->await_messages(4);  // the two verifications, then the new board's to alice and bob
  for (bool over : {false, true}) {
    if (over) {
      const size_t before = sink_->messages().size();
      ASSERT_EQ(post("/api/games/" + id + "/resign", json::object(), bob).status, 200);
      arriving(before, 2);
    }
    const size_t before = sink_->messages().size();
    ASSERT_EQ(post("/api/games/" + id + "/comment", {{"text", over ? "well played" : "nice start"}}, bob).status, 200);
    const auto mails = arriving(before, 1);
    std::this_thread::sleep_for(400ms);  // a second mail (to bob) would have come by now
    EXPECT_EQ(sink_->messages().size(), before + 1) << "bob is mailed his own comment";
    ASSERT_EQ(mails.size(), 1u);
    EXPECT_EQ(mails[0].rcpt_to, "alice@example.org");
    EXPECT_EQ(mails[0].header("Subject"), "Ndengrod Board " + id + ": comment by bob") << "over: " << over;
  }
}

// The one-shot commands that queue mail know the page too: --public-url, or LUDUS_PUBLIC_URL.
class LinkedMailCommands : public MailFixture {};

TEST_F(LinkedMailCommands, PbmAndCleanupTakeThePublicUrlAndRefuseABadOne) {
  SmtpSink sink(sink_dir("sink"));
  const RunResult started = run_ludus({"pbm", "--db", db_, "--public-url", "http://friends.example.net:8080", "ndengrod",
                                       "challenge", "alice", "bob", "alice-pass"});
  ASSERT_EQ(started.exit_code, 0) << started.err;
  ASSERT_EQ(send_queue(sink.url()).exit_code, 0);
  auto messages = sink.messages();
  ASSERT_FALSE(messages.empty());
  EXPECT_TRUE(contains(unfolded(messages.back()), "On the web: http://friends.example.net:8080/#/board/1")) << messages.back().text;
  // The reminder of `ludus cleanup` (a week on, bob to move), through the environment.
  pbm({"move", "1", "alice", "alice-pass", "e5"});
  setenv("LUDUS_PUBLIC_URL", "https://ludus.example.net", 1);
  const std::string week_on = utc_in(8 * 86400);
  const RunResult cleanup = run_ludus({"cleanup", "--db", db_, "--now", week_on});
  unsetenv("LUDUS_PUBLIC_URL");
  ASSERT_EQ(cleanup.exit_code, 0) << cleanup.err;
  EXPECT_TRUE(contains(cleanup.out, "reminders 1")) << cleanup.out;
  sink.clear();
  ASSERT_EQ(send_queue(sink.url(), {"--now", week_on}).exit_code, 0);
  messages = sink.messages();
  bool reminded = false;
  for (const SinkMessage& m : messages)
    if (contains(m.header("Subject"), "reminder")) {
      reminded = true;
      EXPECT_TRUE(contains(unfolded(m), "https://ludus.example.net/#/board/1")) << m.text;
    }
  EXPECT_TRUE(reminded);
  // A bad address is one line and exit 2, before anything is done.
  for (const std::string bad : {"ftp://example.org", "https://", "games.example.org", "https://x.org/#/lobby", "https://a b"}) {
    const RunResult r = run_ludus({"cleanup", "--db", db_, "--public-url", bad});
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "bad public URL")) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

}  // namespace
}  // namespace ludus::mail_testing
