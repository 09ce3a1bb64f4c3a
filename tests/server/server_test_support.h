// SPDX-License-Identifier: Apache-2.0
#pragma once
// Helpers for the play server tests: a fresh database in a temporary directory, the
// server objects with cheap password hashing and a fixed clock, and a few shortcuts.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/history.h"
#include "server/domain/accounts/accounts.h"
#include "server/domain/commands.h"
#include "server/base/errors.h"
#include "server/storage/mail_store.h"
#include "server/transport/error_status.h"  // http_status: what each error answers over HTTP
#include "server/domain/service.h"
#include "server/storage/store.h"

namespace ludus::server::testing {

// 2023-11-14 22:13:20 UTC.
constexpr int64_t kTestTime = 1700000000;

// A unique empty directory, removed at destruction.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("ludus-server-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++) + "-" + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Whether this run of the server tests is against PostgreSQL: ctest registers the server
// tests a second time with LUDUS_TEST_POSTGRES naming the file that holds the URL of the
// private cluster its fixture started (tests/support/postgres_cluster.sh).
inline bool testing_postgres() { return std::getenv("LUDUS_TEST_POSTGRES") != nullptr; }

// The database a test uses where it would use the SQLite file `path`: that file, or
// against PostgreSQL a new database of its own on the test cluster (the same one for the
// same path, so a test can open it again).  Throws when the cluster is missing: the
// PostgreSQL run must fail, never quietly test SQLite instead.
inline std::string test_database(const std::string& path) {
  if (!testing_postgres()) return path;
  static std::mutex mutex;
  static std::map<std::string, std::string> databases;
  static int counter = 0;
  std::lock_guard lock(mutex);
  if (auto it = databases.find(path); it != databases.end()) return it->second;
  const std::string url_file = std::getenv("LUDUS_TEST_POSTGRES");
  std::string admin_url;
  std::ifstream(url_file) >> admin_url;
  if (admin_url.empty())
    throw std::runtime_error("no PostgreSQL test cluster: " + url_file + " is missing (the ctest fixture postgres_start failed?)");
  const std::string name = "t_" + std::to_string(getpid()) + "_" + std::to_string(counter++);
  auto admin = sql::connect(sql::DatabaseUrl::parse(admin_url));
  admin->exec(("CREATE DATABASE " + name).c_str());
  const std::string url = admin_url.substr(0, admin_url.rfind('/') + 1) + name;
  databases[path] = url;
  return url;
}

// For tests of SQLite's own files (headers, pragmas, damage): skipped in the PostgreSQL run.
#define LUDUS_SQLITE_ONLY() \
  if (testing_postgres()) GTEST_SKIP() << "about SQLite database files"

// Store + Accounts + Service + CommandInterpreter on a fresh database.
class ServerFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = std::make_unique<Store>(test_database(dir_.file("test.db")));
    accounts_ = std::make_unique<Accounts>(*store_, PasswordPolicy::fast(), [this] { return now_; });
    // No mail worker here: a queued reset request is answered at once, as `ludus pbm` does.
    accounts_->set_reset_listener([this] { accounts_->answer_reset_requests(); });
    service_ = std::make_unique<Service>(*store_, *accounts_);
    commands_ = std::make_unique<CommandInterpreter>(*service_);
  }

  // The ServiceError `call` throws (a test failure when it returns).
  static ServiceError error_of(const std::function<void()>& call) {
    try {
      call();
      ADD_FAILURE() << "no error";
    } catch (const ServiceError& e) {
      return e;
    }
    return ServiceError(ErrorKind::Internal, "", "");
  }

  // Runs a command given as one line; returns the reply.
  std::string run(const std::string& line) { return commands_->execute(CommandInterpreter::split(line)); }
  // Runs a command that must fail; returns the error (kind, code, message).
  ServiceError run_error(const std::string& line) {
    try {
      std::string reply = run(line);
      ADD_FAILURE() << "'" << line << "' should have failed but replied:\n" << reply;
    } catch (const ServiceError& e) {
      return e;
    } catch (const LudusError& e) {
      ADD_FAILURE() << "'" << line << "' threw core's LudusError, not a ServiceError with a kind: " << e.what();
    }
    return ServiceError(ErrorKind::Internal, "", "");
  }

  void signup(const std::string& user, const std::string& password = "secret-pw") {
    accounts_->signup(user, password, "");
  }
  // alice and bob, then a board between them; returns its number.
  int64_t new_board(const std::string& game = "ndengrod", std::map<std::string, std::string> options = {},
                    const std::string& first = "alice", const std::string& second = "bob") {
    for (const auto& user : {first, second})
      if (!Accounts::is_ai(user) && !store_->session().find_user(user)) signup(user);
    return service_->start_board(Accounts::is_ai(first) ? second : first, game, options, first, second);
  }

  // The user holding the seat to move.
  std::string mover(int64_t board) {
    Board b = service_->load(board);
    return b.player(b.seat_to_move());
  }

  // Plays the first legal move for whoever is to move (deterministic).
  std::string play_first_legal(int64_t board) {
    Board b = service_->load(board);
    const State& s = b.state();
    std::string text = s.action_to_text(s.legal_actions().front());
    service_->play(board, b.player(b.seat_to_move()), text);
    return text;
  }

  TempDir dir_;
  int64_t now_ = kTestTime;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Service> service_;
  std::unique_ptr<CommandInterpreter> commands_;
};

// The code of a verification or reset mail ("Your code: ABCDE-FGHJK"); "" when none.
inline std::string mailed_code(const std::string& text) {
  std::smatch found;
  return std::regex_search(text, found, std::regex("Your code: ([0-9A-Z]{5}-[0-9A-Z]{5})")) ? found[1].str() : "";
}


// Verifies every address waiting for its code, with the code from its mail (Accounts::
// verify_email), and takes those mails out of the outbox: the tests count the mails about
// boards.
inline void verify_addresses(Store& store, Accounts& accounts) {
  std::vector<std::pair<std::string, std::string>> waiting;  // user, mail body
  {
    auto session = store.session();
    auto q = session.connection().query(
        "SELECT user_id, body, secret FROM outbox WHERE subject LIKE 'ludus: verify your address%' ORDER BY id");
    while (q.step()) waiting.emplace_back(q.text(0), with_secret(q.text(1), q.text(2)));
  }
  for (const auto& [user, body] : waiting) accounts.verify_email(user, mailed_code(body));
  auto session = store.session();
  session.connection().query("DELETE FROM outbox WHERE subject LIKE 'ludus: verify your address%'").run();
}

// Strings that are dangerous in SQL text (and a few other places).
inline std::vector<std::string> sql_metacharacter_strings() {
  return {"'; DROP TABLE users; --", "\" OR 1=1 --", "x' OR 'a'='a", "%_\\", "Robert'); DELETE FROM games;--",
          "a;b", "$(rm -rf /)", "<script>alert(1)</script>"};
}

}  // namespace ludus::server::testing
