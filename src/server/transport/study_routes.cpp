// SPDX-License-Identifier: Apache-2.0
// The routes for studying games rather than playing them: the rules documents, record
// downloads and the analysis mode (docs/http-api.md, "Study").
#include "core/error.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/rules_documents.h"
#include "server/base/json_fields.h"
#include "server/transport/api_routes.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {
namespace {

using nlohmann::json;

// The rules of a game (by any spelling find_game accepts) or the common conventions.
json rules_json(const std::string& name) {
  if (name == kRulesConventions)
    return {{"name", kRulesConventions}, {"title", "Conventions"}, {"markdown", conventions_text()}};
  const GameInfo* info = nullptr;
  try {
    info = find_game(name).info;
  } catch (const LudusError& e) {
    not_found(e.what());
  }
  return {{"name", info->name}, {"title", info->title}, {"markdown", info->rules}};
}

Response download(const Board& board, RecordFormat format) {
  const bool sgf = format == RecordFormat::Sgf;
  Response res = text_response(200, record_text(board.history(), format),
                               sgf ? "application/x-go-sgf; charset=utf-8" : "application/json; charset=utf-8");
  res.set(http::field::content_disposition, "attachment; filename=\"ludus-" + board.game().name() + "-" +
                                                std::to_string(board.id()) + (sgf ? ".sgf\"" : ".json\""));
  return res;
}

}  // namespace

void ApiRoutes::add_study_routes() {
  Service& service = *service_;
  add(http::verb::get, R"(/api/rules/([a-z0-9_-]{1,40}))", [](const Request& req, const Captures& c, Reply reply) {
    reply(guarded(req, [&] { return json_response(200, rules_json(c[0])); }));
  });
  add(http::verb::get, R"(/api/games/(\d+)/record\.(json|sgf))",
      [&service](const Request& req, const Captures& c, Reply reply) {
        reply(guarded(req, [&] {
          return download(*service.load_shared(board_number(c[0])), c[1] == "sgf" ? RecordFormat::Sgf : RecordFormat::Json);
        }));
      });
  std::shared_ptr<Analyst> analyst = analyst_;
  add(http::verb::post, "/api/position", [analyst](const Request& req, const Captures&, Reply reply) {
    reply(guarded(req, [&] { return json_response(200, analyst->position(body_object(req))); }));
  });
  Accounts& accounts = service.accounts();
  add(http::verb::post, "/api/evaluate", [analyst, &service, &accounts](const Request& req, const Captures&, Reply reply) {
    reply(guarded(req, [&] {
      const json body = body_object(req);
      // A player signed in: not on a position of a live board of theirs that forbids exploration.
      if (!req.header(http::field::authorization).empty()) {
        const std::optional<int> board = int_field(body, "board");
        service.check_may_analyse(signed_in_user(accounts, req), analyst->replay(body),
                                  board ? std::optional<int64_t>(*board) : std::nullopt);
      }
      return json_response(200, analyst->evaluate(body, req.remote));
    }));
  });
}

}  // namespace ludus::server
