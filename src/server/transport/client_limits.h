// SPDX-License-Identifier: Apache-2.0
#pragma once
// Per-client-address limits of the HTTP layer: open connections (the requests per second
// are a base/rate_limiter.h).  Thread-safe and bounded in memory.
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
