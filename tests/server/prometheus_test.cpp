// SPDX-License-Identifier: Apache-2.0
// The bar of docs/operations.md: Debian's Prometheus, started here on loopback with a scrape
// config for a `ludus serve --metrics-port`, scrapes it; its HTTP API then finds the target
// up and the move counter equal to the moves made.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "ops_test_support.h"
#include "serve_child.h"
#include "support/files.h"
#include "support/free_port.h"

namespace ludus::server::testing {
namespace {

constexpr const char* kPrometheus = "/usr/bin/prometheus";

using ludus::testing::free_port;

// The port of "metrics on http://127.0.0.1:PORT/metrics" in a server's log.
int metrics_port_in(const std::string& log) {
  const std::string text = ludus::testing::read_text(log);
  const std::string marker = "metrics on http://127.0.0.1:";
  const size_t at = text.find(marker);
  return at == std::string::npos ? 0 : std::atoi(text.c_str() + at + marker.size());
}

// Prometheus on loopback with its data in `dir`; stopped (SIGTERM, then waited for) at the end.
struct PrometheusProcess {
  pid_t pid = -1;
  int port = 0;

  PrometheusProcess(const TempDir& dir, int target_port) : port(free_port()) {
    std::ofstream(dir.file("prometheus.yml")) << "global:\n"
                                                 "  scrape_interval: 1s\n"
                                                 "  evaluation_interval: 1s\n"
                                                 "scrape_configs:\n"
                                                 "  - job_name: ludus\n"
                                                 "    static_configs:\n"
                                                 "      - targets: ['127.0.0.1:"
                                              << target_port << "']\n";
    std::vector<std::string> args = {kPrometheus,
                                     "--config.file=" + dir.file("prometheus.yml"),
                                     "--storage.tsdb.path=" + dir.file("data"),
                                     "--web.listen-address=127.0.0.1:" + std::to_string(port),
                                     "--log.level=warn"};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const std::string log = dir.file("prometheus.log");
    pid = fork();
    if (pid == 0) {
      if (!std::freopen(log.c_str(), "w", stderr)) _exit(126);
      execv(kPrometheus, argv.data());
      _exit(127);
    }
  }
  ~PrometheusProcess() {
    if (pid <= 0) return;
    kill(pid, SIGTERM);
    waitpid(pid, nullptr, 0);
  }

  // The value of the instant query `expression` when it has one sample; nullopt otherwise.
  std::optional<double> query(const std::string& expression) const {
    HttpClient c("127.0.0.1", port, std::chrono::seconds(5));
    const auto reply = c.get("/api/v1/query?query=" + percent_encode(expression)).json();
    if (!reply.is_object() || reply.value("status", "") != "success") return std::nullopt;
    const auto& result = reply["data"]["result"];
    if (!result.is_array() || result.size() != 1) return std::nullopt;
    return std::stod(result[0]["value"][1].get<std::string>());
  }

  // Waits (at most a minute) until `expression` has the value `wanted`; returns the last value.
  std::optional<double> await(const std::string& expression, double wanted) const {
    std::optional<double> value;
    for (int i = 0; i < 600; ++i) {
      value = query(expression);
      if (value == wanted) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return value;
  }
};

TEST(PrometheusTest, ARealPrometheusScrapesTheServerAndCountsTheMoves) {
  ASSERT_TRUE(std::filesystem::exists(kPrometheus)) << kPrometheus << " is missing: ./ludus.sh installs Debian's prometheus";
  TempDir dir;
  ServeChild server(test_database(dir.file("prom.db")), dir.file("serve.log"), {"--metrics-port", "0"});
  ASSERT_GT(server.port, 0);
  const int metrics_port = metrics_port_in(dir.file("serve.log"));
  ASSERT_GT(metrics_port, 0);
  PrometheusProcess prometheus(dir, metrics_port);

  TwoPlayers players(server.port);
  const int64_t board = players.new_board();
  ASSERT_GT(board, 0);
  constexpr int kMoves = 5;
  for (int ply = 1; ply <= kMoves; ++ply) ASSERT_EQ(players.play(board, ply).status, 200) << ply;

  EXPECT_EQ(prometheus.await(R"(up{job="ludus"})", 1), 1) << "the scrape target is not up";
  EXPECT_EQ(prometheus.await("sum(ludus_moves_accepted_total)", kMoves), kMoves);
  EXPECT_EQ(prometheus.await(R"(ludus_boards_active{game="ndengrod"})", 1), 1);
}

}  // namespace
}  // namespace ludus::server::testing
