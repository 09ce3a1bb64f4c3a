// SPDX-License-Identifier: Apache-2.0
// Load benchmark of `ludus serve` (not a test): starts a server on a temporary database
// on a loopback port (or targets --url), plays random legal moves on M boards from M
// client threads (each reply's BOARD gives the next legal moves and move number), holds
// K idle connections (WebSockets, or raw TCP for servers without /api/ws) and checks
// /api/health meanwhile.  Prints accepted moves/s, move latency p50/p99, health-check
// latency, the CPU time the started servers spent per accepted move (a figure that other
// work on the machine hardly moves, unlike moves/s) and the server's VmRSS.  It stops by itself after --seconds.
//
//   build/server_load --ludus build/ludus --boards 32 --idle 5000 --seconds 10
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <list>
#include <map>
#include <mutex>
#include <random>
#include <regex>
#include <sstream>
#include <thread>

#include <CLI/CLI.hpp>
#include <boost/asio/connect.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket.hpp>

#include "server/transport/http_client.h"
#include "server/transport/http_server.h"

namespace {

using namespace ludus::server;
using Clock = std::chrono::steady_clock;
using nlohmann::json;
namespace asio = boost::asio;
namespace beast = boost::beast;

struct Options {
  std::string ludus, url, game = "ndengrod", idle_kind = "ws";
  int boards = 32, idle = 1000;
  double seconds = 10;
  bool plain = false;  // do not pass the limit options (servers that do not know them)
  std::vector<std::string> server_args;  // more options of `ludus serve`
  uint64_t seed = 1;
  std::string db;      // the started servers' database ("": a temporary SQLite file)
  int instances = 1;   // servers started on that database; boards are spread over them
};

struct Target {
  std::string host = "127.0.0.1";
  int port = 0;
  pid_t pid = 0;
  std::filesystem::path dir;
};

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<size_t>(p * static_cast<double>(values.size())))];
}

double ms_since(Clock::time_point start) { return std::chrono::duration<double, std::milli>(Clock::now() - start).count(); }

// Starts `ludus serve` on a free port; reads the port from its first stderr line.
Target start_server(const Options& o) {
  Target t;
  t.dir = std::filesystem::temp_directory_path() / ("ludus_load_" + std::to_string(getpid()));
  std::filesystem::create_directories(t.dir);
  int err[2];
  if (pipe(err) != 0) throw std::runtime_error("pipe failed");
  const std::string db = o.db.empty() ? (t.dir / "load.db").string() : o.db;
  std::vector<std::string> args = {o.ludus, "serve", "--db", db, "--port", "0", "--quiet", "--test-hashing"};
  if (!o.plain)
    for (const char* a : {"--rate-limit", "0", "--max-connections-per-ip", "1000000", "--signups-per-hour", "0"})
      args.push_back(a);
  args.insert(args.end(), o.server_args.begin(), o.server_args.end());
  t.pid = fork();
  if (t.pid == 0) {
    dup2(err[1], 2);
    close(err[0]);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(err[1]);
  std::string line;
  char c;
  // The first line that is not a warning (run as root, the server warns first).
  std::smatch m;
  for (bool more = true; more;) {
    line.clear();
    while ((more = read(err[0], &c, 1) == 1) && c != '\n') line += c;
    if (line.rfind("ludus: warning:", 0) != 0) break;
  }
  if (!std::regex_search(line, m, std::regex(R"(http://([0-9.]+):(\d+)/)"))) {
    kill(t.pid, SIGKILL);  // never leave it running without us
    waitpid(t.pid, nullptr, 0);
    throw std::runtime_error("the server did not start: " + line);
  }
  t.host = m[1];
  t.port = std::stoi(m[2]);
  std::thread([fd = err[0]] {  // keep draining its stderr
    char buf[512];
    while (read(fd, buf, sizeof buf) > 0) {
    }
    close(fd);
  }).detach();
  return t;
}

std::string vm_rss(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmRSS:", 0) == 0) return line.substr(6 + line.find_first_not_of(" \t", 6) - 6);
  return "?";
}

// CPU seconds (user + system) the process has used: fields 14 and 15 of /proc/PID/stat, in
// clock ticks; the name field (2) may hold spaces, so fields are counted after its ')'.
double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(stat.substr(close + 2));
  std::string skip;
  for (int field = 3; field < 14; ++field) fields >> skip;
  double user = 0, system = 0;
  fields >> user >> system;
  return (user + system) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double servers_cpu_seconds(const std::vector<Target>& targets) {
  double total = 0;
  for (const Target& s : targets)
    if (s.pid) total += cpu_seconds(s.pid);
  return total;
}

// K connections that stay open doing nothing: WebSockets (reading, so pings are answered)
// or plain TCP connections that never send a request.
class IdleFleet {
 public:
  IdleFleet(const Target& t, int count, bool websocket) {
    for (int i = 0; i < count; ++i) open(t, websocket);
    thread_ = std::thread([this] { io_.run(); });
  }
  ~IdleFleet() {
    io_.stop();
    thread_.join();
  }
  int established() const { return established_; }
  int failed() const { return failed_; }
  int closed() const { return closed_; }

 private:
  using Ws = beast::websocket::stream<beast::tcp_stream>;
  struct Conn {
    explicit Conn(asio::io_context& io) : ws(io) {}
    Ws ws;
    beast::flat_buffer buffer;
  };
  void open(const Target& t, bool websocket) {
    auto& conn = conns_.emplace_back(io_);
    auto endpoint = asio::ip::tcp::endpoint(asio::ip::make_address(t.host), static_cast<unsigned short>(t.port));
    beast::get_lowest_layer(conn.ws).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(conn.ws).async_connect(endpoint, [this, &conn, websocket, t](beast::error_code ec) {
      if (ec) return void(++failed_);
      beast::get_lowest_layer(conn.ws).expires_never();
      if (!websocket) return void(++established_);
      conn.ws.async_handshake(t.host + ":" + std::to_string(t.port), "/api/ws", [this, &conn](beast::error_code ec) {
        if (ec) return void(++failed_);
        ++established_;
        read(conn);
      });
    });
  }
  void read(Conn& conn) {
    conn.ws.async_read(conn.buffer, [this, &conn](beast::error_code ec, size_t) {
      if (ec) return void(++closed_);
      conn.buffer.consume(conn.buffer.size());
      read(conn);
    });
  }
  asio::io_context io_;
  std::list<Conn> conns_;
  std::thread thread_;
  std::atomic<int> established_{0}, failed_{0}, closed_{0};
};

struct Player {
  std::string user, token;
};

struct MoverStats {
  std::vector<double> latencies;  // accepted moves, ms
  long rejected = 0, errors = 0, games = 0;
  // Errors by "STATUS code" (0: no reply), with the first message of each: what to fix.
  std::map<std::string, std::pair<long, std::string>> error_kinds;

  void error(const HttpResult& r, std::string_view what) {
    ++errors;
    const json body = r.json();
    const std::string code = body.is_object() ? body.value("code", "") : "";
    auto& [count, first] = error_kinds[std::to_string(r.status) + " " + std::string(what) + " " + code];
    if (count++ == 0) first = body.is_object() ? body.value("error", r.body) : r.error + r.body.substr(0, 200);
  }
};

// Plays random legal moves on its own boards until `stop`.
void mover(const Target& t, const std::array<Player, 2>& players, const Options& o, uint64_t seed,
           const std::atomic<bool>& stop, MoverStats& stats) {
  HttpClient client(t.host, t.port, std::chrono::seconds(10));
  std::mt19937_64 rng(seed);
  auto auth = [](const Player& p) { return HeaderList{{"Authorization", "Bearer " + p.token}}; };
  json board;
  while (!stop) {
    if (!board.is_object() || board.value("status", "") != "active") {
      auto created = client.request(http::verb::post, "/api/games",
                                    json{{"game", o.game}, {"players", {players[0].user, players[1].user}}}.dump(),
                                    auth(players[0]));
      if (created.status != 201) {
        stats.error(created, "board creation");
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        continue;
      }
      ++stats.games;
      board = created.json();
    }
    const auto& legal = board["legal_moves"];
    const std::string to_move = board["to_move"].value("user", "");
    if (legal.empty() || to_move.empty()) {
      board = json();
      continue;
    }
    const Player& p = to_move == players[0].user ? players[0] : players[1];
    const std::string move = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
    const std::string path = "/api/games/" + std::to_string(board["board"].get<int64_t>()) + "/move";
    const auto start = Clock::now();
    auto r = client.request(http::verb::post, path, json{{"move", move}, {"move_number", board["next_move_number"]}}.dump(),
                            auth(p));
    const double ms = ms_since(start);
    if (r.status == 200) {
      stats.latencies.push_back(ms);
      board = r.json();
    } else {
      if (r.status == 0 || r.status >= 500)
        stats.error(r, "move");
      else
        ++stats.rejected;
      board = json();
    }
  }
}

int run(const Options& o) {
  raise_open_file_limit();
  std::vector<Target> targets;
  if (!o.url.empty()) {
    std::smatch m;
    if (!std::regex_search(o.url, m, std::regex(R"(http://([0-9.]+):(\d+))"))) throw std::runtime_error("--url http://IP:PORT");
    targets.emplace_back();
    targets.back().host = m[1];
    targets.back().port = std::stoi(m[2]);
  } else {
    for (int i = 0; i < std::max(1, o.instances); ++i) targets.push_back(start_server(o));
  }
  const Target& t = targets.front();  // set-up, idle connections and health checks
  for (const Target& s : targets)
    std::cout << "server " << s.host << ":" << s.port << (s.pid ? " pid " + std::to_string(s.pid) : "") << "\n";
  // Players and their tokens.
  std::vector<std::array<Player, 2>> pairs(o.boards);
  {
    HttpClient setup(t.host, t.port);
    for (int b = 0; b < o.boards; ++b)
      for (int s = 0; s < 2; ++s) {
        Player& p = pairs[b][s];
        p.user = "load" + std::to_string(getpid() % 10000) + "b" + std::to_string(b) + "s" + std::to_string(s);
        setup.request(http::verb::post, "/api/signup", json{{"user", p.user}, {"password", "pw-long1"}}.dump());
        auto login = setup.request(http::verb::post, "/api/login", json{{"user", p.user}, {"password", "pw-long1"}}.dump());
        p.token = login.json().value("token", "");
        if (p.token.empty()) throw std::runtime_error("login failed: " + login.body + login.error);
        // The movers' challenges start boards at once (no invitations to accept).
        setup.request(http::verb::post, "/api/me/limits", json{{"challenges", "all"}}.dump(),
                      HeaderList{{"Authorization", "Bearer " + p.token}});
      }
  }
  const auto idle_start = Clock::now();
  IdleFleet fleet(t, o.idle, o.idle_kind == "ws");
  while (fleet.established() + fleet.failed() < o.idle && ms_since(idle_start) < 60000)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::cout << "idle " << o.idle_kind << " connections: " << fleet.established() << " open, " << fleet.failed()
            << " failed (" << static_cast<int>(ms_since(idle_start)) << " ms)\n";

  std::atomic<bool> stop{false};
  std::vector<MoverStats> stats(o.boards);
  std::vector<std::thread> movers;
  const double cpu_at_start = servers_cpu_seconds(targets);
  const auto start = Clock::now();
  for (int b = 0; b < o.boards; ++b)
    movers.emplace_back([&, b] { mover(targets[b % targets.size()], pairs[b], o, o.seed * 1000 + b, stop, stats[b]); });
  std::vector<double> health;
  int health_failed = 0;
  while (ms_since(start) < o.seconds * 1000) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    HttpClient probe(t.host, t.port, std::chrono::seconds(5));
    const auto h = Clock::now();
    auto r = probe.get("/api/health");
    if (r.status == 200)
      health.push_back(ms_since(h));
    else
      ++health_failed;
  }
  const double server_cpu = servers_cpu_seconds(targets) - cpu_at_start;
  std::string rss;
  for (const Target& s : targets) rss += (rss.empty() ? "" : ", ") + (s.pid ? vm_rss(s.pid) : std::string("?"));
  stop = true;
  for (auto& m : movers) m.join();
  const double elapsed = ms_since(start) / 1000;

  std::vector<double> latencies;
  long rejected = 0, errors = 0, games = 0;
  std::map<std::string, std::pair<long, std::string>> error_kinds;
  for (const auto& s : stats) {
    for (const auto& [kind, seen] : s.error_kinds) {
      auto& [count, first] = error_kinds[kind];
      if (count == 0) first = seen.second;
      count += seen.first;
    }
    latencies.insert(latencies.end(), s.latencies.begin(), s.latencies.end());
    rejected += s.rejected;
    errors += s.errors;
    games += s.games;
  }
  std::printf("boards %d, %.1f s: %zu accepted moves = %.0f moves/s (%ld refused, %ld errors, %ld games)\n", o.boards,
              elapsed, latencies.size(), static_cast<double>(latencies.size()) / elapsed, rejected, errors, games);
  for (const auto& [kind, seen] : error_kinds)
    std::printf("  errors %s: %ld (first: %s)\n", kind.c_str(), seen.first, seen.second.c_str());
  std::printf("move latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", percentile(latencies, 0.5),
              percentile(latencies, 0.99), percentile(latencies, 1.0));
  std::printf("health check under load: %zu ok (p50 %.1f ms, p99 %.1f ms, max %.1f ms), %d failed or timed out (5 s)\n",
              health.size(), percentile(health, 0.5), percentile(health, 0.99), percentile(health, 1.0), health_failed);
  std::printf("idle connections still open at the end: %d of %d\n", fleet.established() - fleet.closed(), o.idle);
  if (server_cpu > 0 && !latencies.empty())
    std::printf("server CPU: %.1f s = %.2f ms per accepted move\n", server_cpu,
                1000 * server_cpu / static_cast<double>(latencies.size()));
  std::printf("server VmRSS: %s\n", rss.c_str());
  for (const Target& s : targets) {
    if (!s.pid) continue;
    kill(s.pid, SIGTERM);
    for (int i = 0; i < 100 && waitpid(s.pid, nullptr, WNOHANG) == 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    kill(s.pid, SIGKILL);
    waitpid(s.pid, nullptr, 0);
    std::filesystem::remove_all(s.dir);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app("Load benchmark of ludus serve");
  app.add_option("--ludus", o.ludus, "The ludus binary to start (on a temporary database)");
  app.add_option("--url", o.url, "Target a running server instead: http://IP:PORT");
  app.add_option("--boards", o.boards, "Boards played at once (two players and one client thread each)")->capture_default_str();
  app.add_option("--idle", o.idle, "Idle connections held open")->capture_default_str();
  app.add_option("--idle-kind", o.idle_kind, "ws (GET /api/ws) or tcp (connections that send nothing)")
      ->capture_default_str()->check(CLI::IsMember({"ws", "tcp"}));
  app.add_option("--seconds", o.seconds, "How long the moves go on")->capture_default_str();
  app.add_option("--game", o.game, "Game of the boards")->capture_default_str();
  app.add_option("--seed", o.seed, "Seed of the random moves")->capture_default_str();
  app.add_option("--db", o.db, "Database of the started servers: a file, sqlite:PATH or postgresql://... (default: a temporary SQLite file)");
  app.add_option("--instances", o.instances, "Servers started on that database; the boards are spread over them")
      ->capture_default_str()->check(CLI::Range(1, 16));
  app.add_option("--server-arg", o.server_args, "One more option for `ludus serve` (repeat: --server-arg=--workers --server-arg=4)");
  app.add_flag("--plain", o.plain, "Start the server without the options lifting its limits (older servers)");
  CLI11_PARSE(app, argc, argv);
  if (o.ludus.empty() == o.url.empty()) {
    std::cerr << "server_load: give --ludus PATH or --url http://IP:PORT\n";
    return 2;
  }
  try {
    return run(o);
  } catch (const std::exception& e) {
    std::cerr << "server_load: " << e.what() << "\n";
    return 1;
  }
}
