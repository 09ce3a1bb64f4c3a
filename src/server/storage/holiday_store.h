// SPDX-License-Identifier: Apache-2.0
#pragma once
// The holidays players declare (schema migration 17, docs/turns.md "Holidays"): while one
// runs, the time limits of the player's boards pause.  Every query of them is here, on a
// Session the caller holds in a transaction.
#include <cstdint>
#include <string>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

// One holiday: the clocks of `user`'s boards pause from starts_at to ends_at (Unix
// seconds, ends_at exclusive).
struct Holiday {
  std::string user;
  int64_t starts_at = 0;
  int64_t ends_at = 0;
};

// The holidays of `user` that end after `after`, earliest first.
std::vector<Holiday> holidays_of(Session& session, const std::string& user, int64_t after);
void insert_holiday(Session& session, const Holiday& holiday);
// Cancels `user`'s holidays from `now` on: one under way ends at `now`, later ones are
// deleted.  Returns how many it changed.
int cancel_holidays(Session& session, const std::string& user, int64_t now);
// The seconds of [from, to) during which `user` was on holiday (holidays never overlap).
int64_t holiday_seconds(Session& session, const std::string& user, int64_t from, int64_t to);
// Counts a change of every active board `user` plays (their holiday shows on those boards):
// each gets a new revision, and other servers hear of it.  Returns the boards with their
// new revisions, for this process's own listeners.
std::vector<std::pair<int64_t, int64_t>> touch_active_boards(Session& session, const std::string& user);

}  // namespace ludus::server
