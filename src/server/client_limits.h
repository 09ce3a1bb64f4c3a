#pragma once
// Per-client-address limits of the HTTP layer: open connections, and requests per second
// (a token bucket per address).  Both are thread-safe and bounded in memory.
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace ludus::server {

// Counts the open connections of each address.
class ConnectionCounter {
 public:
  explicit ConnectionCounter(size_t max_per_address) : max_(max_per_address) {}
  // Takes a place for `address`; false (nothing taken) when it already has the maximum.
  bool try_open(const std::string& address);
  void close(const std::string& address);

 private:
  size_t max_;
  std::mutex mutex_;
  std::unordered_map<std::string, size_t> open_;  // only addresses with open connections
};

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

namespace ludus::server {

// One open connection of an address, counted in a ConnectionCounter until destroyed;
// it moves with the connection (from the HTTP session to a WebSocket session).
class ConnectionSlot {
 public:
  ConnectionSlot() = default;
  ConnectionSlot(std::shared_ptr<ConnectionCounter> counter, std::string address)
      : counter_(std::move(counter)), address_(std::move(address)) {}
  ConnectionSlot(ConnectionSlot&& other) noexcept = default;
  ConnectionSlot& operator=(ConnectionSlot&& other) noexcept {
    release();
    counter_ = std::move(other.counter_);
    address_ = std::move(other.address_);
    return *this;
  }
  ~ConnectionSlot() { release(); }
  const std::string& address() const { return address_; }

 private:
  void release() {
    if (counter_) counter_->close(address_);
    counter_.reset();
  }
  std::shared_ptr<ConnectionCounter> counter_;
  std::string address_;
};

}  // namespace ludus::server
