// SPDX-License-Identifier: Apache-2.0
#pragma once
// Progress report on stderr for long runs (match, analyze): a redrawn bar when stderr is
// a terminal, otherwise a plain line every 10% (or every 10 s), so logs stay readable.
// Thread-safe: workers may call update() concurrently.
#include <chrono>
#include <mutex>
#include <string>

namespace ludus::cli {

class ProgressBar {
 public:
  // `enabled` false makes every call a no-op (--quiet).
  ProgressBar(std::string label, long long total, bool enabled = true);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  // `done` items finished; `detail` is shown after the count (e.g. the running score).
  void update(long long done, const std::string& detail = {});
  // Draws the final state and ends the line; idempotent.
  void finish();

 private:
  void draw_locked(bool final);

  std::string label_;
  long long total_;
  bool enabled_;
  bool tty_;
  bool finished_ = false;
  long long done_ = 0;
  std::string detail_;
  long long last_reported_tenth_ = 0;
  std::chrono::steady_clock::time_point start_, last_draw_;
  std::mutex mutex_;
};

}  // namespace ludus::cli
