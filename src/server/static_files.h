#pragma once
// The static web page: GET of any path outside /api/ reads a file of the web directory
// (`/` and directories: index.html) with its content type.  Paths with `..` segments or
// outside the directory are not served.  Range headers are ignored (the whole file, 200),
// so multi-range requests cannot amplify a reply.
#include <optional>
#include <string>

#include "server/http_message.h"

namespace ludus::server {

class StaticFiles {
 public:
  // `dir` "" = no static files.
  explicit StaticFiles(std::string dir);
  bool available() const { return !dir_.empty(); }
  // The file's reply, or nullopt when there is no such file.
  std::optional<Response> serve(const std::string& path) const;

  static std::string content_type(const std::string& path);

 private:
  std::string dir_;
};

}  // namespace ludus::server
