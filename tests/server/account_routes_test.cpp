// SPDX-License-Identifier: Apache-2.0
// The routes of issue 57's items 5-7 over real HTTP: whether a board may be rated
// (POST /api/board-spec), a rematch (POST /api/games/N/rematch), the data export and the
// deletion of an account (GET /api/me/export, POST /api/me/delete), and the administrators'
// view and actions, which take the token AND the password (POST /api/admin, /api/admin/ACTION).
// On SQLite and (pg/) PostgreSQL.
#include "http_test_support.h"
#include "server/storage/community_store.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class AccountRoutesTest : public HttpFixture {
 protected:
  void make_admin(const std::string& user) {
    Store store(config_.db_path);
    auto session = store.session();
    set_admin(session, user, true);
  }
  // A finished board of `first` and `second` (an n-mesh 5, unrated): `second` resigns.
  int64_t finished(const std::string& first, const std::string& second, const std::string& first_token,
                   const std::string& second_token) {
    auto r = post("/api/games", {{"game", "n-mesh"}, {"options", {{"size", 5}, {"rated", "no"}}}, {"players", {first, second}}},
                  first_token);
    EXPECT_EQ(r.status, 201) << r.body;
    const int64_t board = r.json.value("board", int64_t{0});
    EXPECT_EQ(post("/api/games/" + std::to_string(board) + "/resign", json::object(), second_token).status, 200);
    return board;
  }
};

TEST_F(AccountRoutesTest, TheBoardSpecSaysWhetherRatedMayApplyAndWhy) {
  auto r = post("/api/board-spec", {{"game", "n-mesh"}, {"options", {{"size", 4}, {"rated", "yes"}}}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["rated_possible"], false);
  EXPECT_EQ(r.json["unrated_reason"], "only boards with N-Mesh's standard options are rated (size 6, not 4)");
  EXPECT_EQ(r.json["options"]["size"], "4");
  r = post("/api/board-spec", {{"game", "N-Mesh"}, {"options", {{"nagtime", 2}}}});
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["game"], "n-mesh");
  EXPECT_EQ(r.json["rated_possible"], true);
  EXPECT_EQ(r.json["nagtime"], 2);
  EXPECT_FALSE(r.json.contains("unrated_reason"));
  EXPECT_EQ(post("/api/board-spec", {{"game", "n-mesh"}, {"options", {{"size", 99}}}}).json["code"], "bad_game");
  EXPECT_EQ(post("/api/board-spec", {{"game", "chess"}}).status, 400);
  EXPECT_EQ(post("/api/board-spec", json::object()).json["code"], "missing_field");
  // The forms ask for a rated game when the box is ticked: refused with the reason.
  const std::string alice = account("alice");
  account("bob");
  r = post("/api/games", {{"game", "n-mesh"}, {"options", {{"size", 4}, {"rated", "yes"}}}, {"players", {"alice", "bob"}}},
           alice);
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.json.value("error", "").find("standard options are rated (size 6, not 4)"), std::string::npos) << r.body;
}

TEST_F(AccountRoutesTest, ARematchIsAskedByAPlayerOfAFinishedBoard) {
  const std::string alice = account("alice"), bob = account("bob", "secret-pw", "ask"), carol = account("carol");
  auto r = post("/api/games", {{"game", "n-mesh"}, {"players", {"bob", "alice"}}}, bob);  // alice takes all
  ASSERT_EQ(r.status, 201) << r.body;
  const std::string board = std::to_string(r.json.value("board", 0));
  EXPECT_EQ(post("/api/games/" + board + "/rematch", json::object(), alice).json["code"], "game_not_over");
  EXPECT_EQ(post("/api/games/" + board + "/resign", json::object(), alice).status, 200);
  EXPECT_EQ(post("/api/games/" + board + "/rematch", json::object(), carol).status, 403);
  EXPECT_EQ(post("/api/games/" + board + "/rematch", json::object()).json["code"], "bad_token");
  EXPECT_EQ(post("/api/games/99999/rematch", json::object(), alice).status, 404);
  r = post("/api/games/" + board + "/rematch", json::object(), alice);
  ASSERT_EQ(r.status, 202) << r.body;  // bob asks to be asked
  EXPECT_EQ(r.json["offer"]["rematch_of"], std::stoi(board));
  EXPECT_EQ(r.json["offer"]["to"], "bob");
  EXPECT_EQ(r.json["offer"]["seat"], "first") << "alice played second";
  // bob asking too accepts it: the board starts, alice first.
  r = post("/api/games/" + board + "/rematch", json::object(), bob);
  ASSERT_EQ(r.status, 201) << r.body;
  EXPECT_EQ(r.json["seats"][0]["user"], "alice");
  EXPECT_EQ(r.json["seats"][1]["user"], "bob");
}

TEST_F(AccountRoutesTest, TheExportIsAFileAndTheDeletionTakesThePasswordAndTheConfirmation) {
  const std::string alice = account("alice"), bob = account("bob");
  const int64_t board = finished("alice", "bob", alice, bob);
  auto r = get("/api/me/export", alice);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.result.header("Content-Disposition"), "attachment; filename=\"ludus-alice.json\"");
  EXPECT_EQ(r.json["games"][0]["board"], board);
  EXPECT_EQ(get("/api/me/export").json["code"], "bad_token");

  EXPECT_EQ(post("/api/me/delete", {{"password", "secret-pw"}}, alice).json["code"], "not_confirmed");
  EXPECT_EQ(post("/api/me/delete", {{"password", "secret-pw"}, {"confirm", "bob"}}, alice).json["code"], "not_confirmed");
  r = post("/api/me/delete", {{"password", "wrong-password"}, {"confirm", "alice"}}, alice);
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(r.json["code"], "unauthorized") << "a wrong password is not the end of the session";
  EXPECT_EQ(get("/api/me", alice).status, 200);
  EXPECT_EQ(post("/api/me/delete", {{"confirm", "alice"}}, alice).json["code"], "missing_field");
  r = post("/api/me/delete", {{"password", "secret-pw"}, {"confirm", "Alice"}}, alice);  // as typed
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["deleted"], "alice");
  EXPECT_EQ(r.json["name"], "deleted:1");
  r = get("/api/me", alice);
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(r.json["code"], "bad_token");
  r = get("/api/games/" + std::to_string(board));
  EXPECT_EQ(r.json["seats"][0]["user"], "deleted:1") << r.body;
  r = get("/api/users/deleted:1");
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["finished"].size(), 1u);
}

TEST_F(AccountRoutesTest, AdministratorsModerateWithTheirTokenAndTheirPassword) {
  const std::string root = account("root"), alice = account("alice"), mallory = account("mallory");
  make_admin("root");
  EXPECT_EQ(get("/api/me", root).json["admin"], true);
  EXPECT_EQ(get("/api/me", alice).json["admin"], false);
  auto r = post("/api/games", {{"game", "n-mesh"}, {"players", {"mallory", "alice"}}}, mallory);
  const std::string board = std::to_string(r.json.value("board", 0));
  r = post("/api/games/" + board + "/comment", {{"text", "rude words"}}, mallory);
  const int64_t comment = r.json["comments"].back()["id"];
  EXPECT_EQ(post("/api/comments/" + std::to_string(comment) + "/report", {{"reason", "insults"}}, alice).status, 201);

  // A token alone never moderates; nor does the wrong password, nor a player's own.
  r = post("/api/admin", json::object(), root);
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.json["code"], "missing_field");
  r = post("/api/admin", {{"password", "wrong-password"}}, root);
  EXPECT_EQ(r.status, 401);
  EXPECT_EQ(r.json["code"], "unauthorized");
  EXPECT_EQ(post("/api/admin", {{"password", "secret-pw"}}).json["code"], "bad_token");
  r = post("/api/admin", {{"password", "secret-pw"}}, alice);
  EXPECT_EQ(r.status, 403);
  EXPECT_EQ(r.json["code"], "not_admin");
  EXPECT_EQ(post("/api/admin/suspend", {{"password", "secret-pw"}, {"user", "mallory"}, {"reason", "x"}}, alice).status, 403);

  r = post("/api/admin", {{"password", "secret-pw"}}, root);
  ASSERT_EQ(r.status, 200) << r.body;
  ASSERT_EQ(r.json["reports"].size(), 1u);
  EXPECT_EQ(r.json["reports"][0]["comment"]["text"], "rude words");
  EXPECT_EQ(r.json["reports"][0]["reason"], "insults");
  EXPECT_EQ(r.json["reports"][0]["comment"]["board"], std::stoi(board));
  EXPECT_EQ(r.body.find("@"), std::string::npos) << "no address in the view";

  r = post("/api/admin/hide", {{"password", "secret-pw"}, {"comment", comment}, {"reason", "insults"}}, root);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["message"], "Comment " + std::to_string(comment) + " is hidden.");
  EXPECT_TRUE(r.json["reports"].empty()) << "its report is closed";
  EXPECT_TRUE(get("/api/games/" + board).json["comments"].empty());
  r = post("/api/admin/suspend", {{"password", "secret-pw"}, {"user", "Mallory"}, {"reason", "abuse"}}, root);
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["suspended"][0]["user"], "mallory");
  EXPECT_EQ(get("/api/me", mallory).status, 401) << "the tokens are revoked";
  r = post("/api/admin/forfeit", {{"password", "secret-pw"}, {"user", "mallory"}, {"reason", "suspended"}}, root);
  EXPECT_EQ(r.json["message"], "1 board of mallory ended.");
  r = post("/api/admin/restore", {{"password", "secret-pw"}, {"user", "mallory"}, {"reason", "served"}}, root);
  EXPECT_TRUE(r.json["suspended"].empty());
  std::vector<std::string> actions;
  for (const auto& e : r.json["audit"]) actions.push_back(e["actor"].get<std::string>() + " " + e["action"].get<std::string>());
  EXPECT_EQ(actions, (std::vector<std::string>{"root hide", "root suspend", "root forfeit", "root restore"}));
  // Bad input: one-line errors.
  EXPECT_EQ(post("/api/admin/hide", {{"password", "secret-pw"}, {"comment", "x"}, {"reason", "r"}}, root).json["code"],
            "bad_field");
  EXPECT_EQ(post("/api/admin/hide", {{"password", "secret-pw"}, {"comment", 99999}, {"reason", "r"}}, root).status, 404);
  EXPECT_EQ(post("/api/admin/suspend", {{"password", "secret-pw"}, {"user", "no such"}, {"reason", "r"}}, root).json["code"],
            "bad_user");
  EXPECT_EQ(post("/api/admin/suspend", {{"password", "secret-pw"}, {"user", "root"}, {"reason", "r"}}, root).json["code"],
            "bad_user");
  EXPECT_EQ(post("/api/admin/restore", {{"password", "secret-pw"}, {"user", "alice"}}, root).json["code"], "missing_field");
  EXPECT_EQ(post("/api/admin", {{"password", "secret-pw"}, {"all", "yes"}}, root).json["code"], "bad_field");
  EXPECT_EQ(post("/api/admin/grant", {{"password", "secret-pw"}, {"user", "alice"}}, root).status, 404)
      << "no route grants the role";
}

}  // namespace
}  // namespace ludus::server::testing
