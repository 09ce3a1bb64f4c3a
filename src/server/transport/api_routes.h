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
#include "server/transport/http_message.h"
#include "server/transport/http_session.h"
#include "server/transport/long_poll.h"
#include "server/domain/service.h"
#include "server/transport/static_files.h"

namespace ludus::server {

class ApiRoutes {
 public:
  static constexpr int kMaxWaitSeconds = 60;

  ApiRoutes(Service& service, LongPolls& polls, StaticFiles files);
  // Sets the request's route template (and board) and answers it.
  void handle(Request& request, Reply reply) const;
  // The replies that need no database (GET /api/health, static files), for the I/O
  // thread; nullopt for every other request.
  std::optional<Response> quick(Request& request) const;
  bool has_page() const { return files_.available(); }
  // Every route as "METHOD PATTERN" ("POST /api/games/(\\d+)/(move|...)"), in the order
  // they are matched: what the access review (docs/security.md) must cover.
  std::vector<std::string> route_table() const;

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
  };
  void add(http::verb method, const std::string& pattern, Handler run);
  // A route that answers at once: `make` runs guarded (every error becomes its reply).
  using Make = std::function<Response(const Request&, const Captures&)>;
  void add_sync(http::verb method, const std::string& pattern, Make make);
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

  Service* service_;
  LongPolls* polls_;
  StaticFiles files_;
  std::shared_ptr<Analyst> analyst_ = std::make_shared<Analyst>();
  std::shared_ptr<Puzzles> puzzles_;
  std::vector<Route> routes_;
};

}  // namespace ludus::server
