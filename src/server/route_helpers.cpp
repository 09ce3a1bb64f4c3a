#include "server/route_helpers.h"

namespace ludus::server {

nlohmann::json body_object(const Request& req) {
  if (req.body().empty()) return nlohmann::json::object();
  nlohmann::json j = nlohmann::json::parse(req.body(), nullptr, false);
  if (j.is_discarded()) bad_request("malformed JSON in the request body", "malformed_json");
  if (!j.is_object()) bad_request("the request body must be a JSON object", "malformed_json");
  return j;
}

int64_t board_number(const std::string& text) {
  if (text.size() > 15) not_found("no board " + text.substr(0, 20));
  return std::stoll(text);
}

}  // namespace ludus::server
