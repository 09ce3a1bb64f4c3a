// SPDX-License-Identifier: Apache-2.0
// The bots' event stream, GET /api/bot/stream (docs/bots.md "The event stream").
#include <charconv>

#include "server/transport/api_routes.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {
namespace {

// The last event id the bot has: ?since=ID, else the header Last-Event-ID; nullopt for none.
// 400 bad_query when it is not a whole number from 0.
std::optional<int64_t> since_of(const Request& req) {
  const std::string text = req.has_param("since") ? req.param("since") : req.header("Last-Event-ID");
  if (text.empty()) return std::nullopt;
  int64_t id = -1;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error != std::errc() || end != text.data() + text.size() || id < 0)
    bad_request(ludus::server::text("since (or Last-Event-ID) must be the id of an event, a whole number from 0"), "bad_query");
  return id;
}

}  // namespace

void ApiRoutes::add_bot_routes() {
  // A bot account's token of either scope; the hello is read before the reply's head is
  // written, so a refusal is an ordinary error reply.
  add(http::verb::get, "/api/bot/stream", [this](const Request& req, const Captures&, Reply reply) {
    std::shared_ptr<BotFeed> feed;
    std::string first;
    std::string bot;
    Response head = guarded(req, [&] {
      const auto since = since_of(req);
      bot = signed_in_user(service_->accounts(), req);
      {
        auto session = service_->store().session();
        const auto account = session.find_user(bot);
        if (!account || !account->bot)
          forbidden(text("{user} is not a bot: the event stream is a bot account's (docs/bots.md)", {{"user", bot}}), "not_a_bot");
      }
      feed = std::make_shared<BotFeed>(*service_, bot);
      first = feed->hello(since);
      Response res(http::status::ok, 11);
      res.set(http::field::content_type, "application/x-ndjson; charset=utf-8");
      res.set(http::field::cache_control, "no-store");
      return res;
    });
    if (head.result() == http::status::ok)
      req.take_stream = [streams = bot_streams_, feed, first, bot](boost::beast::tcp_stream stream, ConnectionSlot slot) {
        streams->start(std::move(stream), std::move(slot), feed, first, bot);
      };
    reply(std::move(head));
  }, BotToken::Allowed);
}

}  // namespace ludus::server
