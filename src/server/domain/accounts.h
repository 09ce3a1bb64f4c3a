#pragma once
// Accounts: user ids, salted slow password hashes (libsodium crypto_pwhash_str, Argon2id)
// and bearer tokens (random, stored only as a hash).  The slow hash runs outside any
// database transaction so it never holds the write lock.
#include <cstdint>
#include <functional>
#include <memory>
#include <semaphore>
#include <string>

#include "server/base/rate_limiter.h"
#include "server/domain/login_throttle.h"
#include "server/storage/store.h"

namespace ludus::server {

struct PasswordPolicy {
  // Defaults: libsodium's "interactive" limits.  Tests lower them (fast(), still salted
  // Argon2id, just cheap) so hundreds of sign-ups take milliseconds.
  unsigned long long opslimit;
  size_t memlimit;
  static PasswordPolicy interactive();
  static PasswordPolicy fast();
};

// Seconds since the epoch; replaceable so tests get fixed timestamps.
using Clock = std::function<int64_t()>;
Clock system_clock();

class Accounts {
 public:
  static constexpr int64_t kTokenLifetime = 30 * 24 * 3600;

  Accounts(Store& store, PasswordPolicy policy, Clock clock);

  // A user id is 1-32 characters: ASCII letters (folded to lowercase), digits, '_', '.',
  // '-', starting with a letter or digit.  Throws 400 bad_user otherwise, quoting the text as
  // typed (quoted_text) and the rule.
  static std::string normalize_user_id(std::string_view text);
  // "ai:SPEC" seats belong to the computer (see ai::make_player).
  static bool is_ai(std::string_view user) { return user.substr(0, 3) == "ai:"; }

  // 400 on a bad id/password/e-mail, 409 when the id is taken, 429 when `client` (the
  // caller's address; "" for the local command line, never limited) has signed up
  // more accounts than limit_signups allows.  Returns the stored id.
  std::string signup(std::string_view user, std::string_view password, std::string_view email,
                     std::string_view client = {});
  // New accounts one client address may make in an hour (a burst of as many, then at that
  // rate); 0 = no limit.  Each costs a slow hash and a row, so floods are bounded.
  void limit_signups(double per_hour);
  // Checks a password; returns the canonical user id, throws 401 (same message whether
  // the user is unknown or the password wrong), or 429 while failed attempts for the user
  // or from `client` (the caller's address, "" when unknown) must wait (LoginThrottle).
  std::string authenticate(std::string_view user, std::string_view password, std::string_view client = {});
  void change_password(std::string_view user, std::string_view old_password, std::string_view new_password,
                       std::string_view client = {});

  // A fresh bearer token for a user who gave the right password.
  std::string login(std::string_view user, std::string_view password, std::string_view client = {});
  // The user a token belongs to; 401 when unknown or expired.
  std::string user_for_token(std::string_view token);
  void logout(std::string_view token);

  // Hashing primitives (exposed for tests).
  std::string hash_password(std::string_view password) const;
  bool verify_password(const std::string& hash, std::string_view password) const;
  static std::string hash_token(std::string_view token);

  // 400 when the password is unusable (empty, too long, contains NUL).
  // New passwords: at least kMinPassword bytes (NIST SP 800-63B's minimum), at most 256.
  static constexpr size_t kMinPassword = 8;
  static void check_password(std::string_view password);

  Store& store() { return *store_; }
  int64_t now() const { return clock_(); }

 private:
  std::string issue_token(Session& session, const std::string& user);

  Store* store_;
  PasswordPolicy policy_;
  Clock clock_;
  LoginThrottle throttle_;
  std::unique_ptr<RateLimiter> signups_;  // per client address; null = no limit
  std::string dummy_hash_;  // verified against for unknown users, to keep timing uniform
  // At most this many slow hashes at once (each may take 64 MiB with interactive limits).
  mutable std::counting_semaphore<4> hash_slots_{4};
};

}  // namespace ludus::server
