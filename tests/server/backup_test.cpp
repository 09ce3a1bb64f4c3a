// SPDX-License-Identifier: Apache-2.0
// `ludus db backup`: a copy of a live SQLite database taken while a server keeps accepting
// moves opens, passes `ludus db check` and holds every move acknowledged before it began;
// PostgreSQL's pg_dump / pg_restore as docs/operations.md describes them; and a backup or an
// export to a file (every account's password hash and address) never goes to a file another
// user planted (core/private_file.h).
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <mutex>
#include <set>
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
  EXPECT_NE(nowhere.err.find("cannot write the backup in the folder"), std::string::npos) << nowhere.err;

  auto postgres = run_ludus({"db", "backup", "--db", "postgresql://ludus@127.0.0.1:9/ludus", dir.file("c.db")});
  EXPECT_NE(postgres.exit_code, 0);
  EXPECT_NE(postgres.err.find("pg_dump"), std::string::npos) << postgres.err;
  // Nothing is left behind by the refusals.
  for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find("partial"), std::string::npos) << entry.path();
}

// Runs `ludus ARGS` with umask 0 as a child whose process id is known before it starts, so
// that `plant` can put files at the names derived from it (the old DEST.partial-PID).
ludus::testing::RunResult run_ludus_planted(const std::vector<std::string>& args, const std::function<void(pid_t)>& plant) {
  TempDir streams;
  const std::string out = streams.file("out"), err = streams.file("err");
  std::vector<std::string> words{LUDUS_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  int go[2];
  EXPECT_EQ(pipe(go), 0);
  const pid_t pid = fork();
  if (pid == 0) {  // only async-signal-safe calls until exec
    close(go[1]);
    char byte;
    if (read(go[0], &byte, 1) != 1) _exit(126);
    umask(0);
    dup2(open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600), 1);
    dup2(open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600), 2);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(go[0]);
  plant(pid);
  EXPECT_EQ(write(go[1], "x", 1), 1);
  close(go[1]);
  int status = 0;
  waitpid(pid, &status, 0);
  ludus::testing::RunResult result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.out = ludus::testing::read_text(out);
  result.err = ludus::testing::read_text(err);
  return result;
}

// A new regular file of the running user, mode 0600 whatever the umask was.
void expect_private_file(const std::string& path) {
  struct stat st {};
  ASSERT_EQ(lstat(path.c_str(), &st), 0) << path;
  EXPECT_TRUE(S_ISREG(st.st_mode)) << path;
  EXPECT_EQ(st.st_mode & 07777, 0600u) << path;
  EXPECT_EQ(st.st_uid, getuid()) << path;
  EXPECT_EQ(st.st_nlink, 1u) << path << ": no second name";
}

// The names in a folder.
std::set<std::string> names_in(const std::string& folder) {
  std::set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) names.insert(entry.path().filename().string());
  return names;
}

// Finding 5 of issue 56: root's backup went to DEST.partial-PID, a name anyone could plant a
// symlink (root then wrote the symlink's target) or a world-writable file (whose owner then
// held the backup) at.  Every name a backup could be made to use is planted here.
TEST(BackupTest, PlantedFilesNeverReceiveTheCopy) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  const std::string db = dir.file("a.db");
  ASSERT_EQ(run_ludus({"pbm", "--db", db, "--test-hashing", "signup", "alice", "pw-a-long", "alice@example.org"}).exit_code, 0);
  const std::string victim = dir.file("victim");
  std::ofstream(victim) << "victim";

  // Symlinks at the old predictable name and every name SQLite derives from a file's.
  const std::string dest = dir.file("copy.db");
  std::vector<std::string> planted;
  auto symlinks = run_ludus_planted({"db", "backup", "--db", db, dest}, [&](pid_t pid) {
    const std::string partial = dest + ".partial-" + std::to_string(pid);
    for (const std::string& name : {partial, partial + "-journal", partial + "-wal", dest + "-journal", dest + "-wal",
                                    dest + "-shm", dest + ".partial", dest + ".tmp"}) {
      std::filesystem::create_symlink(victim, name);
      planted.push_back(name);
    }
  });
  EXPECT_EQ(symlinks.exit_code, 0) << symlinks.out << symlinks.err;
  EXPECT_NE(symlinks.out.find("the copy passes db check"), std::string::npos) << symlinks.out;
  EXPECT_EQ(ludus::testing::read_text(victim), "victim") << "the symlinks' target was written";
  expect_private_file(dest);
  for (const auto& name : planted) EXPECT_TRUE(std::filesystem::is_symlink(name)) << name << " left as planted";
  std::set<std::string> expected{"a.db", "victim", "copy.db"};
  for (const auto& name : planted) expected.insert(std::filesystem::path(name).filename().string());
  for (const auto& name : names_in(dir.path().string())) {
    if (name.rfind("a.db", 0) != 0) {
      EXPECT_TRUE(expected.count(name)) << name << " left behind";
    }
  }
  for (const auto& name : planted) std::filesystem::remove(name);  // before SQLite opens the copy
  auto check = run_ludus({"db", "check", "--db", dest});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_NE(ludus::testing::read_text(dest).find("alice@example.org"), std::string::npos) << "the copy holds the data";

  // A world-writable file of another user at the old name: it never becomes the backup.
  const std::string second = dir.file("second.db");
  std::string stranger_file;
  auto stranger = run_ludus_planted({"db", "backup", "--db", db, second}, [&](pid_t pid) {
    stranger_file = second + ".partial-" + std::to_string(pid);
    std::ofstream(stranger_file).flush();
    ASSERT_EQ(chmod(stranger_file.c_str(), 0666), 0);
    if (getuid() == 0) {
      ASSERT_EQ(chown(stranger_file.c_str(), 65534, 65534), 0);  // nobody
    }
  });
  EXPECT_EQ(stranger.exit_code, 0) << stranger.out << stranger.err;
  expect_private_file(second);
  struct stat theirs {}, ours {};
  ASSERT_EQ(stat(stranger_file.c_str(), &theirs), 0);
  ASSERT_EQ(stat(second.c_str(), &ours), 0);
  EXPECT_NE(theirs.st_ino, ours.st_ino) << "the stranger's file is the backup";
  EXPECT_EQ(theirs.st_size, 0) << "the stranger's file received data";
}

// A destination that is not a new name is refused in one line, exit 2, and nothing is made:
// a symlink (to a file, or dangling: it would be followed), a directory, a fifo, a file.
TEST(BackupTest, ADestinationThatExistsInAnyFormIsRefusedInOneLine) {
  LUDUS_SQLITE_ONLY();
  TempDir dir;
  const std::string db = dir.file("a.db");
  ASSERT_EQ(run_ludus({"db", "migrate", "--db", db}).exit_code, 0);
  std::ofstream(dir.file("victim")) << "victim";
  std::filesystem::create_symlink(dir.file("victim"), dir.file("link.db"));
  std::filesystem::create_symlink(dir.file("created-by-backup"), dir.file("dangling.db"));
  std::filesystem::create_directory(dir.file("folder.db"));
  ASSERT_EQ(mkfifo(dir.file("fifo.db").c_str(), 0600), 0);
  const auto before = names_in(dir.path().string());
  for (const auto& [name, reason] : std::map<std::string, std::string>{{"link.db", "is a symbolic link"},
                                                                       {"dangling.db", "is a symbolic link"},
                                                                       {"folder.db", "is a directory"},
                                                                       {"fifo.db", "is not a regular file"},
                                                                       {"victim", "never replaces a file"}}) {
    auto refused = run_ludus({"db", "backup", "--db", db, dir.file(name)});
    ludus::testing::expect_usage_error(refused, reason);
    EXPECT_EQ(refused.out, "") << name;
  }
  EXPECT_EQ(ludus::testing::read_text(dir.file("victim")), "victim");
  EXPECT_FALSE(std::filesystem::exists(dir.file("created-by-backup"))) << "the dangling link was followed";
  EXPECT_EQ(names_in(dir.path().string()), before) << "a refusal leaves nothing behind";
}

// `ludus db export --output FILE` holds the same data as a backup (password hashes,
// addresses): the same writer, on both engines.
TEST(BackupTest, AnExportToAFileIsWrittenAsPrivatelyAsABackup) {
  TempDir dir;
  const std::string db = test_database(dir.file("a.db"));
  ASSERT_EQ(run_ludus({"pbm", "--db", db, "--test-hashing", "signup", "alice", "pw-a-long", "alice@example.org"}).exit_code, 0);
  std::ofstream(dir.file("victim")) << "victim";
  std::filesystem::create_symlink(dir.file("victim"), dir.file("link.jsonl"));
  std::filesystem::create_symlink(dir.file("created-by-export"), dir.file("dangling.jsonl"));
  for (const auto& [name, reason] : std::map<std::string, std::string>{{"link.jsonl", "is a symbolic link"},
                                                                       {"dangling.jsonl", "is a symbolic link"},
                                                                       {"victim", "never replaces a file"}})
    ludus::testing::expect_usage_error(run_ludus({"db", "export", "--db", db, "--output", dir.file(name)}), reason);
  EXPECT_EQ(ludus::testing::read_text(dir.file("victim")), "victim");
  EXPECT_FALSE(std::filesystem::exists(dir.file("created-by-export")));
  auto exported = run_ludus_planted({"db", "export", "--db", db, "--output", dir.file("dump.jsonl")}, [](pid_t) {});
  EXPECT_EQ(exported.exit_code, 0) << exported.err;
  expect_private_file(dir.file("dump.jsonl"));
  EXPECT_NE(ludus::testing::read_text(dir.file("dump.jsonl")).find("alice@example.org"), std::string::npos);
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
