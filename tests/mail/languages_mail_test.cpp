// SPDX-License-Identifier: Apache-2.0
// Every mail in its reader's language (issue 61, docs/translating.md), through a running
// `ludus serve` and the real SMTP sink (python3-aiosmtpd): a German reader's mails about a
// board, the replies to their mail commands and their codes are German, with
// Content-Language: de; an English reader's stay English; a code mail in Japanese.  Then the
// check that no mail text bypasses the catalogue: the same event mailed to a German and an
// English reader shares no line of prose.  And the page's notifications, kept as messages,
// are listed in the language the page asks for.  On SQLite and (pg/) PostgreSQL.
#include <ctime>
#include <regex>
#include <set>
#include <sstream>

#include "mail/sink_serve_support.h"
#include "server/mail/mail_mime.h"

namespace ludus::mail_testing {
namespace {

using nlohmann::json;

constexpr const char* kPage = "https://games.example.org/ludus";

// A received mail as its reader reads it: the Subject and the body decoded (RFC 2047,
// quoted-printable) by ludus's own reader of mail.
struct ReadMail {
  std::string to, subject, body, language;
};

ReadMail read(const SinkMessage& m) {
  const server::InboundMail in = server::parse_inbound_mail(m.text);
  return {m.rcpt_to, in.subject, in.body, m.header("Content-Language")};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The lines of prose `translated` has in common with `english` (both mails of one event,
// each reader's user id made USER and any code CODE): none may be, for every line of prose
// comes from the catalogue.  The narrow rule of what may be the same in every language:
//   * a blank line and the signature mark "-- ";
//   * a line that starts with two blanks: the grammar's command examples and a page's
//     address on a line of its own (never translated);
//   * a quoted line ("> "), the reader's own mail;
//   * the board's text, from its heading (`board_heading`, the first line of `show`) to the
//     signature: the board text's own catalogue (play/board_text.h) and its own test.
std::vector<std::string> shared_prose(const ReadMail& translated, const ReadMail& english,
                                      const std::string& translated_user, const std::string& english_user,
                                      const std::string& board_heading) {
  const auto normal = [](std::string text, const std::string& user) {
    text = std::regex_replace(text, std::regex("\\b" + user + "\\b"), "USER");
    return std::regex_replace(text, std::regex("[0-9A-Z]{5}-[0-9A-Z]{5}"), "CODE");
  };
  std::set<std::string> english_lines;
  for (const std::string& line : lines_of(normal(english.body, english_user))) english_lines.insert(line);
  std::vector<std::string> shared;
  bool in_board = false;
  for (const std::string& line : lines_of(normal(translated.body, translated_user))) {
    if (!board_heading.empty() && line == board_heading) in_board = true;
    if (line == "-- ") in_board = false;
    if (in_board || line.empty() || line == "-- " || line.starts_with("  ") || line.starts_with(">")) continue;
    if (english_lines.contains(line)) shared.push_back(line);
  }
  if (normal(translated.subject, translated_user) == normal(english.subject, english_user))
    shared.push_back("Subject: " + translated.subject);
  return shared;
}

class LanguagesMail : public SinkServe {
 protected:
  void SetUp() override {
    config_.public_url = server::PublicUrl::parse(kPage);
    // The server's clock stands ten minutes after the real time: `ludus mail`, another
    // process, queues its replies at the real time, which the server's sender must find due.
    now_ = static_cast<int64_t>(std::time(nullptr)) + 600;
    SinkServe::SetUp();
  }
  // The mails that arrive after `before`, waiting for `count` of them.
  std::vector<ReadMail> arriving(size_t before, size_t count) {
    const auto all = sink_->await_messages(before + count);
    EXPECT_EQ(all.size(), before + count);
    std::vector<ReadMail> out;
    for (size_t i = before; i < all.size(); ++i) out.push_back(read(all[i]));
    return out;
  }
  static const ReadMail& to(const std::vector<ReadMail>& mails, const std::string& user) {
    for (const ReadMail& m : mails)
      if (m.to == user + "@example.org") return m;
    static const ReadMail none;
    ADD_FAILURE() << "no mail to " << user;
    return none;
  }
  void speaks(const std::string& token, const std::string& language) {
    auto r = post("/api/me/language", {{"language", language}}, token);
    EXPECT_EQ(r.status, 200) << r.body;
  }
  // A mail from `user`'s address with this Subject, piped into `ludus mail` (another
  // process on the same database, as a mail server runs it).
  void mail_command(const std::string& user, const std::string& subject, const std::string& id) {
    const std::string text = "From: " + user + " <" + user + "@example.org>\r\nTo: ludus@games.example.org\r\nSubject: " +
                             subject + "\r\nMessage-ID: <" + id + "@example.org>\r\nMIME-Version: 1.0\r\n" +
                             "Content-Type: text/plain; charset=utf-8\r\n\r\n";
    RunResult r = run_ludus({"mail", "--db", config_.db_path}, text);
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  // The first line of the board's text as the German mail writes it (`show` in German).
  std::string board_heading(int board) {
    RunResult r = run_ludus({"pbm", "--db", config_.db_path, "--language", "de", "show", std::to_string(board)});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r.out.substr(0, r.out.find('\n'));
  }
  // Fails for every line of prose the two mails share (shared_prose).
  void expect_translated(const ReadMail& german, const ReadMail& english, const std::string& german_user,
                         const std::string& english_user, const std::string& heading = "") {
    for (const std::string& line : shared_prose(german, english, german_user, english_user, heading))
      ADD_FAILURE() << "the same in German and English (not from the catalogue?): " << line << "\n--- German mail:\n"
                    << german.body;
  }
};

TEST_F(LanguagesMail, BoardMailsAndRepliesAreInEachReadersLanguage) {
  const std::string alice = verified_account("alice");
  const std::string bob = verified_account("bob");
  speaks(bob, "de");

  // The board starts: alice (English) has the move, bob (German) has a new game.
  size_t before = sink_->messages().size();
  ASSERT_EQ(post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice).status, 201);
  auto started = arriving(before, 2);
  ASSERT_EQ(started.size(), 2u);
  EXPECT_EQ(to(started, "alice").subject, "Ndengrod Board 1: your move");
  EXPECT_EQ(to(started, "alice").language, "en");
  EXPECT_EQ(to(started, "bob").subject, "Ndengrod Brett 1: neue Partie");
  EXPECT_EQ(to(started, "bob").language, "de");
  EXPECT_TRUE(contains(to(started, "bob").body, "alice fordert heraus: Brett 1 ist bereit.")) << to(started, "bob").body;
  const std::string heading = board_heading(1);
  expect_translated(to(started, "bob"), to(started, "alice"), "bob", "alice", heading);

  // alice moves: bob is told in German, with the command to answer in the grammar's words.
  before = sink_->messages().size();
  ASSERT_EQ(post("/api/games/1/move", {{"move", "e5"}}, alice).status, 200);
  auto moved = arriving(before, 2);
  ASSERT_EQ(moved.size(), 2u);
  const ReadMail& german = to(moved, "bob");
  EXPECT_EQ(german.subject, "Ndengrod Brett 1: du bist am Zug");
  EXPECT_EQ(german.language, "de");
  EXPECT_TRUE(contains(german.body, "alice spielt e5 auf Brett 1 (Zug 1).\n")) << german.body;
  EXPECT_TRUE(contains(german.body, "Im Web: " + std::string(kPage) + "/#/board/1\n")) << german.body;
  EXPECT_TRUE(contains(german.body, "ludus, Spielen per E-Mail.  Schick einen Befehl im Betreff, z. B.\n"
                                    "  ndengrod move 1 bob PASSWORD MOVE\n"))
      << german.body;
  EXPECT_TRUE(contains(german.body, "Mails zu deinen Brettern: mailpref bob PASSWORD every|digest|none")) << german.body;
  EXPECT_EQ(to(moved, "alice").language, "en");
  EXPECT_TRUE(contains(to(moved, "alice").body, "alice plays e5 on board 1 (turn 1).\n")) << to(moved, "alice").body;
  expect_translated(german, to(moved, "alice"), "bob", "alice", heading);

  // bob resigns by mail: his reply is German (his password proved him), alice's news English.
  before = sink_->messages().size();
  mail_command("bob", "resign 1 bob secret-pw", "r1.bob");
  auto resigned = arriving(before, 2);
  ASSERT_EQ(resigned.size(), 2u);
  const ReadMail& reply = to(resigned, "bob");
  EXPECT_EQ(reply.subject, "resign 1 bob *****");  // "Re: " is read off as any reply prefix
  EXPECT_EQ(reply.language, "de");
  EXPECT_TRUE(contains(reply.body, "bob gibt Brett 1 auf.\n")) << reply.body;
  EXPECT_TRUE(contains(reply.body, "Diese Partie ist beendet")) << reply.body;
  EXPECT_EQ(to(resigned, "alice").subject, "Ndengrod Board 1: game over");
  expect_translated(reply, to(resigned, "alice"), "bob", "alice", heading);

  // A refused command: the frame of the error reply is German for bob, English for alice.
  before = sink_->messages().size();
  mail_command("bob", "move 1 bob secret-pw d4", "m1.bob");
  mail_command("alice", "move 1 alice secret-pw d4", "m1.alice");
  auto refused = arriving(before, 2);
  ASSERT_EQ(refused.size(), 2u);
  EXPECT_EQ(to(refused, "bob").subject, "Brett 1 Fehler");
  EXPECT_EQ(to(refused, "bob").language, "de");
  EXPECT_TRUE(contains(to(refused, "bob").body, "Deine Mail wurde nicht ausgeführt: ")) << to(refused, "bob").body;
  EXPECT_EQ(to(refused, "alice").subject, "Board 1 Error");
  EXPECT_EQ(to(refused, "alice").language, "en");
  expect_translated(to(refused, "bob"), to(refused, "alice"), "bob", "alice");

  // The code mails: a reset for each.
  before = sink_->messages().size();
  ASSERT_EQ(post("/api/reset", {{"user", "bob"}}).status, 202);
  auto german_reset = arriving(before, 1);
  ASSERT_EQ(german_reset.size(), 1u);
  before = sink_->messages().size();
  ASSERT_EQ(post("/api/reset", {{"user", "alice"}}).status, 202);
  auto english_reset = arriving(before, 1);
  ASSERT_EQ(english_reset.size(), 1u);
  EXPECT_EQ(german_reset[0].subject, "ludus: Code zum Zurücksetzen des Passworts für bob");
  EXPECT_TRUE(contains(german_reset[0].body, "Auf der Webseite: Anmelden > Passwort vergessen?")) << german_reset[0].body;
  expect_translated(german_reset[0], english_reset[0], "bob", "alice");
}

// The shared-prose check itself catches a line left in English (the rule is not vacuous).
TEST(SharedProse, FindsALineLeftUntranslated) {
  const ReadMail english{"", "Ndengrod Board 1: your move", "alice plays e5.\n\nludus play-by-e-mail.\n  ndengrod move 1 alice PASSWORD MOVE\n", "en"};
  const ReadMail german{"", "Ndengrod Brett 1: du bist am Zug", "alice spielt e5.\n\nludus play-by-e-mail.\n  ndengrod move 1 bob PASSWORD MOVE\n", "de"};
  EXPECT_EQ(shared_prose(german, english, "bob", "alice", ""), std::vector<std::string>{"ludus play-by-e-mail."});
  const ReadMail same_subject{"", "Ndengrod Board 1: your move", "", "de"};
  EXPECT_EQ(shared_prose(same_subject, english, "bob", "alice", "").size(), 1u);
}

TEST_F(LanguagesMail, ACodeMailInJapanese) {
  const std::string carol = verified_account("carol");
  speaks(carol, "ja");
  const size_t before = sink_->messages().size();
  ASSERT_EQ(post("/api/reset", {{"user", "carol"}}).status, 202);
  auto mails = arriving(before, 1);
  ASSERT_EQ(mails.size(), 1u);
  EXPECT_EQ(mails[0].subject, "ludus: carol のパスワード再設定コード");
  EXPECT_EQ(mails[0].language, "ja");
  EXPECT_TRUE(contains(mails[0].body, "ウェブページでは: ログイン > パスワードを忘れましたか？")) << mails[0].body;
  EXPECT_TRUE(contains(mails[0].body, "（1回だけ、")) << mails[0].body;
  // The command stays the grammar's; the code works.
  EXPECT_TRUE(contains(mails[0].body, "ludus pbm で:  reset carol ")) << mails[0].body;
  std::smatch code;
  ASSERT_TRUE(std::regex_search(mails[0].body, code, std::regex("コード: ([0-9A-Z]{5}-[0-9A-Z]{5})"))) << mails[0].body;
  auto reset = post("/api/reset/confirm", {{"user", "carol"}, {"code", code[1].str()}, {"password", "new-secret-pw"}});
  EXPECT_EQ(reset.status, 200) << reset.body;
}

// The page's notifications keep their line as a message: each reader reads it in the
// language their page asks for (Accept-Language), whatever language the mail went in.
TEST_F(LanguagesMail, NotificationsAreListedInTheLanguageThePageAsks) {
  const std::string alice = verified_account("alice");
  const std::string bob = verified_account("bob");
  ASSERT_EQ(post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice).status, 201);
  ASSERT_EQ(post("/api/games/1/move", {{"move", "e5"}}, alice).status, 200);
  const auto list = [&](const std::string& accept_language) {
    server::HeaderList headers = {{"Authorization", "Bearer " + bob}};
    if (!accept_language.empty()) headers.push_back({"Accept-Language", accept_language});
    auto r = reply_of(client().get("/api/me/notifications", headers));
    EXPECT_EQ(r.status, 200) << r.body;
    return r.json["notifications"].at(0).value("text", "");
  };
  EXPECT_EQ(list("de-DE,de;q=0.9"), "Ndengrod: alice spielt e5 auf Brett 1 (Zug 1); du bist am Zug");
  EXPECT_EQ(list(""), "Ndengrod: alice plays e5 on board 1 (turn 1); your move");
  EXPECT_EQ(list("fr"), "Ndengrod : alice joue e5 sur le plateau 1 (tour 1) ; à vous");
  // The data export: in the language the account chose.
  speaks(bob, "ja");
  auto exported = get("/api/me/export", bob);
  ASSERT_EQ(exported.status, 200) << exported.body;
  EXPECT_EQ(exported.json["notifications"].at(0).value("text", ""), "Ndengrod: alice が盤 1 で e5 と指しました（第1手）。あなたの番です");
}

}  // namespace
}  // namespace ludus::mail_testing
