// SPDX-License-Identifier: Apache-2.0
// The routes of tournaments (docs/http-api.md, "Tournaments"; docs/tournaments.md): the
// list, creating, one tournament with its standings, and joining, leaving, withdrawing
// and starting.
#include "core/error.h"
#include "server/base/json_fields.h"
#include "server/domain/tournaments/tournament_text.h"
#include "server/transport/api_routes.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {

void ApiRoutes::add_tournament_routes() {
  Service& service = *service_;
  Accounts& accounts = service.accounts();
  Tournaments& tournaments = service.tournaments();
  using nlohmann::json;
  add_sync(http::verb::get, "/api/tournaments", [&tournaments](const Request& req, const Captures&) {
    json list = json::array();
    for (const TournamentRecord& t : tournaments.list(req.has_param("status") ? req.param("status") : "",
                                                      req.has_param("game") ? req.param("game") : "",
                                                      page_query(req, Page{}.limit)))
      list.push_back(tournament_json(t));
    return json_response(200, {{"tournaments", list}});
  });
  // {"name" (optional), "game", "format", "rounds" (Swiss), "players": "MIN-MAX",
  //  "start": "full"|"YYYY-MM-DD[THH:MM]", "options": the game's and the boards' (nagtime, forfeittime, rated)}
  add_sync(http::verb::post, "/api/tournaments", [&tournaments, &accounts](const Request& req, const Captures&) {
    const std::string user = signed_in_user(accounts, req);
    const json body = body_object(req);
    std::map<std::string, std::string> words = options_field(body);
    for (const char* name : {"name", "format", "players", "start"})
      if (const std::string value = string_field(body, name, false); !value.empty()) words[name] = value;
    if (const auto rounds = int_field(body, "rounds")) words["rounds"] = std::to_string(*rounds);
    const TournamentRecord t = tournaments.create(user, string_field(body, "game"), words);
    Response res = json_response(201, {{"tournament", tournament_json(t)}});
    res.set(http::field::location, "/api/tournaments/" + std::to_string(t.id));
    return res;
  });
  add_sync(http::verb::get, R"(/api/tournaments/(\d{1,15}))", [&tournaments](const Request&, const Captures& c) {
    return json_response(200, tournament_view_json(tournaments.view(std::stoll(c[0]))));
  });
  add_sync(http::verb::post, R"(/api/tournaments/(\d{1,15})/(join|leave|withdraw|start))",
           [&tournaments, &accounts](const Request& req, const Captures& c) {
             const std::string user = signed_in_user(accounts, req);
             const int64_t id = std::stoll(c[0]);
             if (c[1] == "join") return json_response(200, tournament_view_json(tournaments.join(id, user)));
             if (c[1] == "start") return json_response(200, tournament_view_json(tournaments.start(id, user)));
             if (c[1] == "leave") tournaments.leave(id, user);
             else tournaments.withdraw(id, user);
             return json_response(200, tournament_view_json(tournaments.view(id)));
           });
}

}  // namespace ludus::server
