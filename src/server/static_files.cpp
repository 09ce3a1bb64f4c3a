#include "server/static_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace ludus::server {

namespace fs = std::filesystem;

StaticFiles::StaticFiles(std::string dir) : dir_(std::move(dir)) {
  std::error_code ec;
  if (!dir_.empty() && !fs::is_directory(dir_, ec)) dir_.clear();
}

std::optional<Response> StaticFiles::serve(const std::string& path) const {
  if (dir_.empty() || path.empty() || path[0] != '/') return std::nullopt;
  const fs::path relative = fs::path(path.substr(1)).lexically_normal();
  for (const auto& part : relative)
    if (part == "..") return std::nullopt;
  fs::path file = fs::path(dir_) / relative;
  std::error_code ec;
  if (fs::is_directory(file, ec)) file /= "index.html";
  if (!fs::is_regular_file(file, ec)) return std::nullopt;
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream content;
  content << in.rdbuf();
  return text_response(200, content.str(), content_type(file.string()));
}

std::string StaticFiles::content_type(const std::string& path) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"},  {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},    {".json", "application/json; charset=utf-8"},
      {".svg", "image/svg+xml"},              {".png", "image/png"},
      {".ico", "image/x-icon"},               {".txt", "text/plain; charset=utf-8"},
      {".webmanifest", "application/manifest+json"}};
  const std::string ext = fs::path(path).extension().string();
  for (const auto& [suffix, type] : kTypes)
    if (ext == suffix) return type;
  return "application/octet-stream";
}

}  // namespace ludus::server
