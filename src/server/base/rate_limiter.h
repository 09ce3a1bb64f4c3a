// SPDX-License-Identifier: Apache-2.0
#pragma once
// A token bucket per client address, for every per-address limit of the server: requests
// per second (transport), sign-ups (accounts), analyses (analysis).  Thread-safe and
// bounded in memory.
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace ludus::server {

// A token bucket per address: `rate` requests a second on average, bursts up to `burst`.
// Rate 0 turns it off.  At most `max_addresses` buckets are kept: when full, the buckets
// that have refilled (they hold no state worth keeping) are dropped first, then all.
class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;
  RateLimiter(double rate, double burst, size_t max_addresses = 100000)
      : rate_(rate), burst_(burst < 1 ? 1 : burst), max_addresses_(max_addresses) {}

  // 0 when the request may go on; else the seconds to wait (for Retry-After, >= 1).
  int admit(const std::string& address, Clock::time_point now = Clock::now());
  size_t tracked() const;

 private:
  struct Bucket {
    double tokens;
    Clock::time_point updated;
  };
  void make_room(Clock::time_point now);

  double rate_, burst_;
  size_t max_addresses_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace ludus::server
