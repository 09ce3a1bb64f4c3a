// SPDX-License-Identifier: Apache-2.0
// HEAD: every GET route (the page, static files, /api/...) answers a HEAD like the GET, with
// the same status and headers (Content-Length of the GET's body) and no body (RFC 9110
// §9.3.2), and the kept connection goes on with the next request.
#include "http_test_support.h"

namespace ludus::server::testing {
namespace {

class HttpHeadTest : public HttpFixture {
 protected:
  void SetUp() override {
    std::ofstream(web_.file("app.js")) << "console.log('ludus');\n";  // before the page's snapshot
    HttpFixture::SetUp();
  }
  std::string raw(const std::string& bytes) {
    return HttpClient("127.0.0.1", server_->port(), std::chrono::seconds(10)).raw(bytes);
  }
};

TEST_F(HttpHeadTest, HeadAnswersLikeGetWithoutABody) {
  const std::string alice = account("alice");
  account("bob");
  auto made = post("/api/games", {{"game", "ndengrod"}, {"options", {{"size", 3}}}, {"players", {"alice", "bob"}}}, alice);
  ASSERT_EQ(made.status, 201) << made.body;
  const std::string board = "/api/games/" + made.json["board"].dump();
  const std::string revision = made.json["revision"].dump();
  for (const std::string& path : std::vector<std::string>{"/", "/index.html", "/app.js", "/missing.js", "/api/health", "/api/catalog",
                                 "/api/games?status=active", board, board + "/history", board + "/record.sgf",
                                 board + "?move=0", "/api/games/999", "/api/offers", "/api/rules/ndengrod",
                                 "/api/nothing-here", board + "?wait=1&revision=" + revision}) {
    SCOPED_TRACE(path);
    HttpClient c = client();
    const HttpResult got = c.get(path);
    const HttpResult head = c.request(http::verb::head, path);
    ASSERT_NE(got.status, 0) << got.error;
    ASSERT_NE(head.status, 0) << head.error;
    EXPECT_EQ(head.status, got.status);
    EXPECT_EQ(head.header("Content-Length"), std::to_string(got.body.size()));
    EXPECT_EQ(head.header("Content-Type"), got.header("Content-Type"));
    EXPECT_EQ(head.header("Content-Security-Policy"), got.header("Content-Security-Policy"));
    EXPECT_EQ(head.body, "");
    // No body bytes were sent: the next reply on the kept connection reads cleanly.
    const HttpResult after = c.get("/api/health");
    EXPECT_EQ(after.status, 200) << after.error;
    EXPECT_EQ(after.json(), nlohmann::json({{"ok", true}}));
  }
}

TEST_F(HttpHeadTest, TheWireCarriesNoBodyAndWritesStayRefused) {
  const std::string reply = raw("HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  ASSERT_EQ(reply.rfind("HTTP/1.1 200 ", 0), 0u) << reply;
  EXPECT_EQ(reply.find("\r\n\r\n") + 4, reply.size()) << "nothing after the header: " << reply;
  EXPECT_NE(reply.find("Content-Length: "), std::string::npos) << reply;
  // HEAD stands for GET only: a path that only takes POST still says so.
  EXPECT_EQ(client().request(http::verb::head, "/api/login").status, 405);
}

}  // namespace
}  // namespace ludus::server::testing
