// SPDX-License-Identifier: Apache-2.0
#pragma once
// Each user's notifications (schema migration 16, docs/notifications.md): the in-page list
// of what happened on their boards, offers and tournaments.  Private to their user: every
// query names the user it reads or changes.  Each change of a user's list (a notification
// written, some marked read) bumps the user's revision, which live pages wait on (every
// process looks at the row itself, so changes made by other processes count).  Queries on a Session the caller holds
// in a transaction, so a notification is written in the transaction of its change.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/base/paging.h"
#include "server/storage/store.h"

namespace ludus::server {

// What a notification is about: it is your move (or a reminder of it), a draw or take-back
// to answer (or the answer to yours), a board's result, a comment on a board you play or
// follow, an invitation (made, declined, withdrawn, or a board a challenge or an accepted
// offer started), a tournament's round or end, a finished board's review ready (migration 18).
enum class NotificationKind { Move, Proposal, Result, Comment, Invitation, Tournament, Review };
inline constexpr std::array<std::string_view, 7> kNotificationKindNames = {
    "move", "proposal", "result", "comment", "invitation", "tournament", "review"};
std::string_view notification_kind_name(NotificationKind kind);
std::optional<NotificationKind> notification_kind_by_name(std::string_view name);

// A user keeps at most this many notifications (a new one deletes the oldest beyond) ...
constexpr int kMaxNotificationsPerUser = 200;
// ... and none older than this (prune_notifications, a chore of the mail worker and
// `ludus cleanup`).
constexpr int64_t kNotificationKeptSeconds = 30 * 86400;

struct NotificationRecord {
  int64_t id = 0;
  std::string user;
  NotificationKind kind = NotificationKind::Move;
  std::optional<int64_t> board, offer, tournament;  // what it links to
  std::string actor;                                // who caused it; "" for the server
  std::string text;                                 // one line, the server's words only
  int64_t created_at = 0;
  bool read = false;
};

// Which of a user's notifications to mark read: those numbered, or all about one board, or
// every one.
struct NotificationSelection {
  std::vector<int64_t> ids;
  std::optional<int64_t> board;
  bool all = false;
};

// Writes an unread notification (its id and read flag are ignored), deletes the user's
// oldest beyond kMaxNotificationsPerUser, and bumps the user's revision.  Returns its id.
int64_t insert_notification(Session& session, const NotificationRecord& notification);
// One page of the user's notifications, newest first.
std::vector<NotificationRecord> notifications_of(Session& session, const std::string& user, const Page& page);
int unread_notifications(Session& session, const std::string& user);
// The revision of the user's list: 0 before their first notification.
int64_t notifications_revision(Session& session, const std::string& user);
// Marks the selected unread notifications of `user` read (another user's ids are not
// theirs: left alone); bumps the revision when any changed.  Returns how many.
int mark_notifications_read(Session& session, const std::string& user, const NotificationSelection& selection,
                            int64_t now);
// Deletes the notifications created before `older_than`; returns how many.
int prune_notifications(Session& session, int64_t older_than);

}  // namespace ludus::server
