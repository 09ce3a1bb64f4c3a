// SPDX-License-Identifier: Apache-2.0
#include "server/domain/public_url.h"

#include <cctype>

#include "server/base/errors.h"

namespace ludus::server {
namespace {

[[noreturn]] void bad_url(std::string_view text, const std::string& why) {
  bad_request("bad public URL '" + quoted_text(text, 80) + "': " + why, "bad_public_url");
}

// Letters, digits and the characters a host, port and path are written with (no query,
// fragment, blank or quote: the URL goes into mails as it is).
bool plain_url_char(unsigned char ch) {
  return std::isalnum(ch) || std::string_view("-._~/:%[]@!$&'()*+,;=").find(static_cast<char>(ch)) != std::string_view::npos;
}

}  // namespace

PublicUrl PublicUrl::parse(std::string_view text) {
  if (text.empty()) return {};
  std::string_view rest;
  for (std::string_view scheme : {"https://", "http://"})
    if (text.size() > scheme.size() && std::equal(scheme.begin(), scheme.end(), text.begin(), [](char a, char b) {
          return a == std::tolower(static_cast<unsigned char>(b));
        }))
      rest = text.substr(scheme.size());
  if (rest.empty()) bad_url(text, "give http://HOST[:PORT][/PATH] or https://...");
  if (rest.front() == '/' || rest.front() == ':') bad_url(text, "no host");
  for (unsigned char ch : rest) {
    if (ch == '?' || ch == '#') bad_url(text, "no query or fragment: the page's views are fragments of their own");
    if (!plain_url_char(ch)) bad_url(text, "a character that does not belong in a URL");
  }
  std::string base(text);
  while (base.back() == '/') base.pop_back();
  return PublicUrl(std::move(base));
}

std::string PublicUrl::page() const { return empty() ? "" : base_ + "/"; }
std::string PublicUrl::view(std::string_view fragment) const { return empty() ? "" : base_ + "/#/" + std::string(fragment); }
std::string PublicUrl::board(int64_t id) const { return view("board/" + std::to_string(id)); }
std::string PublicUrl::review(int64_t board) const { return view("board/" + std::to_string(board) + "/review"); }
std::string PublicUrl::lobby() const { return view("lobby"); }
std::string PublicUrl::tournament(int64_t id) const { return view("tournament/" + std::to_string(id)); }
std::string PublicUrl::settings() const { return view("settings"); }

std::string link_line(std::string_view label, const std::string& link) {
  return link.empty() ? "" : "\n" + std::string(label) + ": " + link + "\n";
}

}  // namespace ludus::server
