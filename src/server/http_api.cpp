#include "server/http_api.h"

#include <httplib.h>

#include <charconv>

#include <nlohmann/json.hpp>

#include "server/board_commands.h"
#include "server/errors.h"
#include "server/game_json.h"
#include "server/json_fields.h"
#include "server/mail_format.h"

namespace ludus::server {
namespace {

using httplib::Request;
using httplib::Response;
using nlohmann::json;

void send_json(Response& res, int status, const json& body) {
  res.status = status;
  res.set_content(body.dump(), "application/json; charset=utf-8");
}

void send_error(Response& res, int status, const std::string& code, const std::string& message) {
  send_json(res, status, {{"error", message}, {"code", code}, {"status", status}});
}

// Runs a handler; turns every error into a JSON error response with its status.
httplib::Server::Handler guarded(std::function<void(const Request&, Response&)> handler) {
  return [handler = std::move(handler)](const Request& req, Response& res) {
    try {
      handler(req, res);
    } catch (const ServerError& e) {
      if (e.retry_after() > 0) res.set_header("Retry-After", std::to_string(e.retry_after()));
      send_error(res, e.status(), e.code(), e.what());
    } catch (const LudusError& e) {
      send_error(res, 400, "bad_request", e.what());
    } catch (const std::exception& e) {
      send_error(res, 500, "internal", std::string("internal error: ") + e.what());
    }
  };
}

json body_object(const Request& req) {
  if (req.body.empty()) return json::object();
  json j = json::parse(req.body, nullptr, false);
  if (j.is_discarded()) bad_request("malformed JSON in the request body", "malformed_json");
  if (!j.is_object()) bad_request("the request body must be a JSON object", "malformed_json");
  return j;
}

int64_t board_id(const Request& req) {
  const std::string text = req.matches[1];
  if (text.size() > 15) not_found("no board " + text.substr(0, 20));
  return std::stoll(text);
}

int query_int(const Request& req, const char* name, int fallback, int min, int max) {
  if (!req.has_param(name)) return fallback;
  const std::string text = req.get_param_value(name);
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max)
    bad_request(std::string("query parameter '") + name + "' must be an integer from " + std::to_string(min) +
                    " to " + std::to_string(max),
                "bad_query");
  return value;
}

std::string user_param(const std::string& text) {
  return Accounts::is_ai(text) ? text : Accounts::normalize_user_id(text);
}

std::string reason_phrase(int status) {
  switch (status) {
    case 400: return "malformed request";
    case 404: return "no such page or endpoint";
    case 405: return "method not allowed";
    case 413: return "request body too large";
    case 414: return "request URI too long";
    default: return "HTTP error " + std::to_string(status);
  }
}

}  // namespace

HttpApi::HttpApi(Service& service, HttpSettings settings)
    : service_(&service), settings_(std::move(settings)), commands_(service), http_(std::make_unique<httplib::Server>()) {
  http_->new_task_queue = [] { return new httplib::ThreadPool(kThreads); };
  http_->set_payload_max_length(settings_.max_body);
  http_->set_read_timeout(10, 0);
  http_->set_write_timeout(10, 0);
  add_routes();
  http_->set_default_headers({{"X-Content-Type-Options", "nosniff"}});
  if (!settings_.web_dir.empty() && !http_->set_mount_point("/", settings_.web_dir) && settings_.log)
    settings_.log("no web page: directory '" + settings_.web_dir + "' not found (the API works)");
  const size_t max_body = settings_.max_body;
  http_->set_error_handler([max_body](const Request& req, Response& res) {
    if (!res.body.empty()) return;  // an API handler wrote its own error
    std::string message = reason_phrase(res.status);
    if (res.status == 404) message += ": " + req.path.substr(0, 200);
    if (res.status == 413) message += " (limit " + std::to_string(max_body) + " bytes)";
    std::string code = res.status == 413 ? "too_large" : res.status == 404 ? "not_found" : "bad_request";
    send_error(res, res.status, code, message);
  });
  if (settings_.log)
    http_->set_logger([log = settings_.log](const Request& req, const Response& res) {
      log(req.remote_addr + " " + req.method + " " + req.path + " " + std::to_string(res.status));
    });
}

HttpApi::~HttpApi() = default;

int HttpApi::bind(const std::string& host, int port) {
  int bound = port == 0 ? http_->bind_to_any_port(host) : (http_->bind_to_port(host, port) ? port : -1);
  if (bound <= 0) throw LudusError("cannot listen on " + host + ":" + std::to_string(port) + " (address in use or not available)");
  return bound;
}

void HttpApi::run() { http_->listen_after_bind(); }

void HttpApi::stop() {
  feed_.shutdown();  // waiting requests answer now, so the worker threads can end
  http_->stop();
}

void HttpApi::add_routes() {
  Service& service = *service_;
  Accounts& accounts = service.accounts();
  auto bearer_user = [&accounts](const Request& req) {
    const std::string header = req.get_header_value("Authorization");
    if (header.rfind("Bearer ", 0) != 0)
      unauthorized("missing 'Authorization: Bearer TOKEN' header (get a token from POST /api/login)");
    return accounts.user_for_token(header.substr(7));
  };

  http_->Get("/api/health", guarded([](const Request&, Response& res) { send_json(res, 200, {{"ok", true}}); }));
  http_->Get("/api/catalog", guarded([](const Request&, Response& res) { send_json(res, 200, catalog_json()); }));

  // --- accounts ----------------------------------------------------------------------------
  http_->Post("/api/signup", guarded([&accounts](const Request& req, Response& res) {
    json body = body_object(req);
    std::string id = accounts.signup(string_field(body, "user"), string_field(body, "password"),
                                     string_field(body, "email", false));
    send_json(res, 201, {{"user", id}});
  }));
  http_->Post("/api/login", guarded([&accounts](const Request& req, Response& res) {
    json body = body_object(req);
    std::string user = string_field(body, "user");
    std::string token = accounts.login(user, string_field(body, "password"), req.remote_addr);
    send_json(res, 200, {{"token", token}, {"user", Accounts::normalize_user_id(user)},
                         {"expires_at", accounts.now() + Accounts::kTokenLifetime}});
  }));
  http_->Post("/api/logout", guarded([&accounts, bearer_user](const Request& req, Response& res) {
    bearer_user(req);
    accounts.logout(req.get_header_value("Authorization").substr(7));
    send_json(res, 200, {{"ok", true}});
  }));
  http_->Get("/api/me", guarded([&accounts, bearer_user](const Request& req, Response& res) {
    std::string user = bearer_user(req);
    auto session = accounts.store().session();
    auto record = session.find_user(user);
    if (!record) unauthorized("the account no longer exists");
    send_json(res, 200, {{"user", record->id}, {"email", record->email}, {"created_at", record->created_at}});
  }));
  http_->Post("/api/password", guarded([&accounts, bearer_user](const Request& req, Response& res) {
    std::string user = bearer_user(req);
    json body = body_object(req);
    std::string new_password = string_field(body, "new_password");
    accounts.change_password(user, string_field(body, "old_password"), new_password, req.remote_addr);
    send_json(res, 200, {{"user", user}, {"token", accounts.login(user, new_password)}});
  }));

  // --- games ----------------------------------------------------------------------------------
  http_->Get("/api/games", guarded([&service](const Request& req, Response& res) {
    GameFilter filter;
    if (req.has_param("user")) filter.user = user_param(req.get_param_value("user"));
    std::string status = req.has_param("status") ? req.get_param_value("status") : "all";
    if (!filter.select_listing(status))
      bad_request("query parameter 'status' must be active, finished, next, watched or all", "bad_query");
    if ((filter.user_to_move || filter.watched) && filter.user.empty())
      bad_request("status=" + status + " needs a user=USER parameter", "bad_query");
    filter.limit = query_int(req, "limit", 100, 1, 500);
    filter.offset = query_int(req, "offset", 0, 0, 1000000000);
    json games = json::array();
    for (const auto& g : service.list(filter)) games.push_back(game_summary_json(g));
    send_json(res, 200, {{"games", games}});
  }));
  http_->Post("/api/games", guarded([&service, bearer_user](const Request& req, Response& res) {
    std::string user = bearer_user(req);
    json body = body_object(req);
    auto players = body.find("players");
    if (players == body.end() || !players->is_array() || players->size() != 2 || !(*players)[0].is_string() ||
        !(*players)[1].is_string())
      bad_request("field 'players' must be an array of two user ids (first player first; \"ai:SPEC\" for the computer)",
                  "bad_field");
    int64_t board = service.challenge(user, string_field(body, "game"), options_field(body),
                                      (*players)[0].get<std::string>(), (*players)[1].get<std::string>());
    res.set_header("Location", "/api/games/" + std::to_string(board));
    send_json(res, 201, board_json(service.load(board)));
  }));
  http_->Get(R"(/api/games/(\d+))", guarded([&service, this](const Request& req, Response& res) {
    const int64_t id = board_id(req);
    if (req.has_param("wait")) {
      // Long poll: answer once the board's revision differs from the one the page has.
      const int seconds = query_int(req, "wait", 0, 0, kMaxWaitSeconds);
      if (!req.has_param("revision")) bad_request("wait=SECONDS needs revision=R (the revision you have)", "bad_query");
      const int64_t known = query_int(req, "revision", 0, 0, 2000000000);
      feed_.wait_until([&] { return service.revision(id) != known; },
                       std::chrono::steady_clock::now() + std::chrono::seconds(seconds));
    }
    Board board = service.load(id);
    std::optional<int> ply;
    if (req.has_param("move")) ply = query_int(req, "move", 0, 0, 1000000000);
    send_json(res, 200, board_json(board, ply));
  }));
  http_->Get(R"(/api/games/(\d+)/history)", guarded([&service](const Request& req, Response& res) {
    Board board = service.load(board_id(req));
    send_json(res, 200, {{"board", board.id()}, {"record", record_json(board)}, {"text", format_history(board)}});
  }));
  // Every board command of the grammar, by its verb: POST /api/games/BOARD/VERB.
  std::string verbs;
  for (const auto& c : board_commands()) verbs += (verbs.empty() ? "" : "|") + std::string(c.verb);
  http_->Post(R"(/api/games/(\d+)/()" + verbs + ")",
              guarded([&service, bearer_user](const Request& req, Response& res) {
                const int64_t board = board_id(req);
                const BoardCommand& command = *find_board_command(std::string(req.matches[2]));
                const std::string user = bearer_user(req);
                const BoardArgs args = board_args_from_json(command, body_object(req));
                const BoardOutcome outcome = command.run(service, board, user, args);
                json out = board_json(service.load(board));
                if (!outcome.message.empty()) out["message"] = outcome.message;
                send_json(res, 200, out);
              }));

  // --- the command interface --------------------------------------------------------------------
  http_->Post("/api/command", [this](const Request& req, Response& res) {
    const bool want_json = req.get_header_value("Accept").find("application/json") != std::string::npos;
    auto fail = [&](int status, const std::string& code, const std::string& message) {
      if (want_json) return send_error(res, status, code, message);
      res.status = status;
      res.set_content("error: " + message + "\n", "text/plain; charset=utf-8");
    };
    try {
      const std::string text = req.has_param("command") ? req.get_param_value("command") : req.body;
      std::string reply = commands_.execute(CommandInterpreter::split(text), req.remote_addr);
      if (want_json)
        send_json(res, 200, {{"reply", reply}});
      else
        res.set_content(reply, "text/plain; charset=utf-8");
    } catch (const ServerError& e) {
      if (e.retry_after() > 0) res.set_header("Retry-After", std::to_string(e.retry_after()));
      fail(e.status(), e.code(), e.what());
    } catch (const LudusError& e) {
      fail(400, "bad_request", e.what());
    } catch (const std::exception& e) {
      fail(500, "internal", std::string("internal error: ") + e.what());
    }
  });
}

}  // namespace ludus::server
