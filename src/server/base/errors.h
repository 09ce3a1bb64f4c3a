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
#include "server/base/texts.h"

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

// The message is made one line (one_line) whatever it quotes.  what() is its English (logs,
// tests); a front end writes it in its reader's language with message_in (texts.h).  A
// message given as a std::string is written as it is in every language.
class ServiceError : public std::runtime_error {
 public:
  ServiceError(ErrorKind kind, std::string code, const std::string& message, int retry_after = 0)
      : ServiceError(kind, std::move(code), Message::verbatim(message), retry_after) {}
  ServiceError(ErrorKind kind, std::string code, Message message, int retry_after = 0)
      : std::runtime_error(one_line(message.english())),
        kind_(kind),
        code_(std::move(code)),
        retry_after_(retry_after),
        message_(std::move(message)) {}

  std::string message_in(const Language& language) const {
    return language.english() ? what() : one_line(message_.in(language));
  }

  ErrorKind kind() const { return kind_; }
  const std::string& code() const { return code_; }
  // Seconds after which a refused request (TooMany, Busy) may succeed; 0 when not applicable.
  int retry_after() const { return retry_after_; }

 private:
  ErrorKind kind_;
  std::string code_;
  int retry_after_;
  Message message_;
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

// The same with a message written in the reader's language: bad_request(text("no board {board}",
// {{"board", id}}), "no_board").
[[noreturn]] inline void bad_request(Message message, std::string code = "bad_request") {
  throw ServiceError(ErrorKind::BadRequest, std::move(code), std::move(message));
}
[[noreturn]] inline void unauthorized(Message message, std::string code = "unauthorized") {
  throw ServiceError(ErrorKind::Unauthorized, std::move(code), std::move(message));
}
[[noreturn]] inline void forbidden(Message message, std::string code = "forbidden") {
  throw ServiceError(ErrorKind::Forbidden, std::move(code), std::move(message));
}
[[noreturn]] inline void conflict(Message message, std::string code = "conflict") {
  throw ServiceError(ErrorKind::Conflict, std::move(code), std::move(message));
}
[[noreturn]] inline void internal(Message message, std::string code = "internal") {
  throw ServiceError(ErrorKind::Internal, std::move(code), std::move(message));
}
[[noreturn]] inline void not_found(Message message) { throw ServiceError(ErrorKind::NotFound, "not_found", std::move(message)); }
[[noreturn]] inline void too_many(Message message, std::string code, int retry_after_seconds) {
  throw ServiceError(ErrorKind::TooMany, std::move(code), std::move(message), retry_after_seconds);
}
[[noreturn]] inline void busy(Message message, int retry_after_seconds = 0) {
  throw ServiceError(ErrorKind::Busy, "busy", std::move(message), retry_after_seconds);
}

}  // namespace ludus::server
