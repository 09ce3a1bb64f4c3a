// SPDX-License-Identifier: Apache-2.0
#include "server/domain/accounts/accounts.h"

#include <sodium.h>

#include <cctype>
#include <chrono>
#include <stdexcept>

#include "server/base/errors.h"
#include "server/domain/accounts/email_address.h"
#include "server/storage/account_store.h"
#include "server/storage/bot_store.h"
#include "server/storage/throttle_store.h"

namespace ludus::server {
namespace {

constexpr size_t kMaxPassword = 256;
constexpr size_t kMaxEmail = 254;

void init_sodium() {
  static const bool ok = sodium_init() >= 0;
  if (!ok) throw std::runtime_error("libsodium failed to initialise");
}

std::string to_hex(const unsigned char* data, size_t size) {
  std::string hex(size * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), data, size);
  hex.pop_back();
  return hex;
}

// One plain address (the same test as a mail's reply address): never a list, a display
// name or markup, so a notification goes to this one mailbox and nowhere else.
void check_email(std::string_view email) {
  if (email.empty()) return;
  if (email.size() > kMaxEmail || !is_plain_address(email))
    bad_request(text("bad e-mail address (expected one address name@host: no blanks, commas, quotes or <>)"));
}

}  // namespace

void suspended(const std::string& user) {
  forbidden(text("the account {user} is suspended (ask the server's administrators)", {{"user", user}}), "suspended");
}

PasswordPolicy PasswordPolicy::interactive() {
  return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

PasswordPolicy PasswordPolicy::fast() { return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN}; }

Clock system_clock() {
  return [] {
    return static_cast<int64_t>(
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count());
  };
}

Accounts::Accounts(Store& store, PasswordPolicy policy, Clock clock)
    : store_(&store), policy_(policy), clock_(std::move(clock)) {
  init_sodium();
  dummy_hash_ = hash_password("not a password of anyone");
}

std::string Accounts::normalize_user_id(std::string_view text) {
  std::string id;
  for (unsigned char ch : text) id += static_cast<char>(std::tolower(ch));
  bool ok = !id.empty() && id.size() <= 32 && std::isalnum(static_cast<unsigned char>(id[0]));
  for (unsigned char ch : id) ok = ok && (std::isalnum(ch) || ch == '_' || ch == '.' || ch == '-') && ch < 0x80;
  if (!ok)
    bad_request(ludus::server::text("bad user id '{given}': a user id has 1-32 characters, each an ASCII letter (a-z), "
                                    "a digit, '_', '.' or '-', and starts with a letter or a digit",
                                    {{"given", quoted_text(text, 40)}}),
                "bad_user");
  return id;
}

void Accounts::check_password(std::string_view password) {
  if (password.empty()) bad_request(text("the password is empty"), "bad_password");
  if (password.size() < kMinPassword)
    bad_request(textn("the password is too short: use at least {n} character",
                      "the password is too short: use at least {n} characters", kMinPassword),
                "bad_password");
  if (password.size() > kMaxPassword)
    bad_request(text("the password is longer than {max} bytes", {{"max", kMaxPassword}}), "bad_password");
  if (password.find('\0') != std::string_view::npos) bad_request(text("the password contains a NUL byte"), "bad_password");
}

std::string Accounts::hash_password(std::string_view password) const {
  char out[crypto_pwhash_STRBYTES];
  hash_slots_.acquire();
  int rc = crypto_pwhash_str(out, password.data(), password.size(), policy_.opslimit, policy_.memlimit);
  hash_slots_.release();
  if (rc != 0) busy(text("out of memory while hashing the password, try again"));
  return out;
}

bool Accounts::verify_password(const std::string& hash, std::string_view password) const {
  hash_slots_.acquire();
  bool ok = crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
  hash_slots_.release();
  return ok;
}

std::string Accounts::hash_token(std::string_view token) {
  unsigned char digest[crypto_generichash_BYTES];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()), token.size(),
                     nullptr, 0);
  return to_hex(digest, sizeof digest);
}

int Accounts::admitted(Session& session, std::string_view scope, const LoginClient& client, double per_hour) {
  if (per_hour <= 0 || client.local()) return 0;
  return admit_event(session, scope, client.address, per_hour / 3600, per_hour, now() * 1000);
}

void Accounts::refuse_if_waiting(int wait, const char* what) {
  if (wait)
    too_many(text("too many {what} from your address; retry in {seconds} s", {{"what", text(what)}, {"seconds", wait}}),
             "rate_limited", wait);
}

std::string Accounts::signup(std::string_view user, std::string_view password, std::string_view email,
                             const LoginClient& client) {
  if (is_ai(user)) bad_request(text("user ids starting with 'ai:' are reserved for computer players"), "bad_user");
  refuse_if_waiting(store_->retrying([&](Session& session) {  // before the slow hash, on its own
    auto tx = session.write();
    const int wait = admitted(session, "signup", client, signups_per_hour_);
    tx.commit();
    return wait;
  }), N_("new accounts"));
  UserRecord record;
  record.id = normalize_user_id(user);
  check_password(password);
  check_email(email);
  // The address gets mail once verified: until then it waits, with a code mailed to it.
  record.pending_email = std::string(email);
  record.password_hash = hash_password(password);  // slow: before the transaction
  record.created_at = now();
  store_->retrying([&](Session& session) {
    auto tx = session.write();
    session.insert_user(record);
    if (!record.pending_email.empty()) mail_code(session, record.id, CodePurpose::Verify, record.pending_email);
    tx.commit();
  });
  return record.id;
}

LoginStanding Accounts::standing(Session& session, const std::string& user, const std::optional<UserRecord>& record,
                                 const LoginClient& client, Secret secret) {
  std::string own_device;
  if (!client.device.empty() && client.device.size() <= 256) {
    const std::string hash = hash_token(client.device);
    if (device_user(session, hash) == user) own_device = hash;
  }
  return LoginThrottle::standing(user, client, record ? record->email : "", own_device, secret);
}

std::optional<Language> Accounts::language(const std::string& user) {
  auto session = store_->session();
  const std::optional<std::string> chosen = user_language(session, user);
  if (!chosen || !Language::spoken(*chosen)) return std::nullopt;
  return Language::of(*chosen);
}

std::string Accounts::authenticate(std::string_view user, std::string_view password, const LoginClient& client) {
  const char* kFailed = N_("wrong user id or password");
  std::string id;
  try {
    id = normalize_user_id(user);
  } catch (const ServiceError&) {
    unauthorized(text(kFailed));
  }
  std::optional<UserRecord> record;
  LoginStanding attempt;
  bool failures_on_record = false;
  {
    auto session = store_->session();
    record = session.find_user(id);
    attempt = standing(session, id, record, client, Secret::Password);
    failures_on_record = throttle_.check(session, attempt, now());
  }
  // Unknown users cost the same hash as known ones, so timing tells nothing.
  const bool ok = record ? password.size() <= kMaxPassword && verify_password(record->password_hash, password)
                         : (verify_password(dummy_hash_, password), false);
  if (ok && !failures_on_record) {
    if (record->suspended_at) suspended(id);
    return id;
  }
  store_->retrying([&](Session& session) {
    auto tx = session.write();
    if (ok)
      throttle_.succeeded(session, attempt);
    else
      throttle_.failed(session, attempt, now());
    tx.commit();
  });
  if (!ok) unauthorized(text(kFailed));
  if (record->suspended_at) suspended(id);
  return id;
}

void Accounts::change_password(std::string_view user, std::string_view old_password, std::string_view new_password,
                               const LoginClient& client) {
  std::string id = authenticate(user, old_password, client);
  check_password(new_password);
  std::string hash = hash_password(new_password);
  store_->retrying([&](Session& session) {
    auto tx = session.write();
    session.set_password_hash(id, hash);
    session.delete_tokens_of(id);  // a new password logs every other device out
    delete_devices_of(session, id);
    tx.commit();
  });
}

namespace {

std::string random_key() {
  unsigned char raw[32];
  randombytes_buf(raw, sizeof raw);
  return to_hex(raw, sizeof raw);
}

}  // namespace

SignIn Accounts::sign_in(Session& session, const std::string& user, const LoginClient& client) {
  const int64_t t = now();
  SignIn result{user, random_key(), t + kTokenLifetime, ""};
  session.insert_token(hash_token(result.token), user, t, result.expires_at);
  const bool usable = !client.device.empty() && client.device.size() <= 256;
  const std::string brought = usable ? hash_token(client.device) : "";
  if (usable && device_user(session, brought) == user) {
    result.device = client.device;
    touch_device(session, brought, t);
  } else {
    result.device = random_key();
    insert_device(session, hash_token(result.device), user, t);
    trim_devices(session, user, kDevicesPerAccount);
  }
  return result;
}

SignIn Accounts::login(std::string_view user, std::string_view password, const LoginClient& client) {
  std::string id = authenticate(user, password, client);
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    SignIn result = sign_in(session, id, client);
    tx.commit();
    return result;
  });
}

namespace {
// The throttles' scope of a bot token's illegal moves in a row (subject: the token's hash).
constexpr std::string_view kBotMisplays = "bot_misplays";
}  // namespace

TokenOwner Accounts::owner_for_token(std::string_view token) {
  if (token.empty() || token.size() > 256) unauthorized(text("missing or malformed bearer token; log in first"), "bad_token");
  const std::string hash = hash_token(token);
  auto session = store_->session();
  auto owner = session.token_owner(hash, now());
  if (!owner) unauthorized(text("unknown or expired token; log in again"), "bad_token");
  if (owner->scope == TokenScope::Bot) {
    const FailureCount misplays = failure_count(session, kBotMisplays, hash);
    const int64_t paused_for = misplays.last + kBotMisplayPause - now();
    if (misplays.count >= kBotMisplaysInARow && paused_for > 0)
      too_many(textn("{n} illegal move in a row: this bot token may send nothing for {seconds} s",
                     "{n} illegal moves in a row: this bot token may send nothing for {seconds} s", misplays.count,
                     {{"seconds", paused_for}}),
               "rate_limited", static_cast<int>(paused_for));
  }
  return *owner;
}

void Accounts::bot_move_answered(std::string_view token, bool illegal) {
  const std::string hash = hash_token(token);
  store_->retrying([&](Session& session) {
    auto tx = session.write();
    if (illegal) add_failure(session, kBotMisplays, hash, now(), kBotMisplayPause);
    else clear_failures(session, kBotMisplays, hash);
    tx.commit();
  });
}

std::optional<TokenOwner> Accounts::token_owner(std::string_view token) {
  if (token.empty() || token.size() > 256) return std::nullopt;
  auto session = store_->session();
  return session.token_owner(hash_token(token), now());
}

SignIn Accounts::bot_token(std::string_view user, std::string_view password, const LoginClient& client) {
  const std::string id = authenticate(user, password, client);
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    if (!is_bot(session, id))
      forbidden(text("{user} is not a bot account: make it one first (POST /api/me/bot, or the command bot)", {{"user", id}}),
                "not_a_bot");
    const int64_t t = now();
    SignIn result{id, random_key(), t + kBotTokenLifetime, ""};
    session.insert_token(hash_token(result.token), id, t, result.expires_at, TokenScope::Bot);
    trim_bot_tokens(session, id, kBotTokensPerAccount);
    tx.commit();
    return result;
  });
}

void Accounts::logout(std::string_view token) {
  store_->retrying([&](Session& session) {
    auto tx = session.write();
    session.delete_token(hash_token(token));
    tx.commit();
  });
}

}  // namespace ludus::server
