// SPDX-License-Identifier: Apache-2.0
#pragma once
// A background thread that repeats a step until stop(): the thread, the stop flag and the
// wake-up that the server's periodic chores share (the mail rounds, the AI sweep, the
// change feed).  Between steps it waits `interval`, or less after poke(); a step runs with
// no lock held, and an exception escaping it goes to the error handler, never out of the
// thread (which would end the process).
#include <chrono>
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>

namespace ludus::server {

class BackgroundLoop {
 public:
  using Step = std::function<void()>;
  using OnError = std::function<void(const std::exception&)>;

  BackgroundLoop() = default;
  ~BackgroundLoop();  // stop()
  BackgroundLoop(const BackgroundLoop&) = delete;
  BackgroundLoop& operator=(const BackgroundLoop&) = delete;

  // Starts the thread unless it runs: wait, step, wait, step... until stop().  A loop that
  // was stopped may be started again.
  void start(std::chrono::milliseconds interval, Step step, OnError on_error);
  // Wakes the thread and joins it after the step under way; safe to call twice.
  void stop();
  // The next step runs without waiting out the interval.
  void poke();
  // For steps that pace themselves: waits up to `duration` or until stop(); false when stopping.
  bool pause(std::chrono::milliseconds duration);
  // Whether the thread was started and not stopped (for its owner's thread, not the loop's).
  bool running() const { return thread_.joinable(); }

 private:
  void run(std::chrono::milliseconds interval, const Step& step, const OnError& on_error);

  std::mutex mutex_;
  std::condition_variable wake_;
  bool poked_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ludus::server
