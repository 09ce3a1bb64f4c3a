// SPDX-License-Identifier: Apache-2.0
#include "server/domain/community/moderation.h"

#include <algorithm>

#include <fmt/format.h>

#include "server/base/errors.h"
#include "server/domain/community/user_text.h"

namespace ludus::server {
namespace {

// A reason as stored: the rule of all users' text, one line, bounded.
std::string checked_reason(std::string_view reason) {
  return checked_user_text(reason, {N_("the reason"), TextLines::One, Moderation::kMaxReason, true});
}

}  // namespace

bool may_meet(Session& session, const std::string& one, const std::string& other) {
  if (Accounts::is_ai(one) || Accounts::is_ai(other) || one == other) return true;
  return !blocks_either(session, one, other);
}

void check_not_blocked(Session& session, const std::string& actor, const std::string& other, const char* what) {
  if (may_meet(session, actor, other)) return;
  if (blocks(session, other, actor))
    forbidden(text("{user} takes no {things} from you", {{"user", other}, {"things", text(what)}}), "blocked");
  forbidden(text("you block {user}: unblock them first", {{"user", other}}), "blocked");
}

void check_may_comment(Session& session, const std::array<std::string, 2>& seats, const std::string& commenter) {
  for (const auto& player : seats) check_not_blocked(session, commenter, player, N_("comments"));
}

std::map<std::pair<std::string, std::string>, std::string> tournament_refusals(Session& session, int64_t tournament) {
  std::map<std::pair<std::string, std::string>, std::string> refusals;
  // Oldest first: the first block of a pair names who refused first.
  for (const BlockRow& block : blocks_among_tournament_players(session, tournament))
    refusals.emplace(std::minmax(block.user, block.blocked), block.user);
  return refusals;
}

std::string Moderation::known_user(Session& session, const std::string& user) {
  const std::string id = Accounts::normalize_user_id(user);
  if (!session.find_user(id)) not_found(text("no user {user}", {{"user", id}}));
  return id;
}

void Moderation::check_admin(Session& session, const std::string& admin) {
  const auto record = session.find_user(admin);
  if (!record || !record->admin) forbidden(text("{user} is not an administrator (ludus admin grant USER)", {{"user", admin}}), "not_admin");
  if (record->suspended_at) suspended(admin);
}

void Moderation::block(const std::string& user, const std::string& other, bool on) {
  const int64_t now = service_->accounts().now();
  const std::string id = service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    const std::string target = known_user(session, other);
    if (target == user) bad_request(text("you cannot block yourself"), "bad_user");
    set_block(session, user, target, on, now);
    tx.commit();
    return target;
  });
  if (!on) return;
  // The invitations between the two go, as if declined (or withdrawn) by the blocker.
  for (const OfferRecord& offer : open_offers_of(user))
    if ((offer.from == user && offer.to == id) || (offer.from == id && offer.to == user)) {
      try {
        service_->decline(offer.id, user);
      } catch (const ServiceError&) {
        // Taken or closed meanwhile: nothing left to decline.
      }
    }
}

std::vector<OfferRecord> Moderation::open_offers_of(const std::string& user) {
  auto session = service_->store().session();
  auto tx = session.read();
  return open_offers_involving(session, service_->accounts().now(), user);
}

std::vector<std::string> Moderation::blocked(const std::string& user) {
  auto session = service_->store().session();
  return blocked_by(session, user);
}

int64_t Moderation::report(const std::string& reporter, int64_t comment, std::string_view reason) {
  const std::string text = checked_reason(reason);
  const int64_t now = service_->accounts().now();
  return service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    const auto found = find_comment(session, comment);
    if (!found || found->hidden) not_found(ludus::server::text("no comment {comment}", {{"comment", comment}}));
    if (reports_since(session, reporter, now - 3600) >= kReportsPerHour)
      too_many(ludus::server::text("too many reports this hour; retry later"), "rate_limited", 3600);
    const int64_t id = insert_report(session, comment, reporter, text, now);
    tx.commit();
    return id;
  });
}

void Moderation::grant(const std::string& user, bool admin) {
  const int64_t now = service_->accounts().now();
  service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    const std::string id = known_user(session, user);
    set_admin(session, id, admin);
    append_audit(session, {0, now, "console", admin ? "grant" : "revoke", id, ""});
    tx.commit();
  });
}

std::vector<ReportRow> Moderation::reports(const std::string& admin, bool all) {
  auto session = service_->store().session();
  check_admin(session, admin);
  return list_reports(session, all);
}

void Moderation::hide_comment(const std::string& admin, int64_t comment, std::string_view reason, bool hidden) {
  const std::string text = checked_reason(reason);
  const int64_t now = service_->accounts().now();
  // The board's revision moves on: every cached copy and page reloads it without the comment.
  service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    check_admin(session, admin);
    const auto found = find_comment(session, comment);
    if (!found) not_found(ludus::server::text("no comment {comment}", {{"comment", comment}}));
    set_comment_hidden(session, comment, hidden);
    if (hidden) close_reports(session, comment);
    append_audit(session, {0, now, admin, hidden ? "hide" : "show",
                           fmt::format("comment {} by {} on board {}", comment, found->user, found->board), text});
    tx.commit();
  });
}

void Moderation::suspend(const std::string& admin, const std::string& user, std::string_view reason) {
  const std::string text = checked_reason(reason);
  const int64_t now = service_->accounts().now();
  const std::string id = service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    check_admin(session, admin);
    const std::string target = known_user(session, user);
    if (target == admin) bad_request(ludus::server::text("an administrator cannot suspend themself"), "bad_user");
    set_suspended(session, target, now);
    session.delete_tokens_of(target);
    append_audit(session, {0, now, admin, "suspend", target, text});
    tx.commit();
    return target;
  });
  for (const OfferRecord& offer : open_offers_of(id)) {
    try {
      service_->decline(offer.id, id);
    } catch (const ServiceError&) {
      // Taken or closed meanwhile.
    }
  }
}

void Moderation::restore(const std::string& admin, const std::string& user, std::string_view reason) {
  const std::string text = checked_reason(reason);
  const int64_t now = service_->accounts().now();
  service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    check_admin(session, admin);
    const std::string target = known_user(session, user);
    set_suspended(session, target, std::nullopt);
    append_audit(session, {0, now, admin, "restore", target, text});
    tx.commit();
  });
}

std::vector<int64_t> Moderation::forfeit_boards(const std::string& admin, const std::string& user,
                                                std::string_view reason) {
  const std::string text = checked_reason(reason);
  std::string id;
  {
    auto session = service_->store().session();
    check_admin(session, admin);
    id = known_user(session, user);
    if (!session.find_user(id)->suspended_at)
      conflict(ludus::server::text("{user} is not suspended: suspend the account first", {{"user", id}}), "not_suspended");
  }
  GameFilter filter;
  filter.user = id;
  filter.status = "active";
  filter.limit = 100000;
  std::vector<int64_t> ended;
  for (const GameRecord& game : service_->list(filter)) {
    try {
      service_->resign(game.id, id);
      ended.push_back(game.id);
    } catch (const ServiceError&) {
      // Ended meanwhile.
    }
  }
  std::string boards;
  for (int64_t b : ended) boards += (boards.empty() ? "" : ", ") + std::to_string(b);
  const int64_t now = service_->accounts().now();
  service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    append_audit(session, {0, now, admin, "forfeit", id,
                           text + (text.empty() ? "" : " ") + "(boards: " + (boards.empty() ? "none" : boards) + ")"});
    tx.commit();
  });
  return ended;
}

Moderation::View Moderation::view(const std::string& admin, bool all_reports, int audit_limit) {
  auto session = service_->store().session();
  auto tx = session.read();
  check_admin(session, admin);
  return {list_reports(session, all_reports), suspended_accounts(session), audit_entries(session, audit_limit)};
}

std::vector<AuditEntry> Moderation::audit(int limit) {
  auto session = service_->store().session();
  return audit_entries(session, limit);
}

}  // namespace ludus::server
