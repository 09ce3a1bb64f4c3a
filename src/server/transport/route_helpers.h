// SPDX-License-Identifier: Apache-2.0
#pragma once
// Pieces every handler of the JSON API (api_routes.cpp, study_routes.cpp) shares: errors
// turned into replies, the JSON body, the board number of a path.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "server/base/errors.h"
#include "server/base/paging.h"
#include "server/domain/accounts/accounts.h"
#include "server/transport/error_status.h"
#include "server/transport/http_message.h"

namespace ludus::server {

using ErrorReply = Response (*)(int status, const std::string& code, const std::string& message);

// The language of a request's reader: its Accept-Language (the page sends the language its
// reader chose), English when ludus speaks none of it.
Language reader_language(const Request& req);

// Runs `make`; turns every error into an error reply with its status, its message in
// `language` (for a reply written later, after the request is gone).
template <class Make>
Response guarded(const Language& language, Make&& make, ErrorReply error = error_response) {
  try {
    return make();
  } catch (const ServiceError& e) {
    Response res = error(http_status(e), e.code(), e.message_in(language));
    if (e.retry_after() > 0) res.set(http::field::retry_after, std::to_string(e.retry_after()));
    return res;
  } catch (const LudusError& e) {  // core's: a bad move, option or record the handler did not name
    return error(http_status(ErrorKind::BadRequest), "bad_request", e.what());
  } catch (const std::exception& e) {
    return error(http_status(ErrorKind::Internal), "internal", std::string("internal error: ") + e.what());
  } catch (...) {
    return error(http_status(ErrorKind::Internal), "internal", "internal error");
  }
}

// The same in the language of `req`'s reader.
template <class Make>
Response guarded(const Request& req, Make&& make, ErrorReply error = error_response) {
  return guarded(reader_language(req), std::forward<Make>(make), error);
}

// The request body as a JSON object ({} when empty); 400 when it is not one.
nlohmann::json body_object(const Request& req);

// The integer query parameter `name` (`fallback` when absent); 400 bad_query unless it
// is a whole number from `min` to `max`.
int query_int(const Request& req, const char* name, int fallback, int min, int max);

// The long poll a query asks for: ?wait=SECONDS (0 to `max_seconds`) with `known`=R, the
// revision the caller has; nullopt without wait; 400 bad_query for wait without `known`.
struct LongPollQuery {
  int seconds = 0;
  int64_t known = 0;
};
std::optional<LongPollQuery> long_poll_query(const Request& req, const char* known, int max_seconds);

// The page of a listing the query asks for (?limit=N&offset=N; parse_page's bounds, 400
// bad_query beyond them), `default_limit` items when no limit is given.
Page page_query(const Request& req, int default_limit);

// The token of the "Authorization: Bearer TOKEN" header; 401 without one.
std::string bearer_token(const Request& req);

// The user of the request's bearer token (401 without a valid one), also noted in
// req.user for the request's log line.
std::string signed_in_user(Accounts& accounts, const Request& req);
// The same with the token's scope.
TokenOwner signed_in_owner(Accounts& accounts, const Request& req);

// Who sends a request that carries a password or a code (LoginThrottle): its address and the
// device key of its `X-Ludus-Device` header, which the page keeps from its last sign-in.
LoginClient login_client(const Request& req);

// A sign-in's reply: {"user", "token", "expires_at", "device"} (the page keeps the device key
// and sends it as X-Ludus-Device when it next gives a password).
nlohmann::json sign_in_json(const SignIn& signed_in);

// The board number of a path segment of digits; 404 when it is too long to be one.
int64_t board_number(const std::string& text);

}  // namespace ludus::server
