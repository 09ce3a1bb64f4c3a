// SPDX-License-Identifier: Apache-2.0
#pragma once
// The request handler of the play server: the JSON API under /api/ and the command
// endpoint (docs/http-api.md), else the static web page, else the JSON 404.  It runs on
// the worker pool; no exception leaves it (every error is a JSON error reply).
#include <functional>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "server/domain/analysis/analysis.h"
#include "server/domain/commands.h"
#include "server/domain/puzzles/puzzles.h"
#include "server/transport/bot_stream.h"
#include "server/transport/http_message.h"
#include "server/transport/http_session.h"
#include "server/transport/long_poll.h"
#include "server/domain/service.h"
#include "server/transport/static_files.h"

namespace ludus::server {

class ApiRoutes {
 public:
  static constexpr int kMaxWaitSeconds = 60;

  // `files`: the page, served at /; `engine`: the engine in the page (docs/wasm.md), at /engine/.
  ApiRoutes(Service& service, LongPolls& polls, BotStreams& bot_streams, StaticFiles files, StaticFiles engine = {});
  // Sets the request's route template (and board) and answers it.
  void handle(Request& request, Reply reply) const;
  // The replies that need no database (GET /api/health, static files), for the I/O
  // thread; nullopt for every other request.
  std::optional<Response> quick(Request& request) const;
  bool has_page() const { return files_.available(); }
  // Every route as "METHOD PATTERN" ("POST /api/games/(\\d+)/(move|...)"), in the order
  // they are matched: what the access review (docs/security.md) must cover.
  std::vector<std::string> route_table() const;
  // The routes of route_table() a token of scope 'bot' may call (docs/bots.md); every other
  // answers it 403 bot_scope before it runs.
  std::vector<std::string> bot_routes() const;

 private:
  using Captures = std::vector<std::string>;
  using Handler = std::function<void(const Request&, const Captures&, Reply)>;
  struct Route {
    http::verb method;
    std::string text;
    std::regex pattern;
    Handler run;
    std::string label;  // the pattern as a template: "/api/games/{id}/{name}" (metrics, logs)
    bool names_board;   // its first capture is a board number
    bool bots_allowed;  // a bot token may call it (BotToken::Allowed)
  };
  // Whether a token of scope 'bot' may call a route (docs/bots.md): only the routes of a bot's
  // play say Allowed where they are added; any other, new ones too, refuses it.
  enum class BotToken { Refused, Allowed };
  void add(http::verb method, const std::string& pattern, Handler run, BotToken bots = BotToken::Refused);
  // A route that answers at once: `make` runs guarded (every error becomes its reply).
  using Make = std::function<Response(const Request&, const Captures&)>;
  void add_sync(http::verb method, const std::string& pattern, Make make, BotToken bots = BotToken::Refused);
  // Whether the request carries a live token of scope 'bot' (which the route must allow).
  bool bot_token(const Request& req) const;
  void add_account_routes();
  void add_game_routes();
  void add_command_route();
  // Rules documents, record downloads and the analysis mode (study_routes.cpp).
  void add_study_routes();
  // Standings and player pages (rating_routes.cpp).
  void add_rating_routes();
  // Offers (invitations and seeks) and challenge settings (offer_routes.cpp).
  void add_offer_routes();
  // Tournaments (tournament_routes.cpp).
  void add_tournament_routes();
  // Password reset, verified addresses, blocks and reports, the data export and the
  // deletion of an account (community_routes.cpp).
  void add_community_routes();
  // The user's notifications and next board (notification_routes.cpp).
  void add_notification_routes();
  // The administrators' view and actions (admin_routes.cpp).
  void add_admin_routes();
  // The reviews of finished boards and the automatic-review setting (review_routes.cpp).
  void add_review_routes();
  // Puzzles: the games with puzzles, the next one, a turn of an attempt (puzzle_routes.cpp).
  void add_puzzle_routes();
  // The bots' event stream (bot_routes.cpp).
  void add_bot_routes();

  Service* service_;
  LongPolls* polls_;
  BotStreams* bot_streams_;
  StaticFiles files_;
  StaticFiles engine_;
  std::shared_ptr<Analyst> analyst_ = std::make_shared<Analyst>();
  std::shared_ptr<Puzzles> puzzles_;
  std::vector<Route> routes_;
};

}  // namespace ludus::server
