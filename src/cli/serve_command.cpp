// `ludus serve [--db FILE] [--port N] [--host ADDR]`: the play server (JSON API, the
// command endpoint and the web page).  SIGINT/SIGTERM stop it gracefully: no new
// requests, requests under way finish, the AI finishes its move, the database closes.
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <iostream>
#include <mutex>
#include <thread>

#include "cli/command.h"
#include "server/play_server.h"

namespace ludus::cli {
namespace {

struct ServeArgs {
  server::ServerConfig config;
  bool quiet = false;
  bool test_hashing = false;
};

const bool kServe = register_command({"serve", "Run the play server (HTTP API and web page)", 61, [](CLI::App& app) {
  auto args = std::make_shared<ServeArgs>();
  app.add_option("--db", args->config.db_path, "SQLite database file (created if missing)")->capture_default_str();
  app.add_option("--port", args->config.port, "TCP port (0: any free port)")->capture_default_str()->check(CLI::Range(0, 65535));
  app.add_option("--host", args->config.host, "Address to listen on")->capture_default_str();
  app.add_option("--web-dir", args->config.web_dir, "Directory of the web page served at /")->capture_default_str();
  auto& limits = args->config.limits;
  app.add_option("--boards-per-hour", limits.boards_per_hour, "Boards one user may start in any hour (0: no limit)")
      ->capture_default_str()->check(CLI::NonNegativeNumber);
  app.add_flag("--ai-raw-specs", limits.ai.allow_raw_specs,
               "Allow raw AI specs (ai:mcts:..., levels with overrides) within the --ai-max-* caps; "
               "without it only ai:random, ai:easy, ai:medium, ai:hard and ai:max");
  app.add_option("--ai-max-seconds", limits.ai.max_move_seconds, "Raw AI specs: seconds a move at most")
      ->capture_default_str()->check(CLI::Range(0.001, 3600.0));
  app.add_option("--ai-max-iterations", limits.ai.max_iterations, "Raw AI specs: iterations a move at most")
      ->capture_default_str()->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  app.add_option("--ai-max-threads", limits.ai.max_threads, "Raw AI specs: search threads at most")
      ->capture_default_str()->check(CLI::Range(1, 256));
  app.add_flag("--quiet", args->quiet, "Do not log requests");
  app.add_flag("--test-hashing", args->test_hashing, "Cheap password hashing for new passwords (tests only)");
  return [args] {
    // Block the stop signals in every thread; one thread waits for them.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    static std::mutex log_mutex;
    auto log = [](const std::string& line) {
      std::lock_guard lock(log_mutex);
      std::cerr << line << "\n";
    };
    server::ServerConfig config = args->config;
    if (!args->quiet) config.log = log;
    if (args->test_hashing) config.passwords = server::PasswordPolicy::fast();
    server::check_database_file(config.db_path);
    server::PlayServer play(config);
    const std::string web_page = config.web_dir.empty() ? "no web page: give --web-dir" : "web page from " + config.web_dir;
    std::cerr << "ludus: serving on http://" << config.host << ":" << play.port() << "/ (database " << config.db_path
              << ", " << web_page << "); stop with Ctrl-C" << std::endl;

    std::atomic<bool> signalled{false};
    std::thread waiter([&play, &signalled, stop_signals] {
      int signal = 0;
      sigwait(&stop_signals, &signal);
      signalled = true;
      std::cerr << "ludus: " << (signal == SIGINT ? "SIGINT" : "SIGTERM") << ": stopping" << std::endl;
      play.stop();
    });
    play.run();
    if (!signalled) kill(getpid(), SIGTERM);  // the server ended by itself: release the waiter
    waiter.join();
    play.stop();
    std::cerr << "ludus: stopped" << std::endl;
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
