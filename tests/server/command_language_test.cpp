// SPDX-License-Identifier: Apache-2.0
// The replies of the command grammar in the caller's language (docs/translating.md): the
// front end's guess until a USER PASSWORD proves a user who chose one (users.language, set
// on the page or by the `language` command), errors included; the grammar stays English.
#include <set>
#include <sstream>

#include "http_test_support.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

class CommandLanguageTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    run("signup alice pw-a-long");
    run("signup bob pw-b-long");
    run("limit alice pw-a-long all");
    run("limit bob pw-b-long all");
  }
  // The reply, or "error: " and the error, as a front end writes it for `caller`.
  std::string said(const std::string& line, const Language& guess = Language()) {
    CommandCaller caller;
    caller.set_language(guess);
    try {
      return commands_->execute(CommandInterpreter::split(line), caller);
    } catch (const ServiceError& e) {
      return "error: " + e.message_in(caller.language()) + "\n";
    }
  }
  static bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
};

TEST_F(CommandLanguageTest, LanguageSetsReportsAndClearsTheUsersLanguage) {
  const std::string none = run("language alice pw-a-long");
  EXPECT_TRUE(has(none, "Language of alice: none chosen")) << none;
  // Every language ludus speaks, by its own name (as the page lists them).
  for (const std::string part : {"  en  English\n", "  de  Deutsch\n", "  fr  Français\n", "  es  Español\n",
                                 "  pt  Português\n", "  ja  日本語\n", "  ar  العربية\n"})
    EXPECT_TRUE(has(none, part)) << part << " in\n" << none;

  // The reply to the command that sets it is already in the new language.
  const std::string set = run("language alice pw-a-long DE");
  EXPECT_TRUE(has(set, "Sprache von alice: Deutsch (de).")) << set;
  EXPECT_TRUE(accounts_->language("alice") == Language::of("de"));
  EXPECT_TRUE(has(run("language alice pw-a-long"), "Sprache von alice: Deutsch (de).")) << "reported once set";

  const std::string cleared = run("language alice pw-a-long default");
  EXPECT_TRUE(has(cleared, "Language of alice: none chosen")) << cleared;
  EXPECT_FALSE(accounts_->language("alice").has_value());

  // An unknown language: one line, with what ludus speaks, and nothing changes.
  const ServiceError unknown = run_error("language alice pw-a-long xx");
  EXPECT_EQ(unknown.code(), "bad_language");
  EXPECT_EQ(std::string(unknown.what()), "ludus does not speak 'xx': en, ar, de, es, fr, ja, pt, or default");
  EXPECT_EQ(run_error("language alice wrong-password de").kind(), ErrorKind::Unauthorized);
  EXPECT_EQ(run_error("language alice pw-a-long de fr").code(), "usage");
  EXPECT_FALSE(accounts_->language("alice").has_value());
  // The password is a secret of the command like any other.
  EXPECT_EQ(CommandInterpreter::redacted(CommandInterpreter::split("language alice pw-a-long de")),
            "language alice ***** de");
}

TEST_F(CommandLanguageTest, AGermanUsersRepliesAreGermanAndOthersStayEnglish) {
  run("language alice pw-a-long de");
  // The board a German player's command shows is German; the same board for anyone else English.
  const std::string started = run("ndengrod challenge -size=3 alice bob pw-a-long");
  EXPECT_TRUE(has(started, "alice fordert heraus: Brett 1 ist bereit.")) << started;
  EXPECT_TRUE(has(started, "Stand: x am Zug (alice), Zug 1")) << started;
  EXPECT_TRUE(has(started, "  x  alice  erster Spieler\n")) << started;
  const std::string english = run("show 1");
  EXPECT_TRUE(has(english, "Status: x to move (alice), turn 1")) << english;
  EXPECT_TRUE(has(english, "No moves yet.")) << english;
  // The same without a password, when the front end guesses German (Accept-Language, --language).
  EXPECT_TRUE(has(said("show 1", Language::of("de")), "Noch keine Züge.")) << said("show 1", Language::of("de"));

  const std::string moved = run("move 1 alice pw-a-long c3");
  EXPECT_TRUE(has(moved, "Stand: o am Zug (bob), Zug 2")) << moved;
  EXPECT_TRUE(has(run("move 1 bob pw-b-long b2"), "Status: x to move (alice), turn 3")) << "bob chose no language";

  // Offers, the lobby and the help.
  const std::string sought = run("ndengrod seek alice pw-a-long");
  EXPECT_TRUE(has(sought, "alice stellt Angebot ")) << sought;
  EXPECT_TRUE(has(sought, "Jeder kann es annehmen: join ")) << sought;
  const std::string offers = run("ndengrod offers bob pw-b-long");  // bob's, in English
  EXPECT_TRUE(has(offers, "Open challenges of ndengrod and invitations of bob: 1\n")) << offers;
  EXPECT_TRUE(has(offers, "alice seeks an opponent for Ndengrod")) << offers;
  EXPECT_TRUE(has(offers, "Answer with: join OFFER USER PASSWORD, or decline OFFER USER PASSWORD.")) << offers;
  const std::string german = said("offers ndengrod", Language::of("de"));
  EXPECT_TRUE(has(german, "Offene Herausforderungen von ndengrod: 1\n")) << german;
  EXPECT_TRUE(has(german, "alice sucht einen Gegner für Ndengrod")) << german;
  EXPECT_TRUE(has(german, "Antworte mit: join OFFER USER PASSWORD, oder decline OFFER USER PASSWORD.")) << german;
  const std::string help = said("help join", Language::of("de"));
  EXPECT_EQ(help, "join OFFER USER PASSWORD\n  Nimmt eine Einladung an dich an oder eine offene Herausforderung: Das Brett beginnt.\n");
  EXPECT_TRUE(has(said("help", Language::of("de")), "Befehle: [GAME] COMMAND ARGUMENTS..."));
  EXPECT_TRUE(has(said("help"), "Commands: [GAME] COMMAND ARGUMENTS..."));

  // Errors: a usage error in the guessed language; a wrong password in it too (no user is
  // proved); after alice's password, hers.
  EXPECT_EQ(said("join 1 alice", Language::of("de")), "error: Aufruf: join OFFER USER PASSWORD\n");
  EXPECT_EQ(said("join 1 alice"), "error: usage: join OFFER USER PASSWORD\n");
  EXPECT_EQ(said("holiday alice wrong-pass", Language::of("de")), "error: falsche Benutzerkennung oder falsches Passwort\n");
  EXPECT_EQ(said("holiday alice pw-a-long 2020-01-01 2020-01-02"),
            "error: ein Urlaub beginnt heute oder später (heute ist 2023-11-14)\n");
  // bob chose no language: the front end's guess stands after his password too.
  EXPECT_EQ(said("holiday bob pw-b-long 2020-01-01 2020-01-02", Language::of("de")),
            "error: ein Urlaub beginnt heute oder später (heute ist 2023-11-14)\n");
  EXPECT_EQ(said("holiday bob pw-b-long 2020-01-01 2020-01-02"), "error: a holiday starts today or later (today is 2023-11-14)\n");
}

// POST /api/command: the reply and its error in the request's Accept-Language until a
// password proves a user with a language of their own.
class CommandRouteLanguageTest : public HttpFixture {
 protected:
  HttpReply command(const std::string& text, const std::string& language = "") {
    HeaderList headers;
    if (!language.empty()) headers.emplace_back("Accept-Language", language);
    return reply_of(client().request(http::verb::post, "/api/command", text, headers, "text/plain"));
  }
};

TEST_F(CommandRouteLanguageTest, RepliesAndErrorsFollowAcceptLanguageThenTheUser) {
  account("alice", "alice-pass");
  account("bob", "bob-pass");
  EXPECT_EQ(command("help join", "de-CH,de;q=0.9").body,
            "join OFFER USER PASSWORD\n  Nimmt eine Einladung an dich an oder eine offene Herausforderung: Das Brett beginnt.\n");
  EXPECT_EQ(command("help join").body, "join OFFER USER PASSWORD\n  Accepts an invitation to you, or takes an open challenge: the board starts.\n");
  const HttpReply usage = command("join 1 alice", "fr");
  EXPECT_EQ(usage.status, 400);
  EXPECT_EQ(usage.body, "error: utilisation : join OFFER USER PASSWORD\n");
  // alice chooses Japanese: her replies and errors are Japanese whatever the request says.
  EXPECT_TRUE(command("language alice alice-pass ja", "de").body.starts_with("alice の言語: 日本語（ja）。"))
      << command("language alice alice-pass", "de").body;
  const HttpReply late = command("holiday alice alice-pass 2001-01-01 2001-01-02", "de");
  EXPECT_EQ(late.status, 400);
  EXPECT_TRUE(late.body.starts_with("error: 休暇は今日以降に始まります")) << late.body;
  // As JSON, the same words.
  const HttpReply json = reply_of(client().request(http::verb::post, "/api/command", "show 99",
                                                   {{"Accept-Language", "es"}, {"Accept", "application/json"}}, "text/plain"));
  EXPECT_EQ(json.status, 404) << json.body;
}

// Every reply line of prose differs between English and German: no text of a reply bypasses
// the catalogue.  The same script runs on two databases, one for an English caller and one
// for a German one.  Lines that are only data are left out by one narrow rule (is_data): a
// line with no run of three Latin letters once the words it quotes are taken out (user and
// game names, the grammar's command words, PLACEHOLDERS, -options, [optional parts], a|b
// choices): empty lines, board diagrams, move rows, usage lines, tables of numbers; and the
// lines of `help` and `language` that list the games (with core's summary) and the languages
// by their own names.
class ReplyProseTest : public ::testing::Test {
 protected:
  struct Stack {
    explicit Stack(const std::string& path)
        : store(test_database(path)),
          accounts(store, PasswordPolicy::fast(), [] { return kTestTime; }),
          service(store, accounts),
          commands(service) {
      accounts.set_reset_listener([this] { accounts.answer_reset_requests(); });
    }
    Store store;
    Accounts accounts;
    Service service;
    CommandInterpreter commands;
  };

  static std::string said(Stack& stack, const std::string& line, const Language& language) {
    CommandCaller caller;
    caller.set_language(language);
    try {
      return stack.commands.execute(CommandInterpreter::split(line), caller);
    } catch (const ServiceError& e) {
      return "error: " + e.message_in(caller.language()) + "\n";
    }
  }

  // Whether a reply line is only data (see the class comment): what is left once the words a
  // reply quotes are taken out (user and game names, the grammar's command words, its
  // PLACEHOLDERS, -options, [optional parts] and a|b choices) has no run of three letters.
  static bool is_data(const std::string& line) {
    static const std::vector<std::regex> quoted = {
        std::regex(R"(-?[a-z]+=\S*)"),                          // -option=value, name=value
        std::regex(R"(\[[^\[\]]*\])"),                          // [optional parts] ...
        std::regex(R"(\[[^\[\]]*\])"),                          // ... [nested [ones]]
        std::regex(R"(\b[A-Z][A-Z0-9_-]+\b)"),                    // USER, PASSWORD, UTC ...
        std::regex(R"(\b[a-z-]+(\|[a-z-]+)+\b)"),                // first|second|random
        std::regex(R"(\b(alice|bob|carol|dave|ai:[a-z]+|deleted:\d+|[a-z0-9.]+@[a-z.]+|ndengrod|Ndengrod|hexhex)\b)"),
        std::regex(R"(\b(signup|passwd|mailpref|holiday|limit|challenge|seek|join|decline|rematch|offers|notifications|next|bot|)"
                   R"(show|history|review|ratings|standings|games|tournament|create|leave|withdraw|start|list|reset|email|verify|)"
                   R"(export|delete|confirm|block|unblock|report|help|language|default|move|swap|pass|resign|undo|abort|draw|)"
                   R"(propose|accept|reject|conditional|comment|subscribe|unsubscribe|if|clear)\b)")};
    std::string rest = line;
    for (const std::regex& word : quoted) rest = std::regex_replace(rest, word, " ");
    if (!std::regex_search(rest, std::regex("[A-Za-z]{3}"))) return true;  // a diagram, a move row, numbers, names
    // The games with the game's own summary (core's), and the languages by their own names.
    return std::regex_search(line, std::regex(R"(^  (epoxy|n-mesh|ndengrod|netted|trellis) )")) ||
           std::regex_search(line, std::regex(R"(^  (en|de|fr|es|pt|ja|ar) )"));
  }

  // Lines written from texts that issue 61's other conversions own (docs/translating.md, "Not
  // yet"), each with where it comes from: the test skips them until those land; drop an
  // entry when its text is translated.
  static const char* not_yet_translated(const std::string& line) {
    static const std::vector<std::pair<std::regex, const char*>> kNotYet = {
        {std::regex(R"(^(Review of board \d+|  ).*(queued|waiting|ready).*)"), "stored_review_text (reviews.cpp)"},
        {std::regex(R"(^error: unknown game '\w+' \(games: .*\)$)"),
         "core's errors (core/registry.cpp): core's reasons stay English for now (docs/translating.md)"}};
    for (const auto& [pattern, source] : kNotYet)
      if (std::regex_search(line, pattern)) return source;
    return nullptr;
  }

  TempDir dir_;
};

TEST_F(ReplyProseTest, NoLineOfProseIsTheSameInGermanAndEnglish) {
  // Every command of `help`, succeeding and failing.  alice and carol choose their language by
  // the command (German in the German run); bob, dave and the guesses of the front end follow
  // the run's language.
  const std::vector<std::string> script = {
      "signup alice pw-a-long",
      "signup bob pw-b-long",
      "signup carol pw-c-long carol@example.com",
      "signup dave pw-d-long",
      "signup alice pw-a-long",
      "LANGUAGE alice pw-a-long",
      "passwd dave pw-d-long pw-d-longer",
      "passwd dave wrong-pass x",
      "mailpref alice pw-a-long",
      "mailpref alice pw-a-long digest 9",
      "mailpref alice pw-a-long sometimes",
      "holiday alice pw-a-long",
      "holiday alice pw-a-long 2023-12-01 2023-12-03",
      "holiday alice pw-a-long 2023-12-02 2023-12-04",
      "holiday alice pw-a-long cancel",
      "holiday alice pw-a-long 2020-01-01 2020-01-02",
      "limit alice pw-a-long",
      "limit alice pw-a-long all 20",
      "limit bob pw-b-long all -",
      "limit carol pw-c-long ask",
      "limit carol pw-c-long maybe",
      "ndengrod challenge -size=3 alice bob pw-a-long",
      "ndengrod challenge -size=3 alice carol pw-a-long",
      "challenge alice bob pw-a-long",
      "ndengrod challenge alice bob wrong-pass",
      "ndengrod seek -seat=first -rating=1000-2000 alice pw-a-long",
      "ndengrod seek -seat=sideways alice pw-a-long",
      "ndengrod seek -rating=lots alice pw-a-long",
      "offers",
      "offers ndengrod",
      "offers bob",
      "offers alice pw-a-long",
      "offers carol pw-c-long",
      "decline 2 carol pw-c-long",
      "join 3 bob pw-b-long",
      "join x bob pw-b-long",
      "show 1",
      "show 1#0",
      "show 1#9",
      "show x",
      "move 1 alice pw-a-long c3",
      "move 1 bob pw-b-long b2#2",
      "move 1 alice pw-a-long d2#9",
      "swap 1 bob pw-b-long",
      "pass 1 bob pw-b-long",
      "conditional 1 alice pw-a-long",
      "comment 1 bob pw-b-long \"good luck\"",
      "report 1 alice pw-a-long rude words",
      "report x alice pw-a-long rude",
      "subscribe 1 carol pw-c-long",
      "unsubscribe 1 carol pw-c-long",
      "draw 1 alice pw-a-long",
      "show 1",
      "reject 1 bob pw-b-long",
      "undo 1 alice pw-a-long",
      "abort 1 alice pw-a-long",
      "propose maybe 1 alice pw-a-long",
      "accept 1 bob pw-b-long",
      "history 1",
      "history alice",
      "ndengrod history alice",
      "games alice",
      "ndengrod games - finished",
      "games - next",
      "games bob sideways",
      "next alice pw-a-long",
      "next bob pw-b-long",
      "ndengrod challenge -size=3 bob alice pw-b-long",
      "resign 2 alice pw-a-long",
      "games alice all",
      "history 2",
      "rematch 2 bob pw-b-long",
      "review 2",
      "review 2 alice pw-a-long",
      "ratings ndengrod",
      "standings ndengrod",
      "tournament create ndengrod -format=roundrobin -players=2-3 -start=full alice pw-a-long",
      "tournament create -format=roundrobin alice pw-a-long",
      "tournament list",
      "tournament list ndengrod open",
      "tournament join 1 bob pw-b-long",
      "tournament show 1",
      "tournament join 1 dave pw-d-longer",
      "tournament show 1",
      "tournament withdraw 1 dave pw-d-longer",
      "tournament leave 1 bob pw-b-long",
      "tournament show x",
      "tournament dance",
      "email dave pw-d-longer",
      "email dave pw-d-longer dave@example.com",
      "verify dave WRONG-CODE",
      "reset carol",
      "reset carol WRONG-CODE pw-new-long",
      "block alice pw-a-long",
      "block alice pw-a-long dave",
      "unblock alice pw-a-long dave",
      "unblock alice pw-a-long",
      "bot dave pw-d-longer",
      "notifications alice pw-a-long",
      "notifications alice pw-a-long read",
      "export carol wrong-pass",
      "delete carol pw-c-long",
      "delete carol pw-c-long confirm",
      "language alice pw-a-long xx",
      "help",
      "help move",
      "help tournament",
      "help language",
      "help dance",
      "dance",
      "ndengrod dance",
      "ndengrod",
      "chess challenge alice bob pw",
      "move 1 alice \"unterminated",
  };
  Stack english(dir_.file("english.db")), german(dir_.file("german.db"));
  int compared = 0;
  std::set<std::string> same;
  for (const std::string& line : script) {
    std::string en_line = line, de_line = line;
    if (line == "LANGUAGE alice pw-a-long") {  // alice and carol choose their language by the command
      en_line = "language alice pw-a-long en";
      de_line = "language alice pw-a-long de";
      said(english, "language carol pw-c-long en", Language());
      said(german, "language carol pw-c-long de", Language());
    }
    std::istringstream en(said(english, en_line, Language())), de(said(german, de_line, Language::of("de")));
    std::string a, b;
    while (std::getline(en, a) && std::getline(de, b)) {
      if (is_data(a)) continue;
      ++compared;
      if (a == b && !not_yet_translated(a)) same.insert(line + "  ->  " + a);
    }
  }
  std::string report;
  for (const std::string& s : same) report += "\n  " + s;
  EXPECT_TRUE(same.empty()) << same.size() << " reply lines are the same in German and English (a text not in the catalogue?):"
                            << report;
  EXPECT_GT(compared, 200);
}

}  // namespace
}  // namespace ludus::server::testing
