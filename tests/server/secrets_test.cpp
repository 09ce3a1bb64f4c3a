// SPDX-License-Identifier: Apache-2.0
// Secrets never leave where they belong (docs/security.md): a password in an --smtp or --db
// URL is hidden from the process's visible command line and from every message; the log of
// a whole session (sign-up, login, moves, commands with passwords, a password change) holds
// none of the passwords or tokens it used; a server started as root says it should not be.
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <set>
#include <sstream>

#include "../cli/cli_test_support.h"
#include "http_test_support.h"
#include "serve_process.h"

namespace ludus::server::testing {
namespace {

std::string command_line_of(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/cmdline", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(SecretsTest, UrlPasswordsAreHiddenFromTheCommandLineAndMessages) {
  TempDir dir;
  ServeProcess server = start_server(LUDUS_BINARY, test_database(dir.file("s.db")),
                                     {"--test-hashing", "--smtp", "smtp://mailer:SMTP-SECRET-77@127.0.0.1:9"});
  ASSERT_GT(server.port, 0) << server.err_start;
  const std::string cmdline = command_line_of(server.pid);
  EXPECT_NE(cmdline.find("smtp://mailer:"), std::string::npos) << "the URL is still there";
  EXPECT_EQ(cmdline.find("SMTP-SECRET-77"), std::string::npos) << "ps shows the password";
  EXPECT_NE(server.err_start.find("password was given on the command line"), std::string::npos) << server.err_start;
  if (geteuid() == 0) EXPECT_NE(server.err_start.find("running as root"), std::string::npos) << server.err_start;
  kill(server.pid, SIGTERM);
  waitpid(server.pid, nullptr, 0);
  EXPECT_EQ(read_all(server.err_fd).find("SMTP-SECRET-77"), std::string::npos);

  // An unreachable database: the error names it without its password, in the URL or as a parameter.
  for (const std::string url : {"postgresql://ludus:DB-SECRET-1@127.0.0.1:9/ludus",
                                "postgresql://127.0.0.1:9/ludus?user=ludus&password=DB-SECRET-1",
                                "postgres-typo://ludus:DB-SECRET-1@h/d"}) {
    const auto r = ludus::testing::run_ludus({"serve", "--db", url, "--port", "0"});
    EXPECT_NE(r.exit_code, 0);
    EXPECT_EQ(r.err.find("DB-SECRET-1"), std::string::npos) << r.err;
    const auto db = ludus::testing::run_ludus({"db", "check", "--db", url});
    EXPECT_EQ(db.err.find("DB-SECRET-1"), std::string::npos) << db.err;
  }
}

// The log of a whole session, as text or as JSON: a session's requests with passwords and
// tokens in bodies, headers and query strings; returns the log and the secrets used.
struct LoggedSession {
  std::string log;
  std::vector<std::string> secrets;
  std::vector<std::string> request_ids;  // of the replies, from X-Request-Id
};

LoggedSession log_a_whole_session(const std::vector<std::string>& options) {
  LoggedSession out;
  TempDir dir;
  std::vector<std::string> serve_options = {"--test-hashing"};
  serve_options.insert(serve_options.end(), options.begin(), options.end());
  ServeProcess server = start_server(LUDUS_BINARY, test_database(dir.file("log.db")), serve_options);  // logging every request
  EXPECT_GT(server.port, 0) << server.err_start;
  if (server.port == 0) return out;
  HttpClient c("127.0.0.1", server.port);
  auto json_post = [&](const std::string& path, const nlohmann::json& body, const std::string& token = "") {
    HeaderList headers;
    if (!token.empty()) headers.push_back({"Authorization", "Bearer " + token});
    HttpResult r = c.request(http::verb::post, path, body.dump(), headers);
    out.request_ids.push_back(r.header("X-Request-Id"));
    return r;
  };
  std::vector<std::string> secrets = {"alice-PW-secret-1", "bob-PW-secret-22", "alice-NEW-secret-3"};
  EXPECT_EQ(json_post("/api/signup", {{"user", "alice"}, {"password", secrets[0]}, {"email", "alice@mail.test"}}).status, 201);
  EXPECT_EQ(json_post("/api/signup", {{"user", "bob"}, {"password", secrets[1]}}).status, 201);
  const std::string alice = json_post("/api/login", {{"user", "alice"}, {"password", secrets[0]}}).json()["token"];
  const std::string bob = json_post("/api/login", {{"user", "bob"}, {"password", secrets[1]}}).json()["token"];
  secrets.push_back(alice);
  secrets.push_back(bob);
  json_post("/api/me/limits", {{"challenges", "all"}}, bob);
  EXPECT_EQ(json_post("/api/me/limits", {{"challenges", "all"}}, "not-a-token-of-bob").status, 401);  // names no user
  const auto board = json_post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice).json()["board"];
  json_post("/api/games/" + board.dump() + "/move", {{"move", "e5"}}, alice);
  c.request(http::verb::post, "/api/command", "move " + board.dump() + " bob " + secrets[1] + " d4", {}, "text/plain");
  c.request(http::verb::post, "/api/command?command=" + percent_encode("comment " + board.dump() + " bob " + secrets[1] + " hi"),
            "", {}, "text/plain");
  c.request(http::verb::post, "/api/command", "mailpref alice " + secrets[0] + " WRONG-extra-words", {}, "text/plain");
  json_post("/api/login", {{"user", "alice"}, {"password", "wrong-" + secrets[0]}});
  const std::string fresh =
      json_post("/api/password", {{"old_password", secrets[0]}, {"new_password", secrets[2]}}, alice).json()["token"];
  secrets.push_back(fresh);
  json_post("/api/logout", nlohmann::json::object(), fresh);
  kill(server.pid, SIGTERM);
  waitpid(server.pid, nullptr, 0);
  out.log = server.err_start + read_all(server.err_fd);
  out.secrets = secrets;
  return out;
}

TEST(SecretsTest, TheLogOfAWholeSessionHoldsNoPasswordOrToken) {
  const LoggedSession session = log_a_whole_session({});
  const std::string& logged = session.log;
  EXPECT_NE(logged.find("POST /api/command"), std::string::npos) << "the requests were logged:\n" << logged;
  for (const std::string& secret : session.secrets) EXPECT_EQ(logged.find(secret), std::string::npos) << secret << " in:\n" << logged;
  for (const std::string& id : session.request_ids) EXPECT_NE(logged.find(" id=" + id), std::string::npos) << id;
  // A line names the user its token (or its login) proved, and only then.
  std::istringstream lines(logged);
  int signed_in = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.find(" POST /api/games/") != std::string::npos && line.find("/move 200 ") != std::string::npos) {
      EXPECT_NE(line.find(" user=alice"), std::string::npos) << line;
    }
    if (line.find(" 401 ") != std::string::npos || line.find("/api/signup") != std::string::npos) {
      EXPECT_EQ(line.find("user="), std::string::npos) << "an unproven or anonymous request: " << line;
    }
    if (line.find(" user=") != std::string::npos) ++signed_in;
  }
  EXPECT_GE(signed_in, 5) << logged;
}

// --log-format json: every line one JSON object with the time, level and event; each request's
// line names the id its reply carried; and no secret either.
TEST(SecretsTest, TheJsonLogIsOneObjectPerLineWithRequestIdsAndNoSecret) {
  const LoggedSession session = log_a_whole_session({"--log-format", "json"});
  std::set<std::string> logged_ids;
  int requests = 0, unproven = 0, commands = 0;
  std::istringstream lines(session.log);
  for (std::string line; std::getline(lines, line);) {
    const auto record = nlohmann::json::parse(line, nullptr, false);
    ASSERT_TRUE(record.is_object()) << "not a JSON object: " << line;
    EXPECT_TRUE(record.contains("time") && record.contains("level") && record.contains("event")) << line;
    if (record["event"] != "request") continue;
    ++requests;
    EXPECT_TRUE(record.contains("duration_ms") && record.contains("status") && record.contains("route")) << line;
    logged_ids.insert(record.value("request_id", ""));
    if (record.value("route", "") == "/api/games/{id}/{name}") {
      EXPECT_TRUE(record.contains("board")) << line;
      EXPECT_EQ(record.value("user", ""), "alice") << "the token's user: " << line;
    }
    if (record.value("route", "") == "/api/login" && record.value("status", 0) == 200) {
      EXPECT_TRUE(record.value("user", "") == "alice" || record.value("user", "") == "bob") << line;
    }
    // A command's USER PASSWORD, once verified, names its user too.
    if (record.value("route", "") == "/api/command" && record.value("status", 0) == 200) {
      EXPECT_EQ(record.value("user", ""), "bob") << line;
      ++commands;
    }
    // Anonymous requests, a wrong password and a token that is not one name no user.
    if (record.value("route", "") == "/api/signup" || record.value("status", 0) == 401) {
      EXPECT_FALSE(record.contains("user")) << line;
      ++unproven;
    }
  }
  EXPECT_GE(requests, 10) << session.log;
  EXPECT_EQ(commands, 2) << session.log;
  EXPECT_GE(unproven, 4) << "two sign-ups, a wrong password, a bad token:\n" << session.log;
  for (const std::string& id : session.request_ids) EXPECT_EQ(logged_ids.count(id), 1u) << id << " not in:\n" << session.log;
  for (const std::string& secret : session.secrets)
    EXPECT_EQ(session.log.find(secret), std::string::npos) << secret << " in:\n" << session.log;
}

}  // namespace
}  // namespace ludus::server::testing
