#pragma once
// The HTTP side of the play server (cpp-httplib): the JSON API under /api/ (see
// docs/http-api.md), the text command endpoint POST /api/command, and the static web
// page from the web/ directory at /.
#include <functional>
#include <memory>
#include <string>

#include "server/change_feed.h"
#include "server/commands.h"
#include "server/service.h"

namespace httplib {
class Server;
}

namespace ludus::server {

struct HttpSettings {
  std::string web_dir;            // "" = no static files
  size_t max_body = 64 * 1024;    // larger request bodies get 413
  std::function<void(const std::string&)> log;  // one line per request when set
};

class HttpApi {
 public:
  HttpApi(Service& service, HttpSettings settings);
  ~HttpApi();
  HttpApi(const HttpApi&) = delete;
  HttpApi& operator=(const HttpApi&) = delete;

  // Binds the listening socket (port 0 = any free port); returns the port.  Throws
  // LudusError when the address cannot be bound.
  int bind(const std::string& host, int port);
  // Serves until stop() (from any thread or a signal-waiting thread).
  void run();
  void stop();
  // Wakes requests waiting for a board to change (GET /api/games/N?wait=...).
  void board_changed(int64_t board) { feed_.publish(); }

  static constexpr int kMaxWaitSeconds = 60;
  static constexpr size_t kThreads = 32;  // long polls each hold one while they wait

 private:
  void add_routes();

  Service* service_;
  HttpSettings settings_;
  CommandInterpreter commands_;
  ChangeFeed feed_;
  std::unique_ptr<httplib::Server> http_;
};

}  // namespace ludus::server
