// SPDX-License-Identifier: Apache-2.0
#pragma once
// Where players reach this server's web page, for the links in its mails: `--public-url
// URL` of the commands that queue mail (serve, mail, cleanup, pbm, admin), or the
// environment's LUDUS_PUBLIC_URL (docs/mail.md, "Links in mails").  Without one, mails
// carry no links (the server cannot know the name it is reached by behind a proxy).
#include <cstdint>
#include <string>
#include <string_view>

namespace ludus::server {

class PublicUrl {
 public:
  PublicUrl() = default;
  // "https://games.example.org" or "http://host:8080/ludus/" ("" = none); throws ServiceError
  // 400 bad_public_url naming what is wrong: another scheme, no host, blanks, a query or a
  // fragment (the page's views are fragments of their own).
  static PublicUrl parse(std::string_view text);

  bool empty() const { return base_.empty(); }
  // The page's address and its views (the routes of web/app.js): "URL/",
  // "URL/#/board/12", "URL/#/board/12/review", "URL/#/lobby", "URL/#/tournament/3", "URL/#/settings".
  std::string page() const;
  std::string board(int64_t id) const;
  std::string review(int64_t board) const;  // "URL/#/board/12/review": the board with its review
  std::string lobby() const;
  std::string tournament(int64_t id) const;
  std::string settings() const;

 private:
  explicit PublicUrl(std::string base) : base_(std::move(base)) {}
  std::string view(std::string_view fragment) const;
  std::string base_;  // without its trailing '/'
};

// "\n" + `label` + ": " + `link` + "\n" for a mail body, or "" when `link` is empty (no URL).
std::string link_line(std::string_view label, const std::string& link);

}  // namespace ludus::server
