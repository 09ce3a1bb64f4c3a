// SPDX-License-Identifier: Apache-2.0
#pragma once
// Slows password and code guessing without letting a stranger lock an account's owner out
// (docs/security.md, "Account availability"; OWASP's device cookies).  Every count is in
// the database, so every process on it (servers, `ludus mail`, `ludus pbm`) shares it.
//
// An attempt is counted on the client's **standing** with the account:
// * a **known client** — a device that signed in to this account before (its device key), a
//   mail from the account's verified address, or the server machine's own command line —
//   has a failure count of its own: its failures slow only itself, and nothing any other
//   client does slows it;
// * an **unknown client** is counted per network address (per mail sender) and, all unknown
//   clients together, per account: an attack spread over many addresses slows unknown
//   clients of that account, never its known ones.
// Code attempts (reset and verification codes) are counted like passwords, but never per
// account: an attacker's wrong guesses never stand between the owner and the code mailed
// to them (a code's 50 bits, single use and short life are its defence; see the docs).
// After kFreeFailures failures in a row a count makes each attempt wait twice as long as
// the one before, up to kMaxDelaySeconds; a success clears the counts it used; a count
// untouched for kForgetSeconds is forgotten.  A refused attempt is a 429 with the seconds to
// wait and costs no password hash.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

// Who tries a password or a code.
struct LoginClient {
  // The network address; "mail:ADDRESS" for a mail's sender; "" for the server machine's
  // own command line (`ludus pbm`, tests), which is always a known client.
  std::string address;
  // The device key the client got at an earlier sign-in to the account ("" for none).
  std::string device;

  // Implicit from an address alone, as every front end names its client.
  LoginClient() = default;
  LoginClient(std::string address_, std::string device_ = {}) : address(std::move(address_)), device(std::move(device_)) {}
  LoginClient(std::string_view address_) : address(address_) {}
  LoginClient(const char* address_) : address(address_) {}
  bool local() const { return address.empty(); }
};

// What an attempt counts against: the scopes and subjects of its failure counters.
struct LoginStanding {
  struct Counter {
    std::string_view scope;
    std::string subject;
  };
  bool known = false;
  std::vector<Counter> counters;
};

enum class Secret { Password, Code };

class LoginThrottle {
 public:
  static constexpr int kFreeFailures = 5;
  static constexpr int64_t kMaxDelaySeconds = 15 * 60;
  static constexpr int64_t kForgetSeconds = 24 * 3600;

  // Seconds an attempt must wait after `failures` failures in a row.
  static int64_t delay_after(int failures);

  // The standing of `client` with `user` (`verified_email`: the account's verified address,
  // "" when none or no account): which counts its attempts use.  `own_device`: the hash of
  // the client's device key when that device belongs to `user`, else "".
  static LoginStanding standing(const std::string& user, const LoginClient& client, const std::string& verified_email,
                                const std::string& own_device, Secret secret);

  // Throws 429 ("too_many_attempts") while a count of `standing` must wait.  Returns whether
  // any of them has failures on record (a success then has some to clear).
  bool check(Session& session, const LoginStanding& standing, int64_t now);
  void failed(Session& session, const LoginStanding& standing, int64_t now);
  void succeeded(Session& session, const LoginStanding& standing);
};

}  // namespace ludus::server
