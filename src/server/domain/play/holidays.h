// SPDX-License-Identifier: Apache-2.0
#pragma once
// Holidays (docs/turns.md "Holidays"): a player declares days away, from today or later;
// meanwhile the time limits of their boards pause (mail_store.h TurnClock), except on
// tournament boards, which keep hard time.  Each calendar year (UTC) allows
// kHolidayDaysPerYear days; a day counts when any part of it is declared.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/base/texts.h"
#include "server/storage/holiday_store.h"

namespace ludus::server {

inline constexpr int kHolidayDaysPerYear = 30;
// Declarations and cancellations a player may make in a day (each tells all their boards).
inline constexpr int kHolidayChangesPerDay = 12;
// A holiday starts within this many days of its declaration.
inline constexpr int kHolidayDaysAhead = 365;

// A user's holidays as they stand at `now`.
struct HolidayPlan {
  std::string user;
  int64_t now = 0;
  std::vector<Holiday> holidays;  // not yet over at `now`, earliest first
  int used_days = 0;              // days of now's calendar year declared (past ones included)
  int allowance = kHolidayDaysPerYear;
};

// The plan of `user` at `now`, read in the caller's transaction.
HolidayPlan holiday_plan(Session& session, const std::string& user, int64_t now);
// Declares a holiday from the first to the last day given ("YYYY-MM-DD", UTC, both
// included); one that starts today starts at `now`.  Throws BadRequest for a malformed or
// past date, Conflict (code "holiday_allowance" or "holiday_overlap") when it would exceed
// a year's allowance or overlaps a declared holiday.
void declare_holiday(Session& session, const std::string& user, std::string_view from, std::string_view to, int64_t now);
// Ends `user`'s holiday under way at `now` and drops those to come; Conflict
// ("no_holiday") when there is none.
void cancel_holiday(Session& session, const std::string& user, int64_t now);

// "YYYY-MM-DD" of the first and the last day of a holiday.
std::string holiday_first_day(const Holiday& holiday);
std::string holiday_last_day(const Holiday& holiday);
// {"user", "from", "until", "starts_at", "ends_at"}: days as "YYYY-MM-DD" (both included),
// times as Unix seconds (ends_at excluded).
nlohmann::json holiday_json(const Holiday& holiday);
// {"user", "allowance", "used_days", "left_days", "holidays": [holiday_json + "current":
// whether it is under way]}.
nlohmann::json holiday_plan_json(const HolidayPlan& plan);
// The plan in words, for commands and mail replies.
std::string holiday_plan_text(const HolidayPlan& plan, const Language& language = Language());

}  // namespace ludus::server
