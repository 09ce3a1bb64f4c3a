// SPDX-License-Identifier: Apache-2.0
#pragma once
// The analysis cache on disk: the GameTrace of every game played, kept by the run it
// belongs to (game, options, AI specs, seed, ply limit, kind of run) and the game's
// index, so a later run with more games or more variants plays only the missing ones.
// One JSON Lines file per run key: a header line {"key": ...}, then {"index": i,
// "trace": {...}} per game, appended as games finish (safe from several threads).
// A file that does not parse is an error naming it, never silently replaced.
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <string>

#include "study/game_trace.h"

namespace ludus::study {

// Bumped whenever GameTrace or the way games are played for analysis changes, so old
// cache files are not read as new ones.
constexpr int kTraceFormat = 3;  // 2: a pie swap is no repeated position; 3: final position, scores, repeats by kind, distances

// Everything that decides a game's trace besides its index.
struct RunKey {
  std::string game;
  std::string options;             // Options::to_string() of the full option set
  std::string seat_specs[2];       // AI of the first and the second seat
  uint64_t seed = 0;
  int max_plies = 0;
  std::string kind = "self-play";  // "self-play", "opening", "skill"
  std::string text() const;        // the key as stored in the header line
};

// $XDG_CACHE_HOME/ludus/analyze, else $HOME/.cache/ludus/analyze, else "" (no cache).
std::filesystem::path default_cache_dir();

class TraceCache {
 public:
  // Opens (creating the directory and the file when needed) the cache of `key` under
  // `dir` and loads what it holds.  Throws LudusError("corrupt analysis cache file
  // 'PATH' line N: ...") for a file that does not parse or belongs to another key, and
  // when the directory or file cannot be created.
  TraceCache(const std::filesystem::path& dir, const RunKey& key);

  // The cached trace of game `index`, or nullptr.
  const GameTrace* find(long long index) const;
  // Stores and appends game `index` to the file.  Thread-safe.
  void store(long long index, const GameTrace& trace);
  const std::filesystem::path& path() const { return path_; }
  size_t size() const { return traces_.size(); }

 private:
  std::filesystem::path path_;
  std::map<long long, GameTrace> traces_;
  std::ofstream out_;
  mutable std::mutex mutex_;
};

}  // namespace ludus::study
