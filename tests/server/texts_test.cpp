// SPDX-License-Identifier: Apache-2.0
// The server's texts in the reader's language (server/base/texts.h), with the catalogues
// po/server/*.po compiled into the binary as they ship.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "server/base/errors.h"
#include "server/base/texts.h"

namespace ludus::server {
namespace {

TEST(Texts, TheLanguagesAreThePagesAndAnUnknownOneIsEnglish) {
  const std::vector<std::string> expected{"en", "ar", "de", "es", "fr", "ja", "pt"};
  EXPECT_EQ(Language::all(), expected);
  EXPECT_EQ(Language::of("de-CH").code(), "de");
  EXPECT_EQ(Language::of("PT_br").code(), "pt");
  EXPECT_TRUE(Language::of("xx").english());
  EXPECT_TRUE(Language::of("").english());
  EXPECT_TRUE(Language::of("../../etc").english());
  EXPECT_TRUE(Language::spoken("ja"));
  EXPECT_FALSE(Language::spoken(""));
  EXPECT_FALSE(Language::spoken("xx"));
  EXPECT_EQ(Language::for_accept_language("fr;q=0.2, ja").code(), "ja");
  EXPECT_TRUE(Language::for_accept_language("xx, *;q=0").english());
}

TEST(Texts, AMessageIsWrittenInEachReadersLanguage) {
  const Message m = text("wrong user id or password");
  EXPECT_EQ(m.english(), "wrong user id or password");
  EXPECT_EQ(m.in(Language::of("de")), "falsche Benutzerkennung oder falsches Passwort");
  EXPECT_EQ(m.in(Language::of("ja")), "ユーザーIDまたはパスワードが違います");
  EXPECT_EQ(tr(Language::of("ar"), "wrong user id or password"), "معرّف المستخدم أو كلمة المرور غير صحيحة");
  // A text no catalogue has stays English, its places filled.
  EXPECT_EQ(tr(Language::of("de"), "board {board} of {user}", {{"board", 12}, {"user", "alice"}}), "board 12 of alice");
  EXPECT_EQ(tr(Language(), "{{literal}} {x}", {{"x", 1}}), "{literal} 1");
}

TEST(Texts, APlaceMayHoldAMessageOfItsOwnWrittenInTheSameLanguage) {
  const Message inner = text("wrong user id or password");
  EXPECT_EQ(tr(Language::of("de"), "refused: {why}", {{"why", inner}}),
            "refused: falsche Benutzerkennung oder falsches Passwort");
}

TEST(Texts, AKeptMessageReadsBackTheSameInEveryLanguage) {
  const Message m = text("{who} says: {why}", {{"who", "bob"}, {"why", text("wrong user id or password")}});
  const Message back = Message::parse(m.serialized());
  for (const std::string& code : Language::all())
    EXPECT_EQ(back.in(Language::of(code)), m.in(Language::of(code))) << code;
  const Message plural = textn("{n} turn", "{n} turns", 3);
  EXPECT_EQ(Message::parse(plural.serialized()).english(), "3 turns");
  // A row kept before messages were: its plain text, in every language.
  EXPECT_EQ(Message::parse("alice plays e5 on board 3").in(Language::of("de")), "alice plays e5 on board 3");
  EXPECT_EQ(Message::parse("{\"id\":5}").english(), "{\"id\":5}");
  EXPECT_EQ(Message::verbatim("{not a place}").in(Language::of("fr")), "{not a place}");
}

TEST(Texts, AMessageWithABrokenPlaceIsItsIdRatherThanACrash) {
  EXPECT_EQ(tr(Language::of("de"), "a {missing} place"), "a {missing} place");
  EXPECT_EQ(tr(Language(), "an {unclosed place", {{"unclosed", 1}}), "an {unclosed place");
}

TEST(Texts, AnErrorIsEnglishForLogsAndTheReadersForThem) {
  try {
    unauthorized(text("wrong user id or password"));
  } catch (const ServiceError& e) {
    EXPECT_STREQ(e.what(), "wrong user id or password");
    EXPECT_EQ(e.code(), "unauthorized");
    EXPECT_EQ(e.message_in(Language::of("de")), "falsche Benutzerkennung oder falsches Passwort");
    EXPECT_EQ(e.message_in(Language()), "wrong user id or password");
  }
  // An error made from a plain string is the same in every language.
  const ServiceError plain(ErrorKind::BadRequest, "bad_request", "line one\nline two");
  EXPECT_EQ(plain.message_in(Language::of("ja")), plain.what());
}

TEST(Texts, ManyThreadsTranslateAtOnce) {
  std::vector<std::thread> threads;
  std::vector<int> wrong(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([t, &wrong] {
      const Language language = Language::of(Language::all()[t % Language::all().size()]);
      const std::string expected = tr(language, "wrong user id or password");
      for (int i = 0; i < 2000; ++i)
        if (tr(language, "wrong user id or password") != expected) ++wrong[t];
    });
  }
  for (auto& thread : threads) thread.join();
  for (int t = 0; t < 8; ++t) EXPECT_EQ(wrong[t], 0);
}

}  // namespace
}  // namespace ludus::server
