// SPDX-License-Identifier: Apache-2.0
#include "server/transport/http_message.h"

#include <cctype>

#include "server/base/errors.h"

namespace ludus::server {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// `what`: the part of the request, marked with N_ (its name is translated with the error).
std::string checked_text(std::string_view raw, bool plus_is_space, const char* what) {
  std::optional<std::string> decoded = percent_decode(raw, plus_is_space);
  if (!decoded) bad_request(text("malformed percent-escape in the {part}", {{"part", text(what)}}), "bad_encoding");
  if (!valid_utf8(*decoded)) bad_request(text("the {part} is not valid UTF-8", {{"part", text(what)}}), "bad_encoding");
  return std::move(*decoded);
}

void add_fields(Request& request, std::string_view encoded, const char* what) {
  while (!encoded.empty()) {
    const size_t amp = encoded.find('&');
    std::string_view field = encoded.substr(0, amp);
    encoded = amp == std::string_view::npos ? std::string_view() : encoded.substr(amp + 1);
    if (field.empty()) continue;
    const size_t eq = field.find('=');
    std::string name = checked_text(field.substr(0, eq), true, what);
    std::string value = eq == std::string_view::npos ? "" : checked_text(field.substr(eq + 1), true, what);
    request.params.emplace(std::move(name), std::move(value));
  }
}

}  // namespace

std::string Request::header(http::field name) const {
  auto it = raw.find(name);
  return it == raw.end() ? std::string() : std::string(it->value());
}

std::string Request::header(std::string_view name) const {
  auto it = raw.find(boost::beast::string_view(name.data(), name.size()));
  return it == raw.end() ? std::string() : std::string(it->value());
}

std::string Request::param(const std::string& name) const {
  auto it = params.find(name);
  return it == params.end() ? std::string() : it->second;
}

std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      if (i + 2 >= text.size()) return std::nullopt;
      const int high = hex_value(text[i + 1]), low = hex_value(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      out += static_cast<char>(high * 16 + low);
      i += 2;
    } else {
      out += plus_is_space && c == '+' ? ' ' : c;
    }
  }
  return out;
}

std::string percent_encode(std::string_view text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

void decode_request(Request& request) {
  const std::string_view target(request.raw.target().data(), request.raw.target().size());
  const size_t question = target.find('?');
  request.path = checked_text(target.substr(0, question), false, N_("path"));
  if (request.path.empty() || request.path[0] != '/') bad_request(text("the request path must start with '/'"));
  if (question != std::string_view::npos) add_fields(request, target.substr(question + 1), N_("query string"));
  if (!valid_utf8(request.body())) bad_request(text("the request body is not valid UTF-8"), "bad_encoding");
  const std::string type = request.header(http::field::content_type);
  if (type.rfind("application/x-www-form-urlencoded", 0) == 0) add_fields(request, request.body(), N_("form body"));
}

Response json_response(int status, const nlohmann::json& body) { return json_text_response(status, dump_json(body)); }

Response json_text_response(int status, std::string json) {
  return text_response(status, std::move(json), "application/json; charset=utf-8");
}

Response error_response(int status, const std::string& code, const std::string& message) {
  return json_response(status, {{"error", message}, {"code", code}, {"status", status}});
}

Response text_response(int status, std::string body, std::string_view content_type) {
  Response res{static_cast<http::status>(status), 11};
  res.set(http::field::content_type, boost::beast::string_view(content_type.data(), content_type.size()));
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

}  // namespace ludus::server
