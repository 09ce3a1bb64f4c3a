// SPDX-License-Identifier: Apache-2.0
#pragma once
// `ludus serve` as a separate program: started on a free port (--port 0: the server
// picks one and prints "serving on http://127.0.0.1:PORT/"), and its stderr read back.
#include <gtest/gtest.h>

#include <poll.h>
#include <sys/types.h>
#include <unistd.h>

#include <regex>
#include <string>
#include <vector>

namespace ludus::server::testing {

struct ServeProcess {
  pid_t pid = -1;
  int port = 0;
  int err_fd = -1;        // the rest of its stderr (read_all)
  std::string err_start;  // what it printed up to the end of the "serving on" line
};

// Starts `binary serve --db DB --port 0 EXTRA...`; port stays 0 when it does not serve
// within 20 seconds (the test then fails with its stderr).
inline ServeProcess start_server(const std::string& binary, const std::string& db,
                                 const std::vector<std::string>& extra = {"--test-hashing"}) {
  int err_pipe[2];
  EXPECT_EQ(pipe(err_pipe), 0);
  std::vector<std::string> args{binary, "serve", "--db", db, "--port", "0"};
  args.insert(args.end(), extra.begin(), extra.end());
  pid_t pid = fork();
  if (pid == 0) {
    dup2(err_pipe[1], 2);
    close(err_pipe[0]);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  close(err_pipe[1]);
  ServeProcess process{pid, 0, err_pipe[0], {}};
  std::smatch match;
  const std::regex serving(R"(serving on http://127\.0\.0\.1:(\d+)/)");
  char buffer[1024];
  // Up to the end of the "serving on" line: stderr is unbuffered, so the line may come in
  // several writes and the part naming the database and the page may not be there yet.
  auto whole_line_read = [&] {
    return std::regex_search(process.err_start, match, serving) &&
           process.err_start.find('\n', static_cast<size_t>(match.position(0))) != std::string::npos;
  };
  while (!whole_line_read()) {
    pollfd p{err_pipe[0], POLLIN, 0};
    if (poll(&p, 1, 20000) <= 0) break;
    ssize_t n = read(err_pipe[0], buffer, sizeof buffer);
    if (n <= 0) break;
    process.err_start.append(buffer, static_cast<size_t>(n));
  }
  EXPECT_FALSE(match.empty()) << process.err_start;
  if (!match.empty()) process.port = std::stoi(match[1]);
  return process;
}

// Everything left on `fd` until the writer closes it; closes fd.
inline std::string read_all(int fd) {
  std::string out;
  char buffer[4096];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) out.append(buffer, static_cast<size_t>(n));
  close(fd);
  return out;
}

}  // namespace ludus::server::testing
