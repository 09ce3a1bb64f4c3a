// SPDX-License-Identifier: Apache-2.0
#include "server/transport/route_helpers.h"

#include <charconv>

namespace ludus::server {

Language reader_language(const Request& req) {
  return Language::for_accept_language(req.header(http::field::accept_language));
}

nlohmann::json body_object(const Request& req) {
  if (req.body().empty()) return nlohmann::json::object();
  nlohmann::json j = nlohmann::json::parse(req.body(), nullptr, false);
  if (j.is_discarded()) bad_request(text("malformed JSON in the request body"), "malformed_json");
  if (!j.is_object()) bad_request(text("the request body must be a JSON object"), "malformed_json");
  return j;
}

int query_int(const Request& req, const char* name, int fallback, int min, int max) {
  if (!req.has_param(name)) return fallback;
  const std::string text = req.param(name);
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max)
    bad_request(ludus::server::text("query parameter '{parameter}' must be an integer from {min} to {max}",
                     {{"parameter", name}, {"min", min}, {"max", max}}),
                "bad_query");
  return value;
}

std::optional<LongPollQuery> long_poll_query(const Request& req, const char* known, int max_seconds) {
  if (!req.has_param("wait")) return std::nullopt;
  const int seconds = query_int(req, "wait", 0, 0, max_seconds);
  if (!req.has_param(known))
    bad_request(text("wait=SECONDS needs {parameter}=R (the revision you have)", {{"parameter", known}}), "bad_query");
  return LongPollQuery{seconds, query_int(req, known, 0, 0, 2000000000)};
}

Page page_query(const Request& req, int default_limit) {
  auto given = [&](const char* name) { return req.has_param(name) ? std::optional<std::string>(req.param(name)) : std::nullopt; };
  return parse_page(given("limit"), given("offset"), default_limit);
}

std::string bearer_token(const Request& req) {
  const std::string header = req.header(http::field::authorization);
  if (header.rfind("Bearer ", 0) != 0)
    unauthorized(text("missing 'Authorization: Bearer TOKEN' header (get a token from POST /api/login)"), "bad_token");
  return header.substr(7);
}

std::string signed_in_user(Accounts& accounts, const Request& req) { return signed_in_owner(accounts, req).user; }

TokenOwner signed_in_owner(Accounts& accounts, const Request& req) {
  TokenOwner owner = accounts.owner_for_token(bearer_token(req));
  req.user = owner.user;
  return owner;
}

int64_t board_number(const std::string& text) {
  if (text.size() > 15) not_found(ludus::server::text("no board {board}", {{"board", text.substr(0, 20)}}));
  return std::stoll(text);
}

nlohmann::json sign_in_json(const SignIn& signed_in) {
  return {{"user", signed_in.user}, {"token", signed_in.token}, {"expires_at", signed_in.expires_at},
          {"device", signed_in.device}};
}

LoginClient login_client(const Request& req) { return LoginClient(req.remote, req.header("X-Ludus-Device")); }

}  // namespace ludus::server
