// SPDX-License-Identifier: Apache-2.0
#pragma once
// A play server on a loopback ephemeral port, and a small JSON client for it.
#include <fstream>

#include <nlohmann/json.hpp>

#include "server/transport/http_client.h"
#include "server/play_server.h"
#include "server_test_support.h"

namespace ludus::server::testing {

struct HttpReply {
  int status = 0;
  nlohmann::json json;
  std::string body;
  std::string content_type;
  HttpResult result;  // headers and all
};

class HttpFixture : public ::testing::Test {
 protected:
  // Tests that need other limits change config_ in their SetUp before calling this one.
  void SetUp() override {
    std::ofstream(web_.file("index.html")) << "<!doctype html><title>ludus</title>\n";
    config_.db_path = test_database(dir_.file("http.db"));
    config_.host = "127.0.0.1";
    config_.port = 0;
    config_.web_dir = web_.path().string();
    config_.passwords = PasswordPolicy::fast();
    config_.limits.max_body = 16 * 1024;
    config_.limits.requests_per_second = 0;  // the tests send many requests at once
    config_.service_limits.signups_per_hour = 0;  // ... and sign many users up from one address
    server_ = std::make_unique<PlayServer>(config_);
    server_->start();
  }
  void TearDown() override { server_->stop(); }

  HttpClient client() { return HttpClient("127.0.0.1", server_->port()); }

  static HttpReply reply_of(HttpResult r) {
    HttpReply out;
    if (r.status == 0) {
      ADD_FAILURE() << "no HTTP response: " << r.error;
      return out;
    }
    out.status = r.status;
    out.body = r.body;
    out.content_type = r.header("Content-Type");
    out.json = nlohmann::json::parse(r.body, nullptr, false);
    out.result = std::move(r);
    return out;
  }
  static HeaderList auth(const std::string& token) {
    return token.empty() ? HeaderList{} : HeaderList{{"Authorization", "Bearer " + token}};
  }

  HttpReply get(const std::string& path, const std::string& token = "") {
    return reply_of(client().get(path, auth(token)));
  }
  HttpReply post(const std::string& path, const nlohmann::json& body, const std::string& token = "") {
    return post_text(path, body.dump(), token);
  }
  HttpReply post_text(const std::string& path, const std::string& body, const std::string& token = "",
                      const char* type = "application/json") {
    return reply_of(client().request(http::verb::post, path, body, auth(token), type));
  }

  // Signs up and logs in; returns the token.  The account accepts every challenge (a
  // board starts at once) unless `challenges` says otherwise ("ask": invitations).
  std::string account(const std::string& user, const std::string& password = "secret-pw",
                      const std::string& challenges = "all") {
    auto r = post("/api/signup", {{"user", user}, {"password", password}});
    EXPECT_EQ(r.status, 201) << r.body;
    auto l = post("/api/login", {{"user", user}, {"password", password}});
    EXPECT_EQ(l.status, 200) << l.body;
    const std::string token = l.json.value("token", "");
    auto limits = post("/api/me/limits", {{"challenges", challenges}}, token);
    EXPECT_EQ(limits.status, 200) << limits.body;
    return token;
  }

  TempDir dir_, web_;
  ServerConfig config_;
  std::unique_ptr<PlayServer> server_;
};

}  // namespace ludus::server::testing
