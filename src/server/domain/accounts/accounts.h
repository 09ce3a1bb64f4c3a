// SPDX-License-Identifier: Apache-2.0
#pragma once
// Accounts: user ids, salted slow password hashes (libsodium crypto_pwhash_str, Argon2id)
// and bearer tokens (random, stored only as a hash).  The slow hash runs outside any
// database transaction so it never holds the write lock.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <semaphore>
#include <string>

#include "server/base/texts.h"
#include "server/domain/accounts/login_throttle.h"
#include "server/domain/public_url.h"
#include "server/domain/service_limits.h"
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

// What a client gets for the right password: a bearer token, and the device key that makes
// it a known client of the account at its next sign-in (login_throttle.h).
struct SignIn {
  std::string user;
  std::string token;
  int64_t expires_at = 0;
  std::string device;
};

class Accounts {
 public:
  static constexpr int64_t kTokenLifetime = 30 * 24 * 3600;
  // Devices remembered per account (the ones used last); an older one signs in as unknown.
  static constexpr int kDevicesPerAccount = 20;

  Accounts(Store& store, PasswordPolicy policy, Clock clock);

  // A user id is 1-32 characters: ASCII letters (folded to lowercase), digits, '_', '.',
  // '-', starting with a letter or digit.  Throws 400 bad_user otherwise, quoting the text as
  // typed (quoted_text) and the rule.
  static std::string normalize_user_id(std::string_view text);
  // "ai:SPEC" seats belong to the computer (see ai::make_player).
  static bool is_ai(std::string_view user) { return user.substr(0, 3) == "ai:"; }
  // A deleted account's name on the boards, ratings and tournaments it leaves behind:
  // "deleted:N" (N counts the deletions).  No user id can be one (':' is not in user ids), so
  // a new account never takes it.
  static constexpr std::string_view kDeletedPrefix = "deleted:";
  static bool is_deleted(std::string_view user) { return user.substr(0, kDeletedPrefix.size()) == kDeletedPrefix; }

  // 400 on a bad id/password/e-mail, 409 when the id is taken, 429 when the client's address
  // (the local command line's "" is never limited) has signed up more accounts than
  // limit_signups allows (counted in the database: every process shares it).  Returns the
  // stored id.
  std::string signup(std::string_view user, std::string_view password, std::string_view email,
                     const LoginClient& client = {});
  // New accounts one client address may make in an hour (a burst of as many, then at that
  // rate); 0 = no limit.  Each costs a slow hash and a row, so floods are bounded.
  void limit_signups(double per_hour) { signups_per_hour_ = per_hour; }
  // Checks a password; returns the canonical user id, throws 401 (same message whether
  // the user is unknown or the password wrong), 403 suspended for a suspended account, or 429
  // while the client's failed attempts must wait (LoginThrottle: a known client of the account
  // is never slowed by others' failures).
  std::string authenticate(std::string_view user, std::string_view password, const LoginClient& client = {});
  // The language `user` chose for their mail and replies (users.language), if ludus speaks
  // it; nullopt for none chosen or no such user (docs/translating.md).
  std::optional<Language> language(const std::string& user);
  // A new password: every token and remembered device of the account is forgotten.
  void change_password(std::string_view user, std::string_view old_password, std::string_view new_password,
                       const LoginClient& client = {});

  // A fresh bearer token for a user who gave the right password, and the client's device key
  // (the one it brought when it is the account's, else a new one).
  SignIn login(std::string_view user, std::string_view password, const LoginClient& client = {});
  // The user a token belongs to; 401 when unknown or expired; 429 rate_limited (with its
  // retry_after) while it is a bot token paused for its illegal moves.
  std::string user_for_token(std::string_view token) { return owner_for_token(token).user; }
  TokenOwner owner_for_token(std::string_view token);
  // The account and scope of a live token; nullopt when it is unknown, expired or malformed.
  std::optional<TokenOwner> token_owner(std::string_view token);

  // A token of scope 'bot' (docs/bots.md) for the bot account `user`, its password checked as
  // a sign-in: valid kBotTokenLifetime; the account keeps its kBotTokensPerAccount newest.
  // 403 not_a_bot for a player's account.  (`device` stays empty: a bot signs in no page.)
  static constexpr int64_t kBotTokenLifetime = 365 * 24 * 3600;
  static constexpr int kBotTokensPerAccount = 10;
  SignIn bot_token(std::string_view user, std::string_view password, const LoginClient& client = {});
  // A bot's illegal moves (docs/bots.md "Limits and misbehaviour"): kBotMisplaysInARow in a
  // row from one bot token, counted in the throttles table (so every process agrees), and
  // owner_for_token refuses the token for kBotMisplayPause seconds.
  static constexpr int kBotMisplaysInARow = 5;
  static constexpr int64_t kBotMisplayPause = 60;
  // After a move sent with a bot token: an illegal one counts, a legal one clears the count.
  void bot_move_answered(std::string_view token, bool illegal);
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
  // The web page's address: the code mails link to it (public_url.h; none by default).
  void set_public_url(PublicUrl url) { public_url_ = std::move(url); }
  // Reset requests one client address may make in an hour (a burst of as many); 0 = no limit.
  void limit_reset_requests(double per_hour) { resets_per_hour_ = per_hour; }
  // Queues a reset request for `user` and returns: the same work (one row) whatever the
  // name, before any lookup, so neither the reply nor its timing tells whether the account
  // exists or has an address.  429 rate_limited when the client's address asked too often
  // (whatever the user).  answer_reset_requests() then mails the code.
  void request_reset(std::string_view user, const LoginClient& client = {});
  // Answers the queued requests: a code to the verified address of each account that exists,
  // is not suspended, has one and got fewer than kCodeMailsPerHour code mails this hour.
  // Returns how many requests it took.  Run by the server's mail worker as soon as a request
  // is queued, and by `ludus mail` / `ludus pbm` after the command that queued one.
  int answer_reset_requests();
  // Deletes the throttles' counts that hold nothing any more (throttle_store.h); returns how
  // many.  A chore of the mail worker and `ludus cleanup`.
  int forget_stale_counts();
  // Called after a request was queued (the server wakes its mail worker with it).
  void set_reset_listener(std::function<void()> listener) { reset_listener_ = std::move(listener); }
  // Sets a new password with a reset code of `user`: the code works once, every token and
  // remembered device of the account is forgotten, and the client is signed in (its new
  // device key is the account's).  401 bad_code for an unknown, used, expired or another
  // account's code (slowed per client: LoginThrottle), 400 for a bad new password, 403
  // suspended.
  SignIn reset_password(std::string_view user, std::string_view code, std::string_view new_password,
                        const LoginClient& client = {});
  // Changes the address of `user` (authenticated): the new one waits for its code, mailed to
  // it; the verified one keeps getting mail until then.  "" removes both at once.
  void change_email(const std::string& user, std::string_view email);
  // Verifies the waiting address of `user` with its code (401 bad_code otherwise, throttled
  // as a failed login).  Returns the address now verified.
  std::string verify_email(std::string_view user, std::string_view code, const LoginClient& client = {});
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
  // A token and a device key for `user`, in the caller's transaction (the client's own key
  // kept when it is the account's).
  SignIn sign_in(Session& session, const std::string& user, const LoginClient& client);
  // The standing of `client` with `user` (LoginThrottle::standing) from the account's row.
  LoginStanding standing(Session& session, const std::string& user, const std::optional<UserRecord>& record,
                         const LoginClient& client, Secret secret);
  // The seconds the client's address must wait before one more event of `scope` (at most
  // `per_hour`; no limit at 0 or for the local command line), 0 when admitted (and counted),
  // in the caller's write transaction.
  int admitted(Session& session, std::string_view scope, const LoginClient& client, double per_hour);
  // 429 rate_limited naming `what` when `wait` > 0.
  static void refuse_if_waiting(int wait, const char* what);
  // Makes a code for `user`, stores its hash and queues the mail that carries it, in the
  // caller's transaction.
  void mail_code(Session& session, const std::string& user, CodePurpose purpose, const std::string& email);
  // The code of `user` (401 bad_code unless it is theirs, for `purpose`, unexpired, and
  // taken now), with failed attempts throttled as failed logins.  `prepare` (a slow hash)
  // runs once the throttle let the attempt through, before the transaction that runs `use`.
  AccountCode take_code(std::string_view user, std::string_view code, CodePurpose purpose, const LoginClient& client,
                        const std::function<void()>& prepare,
                        const std::function<void(Session&, const std::string& user, const AccountCode&)>& use);

  Store* store_;
  PasswordPolicy policy_;
  Clock clock_;
  LoginThrottle throttle_;
  double signups_per_hour_ = kSignupsPerHour;  // per client address; 0 = no limit
  double resets_per_hour_ = kResetsPerHour;    // per client address; 0 = no limit
  std::function<void()> reset_listener_;
  CodeLifetimes lifetimes_;
  PublicUrl public_url_;
  std::string dummy_hash_;  // verified against for unknown users, to keep timing uniform
  // At most this many slow hashes at once (each may take 64 MiB with interactive limits).
  mutable std::counting_semaphore<4> hash_slots_{4};
};

}  // namespace ludus::server
