// SPDX-License-Identifier: Apache-2.0
// Accounts: password reset by a mailed code, and verified addresses (accounts.h).
#include <sodium.h>

#include <fmt/format.h>

#include "server/base/errors.h"
#include "server/domain/accounts/accounts.h"
#include "server/domain/accounts/chosen_language.h"
#include "server/domain/accounts/email_address.h"
#include "server/storage/mail_store.h"
#include "server/storage/throttle_store.h"

namespace ludus::server {
namespace {

// Crockford's base32: no I, L, O or U, so a code read aloud or retyped is not misread.
constexpr std::string_view kCodeAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

std::string new_code() {
  std::string code;
  for (size_t i = 0; i < Accounts::kCodeLetters; ++i) code += kCodeAlphabet[randombytes_uniform(kCodeAlphabet.size())];
  return code;
}

// "ABCDE-FGHJK": the code as mailed.
std::string shown_code(const std::string& code) { return code.substr(0, 5) + "-" + code.substr(5); }

// The hash stored for a code: bound to its account, so a code is only ever someone's.
std::string code_hash(const std::string& user, const std::string& code) {
  return Accounts::hash_token(user + ":" + code);
}

[[noreturn]] void bad_code() {
  throw ServiceError(ErrorKind::Unauthorized, "bad_code", text("wrong, used or expired code; ask for a new one"));
}

// The page's address on a line of its own under the words that name it ("" without one).
std::string web_page_words(const std::string& link) { return link.empty() ? "" : "  " + link + "\n"; }

std::string minutes_text(int64_t seconds, const Language& language) {
  return seconds >= 7200 && seconds % 3600 == 0 ? trn(language, "{n} hour", "{n} hours", seconds / 3600)
                                                  : trn(language, "{n} minute", "{n} minutes", (seconds + 59) / 60);
}

}  // namespace

std::string Accounts::normalize_code(std::string_view code) {
  std::string out;
  for (unsigned char ch : code) {
    if (ch == '-' || ch == ' ') continue;
    ch = static_cast<unsigned char>(std::toupper(ch));
    if (ch == 'O') ch = '0';
    if (ch == 'I' || ch == 'L') ch = '1';
    if (kCodeAlphabet.find(static_cast<char>(ch)) == std::string_view::npos || out.size() >= kCodeLetters) return "";
    out += static_cast<char>(ch);
  }
  return out.size() == kCodeLetters ? out : "";
}

void Accounts::mail_code(Session& session, const std::string& user, CodePurpose purpose, const std::string& email) {
  const int64_t t = now();
  // Sign-ups naming a stranger's address cannot make ludus a mail cannon against it.
  if (account_codes_to_since(session, email, t - 3600) >= kCodeMailsPerHour * 2) return;
  const std::string code = new_code();
  const int64_t lifetime = purpose == CodePurpose::Reset ? lifetimes_.reset : lifetimes_.verify;
  insert_account_code(session, code_hash(user, code), AccountCode{user, purpose, email, t + lifetime}, t);
  // The code stays apart from the text (which names it {code}) and is dropped once sent or
  // expired: the outbox never keeps a code in clear (docs/security.md, "Secrets at rest").
  OutgoingMail mail{email, user, std::nullopt, "", "", ""};
  mail.secret = MailSecret{shown_code(code), t + lifetime};
  // In the account's language; the commands stay the grammar's, and the code stays apart
  // as kSecretMark (given as a place: the text never holds it).
  const Language language = chosen_language(session, user);
  const TextArgs code_args{{"code", kSecretMark}, {"duration", minutes_text(lifetime, language)}};
  if (purpose == CodePurpose::Reset) {
    mail.subject = tr(language, "ludus: password reset code for {user}", {{"user", user}});
    mail.body = tr(language, "Someone (you, we hope) asked to reset the password of the ludus account {user}.",
                   {{"user", user}}) +
                "\n\n" + tr(language, "Your code: {code}   (it works once, for {duration})", code_args) + "\n\n" +
                // TRANSLATORS: "Sign in" and "Forgot your password?" are the web page's own words: use its translation.
                tr(language, "On the web page: Sign in > Forgot your password?, then the code and a new password.") +
                "\n" + web_page_words(public_url_.page()) +
                tr(language, "By mail (in the Subject) or with ludus pbm:  {command}",
                   {{"command", fmt::format("reset {} {} NEW-PASSWORD", user, kSecretMark)}}) +
                "\n\n" +
                tr(language,
                   "Setting a new password logs the account out everywhere.  If you did not ask, ignore this\n"
                   "mail: the password stays as it is.") +
                "\n";
  } else {
    mail.subject = tr(language, "ludus: verify your address for {user}", {{"user", user}});
    mail.body = tr(language,
                   "This address was given for the ludus account {user}.  Mail about your boards comes here once\n"
                   "it is verified.",
                   {{"user", user}}) +
                "\n\n" + tr(language, "Your code: {code}   (it works once, for {duration})", code_args) + "\n\n" +
                // TRANSLATORS: "Settings" and "E-mail address" are the web page's own words: use its translation.
                tr(language, "On the web page: Settings > E-mail address > the code.") + "\n" +
                web_page_words(public_url_.settings()) +
                tr(language, "By mail (in the Subject) or with ludus pbm:  {command}",
                   {{"command", fmt::format("verify {} {}", user, kSecretMark)}}) +
                "\n\n" + tr(language, "If you did not sign up, ignore this mail: nothing will be sent here.") + "\n";
  }
  enqueue_mail(session, mail, OutboxStatus::Queued, t);
}

void Accounts::request_reset(std::string_view user, const LoginClient& client) {
  std::string id;
  try {
    id = normalize_user_id(user);
  } catch (const ServiceError&) {
    id = "-";  // no account has it: answered as an unknown id
  }
  // The address's bucket and one queued row, whatever the name: no lookup before the reply.
  const int wait = store_->retrying([&](Session& session) {
    auto tx = session.write();
    const int wait = admitted(session, "reset", client, resets_per_hour_);
    if (!wait) insert_reset_request(session, id, now());
    tx.commit();
    return wait;
  });
  refuse_if_waiting(wait, "reset requests");
  if (reset_listener_) reset_listener_();
}

int Accounts::answer_reset_requests() {
  constexpr int kBatch = 50;
  int answered = 0;
  for (;;) {
    const int64_t t = now();
    const int taken = store_->retrying([&](Session& session) {
      {
        auto read = session.read();
        if (!reset_requests_waiting(session)) return 0;
      }
      auto tx = session.write();
      const auto requests = take_reset_requests(session, kBatch);
      for (const ResetRequest& request : requests) {
        const auto record = session.find_user(request.user);
        if (record && !record->suspended_at && !record->email.empty() &&
            account_codes_since(session, request.user, CodePurpose::Reset, t - 3600) < kCodeMailsPerHour)
          mail_code(session, request.user, CodePurpose::Reset, record->email);
      }
      tx.commit();
      return static_cast<int>(requests.size());
    });
    answered += taken;
    if (taken < kBatch) return answered;
  }
}

int Accounts::forget_stale_counts() {
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    const int forgotten = prune_throttles(session, now());
    tx.commit();
    return forgotten;
  });
}

AccountCode Accounts::take_code(std::string_view user, std::string_view code, CodePurpose purpose,
                                const LoginClient& client, const std::function<void()>& prepare,
                                const std::function<void(Session&, const std::string&, const AccountCode&)>& use) {
  std::string id;
  try {
    id = normalize_user_id(user);
  } catch (const ServiceError&) {
    bad_code();
  }
  LoginStanding attempt;
  {
    auto session = store_->session();
    attempt = standing(session, id, session.find_user(id), client, Secret::Code);
    throttle_.check(session, attempt, now());
  }
  prepare();
  const std::string canonical = normalize_code(code);
  const std::string hash = code_hash(id, canonical);
  std::optional<AccountCode> taken = store_->retrying([&](Session& session) -> std::optional<AccountCode> {
    auto tx = session.write();
    auto found = canonical.empty() ? std::nullopt : find_account_code(session, hash);
    if (found && found->user == id && found->purpose == purpose && take_account_code(session, hash, now())) {
      use(session, id, *found);
      delete_account_codes(session, id, purpose);  // its siblings mailed earlier are void too
      throttle_.succeeded(session, attempt);
    } else {
      throttle_.failed(session, attempt, now());
      found.reset();
    }
    tx.commit();
    return found;
  });
  if (!taken) bad_code();
  return *taken;
}

SignIn Accounts::reset_password(std::string_view user, std::string_view code, std::string_view new_password,
                                const LoginClient& client) {
  check_password(new_password);
  std::string hash;
  SignIn signed_in;
  // The slow hash only for an attempt the throttle lets through, and before the transaction.
  const auto prepare = [&] { hash = hash_password(new_password); };
  const auto use = [&](Session& session, const std::string& id, const AccountCode&) {
    const auto record = session.find_user(id);
    if (!record) bad_code();
    if (record->suspended_at) forbidden("the account " + id + " is suspended", "suspended");
    session.set_password_hash(id, hash);
    session.delete_tokens_of(id);  // whoever held the old password is logged out
    delete_devices_of(session, id);
    // The owner is in, even while strangers keep unknown clients of the account waiting.
    signed_in = sign_in(session, id, LoginClient(client.address));
  };
  take_code(user, code, CodePurpose::Reset, client, prepare, use);
  return signed_in;
}

void Accounts::change_email(const std::string& user, std::string_view email) {
  if (!email.empty() && (email.size() > 254 || !is_plain_address(email)))
    bad_request("bad e-mail address (expected one address name@host: no blanks, commas, quotes or <>)");
  const int64_t t = now();
  store_->retrying([&](Session& session) {
    auto tx = session.write();
    const auto record = session.find_user(user);
    if (!record) not_found("no user " + user);
    // Codes mailed to an address given up are void (verify_email compares the address).
    if (email.empty()) {
      set_verified_email(session, user, "");
    } else if (email == record->email) {
      set_pending_email(session, user, "");  // back to the verified one: nothing to verify
    } else {
      if (account_codes_since(session, user, CodePurpose::Verify, t - 3600) >= kCodeMailsPerHour)
        too_many("too many address changes this hour; retry later", "rate_limited", 3600);
      set_pending_email(session, user, std::string(email));
      mail_code(session, user, CodePurpose::Verify, std::string(email));
    }
    tx.commit();
  });
}

std::string Accounts::verify_email(std::string_view user, std::string_view code, const LoginClient& client) {
  const auto use = [](Session& session, const std::string& id, const AccountCode& c) {
    const auto record = session.find_user(id);
    // A code for an address given up since is void.
    if (!record || record->pending_email != c.email) bad_code();
    set_verified_email(session, id, c.email);
  };
  return take_code(user, code, CodePurpose::Verify, client, [] {}, use).email;
}

}  // namespace ludus::server
