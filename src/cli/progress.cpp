// SPDX-License-Identifier: Apache-2.0
#include "cli/progress.h"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace ludus::cli {

using Clock = std::chrono::steady_clock;

ProgressBar::ProgressBar(std::string label, long long total, bool enabled)
    : label_(std::move(label)),
      total_(total > 0 ? total : 1),
      enabled_(enabled),
      tty_(isatty(fileno(stderr)) != 0),
      start_(Clock::now()),
      last_draw_(Clock::now() - std::chrono::hours(1)) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::update(long long done, const std::string& detail) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (finished_) return;
  // Workers report their counts out of order; the count shown never goes back (a late
  // "19" after "20" would leave the final line at 19/20).
  if (done < done_) return;
  done_ = done;
  detail_ = detail;
  auto now = Clock::now();
  if (tty_) {
    if (now - last_draw_ < std::chrono::milliseconds(100)) return;
  } else {
    // One line per completed tenth, or every 10 s when items are slow.
    long long tenth = done_ * 10 / total_;
    if (tenth <= last_reported_tenth_ && now - last_draw_ < std::chrono::seconds(10)) return;
    if (done_ >= total_) return;  // finish() prints the last line
    last_reported_tenth_ = tenth;
  }
  last_draw_ = now;
  draw_locked(false);
}

void ProgressBar::finish() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (finished_) return;
  finished_ = true;
  draw_locked(true);
}

void ProgressBar::draw_locked(bool final) {
  const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  const std::string tail = detail_.empty() ? "" : "  " + detail_;
  if (tty_) {
    constexpr int kWidth = 30;
    const int filled = static_cast<int>(kWidth * done_ / total_);
    std::string bar(filled, '#');
    bar += std::string(kWidth - filled, '-');
    std::string line = fmt::format("\r{} [{}] {}/{} {:.0f}s{}\x1b[K", label_, bar, done_, total_, seconds, tail);
    if (final) line += "\n";
    std::fputs(line.c_str(), stderr);
  } else {
    std::fputs(fmt::format("{}: {}/{} ({:.0f}s){}\n", label_, done_, total_, seconds, tail).c_str(), stderr);
  }
  std::fflush(stderr);
}

}  // namespace ludus::cli
