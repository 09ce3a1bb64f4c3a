// SPDX-License-Identifier: Apache-2.0
// Bot accounts, their tokens and the rules for their boards (docs/bots.md), through the JSON
// API and the command grammar of a running server, on both database engines.
#include <algorithm>
#include <regex>
#include <set>

#include "bot_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class BotTest : public BotFixture {};

TEST_F(BotTest, AnAccountBecomesABotWithItsPasswordForGood) {
  auto wrong = become_bot(owner_, "not-the-password");
  EXPECT_EQ(wrong.status, 401) << wrong.body;
  EXPECT_FALSE(get("/api/me", owner_).json.value("bot", true)) << "a wrong password changes nothing";
  auto made = become_bot(owner_, "engine-pw-1");
  ASSERT_EQ(made.status, 200) << made.body;
  EXPECT_EQ(made.json, json({{"user", "engine"}, {"bot", true}}));
  EXPECT_TRUE(get("/api/me", owner_).json.value("bot", false));
  EXPECT_EQ(become_bot(owner_, "engine-pw-1").status, 200) << "asking again changes nothing";
  // The command grammar does the same, with the password.
  account("engine2", "engine-pw-2");
  auto command = post_text("/api/command", "bot engine2 engine-pw-2", "", "text/plain");
  EXPECT_EQ(command.status, 200) << command.body;
  EXPECT_NE(command.body.find("engine2 is a bot account, for good"), std::string::npos) << command.body;
  EXPECT_EQ(post_text("/api/command", "bot engine2 wrong-password", "", "text/plain").status, 401);
}

TEST_F(BotTest, AnAccountThatHadARatedBoardNeverBecomesABot) {
  account("bob", "bob-pw-1");
  auto board = post("/api/games", {{"game", "n-mesh"}, {"players", {"alice", "bob"}}}, alice_);
  ASSERT_EQ(board.status, 201) << board.body;
  ASSERT_TRUE(board.json.value("rated", false));
  auto refused = become_bot(alice_, "alice-pw-1");
  EXPECT_EQ(refused.status, 409) << refused.body;
  EXPECT_EQ(refused.json.value("code", ""), "bot_refused");
  EXPECT_NE(refused.json.value("error", "").find("has played rated boards (#" + board.json["board"].dump() + ")"),
            std::string::npos)
      << refused.body;
  EXPECT_FALSE(get("/api/me", alice_).json.value("bot", true));
  // Resigned and finished, the board still counts: a rated player's account stays a player's.
  ASSERT_EQ(post("/api/games/" + board.json["board"].dump() + "/resign", json::object(), alice_).status, 200);
  EXPECT_EQ(become_bot(alice_, "alice-pw-1").status, 409);
}

TEST_F(BotTest, OnlyABotGetsBotTokensWithItsPassword) {
  auto refused = post("/api/me/bot-tokens", {{"password", "alice-pw-1"}}, alice_);
  EXPECT_EQ(refused.status, 403) << refused.body;
  EXPECT_EQ(refused.json.value("code", ""), "not_a_bot");
  ASSERT_EQ(become_bot(owner_, "engine-pw-1").status, 200);
  EXPECT_EQ(post("/api/me/bot-tokens", {{"password", "alice-pw-1"}}, owner_).status, 401);
  const std::string bot = bot_token(owner_, "engine-pw-1");
  // A bot token cannot mint another one (nor anything else of the account).
  auto again = post("/api/me/bot-tokens", {{"password", "engine-pw-1"}}, bot);
  EXPECT_EQ(again.status, 403) << again.body;
  EXPECT_EQ(again.json.value("code", ""), "bot_scope");
  // A new password ends every token, the bot's too.
  ASSERT_EQ(post("/api/password", {{"old_password", "engine-pw-1"}, {"new_password", "engine-pw-2"}}, owner_).status, 200);
  EXPECT_EQ(get("/api/games?user=engine", bot).status, 200) << "a public listing needs no token";
  EXPECT_EQ(post("/api/logout", json::object(), bot).status, 401) << "the bot token is gone";
}

// A concrete path of a route's pattern: each group becomes a value it matches (a number, the
// first of its alternatives, a game's name).
std::string sample_path(const std::string& pattern, const std::string& number) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '\\' && i + 1 < pattern.size()) {
      out += pattern[++i];
    } else if (pattern[i] == '(') {
      const size_t end = pattern.find(')', i);
      const std::string group = pattern.substr(i + 1, end - i - 1);
      if (group.rfind("\\d", 0) == 0) out += number;
      else if (group.find('|') != std::string::npos) out += group.substr(0, group.find('|'));
      else out += "ndengrod";
      i = end;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

// Every route the server registers, called with a bot token: those of a bot's play answer as
// for anyone (whatever that is), every other one 403 bot_scope before it runs.
TEST_F(BotTest, ABotTokenReachesOnlyTheRoutesOfItsPlay) {
  const std::string bot = engine_bot();
  auto board = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "ai:random"}}},
                    alice_);
  ASSERT_EQ(board.status, 201) << board.body;
  const std::string number = board.json["board"].dump();
  const auto& routes = server_->http().routes();
  const std::vector<std::string> allowed = routes.bot_routes();
  const std::set<std::string> expected = {
      "GET /api/catalog", "POST /api/logout", "GET /api/games", "POST /api/games",
      "POST /api/games/(\\d+)/rematch", "GET /api/games/(\\d+)", "GET /api/games/(\\d+)/history",
      "POST /api/games/(\\d+)/(move|swap|pass|resign|undo|abort|draw|propose|accept|reject)",
      "GET /api/offers", "POST /api/offers", "POST /api/offers/(\\d{1,15})/join",
      "POST /api/offers/(\\d{1,15})/decline", "GET /api/bot/stream"};
  EXPECT_EQ(std::set<std::string>(allowed.begin(), allowed.end()), expected) << "docs/bots.md lists them";
  int refused = 0;
  std::vector<std::string> table = routes.route_table();
  // Last: the logout ends the bot token.
  std::stable_partition(table.begin(), table.end(), [](const std::string& r) { return r != "POST /api/logout"; });
  for (const std::string& route : table) {
    const size_t space = route.find(' ');
    const std::string method = route.substr(0, space), pattern = route.substr(space + 1);
    std::string path = sample_path(pattern, number);
    ASSERT_TRUE(std::regex_match(path, std::regex(pattern))) << path << " is not a path of " << route;
    if (path == "/api/bot/stream") path += "?since=x";  // answered (400), not kept open: the stream's own tests open it
    const HttpReply r = reply_of(client().request(http::string_to_verb(method), path, "{}", auth(bot), "application/json"));
    SCOPED_TRACE(route + " as " + path + ": " + r.body.substr(0, 200));
    const bool bot_route = std::find(allowed.begin(), allowed.end(), route) != allowed.end();
    if (bot_route) {
      EXPECT_NE(r.json.value("code", ""), "bot_scope");
    } else {
      EXPECT_EQ(r.status, 403);
      EXPECT_EQ(r.json.value("code", ""), "bot_scope");
      ++refused;
    }
  }
  EXPECT_GT(refused, 30);
  // The account's own sign-in still reaches everything.
  EXPECT_EQ(get("/api/me", owner_).status, 200);
  EXPECT_EQ(get("/api/me", bot).json.value("code", ""), "bad_token") << "the walk's last call, the logout, ended it";
}

TEST_F(BotTest, ABotAcceptsAnInvitationAndPlaysItsBoardUnrated) {
  const std::string bot = engine_bot();
  auto invited = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 4}}}, {"players", {"alice", "engine"}}},
                      alice_);
  ASSERT_EQ(invited.status, 202) << invited.body;
  EXPECT_FALSE(invited.json["offer"].value("rated", true)) << "a board with a bot is never rated";
  auto joined = post("/api/offers/" + invited.json["offer"]["id"].dump() + "/join", json::object(), bot);
  ASSERT_EQ(joined.status, 201) << joined.body;
  EXPECT_FALSE(joined.json.value("rated", true));
  const std::string board = joined.json["board"].dump();
  ASSERT_EQ(post("/api/games/" + board + "/move", {{"move", "b2"}, {"move_number", 1}}, alice_).status, 200);
  auto played = post("/api/games/" + board + "/move", {{"move", "c3"}, {"move_number", 2}}, bot);
  EXPECT_EQ(played.status, 200) << played.body;
  auto comment = post("/api/games/" + board + "/comment", {{"text", "gg"}}, bot);
  EXPECT_EQ(comment.status, 403) << comment.body;
  EXPECT_EQ(comment.json.value("code", ""), "bot_scope");
  EXPECT_EQ(post("/api/games/" + board + "/resign", json::object(), bot).status, 200);
}

TEST_F(BotTest, ABoardWithABotIsNeverRated) {
  const std::string bot = engine_bot();
  ASSERT_EQ(post("/api/me/limits", {{"challenges", "all"}}, owner_).status, 200);
  auto rated = post("/api/games", {{"game", "n-mesh"}, {"options", {{"rated", "yes"}}}, {"players", {"alice", "engine"}}},
                    alice_);
  EXPECT_EQ(rated.status, 400) << rated.body;
  EXPECT_NE(rated.json.value("error", "").find("a bot plays"), std::string::npos) << rated.body;
  auto started = post("/api/games", {{"game", "n-mesh"}, {"players", {"alice", "engine"}}}, alice_);
  ASSERT_EQ(started.status, 201) << started.body;
  EXPECT_FALSE(started.json.value("rated", true));
  EXPECT_TRUE(started.json.value("exploration", false)) << "as on every unrated board";
  auto spec = post("/api/board-spec", {{"game", "n-mesh"}, {"players", {"alice", "engine"}}});
  ASSERT_EQ(spec.status, 200) << spec.body;
  EXPECT_FALSE(spec.json.value("rated_possible", true));
  EXPECT_EQ(spec.json.value("unrated_reason", ""), "a bot plays");
  EXPECT_TRUE(post("/api/board-spec", {{"game", "n-mesh"}, {"players", {"alice", "ai:easy"}}}).json.value("rated", false))
      << "the computer is no bot";
  // A bot's seek is unrated; a player's rated seek is not for a bot.
  auto seek = post("/api/offers", {{"game", "n-mesh"}}, bot);
  ASSERT_EQ(seek.status, 201) << seek.body;
  EXPECT_FALSE(seek.json["offer"].value("rated", true));
  auto alices = post("/api/offers", {{"game", "n-mesh"}}, alice_);
  ASSERT_EQ(alices.status, 201) << alices.body;
  ASSERT_TRUE(alices.json["offer"].value("rated", false));
  auto taken = post("/api/offers/" + alices.json["offer"]["id"].dump() + "/join", json::object(), bot);
  EXPECT_EQ(taken.status, 403) << taken.body;
  EXPECT_EQ(taken.json.value("code", ""), "bot_not_allowed");
}

TEST_F(BotTest, BotsPlayNoTournaments) {
  engine_bot();
  auto tournament = post("/api/tournaments", {{"game", "n-mesh"}, {"format", "roundrobin"}, {"players", "2-4"}, {"start", "full"}},
                         alice_);
  ASSERT_EQ(tournament.status, 201) << tournament.body;
  auto join = post("/api/tournaments/" + tournament.json["tournament"]["id"].dump() + "/join", json::object(), owner_);
  EXPECT_EQ(join.status, 403) << join.body;
  EXPECT_EQ(join.json.value("code", ""), "bot_not_allowed");
  auto create = post("/api/tournaments", {{"game", "n-mesh"}, {"format", "roundrobin"}, {"players", "2-4"}, {"start", "full"}},
                     owner_);
  EXPECT_EQ(create.status, 403) << create.body;
  EXPECT_EQ(create.json.value("code", ""), "bot_not_allowed");
}

}  // namespace
}  // namespace ludus::server::testing
