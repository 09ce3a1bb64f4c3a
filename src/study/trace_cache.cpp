// SPDX-License-Identifier: Apache-2.0
#include "study/trace_cache.h"

#include <cstdlib>
#include <system_error>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/error.h"

namespace ludus::study {
namespace {

uint64_t fnv1a(const std::string& text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char ch : text) h = (h ^ ch) * 1099511628211ull;
  return h;
}

}  // namespace

std::string RunKey::text() const {
  nlohmann::json j = {{"format", kTraceFormat}, {"game", game},           {"options", options},
                      {"players", {seat_specs[0], seat_specs[1]}},         {"seed", seed},
                      {"max_plies", max_plies}, {"kind", kind}};
  return j.dump();
}

std::filesystem::path default_cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::filesystem::path(xdg) / "ludus" / "analyze";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".cache" / "ludus" / "analyze";
  return {};
}

TraceCache::TraceCache(const std::filesystem::path& dir, const RunKey& key) {
  const std::string key_text = key.text();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw LudusError("cannot create the analysis cache directory '" + dir.string() + "': " + ec.message());
  path_ = dir / fmt::format("{}-{:016x}.jsonl", key.game, fnv1a(key_text));
  bool has_header = false;
  if (std::ifstream in(path_); in) {
    std::string line;
    for (long long number = 1; std::getline(in, line); ++number) {
      if (line.empty()) continue;
      auto fail = [&](const std::string& why) {
        return LudusError(fmt::format("corrupt analysis cache file '{}' line {}: {} (delete the file to start again)",
                                      path_.string(), number, why));
      };
      nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
      if (j.is_discarded() || !j.is_object()) throw fail("not a JSON object");
      if (!has_header) {
        if (!j.contains("key") || j["key"] != key_text) throw fail("its header names another run");
        has_header = true;
        continue;
      }
      try {
        traces_[j.at("index").get<long long>()] = trace_from_json(j.at("trace"));
      } catch (const nlohmann::json::exception& e) {
        throw fail(e.what());
      } catch (const LudusError& e) {
        throw fail(e.what());
      }
    }
  }
  out_.open(path_, std::ios::app);
  if (!out_) throw LudusError("cannot write the analysis cache file '" + path_.string() + "'");
  if (!has_header) out_ << nlohmann::json{{"key", key_text}}.dump() << "\n" << std::flush;
}

const GameTrace* TraceCache::find(long long index) const {
  std::lock_guard lock(mutex_);
  auto it = traces_.find(index);
  return it == traces_.end() ? nullptr : &it->second;
}

void TraceCache::store(long long index, const GameTrace& trace) {
  const std::string line = nlohmann::json{{"index", index}, {"trace", trace_to_json(trace)}}.dump() + "\n";
  std::lock_guard lock(mutex_);
  traces_[index] = trace;
  out_ << line << std::flush;
  if (!out_) throw LudusError("cannot write the analysis cache file '" + path_.string() + "'");
}

}  // namespace ludus::study
