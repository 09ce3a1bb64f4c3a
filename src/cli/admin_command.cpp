// SPDX-License-Identifier: Apache-2.0
// `ludus admin ...`: moderation on the server machine, against the database (docs/community.md):
// grant or revoke the administrator role, list reports, hide a comment, suspend or restore an
// account, end a suspended player's boards, read the audit log.  Whoever runs it holds the
// database already; --as names the administrator each action is logged under (an account with
// the role), so the log says who did what.  What users wrote (comments, reasons) is printed
// through terminal_safe: stored text never moves the administrator's terminal.
#include <ctime>
#include <iostream>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/server_commands.h"
#include "core/text.h"
#include "server/domain/community/moderation.h"
#include "server/storage/store.h"

namespace ludus::cli {
namespace {

struct AdminArgs {
  std::string db = "ludus.db";
  std::string as;
  std::string target;  // a user id or a comment number
  std::string reason;
  bool all = false;
  int limit = 50;
  std::string public_url;
};

std::string utc(int64_t t) {
  const std::time_t time = t;
  std::tm tm{};
  gmtime_r(&time, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &tm);
  return buffer;
}

// A comment's text in the list of reports: at most 300 bytes (never half a character), its
// later lines indented under it so that none passes for a line of the list.
std::string shown_comment(const std::string& body) {
  std::string text = body.substr(0, 300);
  while (!text.empty() && text.size() < body.size() && (static_cast<unsigned char>(body[text.size()]) & 0xc0) == 0x80)
    text.pop_back();
  std::string out;
  for (char ch : text) out += ch == '\n' ? std::string("\n      ") : std::string(1, ch);
  return out;
}

int64_t comment_number(const std::string& text) {
  if (text.empty() || text.size() > 15 || text.find_first_not_of("0123456789") != std::string::npos)
    server::bad_request("COMMENT must be a comment number (history BOARD shows them), not '" + text.substr(0, 20) + "'",
                        "usage");
  return std::stoll(text);
}

const bool kAdmin = register_command({"admin", "Moderation: administrators, reports, hidden comments, suspensions, audit log", 63,
                                      [](CLI::App& app) {
  auto args = std::make_shared<AdminArgs>();
  app.require_subcommand(1);
  auto* grant = app.add_subcommand("grant", "Make USER an administrator");
  auto* revoke = app.add_subcommand("revoke", "Take the administrator role from USER");
  auto* reports = app.add_subcommand("reports", "List the open reports of comments (--all: closed ones too)");
  auto* hide = app.add_subcommand("hide", "Hide comment COMMENT everywhere (and close its reports)");
  auto* unhide = app.add_subcommand("unhide", "Show a hidden comment again");
  auto* suspend = app.add_subcommand("suspend", "Suspend USER: no login, commands or mail; tokens revoked; offers withdrawn");
  auto* restore = app.add_subcommand("restore", "Lift USER's suspension");
  auto* forfeit = app.add_subcommand("forfeit", "End every active board of suspended USER as their resignation");
  auto* audit = app.add_subcommand("audit", "Show the audit log of administrators' actions, newest last");
  for (auto* sub : {grant, revoke, reports, hide, unhide, suspend, restore, forfeit, audit})
    sub->add_option("--db", args->db, "Database: an SQLite file, sqlite:PATH, or postgresql://USER@HOST/DBNAME")
        ->envname("LUDUS_DB")
        ->capture_default_str();
  // Suspending withdraws offers and forfeiting ends boards: both mail the players.
  for (auto* sub : {suspend, forfeit}) add_public_url_option(*sub, args->public_url);
  for (auto* sub : {grant, revoke, suspend, restore, forfeit}) sub->add_option("USER", args->target)->required();
  for (auto* sub : {hide, unhide}) sub->add_option("COMMENT", args->target, "The comment's number")->required();
  for (auto* sub : {reports, hide, unhide, suspend, restore, forfeit})
    sub->add_option("--as", args->as, "The administrator acting (an account with the role)")
        ->envname("LUDUS_ADMIN")
        ->required();
  for (auto* sub : {hide, unhide, suspend, restore, forfeit})
    sub->add_option("--reason", args->reason, "Why (written to the audit log)")->required();
  reports->add_flag("--all", args->all, "Closed reports too");
  audit->add_option("--limit", args->limit, "The newest N entries")->capture_default_str()->check(CLI::Range(1, 100000));
  set_examples(app, {"ludus admin grant alice --db ludus.db",
                     "ludus admin reports --as alice",
                     "ludus admin hide 42 --as alice --reason 'insults'",
                     "ludus admin suspend mallory --as alice --reason 'abuse in comments'",
                     "ludus admin forfeit mallory --as alice --reason 'suspended'",
                     "ludus admin audit --limit 20"});
  return [=]() -> int {
    try {
      server::check_database_file(args->db);
      server::Store store(args->db);
      OfflineService offline(store, server::PasswordPolicy::fast(), server::system_clock(), args->public_url);
      server::Moderation moderation(offline.service);
      const std::string admin = args->as.empty() ? "" : server::Accounts::normalize_user_id(args->as);
      std::string out;  // printed once, through terminal_safe
      if (grant->parsed() || revoke->parsed()) {
        moderation.grant(args->target, grant->parsed());
        out += fmt::format("{} {} an administrator.\n", server::Accounts::normalize_user_id(args->target),
                           grant->parsed() ? "is now" : "is no longer");
      } else if (reports->parsed()) {
        const auto rows = moderation.reports(admin, args->all);
        out += fmt::format("{} report{}{}\n", rows.size(), rows.size() == 1 ? "" : "s", rows.empty() ? "." : ":");
        for (const auto& r : rows)
          out += fmt::format("  report {} {} by {} ({}): \"{}\"\n    comment {} by {} on board {}{}: {}\n", r.id,
                             r.open ? "open" : "closed", r.reporter, utc(r.created_at), r.reason, r.comment.id,
                             r.comment.user, r.comment.board, r.comment.hidden ? " (hidden)" : "",
                             shown_comment(r.comment.body));
      } else if (hide->parsed() || unhide->parsed()) {
        const int64_t id = comment_number(args->target);
        moderation.hide_comment(admin, id, args->reason, hide->parsed());
        out += fmt::format("Comment {} is {}.\n", id, hide->parsed() ? "hidden" : "shown again");
      } else if (suspend->parsed()) {
        moderation.suspend(admin, args->target, args->reason);
        out += fmt::format("{} is suspended (tokens revoked, offers withdrawn).\n",
                           server::Accounts::normalize_user_id(args->target));
      } else if (restore->parsed()) {
        moderation.restore(admin, args->target, args->reason);
        out += fmt::format("{} may play again.\n", server::Accounts::normalize_user_id(args->target));
      } else if (forfeit->parsed()) {
        const auto boards = moderation.forfeit_boards(admin, args->target, args->reason);
        std::string list;
        for (int64_t b : boards) list += (list.empty() ? "" : ", ") + std::to_string(b);
        out += fmt::format("{} board{} ended{}{}.\n", boards.size(), boards.size() == 1 ? "" : "s",
                           boards.empty() ? "" : ": ", list);
      } else {
        for (const auto& e : moderation.audit(args->limit))
          out += fmt::format("{}  {}  {}  {}  {}{}\n", e.id, utc(e.at), e.actor, e.action, e.target,
                             e.reason.empty() ? "" : "  \"" + e.reason + "\"");
      }
      std::cout << terminal_safe(out);
      return 0;
    } catch (const server::ServiceError& e) {
      return report_server_error(e);
    }
  };
}});

}  // namespace
}  // namespace ludus::cli
