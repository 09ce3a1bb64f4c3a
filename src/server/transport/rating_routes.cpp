// SPDX-License-Identifier: Apache-2.0
// The routes of ratings (docs/http-api.md, "Ratings"): a game's standings and a player's
// page (ratings, rating history, finished games).
#include "core/error.h"
#include "core/registry.h"
#include "server/transport/api_routes.h"
#include "server/domain/play/game_json.h"
#include "server/domain/play/rating_format.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {

using nlohmann::json;

void ApiRoutes::add_rating_routes() {
  Service& service = *service_;
  add(http::verb::get, R"(/api/ratings/([^/]{1,40}))", [&service](const Request& req, const Captures& c, Reply reply) {
    reply(guarded(req, [&] {
      std::string game;
      try {
        game = find_game(c[0]).info->name;
      } catch (const LudusError& e) {
        not_found(e.what());
      }
      const Page page = page_query(req, kStandingsPage);
      const int64_t now = service.accounts().now();
      json players = json::array();
      for (const Standing& s : service.standings(game, page.limit, page.offset))
        players.push_back(standing_json(s, now, true));
      return json_response(200, {{"game", game}, {"players", players}});
    }));
  });
  add(http::verb::get, R"(/api/users/([^/]{1,100}))", [&service](const Request& req, const Captures& c, Reply reply) {
    reply(guarded(req, [&] {
      const Service::PlayerRatings p = service.player_ratings(c[0]);
      const int64_t now = service.accounts().now();
      json ratings = json::array(), history = json::array(), finished = json::array();
      for (const Standing& s : p.ratings) ratings.push_back(standing_json(s, now, false));
      for (const RatingChange& change : p.history) history.push_back(rating_change_json(change));
      GameFilter filter;
      filter.user = p.player;
      filter.status = "finished";
      const Page page = page_query(req, 50);
      filter.limit = page.limit;
      filter.offset = page.offset;
      for (const GameRecord& g : service.list(filter)) finished.push_back(game_summary_json(g));
      return json_response(200,
                           {{"user", p.player}, {"bot", p.bot}, {"ratings", ratings}, {"rating_history", history}, {"finished", finished}});
    }));
  });
}

}  // namespace ludus::server
