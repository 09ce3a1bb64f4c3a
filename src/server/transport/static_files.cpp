// SPDX-License-Identifier: Apache-2.0
#include "server/transport/static_files.h"

#include <sodium.h>

#include <filesystem>
#include <fstream>
#include <iterator>

namespace ludus::server {
namespace {

namespace fs = std::filesystem;

// `path` lies inside `root` (both canonical).
bool inside(const fs::path& root, const fs::path& path) {
  auto r = root.begin(), p = path.begin();
  for (; r != root.end(); ++r, ++p)
    if (p == path.end() || *p != *r) return false;
  return p != path.end();
}

// A name the page may be asked for: valid UTF-8, no backslash, no hidden component.
bool servable_name(const std::string& name) {
  if (name.empty() || !valid_utf8(name) || name.find('\\') != std::string::npos) return false;
  for (const auto& part : fs::path(name))
    if (part.string().empty() || part.string()[0] == '.') return false;
  return true;
}

std::string strong_etag(const std::string& content) {
  unsigned char digest[16];
  crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(content.data()), content.size(),
                     nullptr, 0);
  static const char kHex[] = "0123456789abcdef";
  std::string tag = "\"";
  for (unsigned char b : digest) {
    tag += kHex[b >> 4];
    tag += kHex[b & 15];
  }
  return tag + "\"";
}

// RFC 9110 §13.1.2: If-None-Match matches by weak comparison; "*" matches any file.
bool etag_matches(const std::string& header, const std::string& etag) {
  size_t pos = 0;
  while (pos < header.size()) {
    size_t comma = header.find(',', pos);
    if (comma == std::string::npos) comma = header.size();
    std::string item = header.substr(pos, comma - pos);
    const size_t first = item.find_first_not_of(" \t");
    const size_t last = item.find_last_not_of(" \t");
    item = first == std::string::npos ? "" : item.substr(first, last - first + 1);
    if (item.rfind("W/", 0) == 0) item = item.substr(2);
    if (item == "*" || item == etag) return true;
    pos = comma + 1;
  }
  return false;
}

}  // namespace

StaticFiles StaticFiles::snapshot(const std::string& dir, const StaticLimits& limits,
                                  const std::function<void(const std::string&)>& log) {
  StaticFiles out;
  auto skip = [&](const std::string& name, const std::string& why) {
    if (log) log("web page: '" + name + "' not served: " + why);
  };
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec) || sodium_init() < 0) return out;
  const fs::path root = fs::canonical(dir, ec);
  if (ec) return out;
  size_t total = 0;
  // Directory symlinks are not followed (directory_options::none); file symlinks are
  // resolved and kept only when they stay inside the directory.
  fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::directory_entry& entry = *it;
    const std::string name = entry.path().lexically_relative(root).generic_string();
    if (!servable_name(name)) {
      if (entry.is_directory(ec) && !entry.is_symlink(ec)) it.disable_recursion_pending();
      skip(name, "hidden or unservable name");
      continue;
    }
    const fs::file_status link = entry.symlink_status(ec);
    if (fs::is_directory(link)) continue;  // its files come next
    const fs::path target = fs::canonical(entry.path(), ec);
    if (ec || !inside(root, target)) {
      ec.clear();
      skip(name, "it leads outside the web directory");
      continue;
    }
    if (!fs::is_regular_file(target, ec)) {
      ec.clear();
      skip(name, fs::is_symlink(link) ? "a link to a directory (not followed)" : "not a regular file");
      continue;
    }
    const uintmax_t size = fs::file_size(target, ec);
    if (ec || size > limits.max_file_bytes || total + size > limits.max_total_bytes ||
        out.files_.size() >= limits.max_files) {
      ec.clear();
      skip(name, "over the size limits of the page");
      continue;
    }
    std::ifstream in(target, std::ios::binary);
    std::string content;
    content.reserve(size);
    content.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
      skip(name, "unreadable");
      continue;
    }
    if (content.size() > limits.max_file_bytes) content.resize(limits.max_file_bytes);  // it grew meanwhile
    total += content.size();
    auto file = std::make_shared<File>();
    file->type = content_type(name);
    file->etag = strong_etag(content);
    file->content = std::move(content);
    out.files_.emplace(name, std::move(file));
  }
  return out;
}

std::vector<std::string> StaticFiles::names() const {
  std::vector<std::string> out;
  for (const auto& [name, file] : files_) out.push_back(name);
  return out;
}

std::optional<Response> StaticFiles::serve(const std::string& path, const std::string& if_none_match) const {
  if (path.empty() || path[0] != '/') return std::nullopt;
  std::string name = path.substr(1);
  if (name.empty() || name.back() == '/') name += "index.html";
  const auto found = files_.find(name);
  if (found == files_.end()) return std::nullopt;
  const File& file = *found->second;
  if (!if_none_match.empty() && etag_matches(if_none_match, file.etag)) {
    Response res{http::status::not_modified, 11};
    res.set(http::field::etag, file.etag);
    res.set(http::field::cache_control, "no-cache");
    return res;
  }
  Response res = text_response(200, file.content, file.type);
  res.set(http::field::etag, file.etag);
  // The page changes with the server version: revalidate each time (a 304 costs no body).
  res.set(http::field::cache_control, "no-cache");
  return res;
}

std::string StaticFiles::content_type(const std::string& name) {
  static const std::pair<const char*, const char*> kTypes[] = {
      {".html", "text/html; charset=utf-8"},  {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},    {".json", "application/json; charset=utf-8"},
      {".svg", "image/svg+xml"},              {".png", "image/png"},
      {".ico", "image/x-icon"},               {".txt", "text/plain; charset=utf-8"},
      {".webmanifest", "application/manifest+json"},
      // The page's engine (docs/wasm.md): WebAssembly.instantiateStreaming takes no other type.
      {".wasm", "application/wasm"}};
  const std::string ext = fs::path(name).extension().string();
  for (const auto& [suffix, type] : kTypes)
    if (ext == suffix) return type;
  return "application/octet-stream";
}

}  // namespace ludus::server
