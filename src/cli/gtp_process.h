// SPDX-License-Identifier: Apache-2.0
#pragma once
// An outside GTP 2 engine run as a child process (`ludus bot -- ENGINE COMMAND...`): its
// standard input and output are pipes, its standard error is ours (the engine's own log).
// Every command waits for its reply with a deadline; an engine that dies, closes its
// output or misses the deadline is a GtpEngineFailure, and the caller restarts it.
#include <sys/types.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

namespace ludus::cli {

// The engine died, closed its pipes or did not answer in time (the message says which).
struct GtpEngineFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A GTP reply: `= text` (ok) or `? text` (refused), without the marker and the blank line.
struct GtpReply {
  bool ok = false;
  std::string text;
};

class GtpProcess {
 public:
  // `command`: the program (looked up in PATH) and its arguments; started by start().
  explicit GtpProcess(std::vector<std::string> command);
  ~GtpProcess();
  GtpProcess(const GtpProcess&) = delete;
  GtpProcess& operator=(const GtpProcess&) = delete;

  // Starts the engine (stopping a running one first); throws GtpEngineFailure when the
  // program cannot be run.
  void start();
  // Stops it: `quit`, then SIGKILL if it has not exited within a second.
  void stop();
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  // Sends one command line and waits up to `timeout` for its reply.
  GtpReply send(const std::string& command, std::chrono::milliseconds timeout = std::chrono::seconds(10));

 private:
  void kill_now();
  std::vector<std::string> command_;
  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  std::string pending_;  // bytes read past the last reply
};

}  // namespace ludus::cli
