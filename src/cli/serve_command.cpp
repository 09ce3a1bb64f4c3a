// SPDX-License-Identifier: Apache-2.0
// `ludus serve [--db FILE|URL] [--port N] [--host ADDR] [limits...]`: the play server (JSON API, the
// command endpoint and the web page).  SIGINT/SIGTERM stop it gracefully: /api/ready turns
// 503 (for --drain-seconds while it still serves), then no new requests, waiting long polls
// answered, WebSockets closed with 1012 (reconnect), requests under way finish, the AI
// finishes its move, the database closes; after --stop-timeout seconds the process exits
// anyway, abandoning what is still running (every change is one transaction: none is half made).
#include <cmath>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/mail_options.h"
#include "cli/server_commands.h"
#include "server/base/log.h"
#include "server/play_server.h"

namespace ludus::cli {
namespace {

struct ServeArgs {
  server::ServerConfig config;
  bool quiet = false;
  bool no_access_log = false;
  std::string log_format = "text";
  double drain_seconds = 0;
  double stop_timeout = 10;
  bool test_hashing = false;
  std::string public_url;
};

const bool kServe = register_command({"serve", "Run the play server (HTTP API and web page)", 61, [](CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  app.add_option("--db", args->config.db_path,
                 "Database: an SQLite file (created if missing), sqlite:PATH, or postgresql://USER@HOST/DBNAME")
      ->envname("LUDUS_DB")
      ->capture_default_str();
  app.add_option("--port", args->config.port, "TCP port (0: any free port)")->capture_default_str()->check(CLI::Range(0, 65535));
  app.add_option("--host", args->config.host, "Address to listen on")->capture_default_str();
  app.add_option("--web-dir", args->config.web_dir, "Directory of the web page served at /")->capture_default_str();
  app.add_option("--engine-dir", args->config.engine_dir,
                 "Directory of the engine in the page (WebAssembly: ludus-engine.js and .wasm) served at /engine/; "
                 "\"\": none, the page asks the server")
      ->capture_default_str();
  add_public_url_option(app, args->public_url);
  server::HttpLimits& limits = args->config.limits;
  auto ms = [](std::chrono::milliseconds& value) {
    return [&value](double seconds) { value = std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000)); };
  };
  app.add_option("--max-body", limits.max_body, "Largest request body in bytes (larger: 413)")->capture_default_str();
  app.add_option("--max-header", limits.max_header, "Largest request header in bytes (larger: 431)")->capture_default_str();
  app.add_option_function<double>("--header-timeout", ms(limits.header_timeout),
                                  "Seconds for a whole request header to arrive, also on an idle kept-alive connection (default 10)");
  app.add_option_function<double>("--body-timeout", ms(limits.body_timeout),
                                  "Seconds for the body to arrive after its header, and for a reply to be sent (default 30)");
  app.add_option("--max-connections-per-ip", limits.max_connections_per_ip, "Open connections per client address")
      ->capture_default_str();
  app.add_option("--rate-limit", limits.requests_per_second, "Requests per second per client address (0: no limit; over it: 429)")
      ->capture_default_str();
  app.add_option("--rate-burst", limits.request_burst, "Requests a client address may send at once before the rate limit")
      ->capture_default_str();
  app.add_option("--trusted-proxy", limits.trusted_proxies,
                 "Address of a reverse proxy whose X-Forwarded-For names the client (repeatable); the per-address "
                 "limits then apply to each client, not to the proxy");
  app.add_option("--io-threads", limits.io_threads, "Threads running the network event loop")->capture_default_str()->check(CLI::Range(1, 64));
  app.add_option("--workers", limits.workers, "Threads running requests (database, password hashing)")
      ->capture_default_str()->check(CLI::Range(1, 256));
  app.add_option("--max-queued", limits.max_queued, "Requests waiting for a worker before new ones get 503")->capture_default_str();
  app.add_option_function<double>("--websocket-idle", ms(limits.websocket_idle),
                                  "Seconds of silence after which a WebSocket is pinged and then closed (default 60)");
  auto& service_limits = args->config.service_limits;
  app.add_option("--boards-per-hour", service_limits.boards_per_hour,
                 "Boards, offers and tournaments one user may start in any hour (0: no limit)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--tournaments-per-user", service_limits.tournaments_per_user,
                 "Tournaments one user may have created that are open or running (0: no limit)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--signups-per-hour", service_limits.signups_per_hour,
                 "Accounts one client address may make in an hour (0: no limit)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_option("--resets-per-hour", service_limits.resets_per_hour,
                 "Password reset requests a client address may make in an hour (0: no limit)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  auto& codes = args->config.codes;
  app.add_option_function<double>("--reset-code-minutes", [&codes](double m) { codes.reset = std::llround(m * 60); },
                                  "Minutes a mailed password reset code works (default 60)")
      ->check(CLI::Range(0.01, 7 * 24 * 60.0));
  app.add_option_function<double>("--verify-code-hours", [&codes](double h) { codes.verify = std::llround(h * 3600); },
                                  "Hours a mailed address verification code works (default 24)")
      ->check(CLI::Range(0.001, 30 * 24.0));
  app.add_flag("--ai-raw-specs", service_limits.ai.allow_raw_specs,
               "Allow raw AI specs (ai:mcts:..., levels with overrides) within the --ai-max-* caps; "
               "without it only ai:random, ai:beginner, ai:easy, ai:medium, ai:hard and ai:max");
  app.add_option("--ai-max-seconds", service_limits.ai.max_move_seconds, "Raw AI specs: seconds a move at most")
      ->capture_default_str()->check(CLI::Range(0.001, 3600.0));
  app.add_option("--ai-max-iterations", service_limits.ai.max_iterations, "Raw AI specs: iterations a move at most")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  app.add_option("--ai-max-threads", service_limits.ai.max_threads, "Raw AI specs: search threads at most")
      ->capture_default_str()->check(CLI::Range(1, 256));
  app.add_option("--ai-workers", args->config.ai_workers, "Boards whose AI searches at once (default: cores - 1, at least 1)")
      ->capture_default_str()->check(CLI::Range(1, 256));
  add_mail_transport_options(app, args->config.mail);
  app.add_option_function<double>("--mail-interval", ms(args->config.mail_interval),
                                  "Seconds between the mail chores: sending, digests, time limits (default 30)");
  app.add_option_function<double>("--ai-lease", ms(args->config.ai_lease),
                                  "Seconds an instance's claim on an AI move lasts unrenewed: how soon another instance "
                                  "on the same database takes over the AI moves of one that died (default 15)")
      ->check(CLI::Range(0.1, 3600.0));
  app.add_option_function<double>("--ai-sweep", ms(args->config.ai_sweep_interval),
                                  "Seconds between looks for boards awaiting an AI move (and lease renewals; default 3)")
      ->check(CLI::Range(0.05, 3600.0));
  app.add_flag("--quiet", args->quiet, "Log nothing after the start (no requests, no messages)");
  app.add_flag("--no-access-log", args->no_access_log, "Do not log each request (messages still are)");
  app.add_option("--log-format", args->log_format,
                 "text (for people) or json (one object per line: time, level, event, request_id, ...)")
      ->capture_default_str()->check(CLI::IsMember({"text", "json"}));
  app.add_flag("--metrics", args->config.metrics_on_main_port,
               "Serve GET /metrics (Prometheus) on the main port too; see --metrics-port for a port of its own");
  app.add_option("--metrics-port", args->config.metrics_port,
                 "Serve GET /metrics (Prometheus) on this port of --metrics-host (0: any free port; default: none)")
      ->check(CLI::Range(0, 65535));
  app.add_option("--metrics-host", args->config.metrics_host, "Address of the --metrics-port listener")->capture_default_str();
  app.add_option("--drain-seconds", args->drain_seconds,
                 "On SIGTERM, keep serving this long with /api/ready answering 503 (so a load balancer moves "
                 "clients away) before stopping")
      ->capture_default_str()->check(CLI::Range(0.0, 3600.0));
  app.add_option("--stop-timeout", args->stop_timeout,
                 "Seconds a stop may take after the drain; then the process exits anyway, abandoning AI searches "
                 "and mail under way (redone after the restart)")
      ->capture_default_str()->check(CLI::Range(0.1, 3600.0));
  app.add_flag("--test-hashing", args->test_hashing, "Cheap password hashing for new passwords (tests only)");
  set_examples(app, {"ludus serve --db games.db --port 8080",
                     "ludus serve --db games.db --log-format json --metrics-port 9464"});
  return [args] {
    // Block the stop signals in every thread; one thread waits for them.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    // Every line of the log goes through one logger, so a JSON log is JSON throughout.
    auto logger = std::make_shared<server::Logger>(*server::log_format_by_name(args->log_format), std::cerr);
    auto say = [logger](const std::string& text) { logger->message(text); };
    server::ServerConfig config = args->config;
    if (!args->quiet) {
      config.log = say;
      if (!args->no_access_log) config.access_log = [logger](const server::LogRecord& r) { logger->write(r); };
    }
    if (args->test_hashing) config.passwords = server::PasswordPolicy::fast();
    config.public_url = server::PublicUrl::parse(args->public_url);
    server::check_database_file(config.db_path);
    server::raise_open_file_limit();  // every connection is a file descriptor
    server::PlayServer play(config);
    // A server exposed to the network should hold no privilege it does not need
    // (packaging/ludus.service runs it as its own user under systemd's sandbox).
    if (geteuid() == 0)
      say("ludus: warning: running as root: a flaw in the server would give the whole machine away; "
          "run it as an unprivileged user (docs/deploy.md)");
    if (play.metrics_port() >= 0)
      say("ludus: metrics on http://" + config.metrics_host + ":" + std::to_string(play.metrics_port()) + "/metrics");
    std::string web_page = config.web_dir.empty() ? "no web page: give --web-dir" : "web page from " + config.web_dir;
    if (!config.web_dir.empty())
      web_page += config.engine_dir.empty() ? ", no engine in the page" : ", its engine from " + config.engine_dir;
    say("ludus: serving on http://" + config.host + ":" + std::to_string(play.port()) + "/ (database " +
        server::sql::DatabaseUrl::parse(config.db_path).display() + ", " + web_page + "); stop with Ctrl-C");

    std::atomic<bool> signalled{false};
    const auto drain = std::chrono::milliseconds(static_cast<int64_t>(args->drain_seconds * 1000));
    const auto stop_timeout = std::chrono::milliseconds(static_cast<int64_t>(args->stop_timeout * 1000));
    std::thread waiter([&play, &signalled, stop_signals, say, drain, stop_timeout, drain_seconds = args->drain_seconds] {
      int signal = 0;
      sigwait(&stop_signals, &signal);
      signalled = true;
      const std::string name = signal == SIGINT ? "SIGINT" : "SIGTERM";
      if (drain.count() > 0) {
        play.drain();
        say(fmt::format("ludus: {}: draining for {:g} s", name, drain_seconds) +
            " (/api/ready answers 503; a second signal stops at once)");
        const timespec wait{static_cast<time_t>(drain.count() / 1000), static_cast<long>(drain.count() % 1000) * 1000000};
        sigtimedwait(&stop_signals, nullptr, &wait);
      }
      say("ludus: " + name + ": stopping");
      // A stop that takes too long (a long AI search) is cut short: every change is one
      // transaction, so what is abandoned is simply not made, and is made after the restart.
      std::thread([say, stop_timeout] {
        std::this_thread::sleep_for(stop_timeout);
        say("ludus: the stop took longer than --stop-timeout; exiting now (AI searches and mail under way are abandoned)");
        std::_Exit(0);
      }).detach();
      play.stop();
    });
    play.run();
    if (!signalled) kill(getpid(), SIGTERM);  // the server ended by itself: release the waiter
    waiter.join();
    play.stop();
    say("ludus: stopped");
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
