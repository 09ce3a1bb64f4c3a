// SPDX-License-Identifier: Apache-2.0
#include "server/transport/client_limits.h"

#include <algorithm>
#include <cmath>

namespace ludus::server {

bool ConnectionCounter::try_open(const std::string& address) {
  std::lock_guard lock(mutex_);
  size_t& count = open_[address];
  if (count >= max_) {
    if (count == 0) open_.erase(address);
    return false;
  }
  ++count;
  return true;
}

void ConnectionCounter::close(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = open_.find(address);
  if (it != open_.end() && --it->second == 0) open_.erase(it);
}

}  // namespace ludus::server
