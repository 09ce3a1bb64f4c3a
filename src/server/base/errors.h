#pragma once
// Errors of the play server.  Every failure a client can cause is a ServerError with an
// HTTP status, a stable machine-readable code for the web page and one clear line for
// people; the command interface prints the line, the JSON API returns all three.
#include <string>

#include "core/error.h"
#include "core/text.h"

namespace ludus::server {

// The message is made one line (one_line) whatever it quotes.
class ServerError : public LudusError {
 public:
  ServerError(int status, std::string code, const std::string& message, int retry_after = 0)
      : LudusError(one_line(message)), status_(status), code_(std::move(code)), retry_after_(retry_after) {}

  int status() const { return status_; }
  const std::string& code() const { return code_; }
  // Seconds after which a refused request (429) may succeed; 0 when not applicable.
  int retry_after() const { return retry_after_; }

 private:
  int status_;
  std::string code_;
  int retry_after_;
};

// The statuses used (docs/http-api.md lists the codes).
[[noreturn]] inline void bad_request(const std::string& message, std::string code = "bad_request") {
  throw ServerError(400, std::move(code), message);
}
[[noreturn]] inline void unauthorized(const std::string& message) { throw ServerError(401, "unauthorized", message); }
[[noreturn]] inline void forbidden(const std::string& message, std::string code = "forbidden") {
  throw ServerError(403, std::move(code), message);
}
[[noreturn]] inline void not_found(const std::string& message) { throw ServerError(404, "not_found", message); }
[[noreturn]] inline void conflict(const std::string& message, std::string code = "conflict") {
  throw ServerError(409, std::move(code), message);
}
[[noreturn]] inline void too_many(const std::string& message, std::string code, int retry_after_seconds) {
  throw ServerError(429, std::move(code), message, retry_after_seconds);
}

}  // namespace ludus::server
