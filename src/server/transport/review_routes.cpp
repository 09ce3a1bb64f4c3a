// SPDX-License-Identifier: Apache-2.0
// The reviews of finished boards (docs/review.md, docs/http-api.md "Reviews"): asked for by
// any signed-in user within the caps, read by anyone (boards and their records are public),
// and the user's automatic-review setting.
#include <nlohmann/json.hpp>

#include "server/base/errors.h"
#include "server/base/json_fields.h"
#include "server/domain/analysis/reviews.h"
#include "server/transport/api_routes.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {

void ApiRoutes::add_review_routes() {
  Service& service = *service_;
  Accounts& accounts = service.accounts();
  // 202 while queued or running (GET tells when it is done; a failed one is queued again),
  // 200 once done.
  add_sync(http::verb::post, R"(/api/games/(\d+)/review)", [&service, &accounts](const Request& req, const Captures& c) {
    const std::string user = signed_in_user(accounts, req);
    const StoredReview review = service.reviews().request(board_number(c[0]), user);
    return json_response(review.status == ReviewStatus::kDone ? 200 : 202, stored_review_json(review));
  });
  // The review as stored, or {"board", "status": "none"} when nobody asked for it yet (404
  // for no board).
  add_sync(http::verb::get, R"(/api/games/(\d+)/review)", [&service](const Request&, const Captures& c) {
    const int64_t board = board_number(c[0]);
    service.load_shared(board);  // 404 for no board
    const auto review = service.reviews().find(board);
    if (!review) return json_response(200, {{"board", board}, {"status", "none"}});
    return json_response(200, stored_review_json(*review));
  });
  // {"auto_review": true|false}: review my finished boards without my asking.
  add_sync(http::verb::post, "/api/me/reviews", [&service, &accounts](const Request& req, const Captures&) {
    const std::string user = signed_in_user(accounts, req);
    const nlohmann::json body = body_object(req);
    const std::optional<bool> wanted = bool_field(body, "auto_review");
    if (!wanted) bad_request(text("give field 'auto_review': true or false"), "bad_field");
    return json_response(200, {{"user", user}, {"auto_review", service.reviews().automatic(user, wanted)}});
  });
}

}  // namespace ludus::server
