// SPDX-License-Identifier: Apache-2.0
// `ludus pbm` and `ludus serve` as programs: the grammar on the command line, and a
// server that starts on a free port and stops cleanly on SIGTERM / SIGINT.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <regex>

#include "server/storage/schema.h"

#include "http_test_support.h"
#include "serve_process.h"

namespace ludus::server::testing {
namespace {

struct ProgramResult {
  int exit_code = -1;
  std::string out, err;
};

// Runs the ludus binary with `args`; captures stdout and stderr.
ProgramResult run_ludus(const std::vector<std::string>& args) {
  int out_pipe[2], err_pipe[2];
  EXPECT_EQ(pipe(out_pipe), 0);
  EXPECT_EQ(pipe(err_pipe), 0);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out_pipe[1], 1);
    dup2(err_pipe[1], 2);
    close(out_pipe[0]);
    close(err_pipe[0]);
    std::vector<char*> argv{const_cast<char*>(LUDUS_BINARY)};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(LUDUS_BINARY, argv.data());
    _exit(127);
  }
  close(out_pipe[1]);
  close(err_pipe[1]);
  ProgramResult result;
  char buffer[4096];
  for (ssize_t n; (n = read(out_pipe[0], buffer, sizeof buffer)) > 0;) result.out.append(buffer, static_cast<size_t>(n));
  for (ssize_t n; (n = read(err_pipe[0], buffer, sizeof buffer)) > 0;) result.err.append(buffer, static_cast<size_t>(n));
  close(out_pipe[0]);
  close(err_pipe[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

// A fresh database, and `ludus pbm --db DATABASE --test-hashing WORDS...` on it.
struct PbmRun {
  TempDir dir;
  std::string db = test_database(dir.file("pbm.db"));
  ProgramResult operator()(std::vector<std::string> words) const {
    words.insert(words.begin(), {"pbm", "--db", db, "--test-hashing"});
    return run_ludus(words);
  }
};

TEST(PbmCommandTest, PlaysByMailOnTheCommandLine) {
  ASSERT_TRUE(std::filesystem::exists(LUDUS_BINARY)) << LUDUS_BINARY << " is missing: build the ludus target";
  const PbmRun pbm;
  EXPECT_EQ(pbm({"signup", "alice", "pw-a-long"}).out, "Welcome, alice: your account is ready.\n");
  EXPECT_EQ(pbm({"signup", "bob", "pw-long1 b long", "bob@example.com"}).exit_code, 0);
  auto invited = pbm({"ndengrod", "challenge", "alice", "bob", "pw-a-long"});
  EXPECT_NE(invited.out.find("alice asks bob first: offer 1: alice invites bob to Ndengrod"), std::string::npos)
      << invited.out << invited.err;
  EXPECT_EQ(pbm({"decline", "1", "bob", "pw-long1 b long"}).out, "bob declines offer 1.\n");
  EXPECT_NE(pbm({"limit", "bob", "pw-long1 b long", "all"}).out.find("Challenges for bob: all"), std::string::npos);
  auto game = pbm({"ndengrod", "challenge", "-size=6", "alice", "bob", "pw-a-long"});
  EXPECT_EQ(game.exit_code, 0) << game.err;
  EXPECT_NE(game.out.find("Board 1: Ndengrod (length=5 shape=hexhex size=6 swap=on)"), std::string::npos) << game.out;
  EXPECT_NE(pbm({"move", "1", "alice", "pw-a-long", "f6#1"}).out.find("alice plays f6 on board 1 (turn 1)."), std::string::npos);
  auto stale = pbm({"move", "1", "bob", "pw-long1 b long", "e5#1"});
  EXPECT_EQ(stale.exit_code, 1);
  EXPECT_NE(stale.err.find("ludus: error: stale move: you sent it for turn 1, and board 1 is at turn 2"), std::string::npos) << stale.err;
  auto usage = pbm({"move", "1"});
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_EQ(usage.err, "ludus: error: usage: move BOARD USER PASSWORD MOVE[#N]\n");
  EXPECT_NE(pbm({"show", "1"}).out.find("Status: o to move (bob), turn 2"), std::string::npos);
  // The computer replies inside the same command.
  auto ai = pbm({"ndengrod", "challenge", "-size=4", "alice", "ai:random", "pw-a-long"});
  EXPECT_EQ(ai.exit_code, 0) << ai.err;
  auto reply = pbm({"move", "2", "alice", "pw-a-long", "d4"});
  EXPECT_NE(reply.out.find("Status: x to move (alice), turn 3"), std::string::npos) << reply.out;
}

// --language: the reply and the error in that language until a USER PASSWORD proves a user
// who chose one (docs/translating.md).
TEST(PbmCommandTest, RepliesInTheLanguageAskedForThenInTheUsers) {
  ASSERT_TRUE(std::filesystem::exists(LUDUS_BINARY)) << LUDUS_BINARY << " is missing: build the ludus target";
  const PbmRun pbm;
  EXPECT_EQ(pbm({"--language", "de", "help", "decline"}).out,
            "decline OFFER USER PASSWORD\n  Lehnt eine Einladung an dich ab oder zieht dein eigenes Angebot zurück.\n");
  const ProgramResult usage = pbm({"--language", "es", "move", "1"});
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_EQ(usage.err, "ludus: error: uso: move BOARD USER PASSWORD MOVE[#N]\n");
  const ProgramResult unknown = pbm({"--language", "xx", "help"});
  EXPECT_NE(unknown.exit_code, 0);
  EXPECT_NE(unknown.err.find("ludus does not speak 'xx'"), std::string::npos) << unknown.err;
  EXPECT_EQ(pbm({"signup", "alice", "pw-a-long"}).exit_code, 0);
  EXPECT_TRUE(pbm({"language", "alice", "pw-a-long", "pt"}).out.starts_with("Idioma de alice: Português (pt).\n"));
  // alice's own language wins over the one asked for, once her password is proved.
  EXPECT_EQ(pbm({"--language", "de", "limit", "alice", "pw-a-long", "none"}).out,
            "Desafios para alice: none (os desafios são recusados); máximo de tabuleiros ativos: sem limite.\n");
}

TEST(ServeCommandTest, ServesAndStopsGracefullyOnSignals) {
  ASSERT_TRUE(std::filesystem::exists(LUDUS_BINARY)) << LUDUS_BINARY << " is missing: build the ludus target";
  TempDir dir;
  for (int signal : {SIGTERM, SIGINT}) {
    auto [pid, port, err_fd, err_start] = start_server(LUDUS_BINARY, test_database(dir.file("serve.db")));
    ASSERT_GT(port, 0);
    HttpClient c("127.0.0.1", port);
    EXPECT_EQ(c.get("/api/health").status, 200);
    auto signup = c.request(http::verb::post, "/api/command", "signup carol" + std::to_string(signal) + " pw-long1", {}, "text/plain");
    EXPECT_EQ(signup.status, 200) << signup.error;
    ASSERT_EQ(kill(pid, signal), 0);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0);
    std::string err = read_all(err_fd);
    EXPECT_NE(err.find("stopping"), std::string::npos) << err;
    EXPECT_NE(err.find("ludus: stopped"), std::string::npos) << err;
  }
  // Both accounts made it to the file.
  Store store(test_database(dir.file("serve.db")));
  EXPECT_TRUE(store.session().find_user("carol" + std::to_string(SIGTERM)));
  EXPECT_TRUE(store.session().find_user("carol" + std::to_string(SIGINT)));
}

TEST(ServeCommandTest, ABusyPortIsOneLineAndLeavesNoDatabaseBehind) {
  TempDir dir;
  boost::asio::io_context io;
  boost::asio::ip::tcp::acceptor busy(io, {boost::asio::ip::make_address("127.0.0.1"), 0});  // listening
  const std::string port = std::to_string(busy.local_endpoint().port());
  const std::string db = test_database(dir.file("new.db"));
  const ProgramResult r = run_ludus({"serve", "--db", db, "--port", port, "--quiet", "--test-hashing"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err, "ludus: error: cannot listen on 127.0.0.1:" + port + " (address in use or not available)\n");
  if (!testing_postgres()) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
      EXPECT_FALSE(std::filesystem::exists(dir.file(std::string("new.db") + suffix))) << "new.db" << suffix;
  } else {
    EXPECT_EQ(sql::connect(sql::DatabaseUrl::parse(db))->table_names(), std::vector<std::string>{})
        << "nothing was created in the database";
  }
}

}  // namespace
}  // namespace ludus::server::testing

namespace ludus::server::testing {
namespace {

TEST(DbCommandTest, MigrateExportImportCheckAndClearErrors) {
  TempDir dir;
  const std::string source = dir.file("source.db"), target = test_database(dir.file("target.db"));
  EXPECT_EQ(run_ludus({"pbm", "--db", source, "--test-hashing", "signup", "alice", "alice-pass"}).exit_code, 0);
  EXPECT_EQ(run_ludus({"pbm", "--db", source, "--test-hashing", "signup", "bob", "bob-passw"}).exit_code, 0);
  EXPECT_EQ(run_ludus({"pbm", "--db", source, "limit", "bob", "bob-passw", "all"}).exit_code, 0);
  EXPECT_EQ(run_ludus({"pbm", "--db", source, "ndengrod", "challenge", "-size=3", "alice", "bob", "alice-pass"}).exit_code, 0);
  EXPECT_EQ(run_ludus({"pbm", "--db", source, "move", "1", "alice", "alice-pass", "c3"}).exit_code, 0);
  auto migrated = run_ludus({"db", "migrate", "--db", target});
  EXPECT_EQ(migrated.exit_code, 0) << migrated.err;
  EXPECT_NE(migrated.out.find("schema version " + std::to_string(current_schema_version())), std::string::npos);
  auto exported = run_ludus({"db", "export", "--db", source, "--output", dir.file("dump.jsonl")});
  EXPECT_EQ(exported.exit_code, 0) << exported.err;
  auto imported = run_ludus({"db", "import", "--db", target, "--input", dir.file("dump.jsonl")});
  EXPECT_EQ(imported.exit_code, 0) << imported.err;
  auto checked = run_ludus({"db", "check", "--db", target});
  EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
  EXPECT_NE(checked.out.find(": ok"), std::string::npos) << checked.out;
  auto shown = run_ludus({"pbm", "--db", target, "show", "1"});
  EXPECT_NE(shown.out.find("c3"), std::string::npos) << shown.out << shown.err;

  auto bad = run_ludus({"db", "check", "--db", "mysql://x/y"});
  EXPECT_NE(bad.exit_code, 0);
  EXPECT_EQ(std::count(bad.err.begin(), bad.err.end(), '\n'), 1) << bad.err;
  EXPECT_NE(bad.err.find("unknown scheme 'mysql'"), std::string::npos) << bad.err;
  auto unreachable = run_ludus({"db", "check", "--db", "postgresql://nobody@127.0.0.1:1/x"});
  EXPECT_NE(unreachable.exit_code, 0);
  EXPECT_EQ(std::count(unreachable.err.begin(), unreachable.err.end(), '\n'), 1) << unreachable.err;
  EXPECT_NE(unreachable.err.find("cannot connect to the database postgresql://nobody@127.0.0.1:1/x"), std::string::npos)
      << unreachable.err;
}

TEST(DbCommandTest, RerateChecksAndRewritesTheRatings) {
  TempDir dir;
  const std::string db = test_database(dir.file("rated.db"));
  EXPECT_EQ(run_ludus({"pbm", "--db", db, "--test-hashing", "signup", "alice", "alice-pass"}).exit_code, 0);
  for (int board = 1; board <= 2; ++board) {
    EXPECT_EQ(run_ludus({"pbm", "--db", db, "n-mesh", "challenge", "alice", "ai:random", "alice-pass"}).exit_code, 0);
    auto moved = run_ludus({"pbm", "--db", db, "move", std::to_string(board), "alice", "alice-pass", "c3"});
    EXPECT_EQ(moved.exit_code, 0) << moved.out << moved.err;
    EXPECT_EQ(run_ludus({"pbm", "--db", db, "resign", std::to_string(board), "alice", "alice-pass"}).exit_code, 0);
  }
  auto table = run_ludus({"pbm", "--db", db, "ratings", "n-mesh"});
  EXPECT_NE(table.out.find("ai:random"), std::string::npos) << table.out << table.err;
  auto same = run_ludus({"db", "rerate", "--check", "--db", db});
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  EXPECT_NE(same.out.find("2 rated game(s), 2 rating(s); the stored ratings are exactly the replay's"), std::string::npos)
      << same.out;
  {
    Store store(db);
    auto session = store.session();
    session.connection().query("UPDATE ratings SET wins = 7 WHERE player = 'ai:random'").run();
  }
  auto checked = run_ludus({"db", "check", "--db", db});
  EXPECT_NE(checked.exit_code, 0);
  EXPECT_NE(checked.out.find("1 rating row(s) differ from a replay"), std::string::npos) << checked.out;
  EXPECT_NE(run_ludus({"db", "rerate", "--check", "--db", db}).exit_code, 0);
  auto fixed = run_ludus({"db", "rerate", "--db", db});
  EXPECT_EQ(fixed.exit_code, 0) << fixed.err;
  EXPECT_NE(fixed.out.find("1 stored row(s) differed and are rewritten"), std::string::npos) << fixed.out;
  EXPECT_EQ(run_ludus({"db", "check", "--db", db}).exit_code, 0);
}

}  // namespace
}  // namespace ludus::server::testing
