// SPDX-License-Identifier: Apache-2.0
// The page's translations (docs/translating.md): the language a reader gets from
// Accept-Language (choose_language) and GET /api/page-text, with the catalogues compiled in.
#include <gtest/gtest.h>

#include "http_test_support.h"
#include "server/base/languages.h"

namespace ludus::server {
namespace {

const std::vector<std::string> kOffered = {"en", "ar", "de", "es", "fr", "ja", "pt"};

TEST(ChooseLanguage, FollowsTheHeadersQualitiesAndPrimarySubtags) {
  EXPECT_EQ(choose_language("de-CH,de;q=0.9,en;q=0.8", kOffered, "en"), "de");
  EXPECT_EQ(choose_language("fr;q=0.2, ja", kOffered, "en"), "ja");      // the higher quality first
  EXPECT_EQ(choose_language("pt-BR;q=0.5, es;q=0.5", kOffered, "en"), "pt");  // equal: the header's order
  EXPECT_EQ(choose_language("PT-br", kOffered, "en"), "pt");
  EXPECT_EQ(choose_language("zh-CN, ar-EG;q=0.7", kOffered, "en"), "ar");
  EXPECT_EQ(choose_language("zh, *;q=0.1", kOffered, "en"), "en");      // "*": the first offered
}

TEST(ChooseLanguage, FallsBackOnNothingOrGarbage) {
  EXPECT_EQ(choose_language("", kOffered, "en"), "en");
  EXPECT_EQ(choose_language("zh, ko", kOffered, "en"), "en");
  EXPECT_EQ(choose_language("de;q=0", kOffered, "en"), "en");               // refused
  EXPECT_EQ(choose_language("de;q=2, fr", kOffered, "en"), "fr");           // a malformed quality is skipped
  EXPECT_EQ(choose_language("de;q=0.x5, ja;q=0.5", kOffered, "en"), "ja");
  EXPECT_EQ(choose_language(";;,,, ;q=1,-de", kOffered, "en"), "en");
  EXPECT_EQ(choose_language("d\xc3\xa9, \xff\xfe", kOffered, "en"), "en");  // not ASCII letters
  std::string many;
  for (int i = 0; i < 10000; ++i) many += "zz,";
  EXPECT_EQ(choose_language(many + "de", kOffered, "en"), "en");  // a header's first 64 ranges count
  EXPECT_EQ(primary_language("pt_BR"), "pt");
  EXPECT_EQ(primary_language("x"), "");
}

class PageTextTest : public testing::HttpFixture {
 protected:
  testing::HttpReply catalogue(const std::string& query, const std::string& accept_language) {
    HeaderList headers;
    if (!accept_language.empty()) headers.push_back({"Accept-Language", accept_language});
    return reply_of(client().get("/api/page-text" + query, headers));
  }
};

TEST_F(PageTextTest, AcceptLanguageChoosesTheCatalogue) {
  auto r = catalogue("", "ja-JP,ja;q=0.9,en;q=0.5");
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(r.json["language"], "ja");
  EXPECT_EQ(r.json["plurals"], nlohmann::json({"other"}));
  EXPECT_EQ(r.json["messages"]["Sign in"], "ログイン");
  EXPECT_EQ(r.result.header("Vary"), "Accept-Language");
  // No header, or only languages not shipped: English, whose catalogue is the source itself.
  auto en = catalogue("", "");
  EXPECT_EQ(en.json["language"], "en");
  EXPECT_TRUE(en.json["messages"].empty());
  EXPECT_EQ(catalogue("", "ko, zh;q=0.9").json["language"], "en");
}

TEST_F(PageTextTest, TheUsersChoiceComesBeforeTheHeader) {
  auto r = catalogue("?lang=ar", "de");
  ASSERT_EQ(r.status, 200);
  EXPECT_EQ(r.json["language"], "ar");
  EXPECT_EQ(r.json["dir"], "rtl");
  EXPECT_EQ(r.json["plurals"], nlohmann::json({"zero", "one", "two", "few", "many", "other"}));
  // A plural message lists a form per category.
  EXPECT_EQ(r.json["messages"]["{n} turn"].size(), 6u);
  // A language not shipped (or anything else) is no choice: the header decides.
  EXPECT_EQ(catalogue("?lang=xx", "fr").json["language"], "fr");
  EXPECT_EQ(catalogue("?lang=..%2F..%2Fetc", "es").json["language"], "es");
}

TEST_F(PageTextTest, EveryCatalogueIsListedAndComplete) {
  auto r = catalogue("", "");
  const auto& languages = r.json["languages"];
  ASSERT_GE(languages.size(), 7u);
  EXPECT_EQ(languages[0]["language"], "en");  // English first, then by code
  size_t messages = 0;
  for (const auto& entry : languages) {
    const std::string language = entry["language"];
    auto c = catalogue("?lang=" + language, "");
    EXPECT_EQ(c.json["language"], language);
    EXPECT_EQ(c.json["name"], entry["name"]);
    EXPECT_EQ(c.json["dir"], language == "ar" ? "rtl" : "ltr") << language;
    if (language == "en") continue;
    // Every language translates the same messages (i18n/catalogues checks them against the page).
    if (messages == 0) messages = c.json["messages"].size();
    EXPECT_EQ(c.json["messages"].size(), messages) << language;
    EXPECT_GT(messages, 500u);
  }
}

// The account keeps the language its owner chose (the page follows it on every device; the
// mail will): one of the page's languages, or "" for none.
TEST_F(PageTextTest, TheAccountKeepsItsLanguage) {
  const std::string token = account("alice");
  EXPECT_EQ(get("/api/me", token).json["language"], "");
  EXPECT_EQ(post("/api/me/language", {{"language", "ja"}}).status, 401);
  auto set = post("/api/me/language", {{"language", "ja"}}, token);
  ASSERT_EQ(set.status, 200) << set.body;
  EXPECT_EQ(set.json["language"], "ja");
  EXPECT_EQ(get("/api/me", token).json["language"], "ja");
  EXPECT_EQ(get("/api/me/export", token).json["account"]["language"], "ja");
  for (const char* bad : {"xx", "de-DE", "../en", "ja ja"}) {
    auto r = post("/api/me/language", {{"language", bad}}, token);
    EXPECT_EQ(r.status, 400) << bad;
    EXPECT_EQ(r.json["code"], "bad_field") << bad;
  }
  EXPECT_EQ(post("/api/me/language", {{"language", 7}}, token).status, 400);
  EXPECT_EQ(post("/api/me/language", nlohmann::json::object(), token).status, 400);
  EXPECT_EQ(get("/api/me", token).json["language"], "ja") << "a refused choice changes nothing";
  EXPECT_EQ(post("/api/me/language", {{"language", ""}}, token).status, 200);
  EXPECT_EQ(get("/api/me", token).json["language"], "");
}

}  // namespace
}  // namespace ludus::server
