// SPDX-License-Identifier: Apache-2.0
#pragma once
// The play-by-e-mail tests run the real thing: the `ludus` binary on a fresh database,
// mails piped into `ludus mail`, and a real SMTP server (Debian's python3-aiosmtpd,
// tests/mail/smtp_sink.py) on a loopback port that writes every message it accepts to a
// directory.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli_test_support.h"
#include "support/free_port.h"
#include "server/storage/mail_store.h"
#include "server/server_test_support.h"
#include "server/storage/store.h"

namespace ludus::mail_testing {

using ludus::testing::contains;
using ludus::testing::RunResult;
using ludus::testing::run_ludus;

inline const char* kPython = "/usr/bin/python3";  // Debian's, where python3-aiosmtpd lives

using ludus::testing::free_port;

struct SinkMessage {
  std::string rcpt_to;  // the envelope recipients
  std::string text;     // the whole message as received
  // The value of the first header `name` ("" when none), unfolded.
  std::string header(const std::string& name) const {
    std::istringstream in(text);
    std::string line, value;
    bool found = false;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty()) break;
      if (found) {
        if (line[0] == ' ' || line[0] == '\t') {
          value += line;
          continue;
        }
        break;
      }
      if (line.size() > name.size() && strncasecmp(line.c_str(), (name + ":").c_str(), name.size() + 1) == 0) {
        value = line.substr(name.size() + 1);
        found = true;
      }
    }
    while (!value.empty() && value.front() == ' ') value.erase(0, 1);
    return value;
  }
  bool has_header(const std::string& name) const {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line == "\r") return false;
      if (strncasecmp(line.c_str(), (name + ":").c_str(), name.size() + 1) == 0) return true;
    }
    return false;
  }
  // The text as written: LF line ends, quoted-printable's soft breaks ("=" at a line's end) gone.
  std::string unfolded() const {
    std::string out;
    for (char ch : text)
      if (ch != '\r') out += ch;
    for (size_t at = out.find("=\n"); at != std::string::npos; at = out.find("=\n")) out.erase(at, 2);
    return out;
  }
};

// The SMTP sink: started on `port` (0: a free one), stopped at destruction.
class SmtpSink {
 public:
  explicit SmtpSink(std::filesystem::path dir, int port = 0) : dir_(std::move(dir)) {
    std::filesystem::create_directories(dir_);
    int fds[2];
    if (pipe(fds) != 0) throw std::runtime_error("pipe");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(fds[1], STDOUT_FILENO);
      close(fds[0]);
      close(fds[1]);
      const std::string script = std::string(LUDUS_SOURCE_DIR) + "/tests/mail/smtp_sink.py";
      const std::string port_text = std::to_string(port);
      execl(kPython, kPython, script.c_str(), dir_.c_str(), port_text.c_str(), nullptr);
      _exit(127);
    }
    close(fds[1]);
    FILE* out = fdopen(fds[0], "r");
    char line[128] = {};
    if (!fgets(line, sizeof line, out) || sscanf(line, "ready %d", &port_) != 1) {
      fclose(out);
      stop();
      throw std::runtime_error("the SMTP sink did not start (is python3-aiosmtpd installed?)");
    }
    fclose(out);
  }
  ~SmtpSink() { stop(); }
  SmtpSink(const SmtpSink&) = delete;
  SmtpSink& operator=(const SmtpSink&) = delete;

  int port() const { return port_; }
  std::string url() const { return "smtp://127.0.0.1:" + std::to_string(port_); }

  // Every message received so far, in order.
  std::vector<SinkMessage> messages() const {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir_))
      if (entry.path().extension() == ".eml") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::vector<SinkMessage> out;
    for (const auto& file : files) {
      std::ifstream in(file, std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      SinkMessage m{"", text.str()};
      m.rcpt_to = m.header("X-Sink-Rcpt-To");
      out.push_back(std::move(m));
    }
    return out;
  }

  // Waits (a bounded while, 20 s, polling) until the sink holds `count` messages.
  std::vector<SinkMessage> await_messages(size_t count) const {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    auto received = messages();
    while (received.size() < count && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      received = messages();
    }
    return received;
  }

  // Forgets the messages received so far (a test counts from here).
  void clear() const {
    for (const auto& entry : std::filesystem::directory_iterator(dir_))
      if (entry.path().extension() == ".eml") std::filesystem::remove(entry.path());
  }

  void stop() {
    if (pid_ <= 0) return;
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = 0;
  }

 private:
  std::filesystem::path dir_;
  pid_t pid_ = 0;
  int port_ = 0;
};

using server::testing::mailed_code;

// "2026-11-23T21:00:00Z" for now + `seconds`.
inline std::string utc_in(int64_t seconds) {
  std::time_t t = std::time(nullptr) + seconds;
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

// A database with alice and bob (with e-mail addresses) and board 1 of Ndengrod between them.
class MailFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(std::filesystem::exists(LUDUS_BINARY));
    dir_ = ludus::testing::scratch_dir();
    // The SQLite file, or in the pg/ run a database of its own on the test cluster.
    db_ = server::testing::test_database((dir_ / "ludus.db").string());
    pbm({"signup", "alice", "alice-pass", "alice@example.org"});
    pbm({"signup", "bob", "bob-passw", "bob@example.org"});
    verify_addresses();
    pbm({"limit", "bob", "bob-passw", "all"});  // challenges start boards at once
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  RunResult pbm(std::vector<std::string> words) {
    words.insert(words.begin(), {"pbm", "--db", db_, "--test-hashing"});
    RunResult r = run_ludus(words);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return r;
  }
  // Verifies the addresses given at sign-up with their mailed codes (the tests count the
  // mails about boards: the verification mails leave the outbox).
  void verify_addresses() {
    server::Store store(db_);
    server::Accounts accounts(store, server::PasswordPolicy::fast(), server::system_clock());
    server::testing::verify_addresses(store, accounts);
  }
  RunResult mail(const std::string& message, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"mail", "--db", db_, "--test-hashing"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_ludus(args, message);
  }
  RunResult send_queue(const std::string& smtp_url, std::vector<std::string> extra = {}) {
    std::vector<std::string> args = {"mail", "--db", db_, "--send-queue", "--smtp", smtp_url, "--from",
                                     "ludus@games.example.org"};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_ludus(args);
  }
  // Rows of the outbox with `status`.
  int outbox(server::OutboxStatus status) {
    server::Store store(db_);
    auto session = store.session();
    return server::count_mail(session, status);
  }
  int scalar(const char* sql) {
    server::Store store(db_);
    auto session = store.session();
    auto q = session.connection().query(sql);
    return q.step() ? q.integer(0) : -1;
  }
  std::string sink_dir(const std::string& name) { return (dir_ / name).string(); }

  std::filesystem::path dir_;
  std::string db_;
};

// A mail from alice to the server with this Subject and plain-text body.
inline std::string mail_from_alice(const std::string& subject, const std::string& body = "",
                                   const std::string& extra_headers = "") {
  return "From: Alice <alice@example.org>\r\nTo: ludus@games.example.org\r\nSubject: " + subject +
         "\r\nMessage-ID: <m1.alice@example.org>\r\nMIME-Version: 1.0\r\n" + extra_headers +
         "Content-Type: text/plain; charset=utf-8\r\n\r\n" + body;
}

}  // namespace ludus::mail_testing
