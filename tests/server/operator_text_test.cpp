// SPDX-License-Identifier: Apache-2.0
// Text that users write reaches other people's terminals (docs/security.md, "Operator
// terminals"): the one rule of users' text (server/domain/community/user_text.h) refuses escape
// sequences and other controls on every way in (the JSON routes, POST /api/command,
// `ludus pbm`; mail in tests/mail/mail_malformed_test.cpp), and what was stored before that
// rule is printed escaped by `ludus pbm` and `ludus admin` (the real binary).  On SQLite and
// (pg/) PostgreSQL.
#include "../cli/cli_test_support.h"
#include "http_test_support.h"
#include "server/base/log.h"
#include "server/domain/community/user_text.h"
#include "server/storage/community_store.h"

namespace ludus::server::testing {
namespace {

using ludus::testing::run_ludus;

// Escape sequences of a hostile comment: a window title (OSC ... BEL), a cleared screen and
// colours (CSI), a bell, the one-character CSI of C1, a right-to-left override.
const std::vector<std::string>& attacks() {
  static const std::vector<std::string> list = {
      "nice \x1b]0;pwned\x07 game", "\x1b[2J\x1b[Hall clear", "\x1b[31mred\x1b[0m", "ring\a",
      "c1 \xc2\x9b" "31m", "user \xe2\x80\xae" "gnp.exe", "over\rwrite", "nul \x7f del",
  };
  return list;
}

// No byte that moves a terminal: ESC, BEL, CR, the C1 CSI, the override.
void expect_inert(const std::string& output) {
  for (const char* raw : {"\x1b", "\a", "\r", "\x7f", "\xc2\x9b", "\xe2\x80\xae"})
    EXPECT_EQ(output.find(raw), std::string::npos) << "raw control in: " << output;
}

class OperatorTextTest : public HttpFixture {
 protected:
  int64_t board_of_alice_and_bob() {
    alice_ = account("alice");
    bob_ = account("bob");
    auto r = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"players", {"alice", "bob"}}}, alice_);
    EXPECT_EQ(r.status, 201) << r.body;
    return r.json.value("board", int64_t{0});
  }
  int64_t count(const std::string& table) {
    Store store(config_.db_path);
    auto session = store.session();
    auto q = session.connection().query(("SELECT COUNT(*) FROM " + table).c_str());
    return q.step() ? q.integer(0) : -1;
  }
  ludus::testing::RunResult pbm(std::vector<std::string> words) {
    words.insert(words.begin(), {"pbm", "--db", config_.db_path, "--test-hashing"});
    return run_ludus(words);
  }
  std::string alice_, bob_;
};

TEST_F(OperatorTextTest, EscapeSequencesAreRefusedOnEveryWayInAndNothingIsStored) {
  const int64_t board = board_of_alice_and_bob();
  const std::string base = "/api/games/" + std::to_string(board);
  ASSERT_EQ(post(base + "/comment", {{"text", "a clean comment"}}, bob_).status, 200);
  const int64_t clean = get(base).json["comments"][0]["id"].get<int64_t>();
  for (const std::string& text : attacks()) {
    SCOPED_TRACE(text);
    auto comment = post(base + "/comment", {{"text", text}}, bob_);
    EXPECT_EQ(comment.status, 400) << comment.body;
    EXPECT_EQ(comment.json.value("code", ""), "bad_text") << comment.body;
    auto report = post("/api/comments/" + std::to_string(clean) + "/report", {{"reason", text}}, alice_);
    EXPECT_EQ(report.status, 400) << report.body;
    EXPECT_EQ(report.json.value("code", ""), "bad_text") << report.body;
    // The grammar over HTTP: the same rule (quoted, so that its blanks are not the grammar's).
    const std::string quoted = "\"" + text + "\"";
    auto command = post_text("/api/command", "comment " + std::to_string(board) + " bob secret-pw " + quoted, "", "text/plain");
    EXPECT_EQ(command.status, 400) << command.body;
    EXPECT_NE(command.body.find("control character"), std::string::npos) << command.body;
    auto reported = post_text("/api/command", "report " + std::to_string(clean) + " alice secret-pw " + quoted, "", "text/plain");
    EXPECT_EQ(reported.status, 400) << reported.body;
    // ... and `ludus pbm`: one line on stderr, exit 2, no raw control in it.
    auto cli = pbm({"comment", std::to_string(board), "bob", "secret-pw", text});
    EXPECT_EQ(cli.exit_code, 2) << cli.err;
    EXPECT_EQ(ludus::testing::lines_of(cli.err).size(), 1u) << cli.err;
    EXPECT_NE(cli.err.find("control character"), std::string::npos) << cli.err;
    expect_inert(cli.err);
  }
  EXPECT_EQ(count("comments"), 1) << "only the clean comment";
  EXPECT_EQ(count("reports"), 0);
  // Lines and tabs are text: CR LF is a line end, a tab a space; the reason is one line.
  ASSERT_EQ(post(base + "/comment", {{"text", "first line\r\nsecond\tline  \n"}}, bob_).status, 200);
  EXPECT_EQ(get(base).json["comments"][1]["text"], "first line\nsecond line");
  EXPECT_EQ(post("/api/comments/" + std::to_string(clean) + "/report", {{"reason", "rude\nand\tloud"}}, alice_).status, 201);
}

TEST(UserTextRule, OneRuleSaysWhatTextMayHold) {
  const UserTextRule comment{"the comment", TextLines::Several, 20, false};
  const UserTextRule reason{"the reason", TextLines::One, 20, true};
  EXPECT_EQ(checked_user_text("a\r\nb\tc \n\n", comment), "a\nb c");
  EXPECT_EQ(checked_user_text(" a\r\nb\t c ", reason), "a b c");
  EXPECT_EQ(checked_user_text("", reason), "");
  EXPECT_EQ(checked_user_text("Spiel über Brett ✓", {"the comment", TextLines::Several, 40, false}), "Spiel über Brett ✓");
  auto code_of = [](const std::string& text, const UserTextRule& rule) {
    try {
      checked_user_text(text, rule);
    } catch (const ServiceError& e) {
      EXPECT_EQ(e.kind(), ErrorKind::BadRequest);
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
      return e.code();
    }
    return std::string("accepted");
  };
  for (const std::string& text : attacks()) EXPECT_EQ(code_of(text, comment), "bad_text") << text;
  for (const std::string& text : attacks()) EXPECT_EQ(code_of(text, reason), "bad_text") << text;
  EXPECT_EQ(code_of(std::string("nul\0byte", 8), comment), "bad_text");
  EXPECT_EQ(code_of("\xe2\x81\xa6isolate", comment), "bad_text");
  EXPECT_EQ(code_of("bad \xff", comment), "bad_encoding");
  EXPECT_EQ(code_of(" \n\t ", comment), "bad_text") << "empty once trimmed";
  EXPECT_EQ(code_of(std::string(21, 'x'), comment), "bad_text");
  try {
    checked_user_text("ok\nthen \x1b[2J", comment);
  } catch (const ServiceError& e) {
    EXPECT_STREQ(e.what(),
                 "the comment holds the control character U+001B on line 2, which text may not hold (escape sequences, "
                 "bidirectional overrides); send plain text");
  }
}

// The server's log quotes what users sent (a mail's words, a failed command): whoever reads
// it on a terminal gets no raw escape sequence, in either format.
TEST(OperatorLog, TextAndJsonLinesCarryNoRawControl) {
  std::ostringstream out;
  for (LogFormat format : {LogFormat::Text, LogFormat::Json}) {
    Logger logger(format, out);
    for (const std::string& text : attacks()) logger.message("refused mail: " + text);
    LogRecord request;
    request.event = "request";
    request.remote = "127.0.0.1";
    request.method = "GET";
    request.target = "/api/x";
    request.user = "al\x1b[8mice";
    request.status = 200;
    logger.write(request);
  }
  expect_inert(out.str());
  EXPECT_NE(out.str().find("refused mail: nice \\x1b]0;pwned\\x07 game\n"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("\"message\":\"refused mail: nice \\u001b]0;pwned\\u0007 game\""), std::string::npos)
      << out.str();
}

// Rows written before the rule existed (straight into the database here) are printed escaped:
// the comment by `ludus pbm history` and `show`, the report and its reason by `ludus admin
// reports`, an audit reason by `ludus admin audit`.
TEST_F(OperatorTextTest, StoredEscapesArePrintedEscapedByPbmAndAdmin) {
  const int64_t board = board_of_alice_and_bob();
  const std::string hostile = "gg \x1b]0;pwned\x07\x1b[2J\x1b[31mred\a \xc2\x9b" "31m \xe2\x80\xae" "cba";
  const std::string escaped = "gg \\x1b]0;pwned\\x07\\x1b[2J\\x1b[31mred\\x07 \\u009b31m \\u202ecba";
  int64_t comment = 0;
  {
    Store store(config_.db_path);
    auto session = store.session();
    auto tx = session.write();
    CommentRecord row;
    row.user = "bob";
    row.body = hostile;
    row.created_at = kTestTime;
    comment = session.insert_comment(board, row);
    insert_report(session, comment, "alice", "spam \x1b[5mblink\x1b[0m", kTestTime);
    append_audit(session, {0, kTestTime, "root", "hide", "comment 1", "why \x1b]2;title\x07"});
    tx.commit();
  }
  account("root");
  ASSERT_EQ(run_ludus({"admin", "grant", "root", "--db", config_.db_path}).exit_code, 0);

  auto history = pbm({"history", std::to_string(board)});
  EXPECT_EQ(history.exit_code, 0) << history.err;
  EXPECT_NE(history.out.find(escaped), std::string::npos) << history.out;
  expect_inert(history.out);
  auto reports = run_ludus({"admin", "reports", "--as", "root", "--db", config_.db_path});
  EXPECT_EQ(reports.exit_code, 0) << reports.err;
  EXPECT_NE(reports.out.find(escaped), std::string::npos) << reports.out;
  EXPECT_NE(reports.out.find("spam \\x1b[5mblink\\x1b[0m"), std::string::npos) << reports.out;
  expect_inert(reports.out);
  auto audit = run_ludus({"admin", "audit", "--db", config_.db_path});
  EXPECT_NE(audit.out.find("why \\x1b]2;title\\x07"), std::string::npos) << audit.out;
  expect_inert(audit.out);
  // An error that quotes what was typed is escaped too.
  auto unknown = pbm({"\xc2\x9b" "2J"});
  EXPECT_EQ(unknown.exit_code, 2);
  expect_inert(unknown.err);
}

}  // namespace
}  // namespace ludus::server::testing
