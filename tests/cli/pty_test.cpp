// SPDX-License-Identifier: Apache-2.0
// `ludus play` at a real terminal: the program runs on a pseudo-terminal (forkpty), so it
// reads through libedit as a person's keystrokes reach it.  Text beyond ASCII arrives whole
// and the error names it (issue 43: 'é4' became '4', full-width 'ｃ３' an empty line).
#include <gtest/gtest.h>

#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include "cli_test_support.h"

namespace ludus::testing {
namespace {

// A program on a pseudo-terminal; what it writes is collected, what is typed goes in.
class Terminal {
 public:
  Terminal(std::vector<std::string> args, const char* locale) {
    pid_ = forkpty(&master_, nullptr, nullptr, nullptr);
    if (pid_ == 0) {
      setenv("LANG", locale, 1);
      unsetenv("LC_ALL");
      unsetenv("LC_CTYPE");
      setenv("TERM", "xterm", 1);
      std::vector<char*> argv;
      argv.push_back(const_cast<char*>(LUDUS_BINARY));
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(LUDUS_BINARY, argv.data());
      _exit(127);
    }
  }
  ~Terminal() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (master_ >= 0) close(master_);
  }
  bool started() const { return pid_ > 0; }
  void type(const std::string& keys) { ASSERT_EQ(write(master_, keys.data(), keys.size()), static_cast<ssize_t>(keys.size())); }
  // Reads until the output since the last call holds `text` (or 20 s pass: a hung program
  // fails the test instead of hanging it); returns that output.
  std::string until(const std::string& text) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (seen_.find(text) == std::string::npos && std::chrono::steady_clock::now() < deadline) {
      pollfd p{master_, POLLIN, 0};
      if (poll(&p, 1, 100) <= 0) continue;
      char buffer[4096];
      const ssize_t n = read(master_, buffer, sizeof buffer);
      if (n <= 0) break;
      seen_.append(buffer, static_cast<size_t>(n));
    }
    std::string out;
    out.swap(seen_);
    return out;
  }
  int wait() {
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

 private:
  pid_t pid_ = -1;
  int master_ = -1;
  std::string seen_;
};

const std::vector<std::string> kNdengrod = {"play", "ndengrod", "--x", "human", "--o", "random", "--seed", "1",
                                             "-o", "size=3", "--color", "never"};

TEST(Pty, TextBeyondAsciiIsReadWholeAndNamedInTheError) {
  for (const char* locale : {"C.UTF-8", "C"}) {
    SCOPED_TRACE(locale);
    Terminal terminal(kNdengrod, locale);
    ASSERT_TRUE(terminal.started());
    terminal.until("human)> ");
    terminal.type("\xc3\xa9" "4\r");  // é4
    std::string reply = terminal.until("human)> ");
    EXPECT_NE(reply.find("illegal move '\xc3\xa9" "4'"), std::string::npos) << reply;
    EXPECT_NE(reply.find("plain ASCII"), std::string::npos) << reply;
    terminal.type("\xef\xbd\x83\xef\xbc\x93\r");  // full-width c3
    reply = terminal.until("human)> ");
    EXPECT_NE(reply.find("illegal move '\xef\xbd\x83\xef\xbc\x93'"), std::string::npos) << reply;
    terminal.type("c3\r");
    reply = terminal.until("human)> ");
    EXPECT_EQ(reply.find("error"), std::string::npos) << reply;
    terminal.type("quit\r");
    EXPECT_NE(terminal.until("Record:").find("Record:"), std::string::npos);
    EXPECT_EQ(terminal.wait(), 0);
  }
}

// From a pipe too: bytes that are not UTF-8 are named as such, never echoed into an error.
TEST(Pty, BytesThatAreNotUtf8AreRefusedFromAPipe) {
  const RunResult r = run_ludus(kNdengrod, "\xff" "4\nquit\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("error: the line is not UTF-8 text"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("illegal move"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace ludus::testing
