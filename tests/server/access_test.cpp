// SPDX-License-Identifier: Apache-2.0
// Who may call each route of the JSON API, and what its reply may reveal (docs/security.md).
// Every route is called anonymously, as a user it does not concern (carol) and as its owner;
// the table must cover every route the server registers, so a new route cannot be added
// without saying who may call it.  No reply ever carries another user's e-mail address,
// password or token.
#include <regex>
#include <set>

#include "http_test_support.h"

#include <ctime>

#include "core/record.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

constexpr int kPublic = 0;  // as `owner` in a probe: every caller is treated alike

struct Probe {
  std::string method;  // GET or POST
  std::string target;  // {board} {offer} {seek} are filled in per call
  json body;           // POST body (null: none)
  int anonymous;       // expected status without a token
  int other;           // expected status as carol, a user the resource does not concern
  std::string owner;   // whose resource ("" for public routes)
  int as_owner;        // expected status as the owner (kPublic: as the others)
};

class AccessTest : public HttpFixture {
 protected:
  void SetUp() override {
    config_.service_limits.boards_per_hour = 0;  // a fresh board for each call of a board route
    config_.service_limits.tournaments_per_user = 0;  // ... and a fresh tournament of alice's
    HttpFixture::SetUp();
    for (const char* user : {"alice", "bob", "carol", "dave"}) {
      const std::string password = std::string("pw-") + user + "-secret";
      auto r = post("/api/signup", {{"user", user}, {"password", password}, {"email", std::string(user) + "@mail.test"}});
      ASSERT_EQ(r.status, 201) << r.body;
      passwords_[user] = password;
      tokens_[user] = login(user);
      ASSERT_EQ(post("/api/me/limits", {{"challenges", std::string(user) == "dave" ? "ask" : "all"}}, tokens_[user]).status, 200);
    }
  }

  std::string login(const std::string& user) {
    auto r = post("/api/login", {{"user", user}, {"password", passwords_[user]}});
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json.value("token", "");
  }

  // A fresh board of alice (first, to move) and bob.
  std::string board() {
    auto r = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "bob"}}},
                  tokens_["alice"]);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json["board"].dump();
  }
  // A fresh invitation of alice to dave.
  std::string invitation() {
    auto r = post("/api/games", {{"game", "n-mesh"}, {"players", {"alice", "dave"}}}, tokens_["alice"]);
    EXPECT_EQ(r.status, 202) << r.body;
    return r.json["offer"]["id"].dump();
  }

  // A fresh open tournament of alice's (nobody joined yet).
  std::string tournament() {
    auto r = post("/api/tournaments", {{"game", "n-mesh"}, {"format", "roundrobin"}, {"players", "2-4"}, {"start", "full"}},
                  tokens_["alice"]);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json["tournament"]["id"].dump();
  }

  // A fresh comment of alice's; its number.
  std::string comment() {
    auto r = post("/api/games/" + board() + "/comment", {{"text", "hello"}}, tokens_["alice"]);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json["comments"].back()["id"].dump();
  }

  // alice's open attempt at a puzzle of Ndengrod (a starter puzzle); its number.
  std::string attempt() {
    auto r = get("/api/puzzles/ndengrod/next", tokens_["alice"]);
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json["attempt"].dump();
  }

  std::string fill(std::string target) {
    auto put = [&](const std::string& key, auto make) {
      for (size_t at; (at = target.find(key)) != std::string::npos;) target.replace(at, key.size(), make());
    };
    put("{board}", [&] { return board(); });
    put("{offer}", [&] { return invitation(); });
    put("{tournament}", [&] { return tournament(); });
    put("{comment}", [&] { return comment(); });
    put("{attempt}", [&] { return attempt(); });
    return target;
  }

  // Calls `probe` as `caller` ("" anonymous) and checks the status and what the reply shows.
  void call(const Probe& probe, const std::string& caller, int expected) {
    const std::string target = fill(probe.target);
    json body = probe.body;
    if (body.is_object() && body.contains("user") && body["user"] == "{fresh}")
      body["user"] = "fresh" + std::to_string(++fresh_);
    const std::string token = caller.empty() ? "" : tokens_[caller];
    HttpReply r = probe.method == "GET"   ? get(target, token)
                  : probe.method != "POST" ? reply_of(client().request(http::string_to_verb(probe.method), target,
                                                                       body.is_null() ? "" : body.dump(), auth(token),
                                                                       "application/json"))
                  : body.is_string()       ? post_text(target, body.get<std::string>(), token, "text/plain")
                                           : post_text(target, body.is_null() ? "" : body.dump(), token);
    SCOPED_TRACE(probe.method + " " + target + " as " + (caller.empty() ? "anonymous" : caller) + ": " + r.body.substr(0, 300));
    EXPECT_EQ(r.status, expected);
    for (const auto& [user, password] : passwords_) {
      EXPECT_EQ(r.body.find(password), std::string::npos) << "a password in the reply";
      const bool own = user == caller;
      if (!own || (target != "/api/me" && target != "/api/me/export")) {
        EXPECT_EQ(r.body.find(user + "@mail.test"), std::string::npos) << user << "'s e-mail";
      }
      if (!own) {
        EXPECT_EQ(r.body.find(tokens_[user]), std::string::npos) << user << "'s token";
      }
    }
    covered_.insert(probe.method + " " + target.substr(0, target.find('?')));
    if (target == "/api/password" && r.status == 200) tokens_[caller] = r.json.value("token", "");  // the others were revoked
  }

  std::map<std::string, std::string> passwords_, tokens_;
  std::set<std::string> covered_;
  int fresh_ = 0;
};

TEST_F(AccessTest, EveryRouteAnswersEachCallerAsTheTableSays) {
  const std::string comment = "{\"text\": \"hi\"}";
  const std::string in_a_month = utc_date(static_cast<int64_t>(std::time(nullptr)) + 30 * 86400);
  const std::vector<Probe> probes = {
      {"GET", "/api/catalog", nullptr, 200, 200, "", kPublic},
      {"POST", "/api/board-spec", {{"game", "n-mesh"}, {"options", {{"size", 4}}}}, 200, 200, "", kPublic},
      {"POST", "/api/signup", {{"user", "{fresh}"}, {"password", "long-enough-1"}}, 201, 201, "", kPublic},
      {"POST", "/api/login", {{"user", "bob"}, {"password", "pw-bob-secret"}}, 200, 200, "", kPublic},
      // Before the failed logins below: a sixth failure in a row from one address must wait.
      {"POST", "/api/password", {{"old_password", "pw-alice-secret"}, {"new_password", "pw-alice-secret"}}, 401, 401,
       "alice", 200},
      {"POST", "/api/login", {{"user", "bob"}, {"password", "pw-carol-secret"}}, 401, 401, "", kPublic},
      {"POST", "/api/login", {{"user", "nobody"}, {"password", "pw-carol-secret"}}, 401, 401, "", kPublic},
      // A success clears the address's failures; then the same answer for any account, and
      // wrong codes that count as failed logins (four, under the limit).
      {"POST", "/api/login", {{"user", "bob"}, {"password", "pw-bob-secret"}}, 200, 200, "", kPublic},
      {"POST", "/api/reset", {{"user", "alice"}}, 202, 202, "", kPublic},
      {"POST", "/api/reset/confirm", {{"user", "alice"}, {"code", "AAAAA-AAAAA"}, {"password", "long-enough-2"}}, 401,
       401, "", kPublic},
      {"POST", "/api/verify", {{"user", "alice"}, {"code", "AAAAA-AAAAA"}}, 401, 401, "", kPublic},
      {"GET", "/api/me", nullptr, 401, 200, "alice", 200},
      {"POST", "/api/me/mail", {{"mail", "digest"}}, 401, 200, "alice", 200},
      {"POST", "/api/me/language", {{"language", "de"}}, 401, 200, "alice", 200},
      // Each declares a holiday of their own (a month ahead), then cancels it.
      {"GET", "/api/me/holidays", nullptr, 401, 200, "alice", 200},
      {"POST", "/api/me/holidays", {{"from", in_a_month}, {"to", in_a_month}}, 401, 200, "alice", 200},
      {"POST", "/api/me/holidays/cancel", json::object(), 401, 200, "alice", 200},
      // A bot account and its tokens (docs/bots.md; bot_test.cpp): the owner's password is
      // needed, so without one every signed-in caller is refused alike.
      {"POST", "/api/me/bot", json::object(), 401, 400, "", kPublic},
      {"POST", "/api/me/bot-tokens", json::object(), 401, 400, "", kPublic},
      // A bot's event stream: a bot account's alone (bot_stream_test.cpp opens one).
      {"GET", "/api/bot/stream", nullptr, 401, 403, "", kPublic},
      {"GET", "/api/me/limits", nullptr, 401, 200, "alice", 200},
      {"POST", "/api/me/limits", {{"challenges", "all"}}, 401, 200, "alice", 200},
      {"POST", "/api/me/email", {{"email", "new@address.test"}}, 401, 200, "", kPublic},
      {"GET", "/api/me/blocks", nullptr, 401, 200, "", kPublic},
      {"POST", "/api/me/blocks", {{"user", "dave"}, {"block", false}}, 401, 200, "", kPublic},
      {"POST", "/api/comments/{comment}/report", {{"reason", "spam"}}, 401, 201, "", kPublic},
      // The owner's data; the deletion needs the password and the user id typed (carol's
      // confirmation names someone else here, so nobody is deleted).
      {"GET", "/api/me/export", nullptr, 401, 200, "", kPublic},
      // The caller's own notifications and next board (notifications_test.cpp: nobody else's).
      {"GET", "/api/me/notifications", nullptr, 401, 200, "", kPublic},
      {"GET", "/api/me/notifications?wait=0&after=0", nullptr, 401, 200, "", kPublic},
      {"POST", "/api/me/notifications/read", {{"all", true}}, 401, 200, "", kPublic},
      {"GET", "/api/me/next", nullptr, 401, 200, "", kPublic},
      {"POST", "/api/me/reviews", {{"auto_review", true}}, 401, 200, "", kPublic},
      {"POST", "/api/me/delete", {{"password", "pw-carol-secret"}, {"confirm", "nobody"}}, 401, 400, "", kPublic},
      // Administrators only, with their password besides the token (account_routes_test.cpp
      // moderates); carol gives her own password and is no administrator.
      {"POST", "/api/admin", {{"password", "pw-carol-secret"}}, 401, 403, "", kPublic},
      {"POST", "/api/admin/hide", {{"password", "pw-carol-secret"}, {"comment", 1}, {"reason", "r"}}, 401, 403, "", kPublic},
      {"POST", "/api/admin/suspend", {{"password", "pw-carol-secret"}, {"user", "bob"}, {"reason", "r"}}, 401, 403, "",
       kPublic},
      {"GET", "/api/games", nullptr, 200, 200, "", kPublic},
      {"GET", "/api/games?user=alice&status=all", nullptr, 200, 200, "", kPublic},
      {"POST", "/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, 401, 403, "alice", 201},
      {"GET", "/api/games/{board}", nullptr, 200, 200, "", kPublic},
      {"GET", "/api/games/{board}/history", nullptr, 200, 200, "", kPublic},
      {"GET", "/api/games/{board}/record.json", nullptr, 200, 200, "", kPublic},
      {"GET", "/api/games/{board}/record.sgf", nullptr, 200, 200, "", kPublic},
      // Reviews (docs/review.md): read by anyone; asked for by anyone signed in, of a finished
      // board (this fresh one is on: 409 board_on for everyone signed in).
      {"GET", "/api/games/{board}/review", nullptr, 200, 200, "", kPublic},
      {"POST", "/api/games/{board}/review", json::object(), 401, 409, "", kPublic},
      // A rematch follows a finished board: on this fresh one its player hears so.
      {"POST", "/api/games/{board}/rematch", json::object(), 401, 403, "alice", 409},
      // Conditional moves: each player's own (docs/correspondence.md); bob's, on alice's turn.
      {"GET", "/api/games/{board}/conditional", nullptr, 401, 403, "bob", 200},
      {"PUT", "/api/games/{board}/conditional", {{"lines", "if d4 c3"}}, 401, 403, "bob", 200},
      {"DELETE", "/api/games/{board}/conditional", nullptr, 401, 403, "bob", 200},
      {"POST", "/api/games/{board}/conditional", json::object(), 401, 403, "bob", 200},
      {"POST", "/api/games/{board}/move", {{"move", "d4"}}, 401, 403, "alice", 200},
      {"POST", "/api/games/{board}/swap", json::object(), 401, 403, "", kPublic},
      {"POST", "/api/games/{board}/pass", json::object(), 401, 403, "", kPublic},
      {"POST", "/api/games/{board}/undo", json::object(), 401, 403, "", kPublic},
      {"POST", "/api/games/{board}/draw", json::object(), 401, 403, "alice", 200},
      {"POST", "/api/games/{board}/propose", {{"kind", "draw"}}, 401, 403, "bob", 200},
      {"POST", "/api/games/{board}/accept", json::object(), 401, 403, "", kPublic},
      {"POST", "/api/games/{board}/reject", json::object(), 401, 403, "", kPublic},
      {"POST", "/api/games/{board}/resign", json::object(), 401, 403, "bob", 200},
      {"POST", "/api/games/{board}/comment", json::parse(comment), 401, 200, "", kPublic},
      {"POST", "/api/games/{board}/subscribe", json::object(), 401, 200, "", kPublic},
      {"POST", "/api/games/{board}/unsubscribe", json::object(), 401, 200, "", kPublic},
      {"GET", "/api/offers", nullptr, 200, 200, "", kPublic},
      {"POST", "/api/offers", {{"game", "n-mesh"}}, 401, 201, "", kPublic},
      {"POST", "/api/offers/{offer}/join", json::object(), 401, 403, "dave", 201},
      {"POST", "/api/offers/{offer}/decline", json::object(), 401, 403, "dave", 200},
      {"GET", "/api/tournaments", nullptr, 200, 200, "", kPublic},
      {"POST", "/api/tournaments", {{"game", "n-mesh"}, {"format", "swiss"}, {"rounds", 2}, {"players", "4-8"}, {"start", "full"}},
       401, 201, "", kPublic},
      {"GET", "/api/tournaments/{tournament}", nullptr, 200, 200, "", kPublic},
      {"POST", "/api/tournaments/{tournament}/join", json::object(), 401, 200, "", kPublic},
      {"POST", "/api/tournaments/{tournament}/leave", json::object(), 401, 409, "", kPublic},
      {"POST", "/api/tournaments/{tournament}/withdraw", json::object(), 401, 409, "", kPublic},
      // Only its creator starts it (and not before enough players joined).
      {"POST", "/api/tournaments/{tournament}/start", json::object(), 401, 403, "alice", 409},
      {"GET", "/api/ratings/ndengrod", nullptr, 200, 200, "", kPublic},
      {"GET", "/api/users/alice", nullptr, 200, 200, "", kPublic},
      {"GET", "/api/rules/ndengrod", nullptr, 200, 200, "", kPublic},
      {"POST", "/api/position", {{"game", "ndengrod"}, {"moves", {"e5"}}}, 200, 200, "", kPublic},
      {"POST", "/api/evaluate", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"iterations", 50}}, 200, 200, "",
       kPublic},
      {"POST", "/api/command", "show 1", 200, 200, "", kPublic},
      // Puzzles: the list for anyone, a next puzzle for the signed-in, an attempt its owner's
      // alone (the owner reaches the rules: a turn off the board is 400; puzzle_routes_test.cpp plays).
      {"GET", "/api/puzzles", nullptr, 200, 200, "", kPublic},
      {"GET", "/api/puzzles/ndengrod/next", nullptr, 401, 200, "", kPublic},
      {"POST", "/api/puzzles/attempts/{attempt}", {{"turn", "zz9"}}, 401, 404, "alice", 400},
      // Your mistakes: each signed-in user's own list; a puzzle not from the caller's mistakes
      // is 404 for everyone (review_routes_test.cpp opens one of its owner's).
      {"GET", "/api/puzzles/mine", nullptr, 401, 200, "", kPublic},
      {"POST", "/api/puzzles/mine/999999", json::object(), 401, 404, "", kPublic},
      // Last: as carol it ends her session.
      {"POST", "/api/logout", json::object(), 401, 200, "", kPublic},
  };
  for (const Probe& probe : probes) {
    call(probe, "", probe.anonymous);
    call(probe, "carol", probe.other);
    if (!probe.owner.empty()) call(probe, probe.owner, probe.as_owner);
  }
  // The table covers every route the server registers.
  for (const std::string& route : server_->http().routes().route_table()) {
    const size_t space = route.find(' ');
    const std::regex pattern(route.substr(space + 1));
    bool found = false;
    for (const std::string& seen : covered_)
      found = found || (seen.substr(0, space) == route.substr(0, space) && std::regex_match(seen.substr(space + 1), pattern));
    EXPECT_TRUE(found) << "no probe calls " << route << ": add it to the table (and to docs/security.md)";
  }
}

TEST_F(AccessTest, NobodyActsForAnotherUserThroughTheCommandGrammar) {
  const std::string board = this->board();
  auto command = [&](const std::string& text) { return post_text("/api/command", text, "", "text/plain"); };
  EXPECT_EQ(command("ndengrod challenge alice bob pw-alice-secret").status, 200) << "the owner's password works";
  // Unknown and known users get the same refusal (no account enumeration by login).
  const auto unknown = command("mailpref nosuchuser pw-carol-secret");
  const auto known = command("mailpref alice pw-carol-secret");
  EXPECT_EQ(unknown.status, 401);
  EXPECT_EQ(unknown.status, known.status);
  EXPECT_EQ(unknown.body, known.body);
  EXPECT_EQ(command("move " + board + " carol pw-carol-secret d4").status, 403) << "carol does not play there";
  // Carol's own password does not let her act for alice or bob, nor does a token stand in
  // for a password; past five failures in a row the address must wait (429) before trying.
  for (const std::string& attempt : std::vector<std::string>{"move " + board + " alice pw-carol-secret d4", "move " + board + " alice " + tokens_["alice"] + " d4",
                                     "resign " + board + " bob pw-alice-secret", "mailpref alice pw-bob-secret none",
                                     "passwd alice pw-bob-secret new-password-1", "ndengrod challenge alice bob pw-carol-secret",
                                     "undo " + board + " alice pw-dave-secret", "notifications bob pw-carol-secret",
                                     "next bob pw-carol-secret"}) {
    const auto r = command(attempt);
    EXPECT_TRUE(r.status == 401 || r.status == 429) << attempt << ": " << r.status << " " << r.body;
  }
  // The board is as it was: no move, no resignation.
  auto state = get("/api/games/" + board);
  EXPECT_EQ(state.json["moves"].size(), 0u) << state.body;
  EXPECT_EQ(state.json["status"], "active");
  EXPECT_EQ(post("/api/login", {{"user", "alice"}, {"password", "pw-alice-secret"}}).status, 429) << "alice's account waits";
}

TEST_F(AccessTest, InvitationsAreSeenOnlyByTheirTwoPlayers) {
  const std::string offer = invitation();
  auto ids = [&](const std::string& query, const std::string& token) {
    std::vector<std::string> out;
    const HttpReply r = get("/api/offers" + query, token);  // kept: the loop reads into it
    for (const auto& o : r.json["offers"]) out.push_back(o["id"].dump());
    return out;
  };
  EXPECT_TRUE(ids("?user=dave", "").empty());
  EXPECT_TRUE(ids("?user=dave", tokens_["carol"]).empty());
  EXPECT_TRUE(ids("?user=alice", tokens_["bob"]).empty());
  EXPECT_EQ(ids("?user=dave", tokens_["dave"]), std::vector<std::string>{offer});
  EXPECT_EQ(ids("?user=alice", tokens_["alice"]), std::vector<std::string>{offer});
  auto command = [&](const std::string& text) { return post_text("/api/command", text, "", "text/plain").body; };
  EXPECT_EQ(command("offers dave").find("offer " + offer), std::string::npos);
  EXPECT_NE(command("offers dave pw-dave-secret").find("offer " + offer), std::string::npos);
}

}  // namespace
}  // namespace ludus::server::testing
