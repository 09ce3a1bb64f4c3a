// SPDX-License-Identifier: Apache-2.0
#pragma once
// Errors of the play server, typed by what went wrong rather than by how a front end says it.
// Every failure a client can cause is a ServiceError: a kind, a stable machine-readable code
// for programs and the web page, and one clear line for people.  The command grammar (pbm,
// mail) prints the line; the HTTP transport maps the kind to a status in one place
// (transport/error_status.h).  A ServiceError is not a LudusError (core's error for bad
// moves, options and records): a handler catches each where it means it, without rethrow
// ladders.
#include <stdexcept>
#include <string>

#include "core/text.h"

namespace ludus::server {

enum class ErrorKind {
  BadRequest,    // malformed or invalid input: a bad field, an illegal move, a bad option
  Unauthorized,  // no identity, or a wrong password or token
  Forbidden,     // a known user who may not do this (not a player of the board, not invited)
  NotFound,      // no such board, offer, user or page
  Conflict,      // the state moved on (a stale move number, a closed offer, a name taken)
  TooMany,       // over a limit for now: retry after retry_after() seconds
  Busy,          // the server cannot take it now (database locked, a queue full): retry
  Internal,      // the server's own fault (a database error, a board that no longer replays)
};

// The message is made one line (one_line) whatever it quotes.
class ServiceError : public std::runtime_error {
 public:
  ServiceError(ErrorKind kind, std::string code, const std::string& message, int retry_after = 0)
      : std::runtime_error(one_line(message)), kind_(kind), code_(std::move(code)), retry_after_(retry_after) {}

  ErrorKind kind() const { return kind_; }
  const std::string& code() const { return code_; }
  // Seconds after which a refused request (TooMany, Busy) may succeed; 0 when not applicable.
  int retry_after() const { return retry_after_; }

 private:
  ErrorKind kind_;
  std::string code_;
  int retry_after_;
};

// The kinds a handler throws (docs/http-api.md lists the codes).
[[noreturn]] inline void bad_request(const std::string& message, std::string code = "bad_request") {
  throw ServiceError(ErrorKind::BadRequest, std::move(code), message);
}
// "unauthorized": a wrong password (or user id); "bad_token": the bearer token is missing,
// unknown or expired, so the client's session is over (the page signs out on it, and only on
// it: a mistyped password on a form keeps the session).
[[noreturn]] inline void unauthorized(const std::string& message, std::string code = "unauthorized") {
  throw ServiceError(ErrorKind::Unauthorized, std::move(code), message);
}
[[noreturn]] inline void forbidden(const std::string& message, std::string code = "forbidden") {
  throw ServiceError(ErrorKind::Forbidden, std::move(code), message);
}
[[noreturn]] inline void not_found(const std::string& message) { throw ServiceError(ErrorKind::NotFound, "not_found", message); }
[[noreturn]] inline void conflict(const std::string& message, std::string code = "conflict") {
  throw ServiceError(ErrorKind::Conflict, std::move(code), message);
}
[[noreturn]] inline void too_many(const std::string& message, std::string code, int retry_after_seconds) {
  throw ServiceError(ErrorKind::TooMany, std::move(code), message, retry_after_seconds);
}
[[noreturn]] inline void busy(const std::string& message, int retry_after_seconds = 0) {
  throw ServiceError(ErrorKind::Busy, "busy", message, retry_after_seconds);
}
[[noreturn]] inline void internal(const std::string& message, std::string code = "internal") {
  throw ServiceError(ErrorKind::Internal, std::move(code), message);
}

}  // namespace ludus::server
