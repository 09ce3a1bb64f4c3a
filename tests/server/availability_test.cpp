// SPDX-License-Identifier: Apache-2.0
// Account availability (docs/security.md): strangers' failed logins and code guesses never
// lock an account's owner out.  The audit of issue 56 (finding 3): one wrong login for carol
// every 0.25 s, each from a new address, refused her right password (HTTP and `ludus pbm`)
// and her genuine reset code for as long as it ran.  Also finding 9: a reset request's reply
// does the same work whatever the name.
#include "http_test_support.h"
#include "server/storage/throttle_store.h"

namespace ludus::server::testing {
namespace {

class AvailabilityTest : public ServerFixture {
 protected:
  // Strangers try `guesses` wrong passwords for `user`, each from an address of its own.
  void spread_attack(const std::string& user, int guesses) {
    for (int i = 0; i < guesses; ++i) {
      try {
        accounts_->authenticate(user, "guess-" + std::to_string(i), "10.66." + std::to_string(i / 250) + "." +
                                                                         std::to_string(i % 250));
      } catch (const ServiceError& e) {
        EXPECT_TRUE(e.code() == "too_many_attempts" || http_status(e) == 401) << e.what();
      }
    }
  }
  int rows(const char* sql) {
    auto session = store_->session();
    auto q = session.connection().query(sql);
    return q.step() ? q.integer(0) : -1;
  }
};

TEST_F(AvailabilityTest, AStrangersSpreadAttackNeverLocksOutTheOwnersKnownClients) {
  signup("carol", "carol-password");
  run("email carol carol-password carol@example.org");
  verify_addresses(*store_, *accounts_);
  // Carol signed in from her phone once: the phone keeps its device key.
  const SignIn phone = accounts_->login("carol", "carol-password", LoginClient("198.51.100.7"));
  ASSERT_FALSE(phone.device.empty());
  spread_attack("carol", 160);
  // Unknown clients of the account wait (the attack is slowed in total) ...
  EXPECT_EQ(error_of([&] { accounts_->authenticate("carol", "carol-password", "203.0.113.9"); }).code(),
            "too_many_attempts");
  // ... but her phone, her own mail address and the server machine's command line get in at once.
  EXPECT_EQ(accounts_->login("carol", "carol-password", LoginClient("198.51.100.200", phone.device)).user, "carol");
  EXPECT_EQ(accounts_->authenticate("carol", "carol-password", "mail:carol@example.org"), "carol");
  EXPECT_EQ(run("mailpref carol carol-password").rfind("Mail for carol", 0), 0u) << "ludus pbm works";
  // A device key of another account, or a made-up one, is an unknown client.
  const SignIn dave = [&] {
    signup("dave", "dave-password");
    return accounts_->login("dave", "dave-password", LoginClient("192.0.2.1"));
  }();
  EXPECT_EQ(error_of([&] { accounts_->authenticate("carol", "carol-password", LoginClient("192.0.2.1", dave.device)); })
                .code(),
            "too_many_attempts");
  EXPECT_EQ(error_of([&] { accounts_->authenticate("carol", "carol-password", LoginClient("192.0.2.1", "feed")); })
                .code(),
            "too_many_attempts");
}

TEST_F(AvailabilityTest, AKnownClientsOwnFailuresSlowOnlyItself) {
  signup("carol", "carol-password");
  const SignIn phone = accounts_->login("carol", "carol-password", LoginClient("198.51.100.7"));
  const LoginClient phone_client("198.51.100.7", phone.device);
  for (int i = 0; i < LoginThrottle::kFreeFailures; ++i)
    EXPECT_EQ(http_status(error_of([&] { accounts_->authenticate("carol", "typo", phone_client); })), 401);
  EXPECT_EQ(error_of([&] { accounts_->authenticate("carol", "carol-password", phone_client); }).code(),
            "too_many_attempts")
      << "a stolen phone guessing is slowed";
  EXPECT_EQ(accounts_->authenticate("carol", "carol-password", "198.51.100.8"), "carol")
      << "her laptop, an unknown client, is not slowed by the phone's failures";
}

TEST_F(AvailabilityTest, AttackersAreSlowedPerAddressAndInTotal) {
  signup("carol", "carol-password");
  signup("erin", "erin-password");
  // One address: slowed after its free failures, for every account it tries.
  for (int i = 0; i < LoginThrottle::kFreeFailures; ++i)
    EXPECT_EQ(http_status(error_of([&] { accounts_->authenticate("carol", "guess", "192.0.2.50"); })), 401);
  EXPECT_EQ(error_of([&] { accounts_->authenticate("erin", "erin-password", "192.0.2.50"); }).code(), "too_many_attempts");
  // Many addresses: slowed together per account, each refusal costing no hash.
  now_ += LoginThrottle::kMaxDelaySeconds;
  spread_attack("erin", 40);
  const FailureCount total = [&] {
    auto session = store_->session();
    return failure_count(session, "account", "erin");
  }();
  EXPECT_GE(total.count, LoginThrottle::kFreeFailures);
  EXPECT_LT(total.count, 40) << "most of the spread attempts were refused before any hash";
}

TEST_F(AvailabilityTest, ACodeResetSignsTheOwnerInWhileTheAttackGoesOn) {
  signup("carol", "carol-password");
  run("email carol carol-password carol@example.org");
  verify_addresses(*store_, *accounts_);
  spread_attack("carol", 60);
  run("reset carol");
  std::string code;
  {
    auto session = store_->session();
    auto q = session.connection().query("SELECT body, secret FROM outbox WHERE recipient = 'carol@example.org' ORDER BY id DESC");
    ASSERT_TRUE(q.step());
    code = mailed_code(with_secret(q.text(0), q.text(1)));
  }
  // Strangers guess codes too, from everywhere.
  for (int i = 0; i < 30; ++i)
    EXPECT_EQ(error_of([&] { accounts_->reset_password("carol", "ZZZZZ-ZZZZZ", "new-password-1", "10.77.0." + std::to_string(i)); })
                  .code(),
              "bad_code");
  const SignIn in = accounts_->reset_password("carol", code, "new-password-1", "203.0.113.40");
  EXPECT_EQ(in.user, "carol");
  EXPECT_EQ(accounts_->user_for_token(in.token), "carol");
  // Her new device key makes that browser a known client: the next sign-in works too.
  EXPECT_EQ(accounts_->login("carol", "new-password-1", LoginClient("203.0.113.41", in.device)).user, "carol");
}

TEST_F(AvailabilityTest, ANewPasswordForgetsEveryDevice) {
  signup("carol", "carol-password");
  const SignIn phone = accounts_->login("carol", "carol-password", LoginClient("198.51.100.7"));
  const SignIn again = accounts_->login("carol", "carol-password", LoginClient("198.51.100.9", phone.device));
  EXPECT_EQ(again.device, phone.device) << "a known device keeps its key";
  EXPECT_EQ(rows("SELECT COUNT(*) FROM login_devices"), 1);
  accounts_->change_password("carol", "carol-password", "another-password", LoginClient("198.51.100.7", phone.device));
  EXPECT_EQ(rows("SELECT COUNT(*) FROM login_devices"), 0);
  // Device keys are stored hashed.
  accounts_->login("carol", "another-password", "198.51.100.7");
  auto session = store_->session();
  auto q = session.connection().query("SELECT device_hash FROM login_devices");
  ASSERT_TRUE(q.step());
  EXPECT_NE(q.text(0), phone.device);
  EXPECT_EQ(q.text(0).size(), 64u);
}

TEST_F(AvailabilityTest, AnAccountRemembersAtMostItsLimitOfDevices) {
  signup("carol", "carol-password");
  for (int i = 0; i < Accounts::kDevicesPerAccount + 5; ++i) {
    now_ += 1;
    accounts_->login("carol", "carol-password", "198.51.100." + std::to_string(i));
  }
  EXPECT_EQ(rows("SELECT COUNT(*) FROM login_devices"), Accounts::kDevicesPerAccount);
}

// Finding 9: the reply to a reset request comes before any lookup, and does the same work for
// an account with a verified address as for a name nobody has: one queued row.
TEST_F(AvailabilityTest, AResetRequestDoesTheSameWorkWhateverTheName) {
  signup("carol", "carol-password");
  run("email carol carol-password carol@example.org");
  verify_addresses(*store_, *accounts_);
  accounts_->set_reset_listener(nullptr);  // no worker: the queue as the reply leaves it
  const auto before_mail = rows("SELECT COUNT(*) FROM outbox");
  for (const char* name : {"carol", "nobody-here", "-bad id-"}) {
    accounts_->request_reset(name, "192.0.2.3");
    EXPECT_EQ(rows("SELECT COUNT(*) FROM outbox"), before_mail) << name << ": no mail queued by the request";
    EXPECT_EQ(rows("SELECT COUNT(*) FROM account_codes WHERE purpose = 'reset'"), 0) << name;
  }
  EXPECT_EQ(rows("SELECT COUNT(*) FROM reset_requests"), 3);
  EXPECT_EQ(accounts_->answer_reset_requests(), 3);
  EXPECT_EQ(rows("SELECT COUNT(*) FROM reset_requests"), 0);
  EXPECT_EQ(rows("SELECT COUNT(*) FROM outbox"), before_mail + 1) << "carol alone gets a code";
  EXPECT_EQ(rows("SELECT COUNT(*) FROM account_codes WHERE purpose = 'reset'"), 1);
}

// Over HTTP behind a trusted proxy, the audit's attack as it was run: a wrong login for carol
// from a new address each time.  The page's device key (X-Ludus-Device) keeps her in.
class HttpAvailabilityTest : public HttpFixture {
 protected:
  void SetUp() override {
    config_.limits.trusted_proxies = {"127.0.0.1"};
    HttpFixture::SetUp();
  }
  HttpReply post_from(const std::string& address, const std::string& path, const nlohmann::json& body,
                      const std::string& device = "") {
    HeaderList headers{{"X-Forwarded-For", address}};
    if (!device.empty()) headers.push_back({"X-Ludus-Device", device});
    return reply_of(client().request(http::verb::post, path, body.dump(), headers));
  }
};

TEST_F(HttpAvailabilityTest, TheOwnersBrowserSignsInWhileStrangersHammerHerAccount) {
  ASSERT_EQ(post_from("198.51.100.7", "/api/signup", {{"user", "carol"}, {"password", "carol-password"}}).status, 201);
  const auto first = post_from("198.51.100.7", "/api/login", {{"user", "carol"}, {"password", "carol-password"}});
  ASSERT_EQ(first.status, 200) << first.body;
  const std::string device = first.json.value("device", "");
  ASSERT_EQ(device.size(), 64u) << first.body;
  int refused_unhashed = 0;
  for (int i = 0; i < 60; ++i) {
    const auto r = post_from("10.66.0." + std::to_string(i + 1), "/api/login", {{"user", "carol"}, {"password", "guess"}});
    ASSERT_TRUE(r.status == 401 || r.status == 429) << r.body;
    refused_unhashed += r.status == 429;
  }
  EXPECT_GT(refused_unhashed, 40);
  const auto stranger = post_from("203.0.113.5", "/api/login", {{"user", "carol"}, {"password", "carol-password"}});
  EXPECT_EQ(stranger.status, 429) << "an unknown client of the account waits";
  const auto owner =
      post_from("198.51.100.99", "/api/login", {{"user", "carol"}, {"password", "carol-password"}}, device);
  EXPECT_EQ(owner.status, 200) << owner.body;
  EXPECT_EQ(owner.json.value("device", ""), device);
  // The command grammar over HTTP takes the same header.
  const auto command = reply_of(client().request(http::verb::post, "/api/command", "mailpref carol carol-password",
                                                 {{"X-Forwarded-For", "198.51.100.99"}, {"X-Ludus-Device", device}},
                                                 "text/plain"));
  EXPECT_EQ(command.status, 200) << command.body;
}

}  // namespace
}  // namespace ludus::server::testing
