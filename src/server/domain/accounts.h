// SPDX-License-Identifier: Apache-2.0
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
#include "server/storage/community_store.h"
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

// 403 suspended: the account may not act (an administrator suspended it: `ludus admin`).
[[noreturn]] void suspended(const std::string& user);

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
  // the user is unknown or the password wrong), 403 suspended for a suspended account, or 429 while failed attempts for the user
  // or from `client` (the caller's address, "" when unknown) must wait (LoginThrottle).
  std::string authenticate(std::string_view user, std::string_view password, std::string_view client = {});
  void change_password(std::string_view user, std::string_view old_password, std::string_view new_password,
                       std::string_view client = {});

  // A fresh bearer token for a user who gave the right password.
  std::string login(std::string_view user, std::string_view password, std::string_view client = {});
  // The user a token belongs to; 401 when unknown or expired.
  std::string user_for_token(std::string_view token);
  void logout(std::string_view token);

  // --- recovery and verified addresses (account_recovery.cpp) ------------------------------
  // Codes are random (kCodeLetters letters of Crockford's base32: 50 bits), mailed, stored
  // only as a hash, single-use, and expire: reset codes after `reset` seconds, address
  // codes after `verify` (`ludus serve --reset-code-minutes/--verify-code-hours`).
  struct CodeLifetimes {
    int64_t reset = 3600;
    int64_t verify = 24 * 3600;
  };
  static constexpr size_t kCodeLetters = 10;
  // Code mails one account gets in an hour, whoever asks (more are not sent); one address
  // gets at most twice as many, whichever accounts name it.
  static constexpr int kCodeMailsPerHour = 3;
  void set_code_lifetimes(CodeLifetimes lifetimes) { lifetimes_ = lifetimes; }
  const CodeLifetimes& code_lifetimes() const { return lifetimes_; }
  // Reset requests one client address may make in an hour (a burst of as many); 0 = no limit.
  void limit_reset_requests(double per_hour);
  // Mails a reset code to the verified address of `user`, when the account exists, is not
  // suspended, has one and got fewer than kCodeMailsPerHour code mails this hour.  Says
  // nothing of which: the caller answers the same whatever happened (no account
  // enumeration), and an unknown or malformed id costs the same work.  429 rate_limited
  // when `client` asked too often (whatever the user).
  void request_reset(std::string_view user, std::string_view client = {});
  // Sets a new password with a reset code of `user`: the code works once, and every token
  // of the account is revoked.  401 bad_code for an unknown, used, expired or another
  // account's code (counted as a failed login: LoginThrottle slows guessing), 400 for a bad
  // new password, 403 suspended.  Returns the canonical user id.
  std::string reset_password(std::string_view user, std::string_view code, std::string_view new_password,
                             std::string_view client = {});
  // Changes the address of `user` (authenticated): the new one waits for its code, mailed to
  // it; the verified one keeps getting mail until then.  "" removes both at once.
  void change_email(const std::string& user, std::string_view email);
  // Verifies the waiting address of `user` with its code (401 bad_code otherwise, throttled
  // as a failed login).  Returns the address now verified.
  std::string verify_email(std::string_view user, std::string_view code, std::string_view client = {});
  // A code as typed ("abcde-fghjk", blanks, lowercase, O for 0, I or L for 1) in canonical
  // letters; "" when it cannot be one.
  static std::string normalize_code(std::string_view code);

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
  // Makes a code for `user`, stores its hash and queues the mail that carries it, in the
  // caller's transaction.
  void mail_code(Session& session, const std::string& user, CodePurpose purpose, const std::string& email);
  // The code of `user` (401 bad_code unless it is theirs, for `purpose`, unexpired, and
  // taken now), with failed attempts throttled as failed logins.  `prepare` (a slow hash)
  // runs once the throttle let the attempt through, before the transaction that runs `use`.
  AccountCode take_code(std::string_view user, std::string_view code, CodePurpose purpose, std::string_view client,
                        const std::function<void()>& prepare,
                        const std::function<void(Session&, const std::string& user, const AccountCode&)>& use);

  Store* store_;
  PasswordPolicy policy_;
  Clock clock_;
  LoginThrottle throttle_;
  std::unique_ptr<RateLimiter> signups_;  // per client address; null = no limit
  std::unique_ptr<RateLimiter> resets_;   // per client address; null = no limit
  CodeLifetimes lifetimes_;
  std::string dummy_hash_;  // verified against for unknown users, to keep timing uniform
  // At most this many slow hashes at once (each may take 64 MiB with interactive limits).
  mutable std::counting_semaphore<4> hash_slots_{4};
};

}  // namespace ludus::server
