// SPDX-License-Identifier: Apache-2.0
// The thread shared by the server's periodic chores: steps run when poked, an exception in
// a step reaches the handler and the loop goes on, stop() joins (twice is harmless), and a
// stopped loop starts again.  No timing is asserted: waits are bounded only so that a
// broken loop fails instead of hanging.
#include "server/base/background_loop.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>

namespace ludus::server {
namespace {

using namespace std::chrono_literals;
constexpr auto kNever = std::chrono::hours(1);  // a step runs only when poked
constexpr auto kBound = 10s;                    // far beyond what any working loop needs

// Counts steps and errors; waits until a count is reached.
struct Counter {
  std::mutex mutex;
  std::condition_variable changed;
  int steps = 0;
  int errors = 0;
  std::string last_error;

  void step() {
    std::lock_guard lock(mutex);
    ++steps;
    changed.notify_all();
  }
  void error(const std::exception& e) {
    std::lock_guard lock(mutex);
    ++errors;
    last_error = e.what();
    changed.notify_all();
  }
  bool wait_steps(int n) {
    std::unique_lock lock(mutex);
    return changed.wait_for(lock, kBound, [&] { return steps >= n; });
  }
};

TEST(BackgroundLoop, PokeRunsTheNextStepWithoutWaitingTheInterval) {
  Counter counter;
  BackgroundLoop loop;
  loop.start(kNever, [&] { counter.step(); }, [&](const std::exception& e) { counter.error(e); });
  for (int n = 1; n <= 3; ++n) {
    loop.poke();
    ASSERT_TRUE(counter.wait_steps(n)) << "poke " << n << " ran no step";
  }
  loop.stop();
  loop.stop();  // twice: nothing happens
  EXPECT_EQ(counter.steps, 3);
  EXPECT_EQ(counter.errors, 0);
}

TEST(BackgroundLoop, AStepThatThrowsReachesTheHandlerAndTheLoopGoesOn) {
  Counter counter;
  std::atomic<int> calls{0};
  BackgroundLoop loop;
  loop.start(0ms, [&] {
    if (calls++ % 2 == 0) throw std::runtime_error("database is locked");
    counter.step();
  }, [&](const std::exception& e) { counter.error(e); });
  ASSERT_TRUE(counter.wait_steps(3));
  loop.stop();
  EXPECT_GE(counter.errors, 3);
  EXPECT_EQ(counter.last_error, "database is locked");
}

TEST(BackgroundLoop, PauseEndsAtStopAndAStoppedLoopStartsAgain) {
  Counter counter;
  BackgroundLoop loop;
  std::atomic<bool> pause_result{true};
  loop.start(0ms, [&] {
    counter.step();
    pause_result = loop.pause(kNever);  // returns only because stop() is called
  }, nullptr);
  ASSERT_TRUE(counter.wait_steps(1));
  EXPECT_TRUE(loop.running());
  loop.stop();
  EXPECT_FALSE(loop.running());
  EXPECT_FALSE(pause_result);

  loop.start(kNever, [&] { counter.step(); }, nullptr);
  loop.poke();
  EXPECT_TRUE(counter.wait_steps(2));
  loop.stop();
}

}  // namespace
}  // namespace ludus::server
