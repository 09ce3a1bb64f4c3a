// SPDX-License-Identifier: Apache-2.0
#pragma once
// Slows password guessing.  After kFreeFailures failed logins in a row for one user id
// (counted in the database, so every server process on it shares the count) or from one
// client address (counted in memory), each further attempt must wait twice as long as
// the one before, up to kMaxDelaySeconds; a success clears both counts.  A refused
// attempt is a 429 with the seconds to wait, and costs no password hash.
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "server/storage/store.h"

namespace ludus::server {

class LoginThrottle {
 public:
  static constexpr int kFreeFailures = 5;
  static constexpr int64_t kMaxDelaySeconds = 15 * 60;
  static constexpr size_t kMaxClients = 100000;  // addresses remembered (memory bound)

  // Seconds an attempt must wait after `failures` failures in a row.
  static int64_t delay_after(int failures);

  // Throws 429 ("too_many_attempts") while `user` or `client` ("" = unknown) must wait.
  // Returns whether either has failures on record (a success then has some to clear).
  bool check(Session& session, const std::string& user, std::string_view client, int64_t now);
  void failed(Session& session, const std::string& user, std::string_view client, int64_t now);
  void succeeded(Session& session, const std::string& user, std::string_view client);

 private:
  struct Failures {
    int count = 0;
    int64_t last = 0;
  };
  std::mutex mutex_;
  std::unordered_map<std::string, Failures> clients_;
};

}  // namespace ludus::server
