// SPDX-License-Identifier: Apache-2.0
// Account recovery and verified addresses (docs/security.md, "Account recovery"): the reset
// code works once, expires, is bound to its account, answers the same whether or not the
// account exists, is rate-limited and slowed like a password; notifications wait for a
// verified address.  On SQLite and (pg/) PostgreSQL.
#include "server/mail/mail_notifier.h"
#include "server/server_test_support.h"
#include "server/storage/community_store.h"
#include "server/storage/mail_store.h"

namespace ludus::server::testing {
namespace {

class RecoveryTest : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    service_->set_event_sink(mail_notifier([this] { return now_; }));
  }
  // The queued mails to `address`, oldest first: {subject, body}.
  std::vector<std::pair<std::string, std::string>> mails_to(const std::string& address) {
    auto session = store_->session();
    auto q = session.connection().query("SELECT subject, body, secret FROM outbox WHERE recipient = ?1 ORDER BY id");
    q.bind(1, address);
    std::vector<std::pair<std::string, std::string>> out;
    while (q.step()) out.emplace_back(q.text(0), with_secret(q.text(1), q.text(2)));  // as it is sent
    return out;
  }
  // The code in the newest mail to `address`.
  std::string last_code(const std::string& address) {
    const auto mails = mails_to(address);
    return mails.empty() ? "" : mailed_code(mails.back().second);
  }
  // alice with a verified address.
  void verified_alice() {
    accounts_->signup("alice", "secret-pw", "alice@example.org");
    ASSERT_EQ(accounts_->verify_email("alice", last_code("alice@example.org")), "alice@example.org");
  }
};

TEST_F(RecoveryTest, SignupMailsACodeAndTheAddressGetsNoticesOnlyOnceVerified) {
  accounts_->signup("alice", "secret-pw", "alice@example.org");
  signup("bob");
  auto mails = mails_to("alice@example.org");
  ASSERT_EQ(mails.size(), 1u);
  EXPECT_EQ(mails[0].first, "ludus: verify your address for alice");
  EXPECT_EQ(store_->session().find_user("alice")->email, "");
  EXPECT_EQ(store_->session().find_user("alice")->pending_email, "alice@example.org");
  service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  EXPECT_EQ(mails_to("alice@example.org").size(), 1u) << "no notice to an unverified address";
  EXPECT_EQ(run("verify alice " + lowercase(last_code("alice@example.org"))),
            "alice@example.org is verified: mail about your boards goes there.\n")
      << "codes are read in any case";
  service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  EXPECT_EQ(mails_to("alice@example.org").size(), 2u) << "the verified address gets the notice";
}

TEST_F(RecoveryTest, ANewAddressWaitsForItsCodeWhileTheOldOneKeepsTheMail) {
  verified_alice();
  run("email alice secret-pw alice@new.example");
  const auto record = store_->session().find_user("alice");
  EXPECT_EQ(record->email, "alice@example.org");
  EXPECT_EQ(record->pending_email, "alice@new.example");
  const std::string code = last_code("alice@new.example");
  ASSERT_FALSE(code.empty());
  EXPECT_EQ(error_of([&] { accounts_->verify_email("bob", code); }).code(), "bad_code") << "another account's code";
  EXPECT_EQ(accounts_->verify_email("alice", code), "alice@new.example");
  EXPECT_EQ(store_->session().find_user("alice")->email, "alice@new.example");
  EXPECT_EQ(error_of([&] { accounts_->verify_email("alice", code); }).code(), "bad_code") << "used once";
  // A code mailed to an address given up since is void.
  run("email alice secret-pw first@x.example");
  const std::string first = last_code("first@x.example");
  run("email alice secret-pw second@x.example");
  EXPECT_EQ(error_of([&] { accounts_->verify_email("alice", first); }).code(), "bad_code");
  EXPECT_EQ(run("email alice secret-pw -"), "Address of alice: none.\n");
}

TEST_F(RecoveryTest, AResetCodeWorksOnceRevokesTokensAndExpires) {
  verified_alice();
  const std::string token = accounts_->login("alice", "secret-pw").token;
  const std::string asked = run("reset alice");
  ASSERT_EQ(mails_to("alice@example.org").size(), 2u);
  EXPECT_EQ(mails_to("alice@example.org").back().first, "ludus: password reset code for alice");
  const std::string code = last_code("alice@example.org");
  EXPECT_EQ(run("reset alice " + code + " brand-new-pw"),
            "Password changed for alice: every session of the account is logged out.\n");
  EXPECT_EQ(error_of([&] { accounts_->user_for_token(token); }).kind(), ErrorKind::Unauthorized);
  EXPECT_EQ(accounts_->authenticate("alice", "brand-new-pw"), "alice");
  EXPECT_EQ(run_error("reset alice " + code + " another-pw-1").code(), "bad_code") << "a code works once";
  EXPECT_EQ(http_status(run_error("reset alice " + code + " another-pw-1")), 401);
  // A new code, past its lifetime.
  run("reset alice");
  const std::string late = last_code("alice@example.org");
  ASSERT_NE(late, code);
  now_ += accounts_->code_lifetimes().reset;
  EXPECT_EQ(run_error("reset alice " + late + " another-pw-1").code(), "bad_code") << "expired";
  EXPECT_EQ(accounts_->authenticate("alice", "brand-new-pw"), "alice");
  EXPECT_EQ(run_error("reset alice " + late + " short").code(), "bad_password") << "checked before the code";
}

TEST_F(RecoveryTest, TheAnswerIsTheSameWhetherOrNotTheAccountExists) {
  verified_alice();
  signup("bob");  // no address
  accounts_->signup("carol", "secret-pw", "carol@example.org");  // not verified
  const std::string known = run("reset alice");
  for (const char* other : {"nobody", "bob", "carol", "BAD!ID", "ai:easy"}) {
    EXPECT_EQ(run(std::string("reset ") + other), known) << other;
  }
  auto session = store_->session();
  EXPECT_EQ(count_mail(session, OutboxStatus::Queued), 3) << "two verification mails and alice's one code";
  EXPECT_EQ(mails_to("carol@example.org").size(), 1u) << "no reset code to an unverified address";
}

TEST_F(RecoveryTest, CodeMailsToOneAccountAndRequestsFromOneAddressAreLimited) {
  verified_alice();
  for (int i = 0; i < 6; ++i) run("reset alice");
  EXPECT_EQ(mails_to("alice@example.org").size(), 1u + Accounts::kCodeMailsPerHour) << "an account is not mail-bombed";
  now_ += 3601;
  run("reset alice");
  EXPECT_EQ(mails_to("alice@example.org").size(), 2u + Accounts::kCodeMailsPerHour);
  // Per client address, known user or not alike.
  accounts_->limit_reset_requests(2);
  accounts_->request_reset("nobody", "10.0.0.9");
  accounts_->request_reset("alice", "10.0.0.9");
  const ServiceError refused = error_of([&] { accounts_->request_reset("nobody", "10.0.0.9"); });
  EXPECT_EQ(refused.code(), "rate_limited");
  EXPECT_EQ(error_of([&] { accounts_->request_reset("alice", "10.0.0.9"); }).code(), "rate_limited");
  accounts_->request_reset("alice", "10.0.0.10");  // another address is not held up
}

TEST_F(RecoveryTest, GuessingCodesIsSlowedPerClientAndNeverVoidsTheOwnersCode) {
  verified_alice();
  run("reset alice");
  const std::string code = last_code("alice@example.org");
  for (int i = 0; i < LoginThrottle::kFreeFailures; ++i)
    EXPECT_EQ(error_of([&] { accounts_->reset_password("alice", "ZZZZZ-ZZZZ" + std::to_string(i), "guess-pw-1", "10.1.1.1"); })
                  .code(),
              "bad_code");
  EXPECT_EQ(error_of([&] { accounts_->reset_password("alice", code, "guess-pw-1", "10.1.1.1"); }).code(),
            "too_many_attempts")
      << "the guessing address waits, even with the right code";
  // Strangers spread over many addresses guess on: each is counted on its own address.
  for (int i = 0; i < 40; ++i)
    EXPECT_EQ(error_of([&] {
                accounts_->reset_password("alice", "YYYYY-YYYY" + std::to_string(i % 10), "guess-pw-1",
                                          "10.2.0." + std::to_string(i));
              }).code(),
              "bad_code");
  // ... and the owner's code, from her own address, still works at once.
  EXPECT_EQ(accounts_->reset_password("alice", code, "right-pw-12", "10.1.1.2").user, "alice");
  // Stored hashed: no code in clear in the table.
  auto session = store_->session();
  auto q = session.connection().query("SELECT COUNT(*) FROM account_codes WHERE code_hash LIKE '%-%'");
  ASSERT_TRUE(q.step());
  EXPECT_EQ(q.integer(0), 0);
}

TEST_F(RecoveryTest, CodesInMalformedShapesAreRefusedCleanly) {
  verified_alice();
  for (const std::string code : {"", "-", "AAAAA-AAAA", "AAAAA-AAAAAA", "UUUUU-UUUUU", "'; DROP TABLE users; --"}) {
    EXPECT_EQ(run_error("reset alice \"" + code + "\" new-password-1").code(), "bad_code") << code;
    now_ += LoginThrottle::kMaxDelaySeconds;  // each a failure: past the throttle's wait
  }
  EXPECT_EQ(Accounts::normalize_code("abcde-fghjk"), "ABCDEFGHJK");
  EXPECT_EQ(Accounts::normalize_code("o1lI0 23456"), "0111023456");
}

TEST_F(RecoveryTest, TheCommandsKeepTheirSecretsOutOfLogs) {
  EXPECT_EQ(CommandInterpreter::redacted({"reset", "alice", "ABCDE-FGHJK", "new-pw"}), "reset alice ***** *****");
  EXPECT_EQ(CommandInterpreter::redacted({"verify", "alice", "ABCDE-FGHJK"}), "verify alice *****");
  EXPECT_EQ(CommandInterpreter::redacted({"email", "alice", "pw", "a@b.c"}), "email alice ***** a@b.c");
  EXPECT_EQ(CommandInterpreter::redacted({"report", "3", "alice", "pw", "spam"}), "report 3 alice ***** spam");
}

}  // namespace
}  // namespace ludus::server::testing
