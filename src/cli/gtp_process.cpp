// SPDX-License-Identifier: Apache-2.0
#include "cli/gtp_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <thread>

#include <fmt/format.h>

extern char** environ;

namespace ludus::cli {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// A GTP reply in `buffer`, removed from it: nullopt until its blank line has come.  Lines
// before the reply's `=`/`?` (an engine's chatter on stdout) are skipped.
std::optional<GtpReply> take_reply(std::string& buffer) {
  for (;;) {
    const size_t end = buffer.find("\n\n");
    if (end == std::string::npos) return std::nullopt;
    std::string block = buffer.substr(0, end);
    buffer.erase(0, end + 2);
    while (!block.empty() && block.front() != '=' && block.front() != '?') {
      const size_t line = block.find('\n');
      block = line == std::string::npos ? "" : block.substr(line + 1);
    }
    if (block.empty()) continue;
    GtpReply reply{block.front() == '=', ""};
    size_t at = 1;
    while (at < block.size() && std::isdigit(static_cast<unsigned char>(block[at]))) ++at;  // a command id
    while (at < block.size() && block[at] == ' ') ++at;
    reply.text = block.substr(at);
    return reply;
  }
}

}  // namespace

GtpProcess::GtpProcess(std::vector<std::string> command) : command_(std::move(command)) {}

GtpProcess::~GtpProcess() { stop(); }

void GtpProcess::start() {
  stop();
  if (command_.empty()) throw GtpEngineFailure("no engine command");
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) throw GtpEngineFailure(std::string("pipe: ") + std::strerror(errno));
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    throw GtpEngineFailure(std::string("pipe: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // dup2 clears close-on-exec on the copies: the engine keeps only these two ends.
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  std::vector<char*> argv;
  for (std::string& word : command_) argv.push_back(word.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  close(out[1]);
  if (spawned != 0) {
    close(in[1]);
    close(out[0]);
    throw GtpEngineFailure(fmt::format("cannot run {}: {}", command_[0], std::strerror(spawned)));
  }
  pid_ = pid;
  to_engine_ = in[1];
  from_engine_ = out[0];
  pending_.clear();
}

void GtpProcess::stop() {
  if (pid_ <= 0) return;
  const std::string quit = "quit\n";
  if (write(to_engine_, quit.data(), quit.size()) == static_cast<ssize_t>(quit.size())) {
    for (int waited = 0; waited < 100; ++waited) {  // up to a second to exit by itself
      int status = 0;
      const pid_t done = waitpid(pid_, &status, WNOHANG);
      if (done == pid_ || (done < 0 && errno == ECHILD)) {
        pid_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
  kill_now();
}

void GtpProcess::kill_now() {
  if (pid_ > 0) {
    kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  pid_ = -1;
  close_fd(to_engine_);
  close_fd(from_engine_);
  pending_.clear();
}

GtpReply GtpProcess::send(const std::string& command, std::chrono::milliseconds timeout) {
  if (pid_ <= 0) throw GtpEngineFailure("the engine is not running");
  const std::string line = command + "\n";
  size_t at = 0;
  while (at < line.size()) {
    const ssize_t n = write(to_engine_, line.data() + at, line.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      kill_now();
      throw GtpEngineFailure(fmt::format("the engine stopped reading ({})", std::strerror(errno)));
    }
    at += static_cast<size_t>(n);
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    if (auto reply = take_reply(pending_)) return *reply;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      kill_now();
      throw GtpEngineFailure(fmt::format("the engine did not answer '{}' within {} s", command, timeout.count() / 1000.0));
    }
    pollfd ready{from_engine_, POLLIN, 0};
    const int polled = poll(&ready, 1, static_cast<int>(left.count()));
    if (polled < 0 && errno == EINTR) continue;
    if (polled <= 0) continue;  // the deadline, checked above
    char chunk[4096];
    const ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      kill_now();
      throw GtpEngineFailure(fmt::format("the engine exited while asked '{}'", command));
    }
    for (ssize_t i = 0; i < n; ++i)
      if (chunk[i] != '\r') pending_ += chunk[i] == '\t' ? ' ' : chunk[i];
    if (pending_.size() > (1u << 20)) {  // a reply never ends: the engine is lost
      kill_now();
      throw GtpEngineFailure(fmt::format("the engine wrote over 1 MiB without ending its reply to '{}'", command));
    }
  }
}

}  // namespace ludus::cli
