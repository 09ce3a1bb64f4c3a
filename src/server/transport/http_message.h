// SPDX-License-Identifier: Apache-2.0
#pragma once
// The request and reply types of the HTTP layer (Beast messages) and the helpers every
// handler uses: a request with its decoded path and parameters, JSON / text / error
// replies.  Every JSON reply is dumped with invalid UTF-8 replaced, so bytes stored
// before the edge checks existed can never make a reply fail.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <nlohmann/json.hpp>

#include "core/text.h"                 // valid_utf8
#include "server/base/json_fields.h"  // dump_json
#include "server/transport/client_limits.h"  // ConnectionSlot

namespace ludus::server {

namespace http = boost::beast::http;
using RawRequest = http::request<http::string_body>;
using Response = http::response<http::string_body>;

struct Request {
  RawRequest raw;
  std::string path;                                // percent-decoded; valid UTF-8
  std::multimap<std::string, std::string> params;  // query string and form body, decoded
  std::string remote;                              // client address: the log, slowing password guesses
  std::string request_id;                          // named in the reply's X-Request-Id and its log line
  // Set by the handler that answers: its route template ("/api/games/{id}", "static") for
  // the metrics and the log, and the board the route names.
  std::string route;
  std::optional<int64_t> board;
  // The user a bearer token named (signed_in_user), for the log; mutable because handlers
  // see the request as const and learn the user only as they answer.
  mutable std::string user;
  // Set by a handler whose 200 reply is only the head of a body it goes on writing itself
  // (GET /api/bot/stream): the session writes the head (Transfer-Encoding: chunked, the
  // connection closed at its end) and hands the connection over to this.
  mutable std::function<void(boost::beast::tcp_stream, ConnectionSlot)> take_stream;

  http::verb method() const { return raw.method(); }
  const std::string& body() const { return raw.body(); }
  std::string header(http::field name) const;
  std::string header(std::string_view name) const;
  bool has_param(const std::string& name) const { return params.count(name) > 0; }
  std::string param(const std::string& name) const;  // "" when absent
};


// Splits the request target into path and query parameters, percent-decoding both, and
// adds the fields of an application/x-www-form-urlencoded body.  Throws ServiceError 400
// (bad_request / bad_encoding) on a malformed escape or text that is not UTF-8, and when
// the body of any request is not UTF-8: every endpoint takes text.
void decode_request(Request& request);

// "a%20b+c" -> "a b c" (`plus_is_space` for query strings and forms); nullopt on a bad escape.
std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space);

// Escapes every byte but letters, digits and -._~ (for query values and paths).
std::string percent_encode(std::string_view text);

Response json_response(int status, const nlohmann::json& body);
// A reply whose body is JSON text already (board_json_text).
Response json_text_response(int status, std::string json);
// {"error": message, "code": code, "status": status}
Response error_response(int status, const std::string& code, const std::string& message);
Response text_response(int status, std::string body, std::string_view content_type);

}  // namespace ludus::server
