// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/holidays.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <map>

#include <fmt/format.h>

#include "core/record.h"
#include "core/turn_count.h"
#include "server/base/errors.h"

namespace ludus::server {
namespace {

constexpr int64_t kDay = 86400;

int64_t day_of(int64_t seconds) { return seconds >= 0 ? seconds / kDay : (seconds - kDay + 1) / kDay; }

int year_of_day(int64_t day) {
  const std::chrono::year_month_day date{std::chrono::sys_days{std::chrono::days{day}}};
  return static_cast<int>(date.year());
}

// The day number (days since 1970-01-01) of "YYYY-MM-DD"; BadRequest otherwise.
int64_t parse_day(std::string_view day) {
  auto fail = [&] {
    bad_request(text("'{text}' is not a date (YYYY-MM-DD)", {{"text", std::string(day.substr(0, 40))}}), "bad_date");
  };
  if (day.size() != 10 || day[4] != '-' || day[7] != '-') fail();
  int parts[3] = {};
  const std::string_view fields[3] = {day.substr(0, 4), day.substr(5, 2), day.substr(8, 2)};
  for (int i = 0; i < 3; ++i) {
    const auto [end, ec] = std::from_chars(fields[i].data(), fields[i].data() + fields[i].size(), parts[i]);
    if (ec != std::errc() || end != fields[i].data() + fields[i].size()) fail();
  }
  const std::chrono::year_month_day date{std::chrono::year{parts[0]}, std::chrono::month{static_cast<unsigned>(parts[1])},
                                         std::chrono::day{static_cast<unsigned>(parts[2])}};
  if (!date.ok()) fail();
  return std::chrono::sys_days{date}.time_since_epoch().count();
}

// Days each calendar year a holiday touches (a day counts when any part of it is declared).
std::map<int, int> days_by_year(const Holiday& h) {
  std::map<int, int> out;
  for (int64_t day = day_of(h.starts_at); day <= day_of(h.ends_at - 1); ++day) ++out[year_of_day(day)];
  return out;
}

// Days of `year` declared in `holidays`.
int days_in_year(const std::vector<Holiday>& holidays, int year) {
  int days = 0;
  for (const Holiday& h : holidays) {
    const auto by_year = days_by_year(h);
    if (auto it = by_year.find(year); it != by_year.end()) days += it->second;
  }
  return days;
}

int64_t year_start(int year) {
  return std::chrono::sys_days{std::chrono::year{year} / 1 / 1}.time_since_epoch().count() * kDay;
}

}  // namespace

HolidayPlan holiday_plan(Session& session, const std::string& user, int64_t now) {
  HolidayPlan plan{user, now};
  const int year = year_of_day(day_of(now));
  plan.used_days = days_in_year(holidays_of(session, user, year_start(year)), year);
  plan.holidays = holidays_of(session, user, now);
  return plan;
}

void declare_holiday(Session& session, const std::string& user, std::string_view from, std::string_view to, int64_t now) {
  const int64_t first = parse_day(from), last = parse_day(to);
  const int64_t today = day_of(now);
  if (first < today) bad_request(text("a holiday starts today or later (today is {today})", {{"today", utc_date(now)}}), "bad_date");
  if (last < first) bad_request(text("a holiday ends on or after the day it starts"), "bad_date");
  if (first > today + kHolidayDaysAhead)
    bad_request(text("a holiday starts within {days} days of today", {{"days", kHolidayDaysAhead}}), "bad_date");
  if (last - first + 1 > kHolidayDaysPerYear)
    conflict(text("a holiday is at most {days} days long (that one is {length})",
                  {{"days", kHolidayDaysPerYear}, {"length", last - first + 1}}),
             "holiday_allowance");
  const Holiday wanted{user, std::max(now, first * kDay), (last + 1) * kDay};
  const std::vector<Holiday> declared = holidays_of(session, user, year_start(year_of_day(first)));
  for (const Holiday& h : declared)
    if (h.starts_at < wanted.ends_at && wanted.starts_at < h.ends_at)
      conflict(text("that overlaps your holiday from {from} to {to} (cancel it first, or choose other days)",
                    {{"from", holiday_first_day(h)}, {"to", holiday_last_day(h)}}),
               "holiday_overlap");
  for (const auto& [year, days] : days_by_year(wanted)) {
    const int used = days_in_year(declared, year);
    if (used + days > kHolidayDaysPerYear)
      conflict(textn("that holiday takes {n} day of {year}; {left} of the year's {days} holiday days are left",
                     "that holiday takes {n} days of {year}; {left} of the year's {days} holiday days are left", days,
                     {{"year", year}, {"left", std::max(0, kHolidayDaysPerYear - used)}, {"days", kHolidayDaysPerYear}}),
               "holiday_allowance");
  }
  insert_holiday(session, wanted);
}

void cancel_holiday(Session& session, const std::string& user, int64_t now) {
  if (cancel_holidays(session, user, now) == 0) conflict(text("{user} has no holiday to cancel", {{"user", user}}), "no_holiday");
}

std::string holiday_first_day(const Holiday& holiday) { return utc_date(holiday.starts_at); }
std::string holiday_last_day(const Holiday& holiday) { return utc_date(holiday.ends_at - 1); }

nlohmann::json holiday_json(const Holiday& holiday) {
  return {{"user", holiday.user},
          {"from", holiday_first_day(holiday)},
          {"until", holiday_last_day(holiday)},
          {"starts_at", holiday.starts_at},
          {"ends_at", holiday.ends_at}};
}

nlohmann::json holiday_plan_json(const HolidayPlan& plan) {
  nlohmann::json holidays = nlohmann::json::array();
  for (const Holiday& h : plan.holidays) {
    holidays.push_back(holiday_json(h));
    holidays.back()["current"] = h.starts_at <= plan.now;  // the plan holds none over
  }
  return {{"user", plan.user},
          {"allowance", plan.allowance},
          {"used_days", plan.used_days},
          {"left_days", std::max(0, plan.allowance - plan.used_days)},
          {"holidays", holidays}};
}

std::string holiday_plan_text(const HolidayPlan& plan, const Language& language) {
  std::string out = tr(language, "Holidays of {user}: {used} of {allowance} days used in {year}, {left} left.",
                       {{"user", plan.user},
                        {"used", plan.used_days},
                        {"allowance", plan.allowance},
                        {"year", year_of_day(day_of(plan.now))},
                        {"left", std::max(0, plan.allowance - plan.used_days)}}) +
                    "\n";
  if (plan.holidays.empty()) out += tr(language, "No holiday declared.") + "\n";
  for (const Holiday& h : plan.holidays) {
    const TextArgs days = {{"from", holiday_first_day(h)}, {"to", holiday_last_day(h)}};
    out += "  " +
           (h.starts_at <= plan.now ? tr(language, "{from} to {to} (under way: the clocks of your boards are paused)", days)
                                    : tr(language, "{from} to {to}", days)) +
           "\n";
  }
  return out;
}

}  // namespace ludus::server
