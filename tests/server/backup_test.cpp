// SPDX-License-Identifier: Apache-2.0
// `ludus db backup`: a copy of a live SQLite database taken while a server keeps accepting
// moves opens, passes `ludus db check` and holds every move acknowledged before it began;
// and PostgreSQL's pg_dump / pg_restore as docs/operations.md describes them.
#include <sys/wait.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include "../cli/cli_test_support.h"
#include "ops_test_support.h"
#include "serve_child.h"

namespace ludus::server::testing {
namespace {

using ludus::testing::run_ludus;
using ludus::testing::shell_quote;

// Runs a shell command; its exit status and what it wrote (both streams, in `err`).
ludus::testing::RunResult run_shell(const std::string& command) {
  ludus::testing::RunResult result;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return result;
  char buffer[4096];
  for (size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) result.err.append(buffer, n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

TEST(BackupTest, ACopyTakenUnderLoadHoldsEveryMoveAcknowledgedBeforeIt) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  const std::string db = dir.file("live.db");
  ServeChild server(db, dir.file("serve.log"));
  ASSERT_GT(server.port, 0);
  TwoPlayers players(server.port);
  std::vector<int64_t> boards;
  for (int i = 0; i < 4; ++i) boards.push_back(players.new_board());
  ASSERT_GT(boards.back(), 0);

  std::mutex mutex;
  std::vector<AcknowledgedMove> acks;
  std::atomic<bool> stop{false};
  auto load = [&](int64_t board) {
    for (int ply = 1; !stop && ply <= 60; ++ply) {
      std::string move;
      const HttpResult r = players.play(board, ply, &move);
      if (r.status != 200) break;  // the game ended
      std::lock_guard lock(mutex);
      acks.push_back({board, ply, move});
    }
  };
  std::vector<std::thread> threads;
  for (int64_t board : boards) threads.emplace_back(load, board);
  auto acknowledged = [&] {
    std::lock_guard lock(mutex);
    return acks.size();
  };
  while (acknowledged() < 20) std::this_thread::sleep_for(std::chrono::milliseconds(5));

  std::vector<AcknowledgedMove> before;
  {
    std::lock_guard lock(mutex);
    before = acks;
  }
  const auto backup = run_ludus({"db", "backup", "--db", db, dir.file("copy.db")});
  const size_t acked_during = acknowledged();
  stop = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(backup.exit_code, 0) << backup.out << backup.err;
  EXPECT_NE(backup.out.find("the copy passes db check"), std::string::npos) << backup.out;
  EXPECT_GT(acked_during, before.size()) << "the load went on while the copy was made";

  const auto check = run_ludus({"db", "check", "--db", dir.file("copy.db")});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("copy.db-wal"))) << "the copy is one file";
  ServeChild restored(dir.file("copy.db"), dir.file("restored.log"));
  ASSERT_GT(restored.port, 0);
  expect_acknowledged_moves_stored(before, restored.port);
}

TEST(BackupTest, RefusesToReplaceAFileAndNamesWhatIsWrong) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  ASSERT_EQ(run_ludus({"db", "migrate", "--db", dir.file("a.db")}).exit_code, 0);
  std::ofstream(dir.file("taken")) << "keep me";
  auto taken = run_ludus({"db", "backup", "--db", dir.file("a.db"), dir.file("taken")});
  EXPECT_NE(taken.exit_code, 0);
  EXPECT_NE(taken.err.find("exists"), std::string::npos) << taken.err;
  std::ifstream kept(dir.file("taken"));
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>()), "keep me");

  auto missing = run_ludus({"db", "backup", "--db", dir.file("none.db"), dir.file("b.db")});
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_NE(missing.err.find("no database file"), std::string::npos) << missing.err;
  EXPECT_FALSE(std::filesystem::exists(dir.file("none.db")));

  auto nowhere = run_ludus({"db", "backup", "--db", dir.file("a.db"), dir.file("no/such/dir/b.db")});
  EXPECT_NE(nowhere.exit_code, 0);
  EXPECT_NE(nowhere.err.find("cannot open backup file"), std::string::npos) << nowhere.err;

  auto postgres = run_ludus({"db", "backup", "--db", "postgresql://ludus@127.0.0.1:9/ludus", dir.file("c.db")});
  EXPECT_NE(postgres.exit_code, 0);
  EXPECT_NE(postgres.err.find("pg_dump"), std::string::npos) << postgres.err;
  // Nothing is left behind by the refusals.
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find("partial"), std::string::npos) << entry.path();
}

// docs/operations.md: pg_dump --format=custom, then pg_restore into an empty database, then
// `ludus db check` on it.
TEST(BackupTest, PostgresDumpAndRestoreAsDocumented) {
  if (!testing_postgres()) GTEST_SKIP() << "the PostgreSQL run only";
  TempDir dir;
  const std::string url = test_database(dir.file("source.db"));
  ServeChild server(url, dir.file("serve.log"));
  ASSERT_GT(server.port, 0);
  TwoPlayers players(server.port);
  const int64_t board = players.new_board();
  std::vector<AcknowledgedMove> acks;
  for (int ply = 1; ply <= 6; ++ply) {
    std::string move;
    ASSERT_EQ(players.play(board, ply, &move).status, 200);
    acks.push_back({board, ply, move});
  }
  const std::string dump = dir.file("ludus.dump");
  const auto dumped = run_shell("pg_dump --format=custom --file=" + shell_quote(dump) + " " + shell_quote(url));
  ASSERT_EQ(dumped.exit_code, 0) << dumped.err;
  const std::string target = test_database(dir.file("restored.db"));  // a new, empty database
  const auto restored = run_shell("pg_restore --no-owner --exit-on-error --dbname=" + shell_quote(target) + " " + shell_quote(dump));
  ASSERT_EQ(restored.exit_code, 0) << restored.err;
  const auto check = run_ludus({"db", "check", "--db", target});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  ServeChild copy(target, dir.file("copy.log"));
  ASSERT_GT(copy.port, 0);
  expect_acknowledged_moves_stored(acks, copy.port);
}

}  // namespace
}  // namespace ludus::server::testing
