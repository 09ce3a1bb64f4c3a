// SPDX-License-Identifier: Apache-2.0
// The routes of account recovery and community safety (docs/http-api.md, "Accounts" and
// "Blocks and reports"): the password reset, the address and its verification, blocks, and
// reports of comments.  Moderation itself runs on the server machine (`ludus admin`).
#include "server/base/json_fields.h"
#include "server/domain/moderation.h"
#include "server/transport/api_routes.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {
namespace {

using nlohmann::json;

json address_json(Store& store, const std::string& user) {
  auto session = store.session();
  const auto record = session.find_user(user);
  if (!record) unauthorized("the account no longer exists");
  return {{"user", user}, {"email", record->email}, {"pending_email", record->pending_email}};
}

}  // namespace

void ApiRoutes::add_community_routes() {
  Service& service = *service_;
  Accounts& accounts = service.accounts();
  // {"user"}: the same 202 whether or not the account exists or has an address.
  add_sync(http::verb::post, "/api/reset", [&accounts](const Request& req, const Captures&) {
    accounts.request_reset(string_field(body_object(req), "user"), login_client(req));
    return json_response(202, {{"message", "If that account has a verified address, a reset code is on its way to it."}});
  });
  // {"user", "code", "password"}: the new password; every token of the account is revoked.
  add_sync(http::verb::post, "/api/reset/confirm", [&accounts](const Request& req, const Captures&) {
    const json body = body_object(req);
    const SignIn signed_in = accounts.reset_password(string_field(body, "user"), string_field(body, "code"),
                                                     string_field(body, "password"), login_client(req));
    return json_response(200, sign_in_json(signed_in));
  });
  // {"email"}: a new address to verify ("" removes the address).
  add_sync(http::verb::post, "/api/me/email", [&accounts](const Request& req, const Captures&) {
    const std::string user = signed_in_user(accounts, req);
    accounts.change_email(user, string_field(body_object(req), "email", false));
    return json_response(200, address_json(accounts.store(), user));
  });
  // {"user", "code"}: the code is the proof; no token needed (it may be read on a phone).
  add_sync(http::verb::post, "/api/verify", [&accounts](const Request& req, const Captures&) {
    const json body = body_object(req);
    const std::string user = Accounts::normalize_user_id(string_field(body, "user"));
    const std::string email = accounts.verify_email(user, string_field(body, "code"), login_client(req));
    return json_response(200, {{"user", user}, {"email", email}});
  });
  add_sync(http::verb::get, "/api/me/blocks", [&service](const Request& req, const Captures&) {
    const std::string user = signed_in_user(service.accounts(), req);
    return json_response(200, {{"user", user}, {"blocks", Moderation(service).blocked(user)}});
  });
  // {"user": OTHER, "block": true|false (default true)}.
  add_sync(http::verb::post, "/api/me/blocks", [&service](const Request& req, const Captures&) {
    const std::string user = signed_in_user(service.accounts(), req);
    const json body = body_object(req);
    const auto on = body.find("block");
    if (on != body.end() && !on->is_boolean()) bad_request("field 'block' must be true or false", "bad_field");
    Moderation moderation(service);
    moderation.block(user, string_field(body, "user"), on == body.end() || on->get<bool>());
    return json_response(200, {{"user", user}, {"blocks", moderation.blocked(user)}});
  });
  // {"reason"}: to the administrators (`ludus admin reports`).
  add_sync(http::verb::post, R"(/api/comments/(\d+)/report)", [&service](const Request& req, const Captures& c) {
    const std::string user = signed_in_user(service.accounts(), req);
    if (c[0].size() > 15) not_found("no comment " + c[0]);
    const int64_t id =
        Moderation(service).report(user, std::stoll(c[0]), string_field(body_object(req), "reason", false));
    return json_response(201, {{"report", id}});
  });
}

}  // namespace ludus::server
