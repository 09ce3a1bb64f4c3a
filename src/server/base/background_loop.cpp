// SPDX-License-Identifier: Apache-2.0
#include "server/base/background_loop.h"

#include <stdexcept>

namespace ludus::server {

BackgroundLoop::~BackgroundLoop() { stop(); }

void BackgroundLoop::start(std::chrono::milliseconds interval, Step step, OnError on_error) {
  if (thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = false;
    poked_ = false;
  }
  thread_ = std::thread([this, interval, step = std::move(step), on_error = std::move(on_error)] {
    run(interval, step, on_error);
  });
}

void BackgroundLoop::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void BackgroundLoop::poke() {
  {
    std::lock_guard lock(mutex_);
    poked_ = true;
  }
  wake_.notify_all();
}

bool BackgroundLoop::pause(std::chrono::milliseconds duration) {
  std::unique_lock lock(mutex_);
  wake_.wait_for(lock, duration, [this] { return stopping_; });
  return !stopping_;
}

void BackgroundLoop::run(std::chrono::milliseconds interval, const Step& step, const OnError& on_error) {
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, interval, [this] { return poked_ || stopping_; });
      if (stopping_) return;
      poked_ = false;
    }
    try {
      step();
    } catch (const std::exception& e) {
      if (on_error) on_error(e);
    } catch (...) {
      if (on_error) on_error(std::runtime_error("unknown error"));
    }
  }
}

}  // namespace ludus::server
