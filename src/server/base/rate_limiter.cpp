// SPDX-License-Identifier: Apache-2.0
#include "server/base/rate_limiter.h"

#include <algorithm>
#include <cmath>

namespace ludus::server {

int RateLimiter::admit(const std::string& address, Clock::time_point now) {
  if (rate_ <= 0) return 0;
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(address);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_addresses_) make_room(now);
    it = buckets_.emplace(address, Bucket{burst_, now}).first;
  }
  Bucket& bucket = it->second;
  const double elapsed = std::chrono::duration<double>(now - bucket.updated).count();
  bucket.tokens = std::min(burst_, bucket.tokens + std::max(0.0, elapsed) * rate_);
  bucket.updated = now;
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  return std::max(1, static_cast<int>(std::ceil((1 - bucket.tokens) / rate_)));
}

size_t RateLimiter::tracked() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

void RateLimiter::make_room(Clock::time_point now) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    const double elapsed = std::chrono::duration<double>(now - it->second.updated).count();
    if (it->second.tokens + elapsed * rate_ >= burst_)
      it = buckets_.erase(it);
    else
      ++it;
  }
  if (buckets_.size() >= max_addresses_) buckets_.clear();  // a flood of addresses: start afresh
}

}  // namespace ludus::server
