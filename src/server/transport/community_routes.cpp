// SPDX-License-Identifier: Apache-2.0
// The routes of account recovery and community safety (docs/http-api.md, "Accounts" and
// "Blocks and reports"): the password reset, the address and its verification, blocks,
// reports of comments, and leaving: the player's data export and the deletion of the
// account.  The administrators' routes are admin_routes.cpp.
#include "server/base/json_fields.h"
#include "server/domain/account_data.h"
#include "server/domain/community/moderation.h"
#include "server/transport/api_routes.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {
namespace {

using nlohmann::json;

json address_json(Store& store, const std::string& user) {
  auto session = store.session();
  const auto record = session.find_user(user);
  if (!record) unauthorized(text("the account no longer exists"), "bad_token");
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
    if (on != body.end() && !on->is_boolean()) bad_request(text("field '{field}' must be true or false", {{"field", "block"}}), "bad_field");
    Moderation moderation(service);
    moderation.block(user, string_field(body, "user"), on == body.end() || on->get<bool>());
    return json_response(200, {{"user", user}, {"blocks", moderation.blocked(user)}});
  });
  // Everything the server keeps about the user, as a JSON file to keep (AccountData).
  add_sync(http::verb::get, "/api/me/export", [&service](const Request& req, const Captures&) {
    const std::string user = signed_in_user(service.accounts(), req);
    Response res = json_response(200, AccountData(service).export_json(user));
    res.set(http::field::content_disposition, "attachment; filename=\"ludus-" + user + ".json\"");
    return res;
  });
  // {"password", "confirm": USER}: deletes the account (the password, not the token alone).
  add_sync(http::verb::post, "/api/me/delete", [&service](const Request& req, const Captures&) {
    const std::string user = signed_in_user(service.accounts(), req);
    const json body = body_object(req);
    const std::string password = string_field(body, "password");
    if (lowercase(string_field(body, "confirm", false)) != user)
      bad_request(text("to delete the account, give its user id ({user}) in 'confirm'", {{"user", user}}), "not_confirmed");
    service.accounts().authenticate(user, password, login_client(req));
    const std::string name = AccountData(service).delete_account(user);
    return json_response(200, {{"deleted", user}, {"name", name}});
  });
  // {"reason"}: to the administrators (`ludus admin reports`).
  add_sync(http::verb::post, R"(/api/comments/(\d+)/report)", [&service](const Request& req, const Captures& c) {
    const std::string user = signed_in_user(service.accounts(), req);
    if (c[0].size() > 15) not_found(text("no comment {comment}", {{"comment", c[0]}}));
    const int64_t id =
        Moderation(service).report(user, std::stoll(c[0]), string_field(body_object(req), "reason", false));
    return json_response(201, {{"report", id}});
  });
}

}  // namespace ludus::server
