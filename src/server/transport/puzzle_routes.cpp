// SPDX-License-Identifier: Apache-2.0
// The routes of puzzles (docs/http-api.md, "Puzzles"; domain/puzzles/puzzles.h): the games
// with puzzles (and the reader's puzzle ratings), the next puzzle of a game for the signed-in
// user, and a turn played in their attempt.  An attempt is its user's: another's is 404.
#include <limits>

#include "server/base/json_fields.h"
#include "server/domain/puzzles/puzzles.h"
#include "server/transport/api_routes.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {

void ApiRoutes::add_puzzle_routes() {
  Accounts& accounts = service_->accounts();
  std::shared_ptr<Puzzles> puzzles = puzzles_;
  add_sync(http::verb::get, "/api/puzzles", [puzzles, &accounts](const Request& req, const Captures&) {
    const std::string user = req.header(http::field::authorization).empty() ? "" : signed_in_user(accounts, req);
    return json_response(200, puzzles->overview(user));
  });
  add_sync(http::verb::get, R"(/api/puzzles/([a-z0-9_-]{1,40})/next)", [puzzles, &accounts](const Request& req, const Captures& c) {
    return json_response(200, puzzles->next(signed_in_user(accounts, req), c[0]));
  });
  // "Your mistakes": the user's own (?board=N: of one board), and their attempt at one.
  add_sync(http::verb::get, "/api/puzzles/mine", [puzzles, &accounts](const Request& req, const Captures&) {
    const std::string user = signed_in_user(accounts, req);
    const int board = query_int(req, "board", 0, 0, std::numeric_limits<int>::max());  // 0: every board
    return json_response(200, puzzles->mine(user, board ? std::optional<int64_t>(board) : std::nullopt));
  });
  add_sync(http::verb::post, R"(/api/puzzles/mine/(\d{1,18}))", [puzzles, &accounts](const Request& req, const Captures& c) {
    return json_response(200, puzzles->mistake(signed_in_user(accounts, req), std::stoll(c[0])));
  });
  add_sync(http::verb::post, R"(/api/puzzles/attempts/(\d{1,18}))", [puzzles, &accounts](const Request& req, const Captures& c) {
    const std::string user = signed_in_user(accounts, req);
    const nlohmann::json body = body_object(req);
    return json_response(200, puzzles->play(user, std::stoll(c[0]), string_field(body, "turn")));
  });
}

}  // namespace ludus::server
