// SPDX-License-Identifier: Apache-2.0
// Account recovery and moderation through a running `ludus serve` and the real SMTP sink
// (python3-aiosmtpd): the verification and reset codes arrive by mail and work once, expire
// (the server's clock is the test's), and neither tells whether an account exists; a
// suspension and a block hold on every front end: HTTP, the command endpoint, mail
// (`ludus mail`), and the WebSocket, which carries no identity and shows hidden comments to
// nobody.  On SQLite and (pg/) PostgreSQL.
#include <atomic>
#include <chrono>
#include <regex>
#include <thread>

#include "mail/sink_serve_support.h"
#include "server/domain/community/moderation.h"
#include "server/http_test_support.h"
#include "server/transport/http_client.h"

namespace ludus::mail_testing {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

// The server's mail in the SMTP sink (sink_serve_support.h).
class CommunityServe : public SinkServe {};

TEST_F(CommunityServe, AResetCodeArrivesWorksOnceAndExpiresAndTellsNothingAboutAccounts) {
  const std::string token = verified_account("alice");
  auto known = post("/api/reset", {{"user", "alice"}});
  auto unknown = post("/api/reset", {{"user", "nobody"}});
  EXPECT_EQ(known.status, 202);
  EXPECT_EQ(unknown.status, known.status);
  EXPECT_EQ(unknown.body, known.body);
  EXPECT_EQ(post_text("/api/command", "reset nobody", "", "text/plain").body,
            post_text("/api/command", "reset alice", "", "text/plain").body);
  auto messages = await_messages(3);
  ASSERT_EQ(messages.size(), 3u) << "the verification and alice's two codes; none for nobody";
  for (size_t i = 1; i < 3; ++i) {
    EXPECT_EQ(messages[i].rcpt_to, "alice@example.org");
    EXPECT_EQ(messages[i].header("Subject"), "ludus: password reset code for alice");
  }
  const std::string code = code_in(messages[1]);
  auto reset = post("/api/reset/confirm", {{"user", "alice"}, {"code", code}, {"password", "new-secret-pw"}});
  ASSERT_EQ(reset.status, 200) << reset.body;
  EXPECT_EQ(get("/api/me", token).status, 401) << "the old token is revoked";
  EXPECT_EQ(post("/api/login", {{"user", "alice"}, {"password", "new-secret-pw"}}).status, 200);
  auto again = post("/api/reset/confirm", {{"user", "alice"}, {"code", code}, {"password", "other-secret-pw"}});
  EXPECT_EQ(again.status, 401) << "a code works once";
  EXPECT_EQ(again.json.value("code", ""), "bad_code");
  const std::string sibling = code_in(messages[2]);
  EXPECT_EQ(post("/api/reset/confirm", {{"user", "alice"}, {"code", sibling}, {"password", "other-secret-pw"}}).status,
            401)
      << "a used code voids the others mailed before it";
  // A fresh code, an hour and a second later.
  ASSERT_EQ(post("/api/reset", {{"user", "alice"}}).status, 202);
  messages = await_messages(4);
  ASSERT_EQ(messages.size(), 4u);
  now_ += server::Accounts::CodeLifetimes{}.reset + 1;
  EXPECT_EQ(post("/api/reset/confirm", {{"user", "alice"}, {"code", code_in(messages[3])}, {"password", "late-secret-pw"}})
                .status,
            401)
      << "expired";
  EXPECT_EQ(post("/api/login", {{"user", "alice"}, {"password", "new-secret-pw"}}).status, 200);
}

// The address verification code through the sink: a day later it no longer works, a fresh
// one is mailed when the address is given again, it works once, and an unknown user's try
// is refused as a wrong code is.
TEST_F(CommunityServe, AVerificationCodeArrivesWorksOnceAndExpires) {
  ASSERT_EQ(post("/api/signup", {{"user", "carol"}, {"password", "secret-pw"}, {"email", "carol@example.org"}}).status, 201);
  auto messages = await_messages(1);
  ASSERT_EQ(messages.size(), 1u);
  EXPECT_EQ(messages[0].header("Subject"), "ludus: verify your address for carol");
  now_ += server::Accounts::CodeLifetimes{}.verify + 1;
  auto expired = post("/api/verify", {{"user", "carol"}, {"code", code_in(messages[0])}});
  EXPECT_EQ(expired.status, 401) << "expired";
  EXPECT_EQ(expired.json.value("code", ""), "bad_code");
  const std::string token = post("/api/login", {{"user", "carol"}, {"password", "secret-pw"}}).json.value("token", "");
  EXPECT_EQ(get("/api/me", token).json.value("email", "?"), "");
  ASSERT_EQ(post("/api/me/email", {{"email", "carol@example.org"}}, token).status, 200);
  messages = await_messages(2);
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[1].rcpt_to, "carol@example.org");
  const std::string code = code_in(messages[1]);
  auto unknown = post("/api/verify", {{"user", "nobody"}, {"code", code}});
  auto wrong = post("/api/verify", {{"user", "carol"}, {"code", "ABCDEFGHJK"}});
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(unknown.status, wrong.status);
  EXPECT_EQ(unknown.json.value("code", ""), wrong.json.value("code", "-"));
  auto verified = post("/api/verify", {{"user", "carol"}, {"code", code}});
  ASSERT_EQ(verified.status, 200) << verified.body;
  EXPECT_EQ(verified.json.value("email", ""), "carol@example.org");
  EXPECT_EQ(post("/api/verify", {{"user", "carol"}, {"code", code}}).status, 401) << "a code works once";
  EXPECT_EQ(get("/api/me", token).json.value("email", ""), "carol@example.org");
}

TEST_F(CommunityServe, NoticesWaitForAVerifiedAddressAndAChangeKeepsTheOldOneUntilVerified) {
  const std::string alice = verified_account("alice");
  ASSERT_EQ(post("/api/signup", {{"user", "bob"}, {"password", "secret-pw"}, {"email", "bob@example.org"}}).status, 201);
  ASSERT_EQ(await_messages(2).size(), 2u);  // alice's and bob's verification mails
  auto changed = post("/api/me/email", {{"email", "alice@new.example"}}, alice);
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_EQ(changed.json.value("email", ""), "alice@example.org");
  EXPECT_EQ(changed.json.value("pending_email", ""), "alice@new.example");
  auto messages = await_messages(3);
  ASSERT_EQ(messages.size(), 3u);
  EXPECT_EQ(messages[2].rcpt_to, "alice@new.example");
  // A board: its notice goes to alice's verified (old) address only, none to bob's unverified one.
  ASSERT_EQ(post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice).status, 202);
  const std::string bob = post("/api/login", {{"user", "bob"}, {"password", "secret-pw"}}).json.value("token", "");
  ASSERT_EQ(post("/api/offers/1/join", json::object(), bob).status, 201);
  messages = await_messages(4);
  ASSERT_GE(messages.size(), 4u);
  std::this_thread::sleep_for(500ms);  // a few mail rounds: nothing else may come
  messages = sink_->messages();
  for (size_t i = 3; i < messages.size(); ++i) EXPECT_EQ(messages[i].rcpt_to, "alice@example.org") << messages[i].text;
  ASSERT_EQ(post("/api/verify", {{"user", "alice"}, {"code", code_in(messages[2])}}).status, 200);
  EXPECT_EQ(get("/api/me", alice).json.value("email", ""), "alice@new.example");
}

TEST_F(CommunityServe, ASuspensionHoldsOnEveryFrontEnd) {
  const std::string alice = verified_account("alice");
  const std::string mallory = verified_account("mallory");
  auto game = post("/api/games", {{"game", "ndengrod"}, {"players", {"mallory", "alice"}}}, mallory);
  ASSERT_EQ(game.status, 201) << game.body;
  const std::string board = game.json["board"].dump();
  ASSERT_EQ(post("/api/games/" + board + "/comment", {{"text", "you will lose"}}, mallory).status, 200);
  const int64_t comment = get("/api/games/" + board, "").json["comments"][0]["id"];
  server::WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(json{{"watch", {std::stoll(board)}}}.dump()));

  // The administrator works on the server machine, in another process.
  RunResult r = run_ludus({"admin", "grant", "alice", "--db", config_.db_path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_ludus({"admin", "suspend", "mallory", "--db", config_.db_path, "--as", "alice", "--reason", "threats"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_ludus({"admin", "hide", std::to_string(comment), "--db", config_.db_path, "--as", "alice", "--reason", "threats"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = run_ludus({"admin", "hide", "1", "--db", config_.db_path, "--as", "mallory", "--reason", "x"});
  EXPECT_EQ(r.exit_code, 1) << "only an administrator moderates";
  EXPECT_NE(r.err.find("not an administrator"), std::string::npos) << r.err;

  // HTTP: the old token is gone, logging in is refused, and so is the command endpoint.
  EXPECT_EQ(post("/api/games/" + board + "/comment", {{"text", "still here"}}, mallory).status, 401);
  auto login = post("/api/login", {{"user", "mallory"}, {"password", "secret-pw"}});
  EXPECT_EQ(login.status, 403);
  EXPECT_EQ(login.json.value("code", ""), "suspended");
  EXPECT_EQ(post_text("/api/command", "comment " + board + " mallory secret-pw hi", "", "text/plain").status, 403);
  // Mail: answered with the refusal, nothing stored.
  const std::string mail = "From: Mallory <mallory@example.org>\r\nTo: ludus@games.example.org\r\nSubject: comment " +
                           board + " mallory secret-pw hi\r\nMessage-ID: <m1.mallory@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n";
  r = run_ludus({"mail", "--db", config_.db_path}, mail);
  EXPECT_NE(r.err.find("suspended"), std::string::npos) << r.out << r.err;
  // The WebSocket's watcher sees the board without the hidden comment (the change feed
  // brings the other process's change); the socket itself grants nothing to act with.
  bool hidden = false;
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (!hidden && std::chrono::steady_clock::now() < deadline)
    if (auto text = ws.receive(200ms)) {
      const json m = json::parse(*text, nullptr, false);
      hidden = m.contains("state") && m["state"]["comments"].empty();
    }
  EXPECT_TRUE(hidden) << "no push without the hidden comment";
  ASSERT_TRUE(ws.send(json{{"token", mallory}, {"comment", "over the socket"}}.dump()));
  EXPECT_TRUE(get("/api/games/" + board, "").json["comments"].empty());
  // The audit log, as `ludus admin audit` shows it.
  r = run_ludus({"admin", "audit", "--db", config_.db_path});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("alice  suspend  mallory  \"threats\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("console  grant  alice"), std::string::npos) << r.out;
  (void)alice;
}

TEST_F(CommunityServe, ABlockHoldsOverHttpTheCommandEndpointMailAndTheWebSocket) {
  const std::string alice = verified_account("alice");
  const std::string mallory = verified_account("mallory");
  auto game = post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "mallory"}}}, alice);
  ASSERT_EQ(game.status, 201);
  const std::string board = game.json["board"].dump();
  auto blocked = post("/api/me/blocks", {{"user", "mallory"}}, alice);
  ASSERT_EQ(blocked.status, 200) << blocked.body;
  EXPECT_EQ(blocked.json["blocks"], json::array({"mallory"}));
  // A watcher of the board over the WebSocket, which mallory also tries to comment through.
  server::WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  ASSERT_TRUE(ws.send(json{{"watch", {std::stoll(board)}}}.dump()));
  ASSERT_TRUE(ws.send(json{{"token", mallory}, {"comment", "over the socket"}}.dump()));
  auto refused = post("/api/games", {{"game", "ndengrod"}, {"players", {"mallory", "alice"}}}, mallory);
  EXPECT_EQ(refused.status, 403);
  EXPECT_EQ(refused.json.value("code", ""), "blocked");
  EXPECT_EQ(post("/api/games/" + board + "/comment", {{"text", "hi"}}, mallory).status, 403);
  EXPECT_EQ(post_text("/api/command", "ndengrod challenge mallory alice secret-pw", "", "text/plain").status, 403);
  const std::string mail = "From: Mallory <mallory@example.org>\r\nTo: ludus@games.example.org\r\nSubject: comment " +
                           board + " mallory secret-pw hi\r\nMessage-ID: <m2.mallory@example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n";
  RunResult r = run_ludus({"mail", "--db", config_.db_path}, mail);
  EXPECT_NE(r.err.find("takes no comments from you"), std::string::npos) << r.out << r.err;
  EXPECT_TRUE(get("/api/games/" + board, "").json["comments"].empty());
  // The rule holds both ways: alice may not comment there either.
  auto own = post("/api/games/" + board + "/comment", {{"text", "a word"}}, alice);
  EXPECT_EQ(own.status, 403);
  EXPECT_EQ(own.json.value("error", ""), "you block mallory: unblock them first");
  // Reporting needs a login; a report of a comment anyone sees is taken.
  const std::string carol = account("carol");
  ASSERT_EQ(post("/api/games/" + board + "/comment", {{"text", "a word"}}, carol).status, 200);
  // The WebSocket pushed carol's comment, and never one of the refused ones.
  json pushed;
  const auto deadline = std::chrono::steady_clock::now() + 10s;
  while (pushed.empty() && std::chrono::steady_clock::now() < deadline)
    if (auto text = ws.receive(200ms)) {
      const json m = json::parse(*text, nullptr, false);
      if (!m.contains("state")) continue;
      EXPECT_LE(m["state"]["comments"].size(), 1u) << *text;
      if (!m["state"]["comments"].empty()) pushed = m["state"]["comments"];
    }
  ASSERT_EQ(pushed.size(), 1u) << "no push of carol's comment";
  EXPECT_EQ(pushed[0]["user"], "carol");
  EXPECT_EQ(pushed[0]["text"], "a word");
  const int64_t comment = get("/api/games/" + board, "").json["comments"][0]["id"];
  EXPECT_EQ(post("/api/comments/" + std::to_string(comment) + "/report", {{"reason", "x"}}).status, 401);
  EXPECT_EQ(post("/api/comments/" + std::to_string(comment) + "/report", {{"reason", "spam"}}, mallory).status, 201);
  EXPECT_EQ(post("/api/comments/99999/report", {{"reason", "spam"}}, mallory).status, 404);
  EXPECT_EQ(post("/api/me/blocks", {{"user", "mallory"}, {"block", false}}, alice).json["blocks"], json::array());
}

// The audit's case through the real SMTP sink: bob follows board 2, carol against dave, and
// blocks mallory; mallory comments there.  The players are mailed her words; bob is not (he
// is mailed the comment after hers, from someone he does not block).
TEST_F(CommunityServe, AFollowerWhoBlocksAKibitzerIsNotMailedTheirWords) {
  const std::string bob = verified_account("bob");
  const std::string carol = verified_account("carol");
  verified_account("dave");
  const std::string mallory = verified_account("mallory");
  auto game = post("/api/games", {{"game", "ndengrod"}, {"players", {"carol", "dave"}}}, carol);
  ASSERT_EQ(game.status, 201) << game.body;
  const std::string board = "/api/games/" + game.json["board"].dump();
  ASSERT_EQ(post(board + "/subscribe", json::object(), bob).status, 200);
  ASSERT_EQ(post("/api/me/blocks", {{"user", "mallory"}}, bob).status, 200);
  const size_t before = 4 + 2;  // the codes of the four addresses, the board's start to its two players
  ASSERT_EQ(await_messages(before).size(), before);
  ASSERT_EQ(post(board + "/comment", {{"text", "mallory was here"}}, mallory).status, 200);
  ASSERT_EQ(post(board + "/comment", {{"text", "carol was here"}}, carol).status, 200);
  // Mallory's comment goes to the players, carol and dave; carol's to dave and bob (nobody
  // is mailed their own words).
  auto messages = await_messages(before + 4);
  std::this_thread::sleep_for(500ms);  // nothing more comes
  messages = sink_->messages();
  ASSERT_EQ(messages.size(), before + 4);
  auto holds = [&](const std::string& to, const std::string& text) {
    return std::any_of(messages.begin() + static_cast<std::ptrdiff_t>(before), messages.end(), [&](const SinkMessage& m) {
      return m.rcpt_to == to && m.text.find(text) != std::string::npos;
    });
  };
  EXPECT_TRUE(holds("carol@example.org", "mallory was here"));
  EXPECT_TRUE(holds("dave@example.org", "mallory was here"));
  EXPECT_TRUE(holds("bob@example.org", "carol was here"));
  EXPECT_FALSE(holds("carol@example.org", "carol was here"));
  EXPECT_FALSE(holds("bob@example.org", "mallory was here"));
}

}  // namespace
}  // namespace ludus::mail_testing
