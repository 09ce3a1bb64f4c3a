// SPDX-License-Identifier: Apache-2.0
#include "server/domain/accounts/login_throttle.h"

#include <algorithm>

#include "server/base/errors.h"
#include "server/storage/throttle_store.h"

namespace ludus::server {
namespace {

// The counters' scopes (throttles.scope).
constexpr std::string_view kKnownClient = "known-client";    // subject: user and the known client's key
constexpr std::string_view kAddress = "login-address";       // subject: a network address or mail sender
constexpr std::string_view kAccount = "account";             // subject: a user id (unknown clients together)

void refuse_if_waiting(const FailureCount& failures, int64_t now, std::string_view scope) {
  const int64_t ready = failures.last + LoginThrottle::delay_after(failures.count);
  if (now >= ready) return;
  const TextArgs wait = {{"seconds", ready - now}};
  too_many(scope == kAddress   ? text("too many failed attempts from this address; try again in {seconds} s", wait)
           : scope == kAccount ? text("too many failed attempts for this account from unknown clients; try again in "
                                      "{seconds} s",
                                      wait)
                               : text("too many failed attempts from this client; try again in {seconds} s", wait),
           "too_many_attempts", static_cast<int>(ready - now));
}

}  // namespace

int64_t LoginThrottle::delay_after(int failures) {
  if (failures < kFreeFailures) return 0;
  const int doublings = std::min(failures - kFreeFailures, 20);
  return std::min<int64_t>(int64_t{1} << doublings, kMaxDelaySeconds);
}

LoginStanding LoginThrottle::standing(const std::string& user, const LoginClient& client,
                                      const std::string& verified_email, const std::string& own_device,
                                      Secret secret) {
  LoginStanding standing;
  std::string key;
  if (client.local())
    key = "console";
  else if (!own_device.empty())
    key = "device:" + own_device;
  else if (!verified_email.empty() && client.address == "mail:" + verified_email)
    key = "mail";
  if (!key.empty()) {
    standing.known = true;
    standing.counters.push_back({kKnownClient, user + " " + key});
    return standing;
  }
  standing.counters.push_back({kAddress, client.address});
  if (secret == Secret::Password) standing.counters.push_back({kAccount, user});
  return standing;
}

bool LoginThrottle::check(Session& session, const LoginStanding& standing, int64_t now) {
  bool on_record = false;
  for (const auto& counter : standing.counters) {
    const FailureCount failures = failure_count(session, counter.scope, counter.subject);
    refuse_if_waiting(failures, now, counter.scope);
    on_record = on_record || failures.count > 0;
  }
  return on_record;
}

void LoginThrottle::failed(Session& session, const LoginStanding& standing, int64_t now) {
  for (const auto& counter : standing.counters) add_failure(session, counter.scope, counter.subject, now, kForgetSeconds);
}

void LoginThrottle::succeeded(Session& session, const LoginStanding& standing) {
  for (const auto& counter : standing.counters) clear_failures(session, counter.scope, counter.subject);
}

}  // namespace ludus::server
