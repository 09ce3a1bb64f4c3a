#pragma once
// A play server on a loopback ephemeral port, and a small JSON client for it.
#include <httplib.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "server/play_server.h"
#include "server_test_support.h"

namespace ludus::server::testing {

struct HttpReply {
  int status = 0;
  nlohmann::json json;
  std::string body;
  std::string content_type;
};

class HttpFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(web_.file("index.html")) << "<!doctype html><title>ludus</title>\n";
    ServerConfig config;
    config.db_path = dir_.file("http.db");
    config.host = "127.0.0.1";
    config.port = 0;
    config.web_dir = web_.path().string();
    config.passwords = PasswordPolicy::fast();
    config.max_body = 16 * 1024;
    server_ = std::make_unique<PlayServer>(config);
    server_->start();
  }
  void TearDown() override { server_->stop(); }

  httplib::Client client() {
    httplib::Client c("127.0.0.1", server_->port());
    c.set_read_timeout(30, 0);
    return c;
  }

  static HttpReply reply_of(const httplib::Result& r) {
    HttpReply out;
    if (!r) {
      ADD_FAILURE() << "no HTTP response: " << httplib::to_string(r.error());
      return out;
    }
    out.status = r->status;
    out.body = r->body;
    out.content_type = r->get_header_value("Content-Type");
    out.json = nlohmann::json::parse(r->body, nullptr, false);
    return out;
  }
  static httplib::Headers auth(const std::string& token) { return {{"Authorization", "Bearer " + token}}; }

  HttpReply get(const std::string& path, const std::string& token = "") {
    auto c = client();
    return reply_of(token.empty() ? c.Get(path.c_str()) : c.Get(path.c_str(), auth(token)));
  }
  HttpReply post(const std::string& path, const nlohmann::json& body, const std::string& token = "") {
    return post_text(path, body.dump(), token);
  }
  HttpReply post_text(const std::string& path, const std::string& body, const std::string& token = "",
                      const char* type = "application/json") {
    auto c = client();
    return reply_of(token.empty() ? c.Post(path.c_str(), body, type) : c.Post(path.c_str(), auth(token), body, type));
  }

  // Signs up and logs in; returns the token.
  std::string account(const std::string& user, const std::string& password = "secret") {
    auto r = post("/api/signup", {{"user", user}, {"password", password}});
    EXPECT_EQ(r.status, 201) << r.body;
    auto l = post("/api/login", {{"user", user}, {"password", password}});
    EXPECT_EQ(l.status, 200) << l.body;
    return l.json.value("token", "");
  }

  TempDir dir_, web_;
  std::unique_ptr<PlayServer> server_;
};

}  // namespace ludus::server::testing
