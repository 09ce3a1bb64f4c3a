// SPDX-License-Identifier: Apache-2.0
// A user's own notifications (docs/http-api.md, "Notifications"): the list (a long poll
// with ?wait=S&after=REVISION), marking read, and the next board where it is their move.
// Every route reads the bearer token's user only: there is no way to name another.
#include "server/base/json_fields.h"
#include "server/domain/community/notifications.h"
#include "server/transport/api_routes.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {
namespace {

using nlohmann::json;

// The lines in the reader's language (the page sends its own as Accept-Language).
json list_json(const std::string& user, const NotificationList& list, const Language& language) {
  json items = json::array();
  for (const NotificationRecord& n : list.items) items.push_back(notification_json(n, language));
  return {{"user", user}, {"unread", list.unread}, {"revision", list.revision}, {"notifications", std::move(items)}};
}

// {"ids": [N...]}, {"board": N} or {"all": true}.
NotificationSelection selection_of(const json& body) {
  NotificationSelection selection;
  if (const auto ids = body.find("ids"); ids != body.end()) {
    if (!ids->is_array()) bad_request("field 'ids' must be a list of numbers", "bad_field");
    for (const json& id : *ids) {
      if (!id.is_number_integer()) bad_request("field 'ids' must be a list of numbers", "bad_field");
      selection.ids.push_back(id.get<int64_t>());
    }
  }
  if (const auto board = body.find("board"); board != body.end()) {
    if (!board->is_number_integer()) bad_request("field 'board' must be a number", "bad_field");
    selection.board = board->get<int64_t>();
  }
  if (const auto all = body.find("all"); all != body.end()) {
    if (!all->is_boolean()) bad_request("field 'all' must be true or false", "bad_field");
    selection.all = all->get<bool>();
  }
  if (selection.ids.empty() && !selection.board && !selection.all)
    bad_request("give 'ids' (a list), 'board' (a number) or 'all': true", "bad_field");
  return selection;
}

}  // namespace

void ApiRoutes::add_notification_routes() {
  Service& service = *service_;
  // One page, newest first, with the unread count and the list's revision; with
  // ?wait=SECONDS&after=REVISION, once the revision differs from the one the page has.
  add(http::verb::get, "/api/me/notifications", [this, &service](const Request& req, const Captures&, Reply reply) {
    std::string user;
    Page page;
    std::optional<LongPollQuery> wait;
    bool valid = false;
    Response refused = guarded(req, [&] {
      user = signed_in_user(service.accounts(), req);
      page = page_query(req, 20);
      wait = long_poll_query(req, "after", kMaxWaitSeconds);
      valid = true;
      return Response();
    });
    if (!valid) return reply(std::move(refused));
    auto answer = [&service, user, page, reply, language = reader_language(req)]() {
      reply(guarded(language, [&] { return json_response(200, list_json(user, Notifications(service).list(user, page), language)); }));
    };
    if (!wait) return answer();
    polls_->wait_for_notifications(user, wait->known, std::chrono::seconds(wait->seconds), answer);
  });
  // Marks some read ({"ids": [...]}, {"board": N} or {"all": true}); the first page after it.
  add_sync(http::verb::post, "/api/me/notifications/read", [&service](const Request& req, const Captures&) {
    const std::string user = signed_in_user(service.accounts(), req);
    const NotificationSelection selection = selection_of(body_object(req));
    return json_response(200, list_json(user, Notifications(service).mark_read(user, selection), reader_language(req)));
  });
  // The board where it is the user's move that has waited longest ({"board": null}: none),
  // other than ?after=BOARD (the one the page shows).
  add_sync(http::verb::get, "/api/me/next", [&service](const Request& req, const Captures&) {
    const std::string user = signed_in_user(service.accounts(), req);
    std::optional<int64_t> except;
    if (req.has_param("after")) except = query_int(req, "after", 0, 1, 2000000000);
    const auto board = Notifications(service).next_board(user, except);
    return json_response(200, {{"user", user}, {"board", board ? json(*board) : json(nullptr)}});
  });
}

}  // namespace ludus::server
