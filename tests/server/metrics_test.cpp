// SPDX-License-Identifier: Apache-2.0
// GET /metrics (Prometheus' text format), the request ids, /api/ready against /api/health,
// and what a stopping server tells its clients (WebSocket close 1012, long polls answered).
#include <cstring>
#include <future>
#include <regex>
#include <set>

#include "ops_test_support.h"
#include "server/base/metrics.h"
#include "server/base/enum_names.h"
#include "server/storage/mail_store.h"
#include "support/files.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;

class MetricsTest : public HttpFixture {
 protected:
  void SetUp() override {
    config_.metrics_on_main_port = true;
    config_.metrics_port = 0;  // and a port of its own
    HttpFixture::SetUp();
  }
  std::string scrape() {
    auto r = client().get("/metrics");
    EXPECT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(r.header("Content-Type"), std::string(metrics::kContentType));
    return r.body;
  }
};

TEST_F(MetricsTest, CountsMovesAndRequestsByRouteTemplate) {
  const std::string before = scrape();
  const double moves_before = sample(before, R"(ludus_moves_accepted_total{game="ndengrod"})").value_or(0);
  TwoPlayers players(server_->port());
  const int64_t board = players.new_board();
  ASSERT_GT(board, 0);
  for (int ply = 1; ply <= 3; ++ply) ASSERT_EQ(players.play(board, ply).status, 200) << ply;
  EXPECT_EQ(get("/api/games/" + std::to_string(board) + "/move").status, 405);

  const std::string after = scrape();
  EXPECT_EQ(sample(after, R"(ludus_moves_accepted_total{game="ndengrod"})"), moves_before + 3) << after;
  EXPECT_NE(after.find("# TYPE ludus_moves_accepted_total counter"), std::string::npos);
  EXPECT_NE(after.find("# TYPE ludus_http_request_duration_seconds histogram"), std::string::npos);
  EXPECT_GE(sample(after, R"(ludus_http_requests_total{method="POST",route="/api/games/{id}/{name}",status="200"})").value_or(0), 3)
      << after;
  EXPECT_GE(sample(after, R"(ludus_http_requests_total{method="GET",route="none",status="405"})").value_or(0), 1) << after;
  // Bounded labels: route templates, never a path as a client wrote it.
  EXPECT_EQ(after.find("route=\"/api/games/" + std::to_string(board)), std::string::npos) << after;
  EXPECT_EQ(sample(after, R"(ludus_boards_active{game="ndengrod"})"), 1) << after;
  EXPECT_EQ(sample(after, R"(ludus_boards_active{game="epoxy"})"), 0) << after;
  EXPECT_GE(sample(after, "ludus_board_changes_total").value_or(0), 3);
  EXPECT_GE(sample(after, "ludus_board_replays_total").value_or(-1), 0);
  EXPECT_GE(sample(after, R"(ludus_db_transactions_total{engine=")" + std::string(testing_postgres() ? "postgresql" : "sqlite") +
                              R"(",kind="write",outcome="commit"})").value_or(0), 3) << after;
  EXPECT_EQ(sample(after, "ludus_ready"), 1);
  EXPECT_EQ(sample(after, "ludus_ai_queue_length"), 0);
  EXPECT_GT(sample(after, "process_resident_memory_bytes").value_or(0), 1e6);
  EXPECT_GT(sample(after, "process_start_time_seconds").value_or(0), 1.7e9);
  EXPECT_EQ(sample(after, R"(ludus_mail_outbox_messages{status="queued"})"), 0) << after;
}

// Mails are read by `ludus mail`, other processes: their counts come from the database,
// by outcome and reason, every series there from the start.
TEST_F(MetricsTest, MailsReceivedAreCountedFromTheDatabase) {
  const std::string before = scrape();
  EXPECT_EQ(sample(before, R"(ludus_mail_received_total{outcome="refused",reason="bad_password"})"), 0) << before;
  EXPECT_EQ(sample(before, R"(ludus_mail_received_total{outcome="ignored",reason="flooded"})"), 0) << before;
  EXPECT_EQ(before.find(R"(reason="unrecorded")"), std::string::npos) << "only where the database has such counts";
  {
    Store other_process(config_.db_path);
    auto session = other_process.session();
    auto tx = session.write();
    count_received_mail(session, MailReason::BadPassword);
    count_received_mail(session, MailReason::BadPassword);
    count_received_mail(session, MailReason::None);
    count_received_mail(session, MailReason::Automatic);
    tx.commit();
  }
  const std::string after = scrape();
  EXPECT_EQ(sample(after, R"(ludus_mail_received_total{outcome="refused",reason="bad_password"})"), 2) << after;
  EXPECT_EQ(sample(after, R"(ludus_mail_received_total{outcome="answered",reason="none"})"), 1) << after;
  EXPECT_EQ(sample(after, R"(ludus_mail_received_total{outcome="ignored",reason="automatic"})"), 1) << after;
  EXPECT_EQ(sample(after, R"(ludus_mail_received_total{outcome="refused",reason="bad_command"})"), 0) << after;
  // Every (outcome, reason) pair is one the code writes: a reason belongs to one outcome.
  const std::regex series(R"re(ludus_mail_received_total\{outcome="([a-z]+)",reason="([a-z_]+)"\})re");
  int pairs = 0;
  for (auto it = std::sregex_iterator(after.begin(), after.end(), series); it != std::sregex_iterator(); ++it, ++pairs) {
    const auto reason = enum_by_name<MailReason>((*it)[2].str(), kMailReasonNames);
    ASSERT_TRUE(reason) << it->str();
    EXPECT_EQ(received_mail_name(outcome_of(*reason)), (*it)[1].str()) << it->str();
  }
  EXPECT_EQ(pairs, static_cast<int>(kMailReasonNames.size()) - 1) << after;
}

TEST_F(MetricsTest, OpenWebSocketsAndWaitingLongPollsAreGauges) {
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  EXPECT_EQ(sample(scrape(), "ludus_websocket_connections"), 1);
}

TEST_F(MetricsTest, TheMetricsPortServesTheMetricsOnly) {
  ASSERT_GT(server_->metrics_port(), 0);
  HttpClient c("127.0.0.1", server_->metrics_port());
  EXPECT_EQ(get("/api/health").status, 200);  // a request to count (a fresh process has none)
  auto r = c.get("/metrics");
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.body.find("ludus_http_requests_total"), std::string::npos);
  EXPECT_EQ(c.get("/api/health").status, 404);
  EXPECT_EQ(c.request(http::verb::post, "/metrics").status, 405);
}

// Every metric the shipped dashboard and alert rules ask for is one the server writes.
TEST_F(MetricsTest, TheDashboardAndAlertRulesNameOnlyMetricsTheServerHas) {
  EXPECT_EQ(get("/api/health").status, 200);  // requests are written once there is one
  const std::string scraped = scrape();
  for (const char* file : {"packaging/grafana/ludus-dashboard.json", "packaging/prometheus/ludus-rules.yml"}) {
    const std::string text = ludus::testing::read_text(ludus::testing::source_dir() / file);
    ASSERT_FALSE(text.empty()) << file;
    const std::regex name(R"((ludus|process)_[a-z_]+)");
    int names = 0;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), name); it != std::sregex_iterator(); ++it) {
      std::string metric = it->str();
      for (const char* suffix : {"_bucket", "_sum", "_count"})
        if (metric.size() > std::strlen(suffix) && metric.ends_with(suffix) &&
            scraped.find("# TYPE " + metric.substr(0, metric.size() - std::strlen(suffix)) + " histogram") != std::string::npos)
          metric.resize(metric.size() - std::strlen(suffix));
      EXPECT_NE(scraped.find("# TYPE " + metric + " "), std::string::npos) << file << " names " << metric;
      ++names;
    }
    EXPECT_GT(names, 5) << file;
  }
}

// Behind a trusted proxy the proxy's request id is kept (its log and ours then agree),
// when it is a sane one.
class ProxiedRequestIdTest : public HttpFixture {
 protected:
  void SetUp() override {
    config_.limits.trusted_proxies = {"127.0.0.1"};
    HttpFixture::SetUp();
  }
};

TEST_F(ProxiedRequestIdTest, TheProxysIdIsKeptWhenWellFormed) {
  EXPECT_EQ(client().get("/api/health", {{"X-Request-Id", "edge-7f3a.42_x"}}).header("X-Request-Id"), "edge-7f3a.42_x");
  for (const std::string& bad : {std::string("has space"), std::string(65, 'a'), std::string("new\\line"), std::string("")}) {
    const std::string id = client().get("/api/health", {{"X-Request-Id", bad}}).header("X-Request-Id");
    EXPECT_NE(id, bad);
    EXPECT_EQ(id.size(), 16u) << bad;
  }
}

class NoMetricsTest : public HttpFixture {};

TEST_F(NoMetricsTest, TheMainPortHasNoMetricsUnlessAsked) {
  EXPECT_EQ(get("/metrics").status, 404);
  EXPECT_EQ(server_->metrics_port(), -1);
}

TEST_F(MetricsTest, EveryReplyNamesItsOwnRequestId) {
  std::set<std::string> ids;
  for (const std::string path : {"/api/health", "/api/catalog", "/api/nowhere", "/", "/metrics"}) {
    auto r = client().get(path);
    const std::string id = r.header("X-Request-Id");
    EXPECT_EQ(id.size(), 16u) << path;
    ids.insert(id);
  }
  EXPECT_EQ(ids.size(), 5u);
  // From a client that is no trusted proxy, a given id is not taken over.
  auto r = client().get("/api/health", {{"X-Request-Id", "chosen-by-client"}});
  EXPECT_NE(r.header("X-Request-Id"), "chosen-by-client");
}

TEST_F(MetricsTest, ReadyTurnsUnavailableWhileDrainingAndHealthDoesNot) {
  EXPECT_EQ(get("/api/ready").status, 200);
  server_->drain();
  auto ready = get("/api/ready");
  EXPECT_EQ(ready.status, 503);
  EXPECT_EQ(ready.json["code"], "not_ready");
  EXPECT_EQ(get("/api/health").status, 200);
  EXPECT_EQ(sample(scrape(), "ludus_ready"), 0);
  // Draining still serves everything else.
  EXPECT_EQ(get("/api/catalog").status, 200);
}

TEST_F(MetricsTest, AStopClosesWebSocketsWith1012AndAnswersWaitingLongPolls) {
  TwoPlayers players(server_->port());
  const int64_t board = players.new_board();
  ASSERT_GT(board, 0);
  const int revision = get("/api/games/" + std::to_string(board)).json.value("revision", 0);
  WebSocketClient ws("127.0.0.1", server_->port(), std::chrono::seconds(10));
  ASSERT_TRUE(ws.connect()) << ws.error();
  auto poll = std::async(std::launch::async, [&] {
    HttpClient c("127.0.0.1", server_->port(), std::chrono::seconds(50));
    return c.get("/api/games/" + std::to_string(board) + "?wait=45&revision=" + std::to_string(revision));
  });
  // The poll is waiting once the server counts it (a scrape runs the probes).
  for (int i = 0; i < 500 && sample(scrape(), "ludus_long_polls_waiting").value_or(0) < 1; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  // The client reads while the server stops, as a browser would: the closing handshake
  // completes before the server's event loop ends.
  auto stopped = std::async(std::launch::async, [&] { server_->stop(); });
  while (ws.receive(std::chrono::seconds(10))) {
  }
  EXPECT_EQ(ws.close_code(), 1012);
  stopped.get();
  const HttpResult answered = poll.get();
  EXPECT_EQ(answered.status, 200) << answered.error;  // the board as it is, not an error
  EXPECT_EQ(answered.json().value("board", int64_t{0}), board);
}

}  // namespace
}  // namespace ludus::server::testing
