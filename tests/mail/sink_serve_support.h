// SPDX-License-Identifier: Apache-2.0
#pragma once
// A running `ludus serve` (in process: server::testing::HttpFixture) whose mail goes to the
// real SMTP sink, on the test's own clock, and accounts with verified addresses: what the
// tests of mails sent by a server share.
#include <atomic>
#include <chrono>
#include <memory>

#include "mail/mail_test_support.h"
#include "server/http_test_support.h"

namespace ludus::mail_testing {

class SinkServe : public server::testing::HttpFixture {
 protected:
  // Tests that need more of the server's config_ set it in their SetUp before calling this one.
  void SetUp() override {
    sink_ = std::make_unique<SmtpSink>(sink_dir_.path() / "sink");
    config_.mail.smtp_url = sink_->url();
    config_.mail.from_address = "ludus@games.example.org";
    config_.mail_interval = std::chrono::milliseconds(100);
    config_.clock = [this] { return now_.load(); };
    HttpFixture::SetUp();
  }
  std::vector<SinkMessage> await_messages(size_t count) { return sink_->await_messages(count); }
  static std::string code_in(const SinkMessage& m) { return mailed_code(m.text); }

  // Signs `user` up with an address and verifies it with the mailed code (that mail goes to
  // `verify_mail` when given); returns a token.  `challenges`: "all" starts boards at once,
  // "ask" makes challenges invitations.
  std::string verified_account(const std::string& user, const std::string& challenges = "all",
                               SinkMessage* verify_mail = nullptr) {
    const size_t before = sink_->messages().size();
    EXPECT_EQ(post("/api/signup", {{"user", user}, {"password", "secret-pw"}, {"email", user + "@example.org"}}).status,
              201);
    const auto messages = await_messages(before + 1);
    EXPECT_EQ(messages.size(), before + 1);
    if (messages.size() != before + 1) return "";
    EXPECT_EQ(messages.back().rcpt_to, user + "@example.org");
    EXPECT_EQ(messages.back().header("Subject"), "ludus: verify your address for " + user);
    if (verify_mail) *verify_mail = messages.back();
    auto verified = post("/api/verify", {{"user", user}, {"code", code_in(messages.back())}});
    EXPECT_EQ(verified.status, 200) << verified.body;
    EXPECT_EQ(verified.json.value("email", ""), user + "@example.org");
    const std::string token = post("/api/login", {{"user", user}, {"password", "secret-pw"}}).json.value("token", "");
    EXPECT_EQ(post("/api/me/limits", {{"challenges", challenges}}, token).status, 200);
    return token;
  }

  std::atomic<int64_t> now_{server::testing::kTestTime};
  server::testing::TempDir sink_dir_;
  std::unique_ptr<SmtpSink> sink_;
};

}  // namespace ludus::mail_testing
