// SPDX-License-Identifier: Apache-2.0
// The error lines of the HTTP API in the reader's language (docs/http-api.md, "Errors";
// docs/translating.md): `error` follows Accept-Language, `code` and the status never change.
// One error of each kind a client meets, from the domain (a bad field, a wrong password, a
// refused role, a missing board, a name taken) and from the edge (a rate limit).
#include <gtest/gtest.h>

#include "http_test_support.h"

namespace ludus::server::testing {
namespace {

class ErrorLanguageTest : public HttpFixture {
 protected:
  // The reply to `method path body`, signed in with `token` when given, read in `language`
  // (no Accept-Language when empty).
  HttpReply ask(http::verb method, const std::string& path, const std::string& body, const std::string& language,
                const std::string& token = "") {
    HeaderList headers = auth(token);
    if (!language.empty()) headers.push_back({"Accept-Language", language});
    return reply_of(client().request(method, path, body, headers));
  }

  // The same request in English and in German: the status and the code are the same, the
  // line is the one given in each.
  void expect_both(http::verb method, const std::string& path, const std::string& body, int status,
                   const std::string& code, const std::string& english, const std::string& german,
                   const std::string& token = "") {
    const HttpReply en = ask(method, path, body, "", token);
    const HttpReply de = ask(method, path, body, "de-DE,de;q=0.9,en;q=0.5", token);
    EXPECT_EQ(en.status, status) << en.body;
    EXPECT_EQ(de.status, status) << de.body;
    EXPECT_EQ(en.json.value("code", ""), code) << en.body;
    EXPECT_EQ(de.json.value("code", ""), code) << de.body;
    EXPECT_EQ(en.json.value("error", ""), english);
    EXPECT_EQ(de.json.value("error", ""), german);
  }
};

TEST_F(ErrorLanguageTest, ABadFieldIsRefusedInTheReadersLanguage) {
  const std::string token = account("alice");
  expect_both(http::verb::post, "/api/me/mail", R"({"mail": "weekly"})", 400, "bad_field",
              "field 'mail' must be every, digest or none", "Feld 'mail' muss every, digest oder none sein", token);
  // A place filled with the value given, in every language.
  expect_both(http::verb::post, "/api/me/mail", R"({"mail": 7})", 400, "bad_field",
              "field 'mail' must be a string", "Feld 'mail' muss eine Zeichenkette sein", token);
  // English for a language ludus does not speak.
  EXPECT_EQ(ask(http::verb::post, "/api/me/mail", R"({"mail": "weekly"})", "zh-CN", token).json.value("error", ""),
            "field 'mail' must be every, digest or none");
}

TEST_F(ErrorLanguageTest, AWrongPasswordIsRefusedInTheReadersLanguage) {
  account("alice", "secret-pw");
  expect_both(http::verb::post, "/api/login", R"({"user": "alice", "password": "not-the-pw"})", 401, "unauthorized",
              "wrong user id or password", "falsche Benutzerkennung oder falsches Passwort");
  expect_both(http::verb::get, "/api/me", "", 401, "bad_token",
              "missing 'Authorization: Bearer TOKEN' header (get a token from POST /api/login)",
              "Kopfzeile 'Authorization: Bearer TOKEN' fehlt (ein Token gibt es über POST /api/login)");
}

TEST_F(ErrorLanguageTest, ARefusedRoleIsRefusedInTheReadersLanguage) {
  const std::string token = account("alice");
  expect_both(http::verb::post, "/api/admin", R"({"password": "secret-pw"})", 403, "not_admin",
              "alice is not an administrator (ludus admin grant USER)",
              "alice ist kein Administrator (ludus admin grant USER)", token);
}

TEST_F(ErrorLanguageTest, AMissingBoardIsNotFoundInTheReadersLanguage) {
  expect_both(http::verb::get, "/api/games/424242", "", 404, "not_found", "no board 424242", "kein Brett 424242");
  expect_both(http::verb::get, "/api/no-such-thing", "", 404, "not_found", "no such page or endpoint: /api/no-such-thing",
              "keine solche Seite und kein solcher Endpunkt: /api/no-such-thing");
}

TEST_F(ErrorLanguageTest, ATakenNameIsAConflictInTheReadersLanguage) {
  account("alice");
  expect_both(http::verb::post, "/api/signup", R"({"user": "alice", "password": "other-pw-1"})", 409, "user_exists",
              "user id 'alice' is already taken", "die Benutzerkennung 'alice' ist bereits vergeben");
}

TEST_F(ErrorLanguageTest, EveryLanguageOfTheCatalogueWritesTheLine) {
  const std::map<std::string, std::string> lines = {
      {"en", "no board 424242"},          {"de", "kein Brett 424242"},
      {"fr", "aucun plateau 424242"},     {"es", "no existe el tablero 424242"},
      {"pt", "não existe o tabuleiro 424242"}, {"ja", "盤 424242 はありません"},
      {"ar", "لا توجد رقعة 424242"}};
  for (const auto& [language, line] : lines) {
    const HttpReply r = ask(http::verb::get, "/api/games/424242", "", language);
    EXPECT_EQ(r.json.value("error", ""), line) << language;
    EXPECT_EQ(r.json.value("code", ""), "not_found") << language;
  }
}

class ErrorLanguageRateTest : public ErrorLanguageTest {
 protected:
  void SetUp() override {
    HttpFixture::SetUp();
    server_->stop();
    config_.db_path = test_database(dir_.file("rate.db"));
    config_.limits.requests_per_second = 1;
    config_.limits.request_burst = 2;
    server_ = std::make_unique<PlayServer>(config_);
    server_->start();
  }
};

TEST_F(ErrorLanguageRateTest, TheRateLimitIsRefusedInTheReadersLanguage) {
  HttpReply en, de;
  for (int i = 0; i < 10 && en.status != 429; ++i) en = ask(http::verb::get, "/api/health", "", "");
  for (int i = 0; i < 10 && de.status != 429; ++i) de = ask(http::verb::get, "/api/health", "", "de");
  ASSERT_EQ(en.status, 429) << en.body;
  ASSERT_EQ(de.status, 429) << de.body;
  EXPECT_EQ(en.json.value("code", ""), "rate_limited");
  EXPECT_EQ(de.json.value("code", ""), "rate_limited");
  EXPECT_TRUE(en.json.value("error", "").starts_with("too many requests; retry in ")) << en.body;
  EXPECT_TRUE(de.json.value("error", "").starts_with("zu viele Anfragen; erneut versuchen in ")) << de.body;
  EXPECT_FALSE(de.result.header("Retry-After").empty());
}

}  // namespace
}  // namespace ludus::server::testing
