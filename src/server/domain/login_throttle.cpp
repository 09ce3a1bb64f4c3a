// SPDX-License-Identifier: Apache-2.0
#include "server/domain/login_throttle.h"

#include <algorithm>

#include "server/base/errors.h"

namespace ludus::server {

int64_t LoginThrottle::delay_after(int failures) {
  if (failures < kFreeFailures) return 0;
  const int doublings = std::min(failures - kFreeFailures, 20);
  return std::min<int64_t>(int64_t{1} << doublings, kMaxDelaySeconds);
}

namespace {

void refuse_if_waiting(int failures, int64_t last, int64_t now, const std::string& who) {
  const int64_t ready = last + LoginThrottle::delay_after(failures);
  if (now < ready)
    too_many("too many failed logins for " + who + "; try again in " + std::to_string(ready - now) + " s",
             "too_many_attempts", static_cast<int>(ready - now));
}

}  // namespace

bool LoginThrottle::check(Session& session, const std::string& user, std::string_view client, int64_t now) {
  const auto [count, last] = session.login_failures(user);
  refuse_if_waiting(count, last, now, user);
  if (client.empty()) return count > 0;
  std::lock_guard lock(mutex_);
  auto it = clients_.find(std::string(client));
  if (it == clients_.end()) return count > 0;
  refuse_if_waiting(it->second.count, it->second.last, now, "this address");
  return true;
}

void LoginThrottle::failed(Session& session, const std::string& user, std::string_view client, int64_t now) {
  session.add_login_failure(user, now);
  if (client.empty()) return;
  std::lock_guard lock(mutex_);
  if (clients_.size() >= kMaxClients && !clients_.count(std::string(client))) {
    // Forget the address whose last failure is oldest: it is the least likely to matter.
    auto oldest = std::min_element(clients_.begin(), clients_.end(),
                                   [](const auto& a, const auto& b) { return a.second.last < b.second.last; });
    clients_.erase(oldest);
  }
  Failures& f = clients_[std::string(client)];
  ++f.count;
  f.last = now;
}

void LoginThrottle::succeeded(Session& session, const std::string& user, std::string_view client) {
  session.clear_login_failures(user);
  if (client.empty()) return;
  std::lock_guard lock(mutex_);
  clients_.erase(std::string(client));
}

}  // namespace ludus::server
