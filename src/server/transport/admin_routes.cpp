// SPDX-License-Identifier: Apache-2.0
// The administrators' routes (docs/http-api.md, "Moderation"; docs/security.md, "Blocks,
// reports, administrators"): what `ludus admin` does on the server machine, for the web
// page's #/admin.  Each request carries the administrator's token AND their password,
// checked as a sign-in is (LoginThrottle), then the role (403 not_admin), so a stolen token
// alone never moderates.  No route grants the role: that stays on the server machine.
#include "server/base/json_fields.h"
#include "server/domain/community/moderation.h"
#include "server/transport/api_routes.h"
#include "server/transport/route_helpers.h"

namespace ludus::server {
namespace {

using nlohmann::json;

// The administrator a request acts as: the token's user, who gave their password.
std::string acting_admin(Accounts& accounts, const Request& req, const json& body) {
  const std::string user = signed_in_user(accounts, req);
  return accounts.authenticate(user, string_field(body, "password"), login_client(req));
}

json comment_json(const CommentRef& c) {
  return {{"id", c.id}, {"board", c.board}, {"user", c.user}, {"text", c.body}, {"hidden", c.hidden}};
}

// The page's view: {"admin", "reports", "suspended", "audit"} (and "message" after an action).
json view_json(const std::string& admin, const Moderation::View& view) {
  json reports = json::array(), suspended = json::array(), audit = json::array();
  for (const ReportRow& r : view.reports)
    reports.push_back({{"id", r.id},
                       {"reporter", r.reporter},
                       {"reason", r.reason},
                       {"open", r.open},
                       {"at", r.created_at},
                       {"comment", comment_json(r.comment)}});
  for (const SuspendedAccount& s : view.suspended) suspended.push_back({{"user", s.user}, {"since", s.since}});
  for (const AuditEntry& e : view.audit)
    audit.push_back({{"id", e.id}, {"at", e.at}, {"actor", e.actor}, {"action", e.action}, {"target", e.target},
                     {"reason", e.reason}});
  return {{"admin", admin}, {"reports", reports}, {"suspended", suspended}, {"audit", audit}};
}

// The comment number of the body's "comment" field.
int64_t comment_field(const json& body) {
  const auto it = body.find("comment");
  if (it == body.end() || !it->is_number_integer() || it->get<int64_t>() < 1)
    bad_request(text("field 'comment' must be a comment number"), "bad_field");
  return it->get<int64_t>();
}

bool all_reports(const json& body) {
  const auto it = body.find("all");
  if (it == body.end()) return false;
  if (!it->is_boolean()) bad_request(text("field '{field}' must be true or false", {{"field", "all"}}), "bad_field");
  return it->get<bool>();
}

}  // namespace

void ApiRoutes::add_admin_routes() {
  Service& service = *service_;
  // {"password", "all"?}: the view (open reports; with all, closed ones too).
  add_sync(http::verb::post, "/api/admin", [&service](const Request& req, const Captures&) {
    const json body = body_object(req);
    const std::string admin = acting_admin(service.accounts(), req, body);
    return json_response(200, view_json(admin, Moderation(service).view(admin, all_reports(body))));
  });
  // {"password", TARGET, "reason"}: one action, in the audit log, then the view again.
  add_sync(http::verb::post, "/api/admin/(hide|unhide|suspend|restore|forfeit)",
           [&service](const Request& req, const Captures& c) {
             const json body = body_object(req);
             const std::string admin = acting_admin(service.accounts(), req, body);
             const std::string reason = string_field(body, "reason");
             Moderation moderation(service);
             std::string message;
             if (c[0] == "hide" || c[0] == "unhide") {
               const int64_t comment = comment_field(body);
               moderation.hide_comment(admin, comment, reason, c[0] == "hide");
               message = "Comment " + std::to_string(comment) + (c[0] == "hide" ? " is hidden." : " is shown again.");
             } else {
               const std::string user = Accounts::normalize_user_id(string_field(body, "user"));
               if (c[0] == "suspend") {
                 moderation.suspend(admin, user, reason);
                 message = user + " is suspended (tokens revoked, offers withdrawn).";
               } else if (c[0] == "restore") {
                 moderation.restore(admin, user, reason);
                 message = user + " may play again.";
               } else {
                 const auto boards = moderation.forfeit_boards(admin, user, reason);
                 message = std::to_string(boards.size()) + " board" + (boards.size() == 1 ? "" : "s") + " of " + user +
                           " ended.";
               }
             }
             json reply = view_json(admin, moderation.view(admin, all_reports(body)));
             reply["message"] = message;
             return json_response(200, reply);
           });
}

}  // namespace ludus::server
