// SPDX-License-Identifier: Apache-2.0
#include "server/base/log.h"

#include <chrono>
#include <cstdio>
#include <ctime>

#include <nlohmann/json.hpp>

#include "core/text.h"

namespace ludus::server {
namespace {

// 2026-11-27T20:31:05.123Z
std::string utc_now() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count() % 1000;
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char text[40];
  std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(millis));
  return text;
}

}  // namespace

std::optional<LogFormat> log_format_by_name(std::string_view name) {
  if (name == "text") return LogFormat::Text;
  if (name == "json") return LogFormat::Json;
  return std::nullopt;
}

std::string Logger::format(const LogRecord& r) const {
  if (format_ == LogFormat::Json) {
    nlohmann::json line{{"time", utc_now()}, {"level", r.level}, {"event", r.event}};
    if (!r.message.empty()) line["message"] = r.message;
    if (!r.request_id.empty()) line["request_id"] = r.request_id;
    if (r.board) line["board"] = *r.board;
    if (!r.user.empty()) line["user"] = r.user;
    if (!r.remote.empty()) line["remote"] = r.remote;
    if (!r.method.empty()) line["method"] = r.method;
    if (!r.target.empty()) line["target"] = r.target;
    if (!r.route.empty()) line["route"] = r.route;
    if (r.status) line["status"] = r.status;
    if (r.duration_ms) line["duration_ms"] = *r.duration_ms;
    // Invalid UTF-8 replaced (a line is always valid JSON), every character past ASCII
    // escaped: what users wrote never reaches the terminal of whoever reads the log raw.
    return line.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
  }
  // Messages quote what users sent (a mail's words, a failed command): terminal_safe.
  if (r.event != "request") return terminal_safe(r.message);
  // The text log's request line as before, with the duration and the request id after it.
  char duration[32] = "";
  if (r.duration_ms) std::snprintf(duration, sizeof duration, " %.1fms", *r.duration_ms);
  return terminal_safe(r.remote + " " + r.method + " " + r.target + " " + std::to_string(r.status) + duration +
                       (r.request_id.empty() ? "" : " id=" + r.request_id) + (r.user.empty() ? "" : " user=" + r.user));
}

void Logger::write(const LogRecord& record) {
  const std::string line = format(record);
  std::lock_guard lock(mutex_);
  *out_ << line << "\n" << std::flush;
}

void Logger::message(const std::string& text) {
  LogRecord record;
  record.event = "message";
  record.message = text;
  write(record);
}

}  // namespace ludus::server
