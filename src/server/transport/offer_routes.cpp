// SPDX-License-Identifier: Apache-2.0
// The routes of challenges by consent (docs/http-api.md, "Offers"): the lobby, seeks,
// joining and declining offers, and the user's challenge settings.
#include "core/error.h"
#include "core/registry.h"
#include "server/transport/api_routes.h"
#include "server/domain/play/board_json_text.h"
#include "server/domain/play/game_json.h"
#include "server/base/json_fields.h"
#include "server/domain/play/offer_format.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {
namespace {

using nlohmann::json;

// An optional whole-number field: absent or null gives nullopt.
std::optional<int> optional_int(const json& body, const char* name) {
  auto it = body.find(name);
  if (it == body.end() || it->is_null()) return std::nullopt;
  return int_field(body, name);
}

json settings_json(const std::string& user, const ChallengeSettings& settings) {
  return {{"user", user},
          {"challenges", challenge_policy_name(settings.policy)},
          {"max_active", settings.max_active ? json(*settings.max_active) : json()}};
}

}  // namespace

void ApiRoutes::add_offer_routes() {
  Service& service = *service_;
  Accounts& accounts = service.accounts();
  auto sync = [this](http::verb method, const std::string& pattern, Make make, BotToken bots = BotToken::Refused) {
    add_sync(method, pattern, std::move(make), bots);
  };
  sync(http::verb::get, "/api/offers", [&service](const Request& req, const Captures&) {
    std::string game, user;
    if (req.has_param("game")) {
      try {
        game = find_game(req.param("game")).info->name;
      } catch (const LudusError& e) {
        bad_request(e.what(), "unknown_game");
      }
    }
    if (req.has_param("user")) user = Accounts::normalize_user_id(req.param("user"));
    // Invitations are private to their players: listed only to the signed-in user asking
    // for their own (a token that is present must be valid).
    bool own = false;
    if (!req.header(http::field::authorization).empty()) {
      const std::string viewer = signed_in_user(service.accounts(), req);
      own = !user.empty() && user == viewer;
    }
    json offers = json::array();
    for (const OfferRecord& offer : service.offers(game, user, own, page_query(req, Page{}.limit)))
      offers.push_back(offer_json(offer));
    return json_response(200, {{"offers", offers}});
  }, BotToken::Allowed);
  sync(http::verb::post, "/api/offers", [&service, &accounts](const Request& req, const Captures&) {
    const std::string user = signed_in_user(accounts, req);
    const json body = body_object(req);
    SeatChoice seat = SeatChoice::Random;
    if (const std::string given = string_field(body, "seat", false); !given.empty()) {
      const auto chosen = seat_choice_by_name(given);
      if (!chosen) bad_request(text("field 'seat' must be first, second or random"), "bad_seat");
      seat = *chosen;
    }
    const OfferRecord offer = service.seek(user, string_field(body, "game"), options_field(body), seat,
                                           optional_int(body, "min_rating"), optional_int(body, "max_rating"));
    Response res = json_response(201, {{"offer", offer_json(offer)}});
    res.set(http::field::location, "/api/offers/" + std::to_string(offer.id));
    return res;
  }, BotToken::Allowed);
  sync(http::verb::post, R"(/api/offers/(\d{1,15})/join)", [&service, &accounts](const Request& req, const Captures& c) {
    const std::string user = signed_in_user(accounts, req);
    const int64_t board = service.join(std::stoll(c[0]), user);
    Response res = json_text_response(201, board_json_text(*service.load_shared(board)));
    res.set(http::field::location, "/api/games/" + std::to_string(board));
    return res;
  }, BotToken::Allowed);
  sync(http::verb::post, R"(/api/offers/(\d{1,15})/decline)",
       [&service, &accounts](const Request& req, const Captures& c) {
         const std::string user = signed_in_user(accounts, req);
         const OfferRecord offer = service.decline(std::stoll(c[0]), user);
         return json_response(200, {{"ok", true}, {"offer", offer_json(offer)}});
       }, BotToken::Allowed);
  sync(http::verb::get, "/api/me/limits", [&service, &accounts](const Request& req, const Captures&) {
    const std::string user = signed_in_user(accounts, req);
    return json_response(200, settings_json(user, service.challenge_settings(user)));
  });
  sync(http::verb::post, "/api/me/limits", [&service, &accounts](const Request& req, const Captures&) {
    const std::string user = signed_in_user(accounts, req);
    const json body = body_object(req);
    std::optional<ChallengePolicy> policy;
    if (const std::string given = string_field(body, "challenges", false); !given.empty()) {
      policy = challenge_policy_by_name(given);
      if (!policy) bad_request(text("field 'challenges' must be ask, all or none"), "bad_field");
    }
    std::optional<std::optional<int>> max_active;
    if (body.contains("max_active")) max_active = optional_int(body, "max_active");
    return json_response(200, settings_json(user, service.challenge_settings(user, policy, max_active)));
  });
}

}  // namespace ludus::server
