// SPDX-License-Identifier: Apache-2.0
// Accounts: sign-up rules, hashes (never the password) in the database, authentication,
// password changes and bearer tokens.
#include <sodium.h>

#include "server/storage/sqlite.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

using AccountsTest = ServerFixture;

std::string stored_hash(Store& store, const std::string& user) {
  auto session = store.session();
  auto record = session.find_user(user);
  return record ? record->password_hash : "";
}

TEST_F(AccountsTest, SignupStoresOnlyASaltedArgon2Hash) {
  EXPECT_EQ(accounts_->signup("Alice", "correct horse", "alice@example.com"), "alice");
  accounts_->signup("bob", "correct horse", "");
  std::string a = stored_hash(*store_, "alice"), b = stored_hash(*store_, "bob");
  EXPECT_EQ(a.rfind("$argon2id$", 0), 0u) << a;
  EXPECT_EQ(a.find("correct horse"), std::string::npos);
  EXPECT_NE(a, b) << "same password, different salt";
  // Nothing in the database file holds the password in clear either.
  auto session = store_->session();
  auto q = session.connection().query("SELECT count(*) FROM users WHERE password_hash LIKE '%correct horse%' OR email LIKE '%correct horse%'");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.integer(0), 0);
}

TEST_F(AccountsTest, AuthenticateAcceptsOnlyTheRightPassword) {
  signup("alice", "pw-alice1");
  EXPECT_EQ(accounts_->authenticate("ALICE", "pw-alice1"), "alice");
  for (const char* wrong : {"pw-Alice", "", "pw-alice1 ", "x"}) {
    try {
      accounts_->authenticate("alice", wrong);
      ADD_FAILURE() << "accepted '" << wrong << "'";
    } catch (const ServiceError& e) {
      EXPECT_EQ(http_status(e), 401);
      EXPECT_STREQ(e.what(), "wrong user id or password");
    }
  }
  // An unknown user gets the same answer as a wrong password.
  try {
    accounts_->authenticate("nobody", "pw-alice1");
    ADD_FAILURE();
  } catch (const ServiceError& e) {
    EXPECT_EQ(http_status(e), 401);
    EXPECT_STREQ(e.what(), "wrong user id or password");
  }
}

TEST_F(AccountsTest, SignupRejectsBadInputWithClearErrors) {
  signup("alice");
  auto status_of = [&](const std::string& user, const std::string& password, const std::string& email) {
    try {
      accounts_->signup(user, password, email);
    } catch (const ServiceError& e) {
      return std::pair(http_status(e), std::string(e.what()));
    }
    return std::pair(200, std::string());
  };
  EXPECT_EQ(status_of("alice", "x-password", "").first, 409);
  EXPECT_EQ(status_of("ALICE", "x-password", "").second, "user id 'alice' is already taken");
  EXPECT_EQ(status_of("", "x-password", "").first, 400);
  EXPECT_EQ(status_of("-bob", "x-password", "").first, 400);
  EXPECT_EQ(status_of(std::string(33, 'a'), "x-password", "").first, 400);
  EXPECT_EQ(status_of("ai:hard", "x-password", "").second, "user ids starting with 'ai:' are reserved for computer players");
  EXPECT_EQ(status_of("carol", "", "").second, "the password is empty");
  EXPECT_EQ(status_of("carol", "1234567", "").second, "the password is too short: use at least 8 characters");
  EXPECT_EQ(status_of("carol", std::string(300, 'p'), "").first, 400);
  EXPECT_EQ(status_of("carol", std::string("abcdefgh\0ij", 11), "").second, "the password contains a NUL byte");
  EXPECT_EQ(status_of("carol", "x-password", "not an address").first, 400);
  EXPECT_EQ(status_of("carol", "x-password", "carol@example.com").first, 200);
  EXPECT_EQ(status_of("Dave.Smith_2-x", "x-password", "").first, 200);
}

TEST_F(AccountsTest, ABadUserIdIsQuotedAsTypedWithTheRuleInOneLine) {
  auto message_of = [&](const std::string& user) {
    try {
      accounts_->signup(user, "x-password", "");
      ADD_FAILURE() << "accepted '" << user << "'";
    } catch (const ServiceError& e) {
      EXPECT_EQ(e.code(), "bad_user");
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string rule =
      ": a user id has 1-32 characters, each an ASCII letter (a-z), a digit, '_', '.' or '-', and starts with a "
      "letter or a digit";
  // Valid UTF-8 as the user typed it.
  EXPECT_EQ(message_of("h\u00e9llo"), "bad user id 'h\u00e9llo'" + rule);
  EXPECT_EQ(message_of("\u65e5\u672c"), "bad user id '\u65e5\u672c'" + rule);
  // Bytes that are not UTF-8, and control characters (C0, C1), each become U+FFFD.
  EXPECT_EQ(message_of("h\xff\xfello"), "bad user id 'h\ufffd\ufffdllo'" + rule);
  EXPECT_EQ(message_of("h\xc3"), "bad user id 'h\ufffd'" + rule);
  EXPECT_EQ(message_of("a\x1b[2Jb\u009b"), "bad user id 'a\ufffd[2Jb\ufffd'" + rule);
  // A long one is cut after 40 characters, never inside one.
  std::string long_id;
  for (int i = 0; i < 30; ++i) long_id += "\u00e9\u00e9";
  EXPECT_EQ(message_of(long_id), "bad user id '" + long_id.substr(0, 80) + "...'" + rule);
}

TEST_F(AccountsTest, SqlMetacharactersAreHarmlessEverywhere) {
  int n = 0;
  for (const auto& nasty : sql_metacharacter_strings()) {
    // As a user id: refused by the id rules, and the tables are intact.
    try {
      accounts_->signup(nasty, "pw-long1", "");
      ADD_FAILURE() << nasty;
    } catch (const ServiceError& e) {
      EXPECT_EQ(http_status(e), 400);
      EXPECT_EQ(e.code(), "bad_user");
    }
    // As a password: stored as a hash and checked exactly.
    std::string user = "user" + std::to_string(++n);
    const std::string password = "password:" + nasty;
    accounts_->signup(user, password, "");
    EXPECT_EQ(accounts_->authenticate(user, password), user);
    EXPECT_THROW(accounts_->authenticate(user, password + "x"), ServiceError);
    // As an unknown user's password and as a token.
    EXPECT_THROW(accounts_->authenticate("nobody", nasty), ServiceError);
    EXPECT_THROW(accounts_->user_for_token(nasty), ServiceError);
  }
  auto session = store_->session();
  auto q = session.connection().query("SELECT count(*) FROM users");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.integer(0), n);
}

TEST_F(AccountsTest, ChangePasswordNeedsTheOldOneAndLogsOutTokens) {
  signup("alice", "old-pw-12");
  std::string token = accounts_->login("alice", "old-pw-12").token;
  EXPECT_EQ(accounts_->user_for_token(token), "alice");
  EXPECT_THROW(accounts_->change_password("alice", "wrong", "new-pw-12"), ServiceError);
  accounts_->change_password("alice", "old-pw-12", "new-pw-12");
  EXPECT_THROW(accounts_->authenticate("alice", "old-pw-12"), ServiceError);
  EXPECT_EQ(accounts_->authenticate("alice", "new-pw-12"), "alice");
  EXPECT_THROW(accounts_->user_for_token(token), ServiceError) << "old sessions end with the old password";
  EXPECT_EQ(run("passwd alice new-pw-12 third-pw-1"), "Password changed for alice.\n");
  EXPECT_EQ(accounts_->authenticate("alice", "third-pw-1"), "alice");
}

TEST_F(AccountsTest, TokensAreRandomStoredHashedAndExpire) {
  signup("alice", "pw-long1");
  std::string t1 = accounts_->login("alice", "pw-long1").token, t2 = accounts_->login("alice", "pw-long1").token;
  EXPECT_NE(t1, t2);
  EXPECT_EQ(t1.size(), 64u);
  {
    auto session = store_->session();
    auto q = session.connection().query("SELECT token_hash FROM tokens");
    int rows = 0;
    while (q.step()) {
      ++rows;
      EXPECT_NE(q.text(0), t1);
      EXPECT_NE(q.text(0), t2);
      EXPECT_TRUE(q.text(0) == Accounts::hash_token(t1) || q.text(0) == Accounts::hash_token(t2));
    }
    EXPECT_EQ(rows, 2);
  }
  EXPECT_EQ(accounts_->user_for_token(t1), "alice");
  accounts_->logout(t1);
  EXPECT_THROW(accounts_->user_for_token(t1), ServiceError);
  EXPECT_EQ(accounts_->user_for_token(t2), "alice");
  now_ += Accounts::kTokenLifetime + 1;
  try {
    accounts_->user_for_token(t2);
    ADD_FAILURE() << "expired token accepted";
  } catch (const ServiceError& e) {
    EXPECT_EQ(http_status(e), 401);
  }
}

TEST_F(AccountsTest, InteractiveLimitsProduceVerifiableHashes) {
  Accounts strong(*store_, PasswordPolicy::interactive(), system_clock());
  std::string hash = strong.hash_password("pw-long1");
  EXPECT_EQ(hash.rfind("$argon2id$", 0), 0u);
  EXPECT_EQ(crypto_pwhash_str_needs_rehash(hash.c_str(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                                           crypto_pwhash_MEMLIMIT_INTERACTIVE),
            0);
  EXPECT_TRUE(strong.verify_password(hash, "pw-long1"));
  EXPECT_FALSE(strong.verify_password(hash, "pW"));
}

}  // namespace
}  // namespace ludus::server::testing
