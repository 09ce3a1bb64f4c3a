// SPDX-License-Identifier: Apache-2.0
#pragma once
// The static web page, served from a snapshot of the web directory taken once at start.
//
// Security contract: no part of a request ever reaches the file system.  The directory is
// listed when the server starts; each regular file inside it (and each symlink whose target
// stays inside it) is read into memory under a size cap and kept under its relative name
// ("index.html", "img/logo.svg").  serve() looks a request path up by exact name in that
// set; `/` and a path ending in `/` name that directory's index.html.  Anything else (an
// absolute path after the slash, `..`, backslashes, encoded forms, NUL) simply is not a key.
// Changes to the directory after start are not seen until the next start.
//
// Range headers are ignored (the whole file, 200), so multi-range requests cannot amplify a
// reply.  Each file carries a strong ETag; If-None-Match answers 304.
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "server/transport/http_message.h"

namespace ludus::server {

struct StaticLimits {
  size_t max_file_bytes = 8u << 20;    // a larger file is left out (and logged)
  size_t max_total_bytes = 64u << 20;  // files past this total are left out
  size_t max_files = 4096;
};

class StaticFiles {
 public:
  // No page: every serve() is nullopt.
  StaticFiles() = default;
  // Lists and reads `dir` now.  "" or a missing directory gives no page.  Each file left
  // out (too large, a symlink leading outside, unreadable) is reported through `log`.
  static StaticFiles snapshot(const std::string& dir, const StaticLimits& limits = {},
                              const std::function<void(const std::string&)>& log = {});

  bool available() const { return !files_.empty(); }
  size_t file_count() const { return files_.size(); }
  // The names served, sorted ("index.html", "img/logo.svg").
  std::vector<std::string> names() const;

  // The reply for a decoded request path ("/", "/app.js"), or nullopt when it names no file
  // of the snapshot.  `if_none_match` is the request's If-None-Match header ("" if absent).
  std::optional<Response> serve(const std::string& path, const std::string& if_none_match = "") const;

  static std::string content_type(const std::string& name);

 private:
  struct File {
    std::string content;
    std::string type;
    std::string etag;
  };
  std::map<std::string, std::shared_ptr<const File>, std::less<>> files_;
};

}  // namespace ludus::server
