// SPDX-License-Identifier: Apache-2.0
#pragma once
// The server's log: one line per event, as text (the default, for people) or as JSON
// (`ludus serve --log-format json`, one object per line, for log collectors).  A request's
// line carries its request id, the id its reply names in X-Request-Id.  Secrets never get
// here: targets are masked before (loggable_target) and no body or header is ever logged.
// What users wrote never reaches a terminal raw: a text line goes through terminal_safe, a
// JSON line is ASCII (\u escapes).
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace ludus::server {

enum class LogFormat { Text, Json };

// One event.  Fields left empty are left out of the line.
struct LogRecord {
  std::string_view level = "info";  // "info", "warning", "error"
  std::string event;                // "request", "message", ...
  std::string message;
  std::string request_id;
  std::optional<int64_t> board;
  std::string user;
  std::optional<double> duration_ms;
  // A request's: client address, method, target (masked), route template and status.
  std::string remote;
  std::string method;
  std::string target;
  std::string route;
  int status = 0;
};

class Logger {
 public:
  Logger(LogFormat format, std::ostream& out) : format_(format), out_(&out) {}
  // Writes the record as one line; safe from any thread.
  void write(const LogRecord& record);
  // A message of a component (AI errors, mail chores): event "message".
  void message(const std::string& text);
  // The record as the line write() prints, without the newline.
  std::string format(const LogRecord& record) const;

 private:
  LogFormat format_;
  std::ostream* out_;
  std::mutex mutex_;
};

// "text" or "json"; nullopt for anything else.
std::optional<LogFormat> log_format_by_name(std::string_view name);

}  // namespace ludus::server
