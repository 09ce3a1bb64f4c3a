// SPDX-License-Identifier: Apache-2.0
#include "server/domain/tournaments/tournament_standings.h"

#include <algorithm>
#include <map>
#include <set>

namespace ludus::server {
namespace {

using Rows = std::vector<TournamentStanding>;

// Direct encounter among rows[begin, end): each one's points against the others, or all 0
// when two of them have not met (a decided game between them, a forfeit included).
std::map<std::string, double> direct_encounter(const Rows& rows, size_t begin, size_t end,
                                               const std::vector<TournamentGame>& games) {
  std::map<std::string, double> points;
  for (size_t i = begin; i < end; ++i) points[rows[i].player] = 0;
  std::set<std::pair<std::string, std::string>> met;
  for (const TournamentGame& g : games) {
    if (!g.decided() || !g.has_opponent() || !points.count(g.first) || !points.count(g.second)) continue;
    met.insert(std::minmax(g.first, g.second));
    points[g.first] += g.points_of(g.first);
    points[g.second] += g.points_of(g.second);
  }
  const size_t n = end - begin;
  if (met.size() < n * (n - 1) / 2)
    for (auto& [player, p] : points) p = 0;
  return points;
}

// Orders rows[begin, end), equal so far, by the tie-breaks from order[level] on (stable:
// the seed order stays among equals) and adds each group still equal after all of them to
// `groups` as [begin, end).
void break_ties(Rows& rows, size_t begin, size_t end, const std::vector<Tiebreak>& order, size_t level,
                const std::vector<TournamentGame>& games, std::vector<std::pair<size_t, size_t>>& groups) {
  if (end - begin == 1 || level == order.size()) {
    groups.emplace_back(begin, end);
    return;
  }
  std::map<std::string, double> value;
  if (order[level] == Tiebreak::DirectEncounter) {
    value = direct_encounter(rows, begin, end, games);
  } else {
    for (size_t i = begin; i < end; ++i) {
      const TournamentStanding& s = rows[i];
      value[s.player] = order[level] == Tiebreak::Wins              ? s.wins
                        : order[level] == Tiebreak::SonnebornBerger ? s.sonneborn_berger
                                                                    : s.buchholz;
    }
  }
  std::stable_sort(rows.begin() + static_cast<std::ptrdiff_t>(begin), rows.begin() + static_cast<std::ptrdiff_t>(end),
                   [&](const TournamentStanding& a, const TournamentStanding& b) { return value[a.player] > value[b.player]; });
  for (size_t from = begin; from < end;) {
    size_t to = from + 1;
    while (to < end && value[rows[to].player] == value[rows[from].player]) ++to;
    break_ties(rows, from, to, order, level + 1, games, groups);
    from = to;
  }
}

}  // namespace

std::string_view tiebreak_title(Tiebreak tiebreak) {
  switch (tiebreak) {
    case Tiebreak::DirectEncounter: return N_("direct encounter");
    case Tiebreak::Wins: return N_("wins");
    case Tiebreak::SonnebornBerger: return "Sonneborn-Berger";
    case Tiebreak::Buchholz: return "Buchholz";
  }
  return "";
}

const std::vector<Tiebreak>& tiebreak_order(TournamentFormat format) {
  static const std::vector<Tiebreak> round_robin = {Tiebreak::DirectEncounter, Tiebreak::Wins, Tiebreak::SonnebornBerger};
  static const std::vector<Tiebreak> swiss = {Tiebreak::Buchholz, Tiebreak::SonnebornBerger, Tiebreak::DirectEncounter,
                                              Tiebreak::Wins};
  static const std::vector<Tiebreak> knockout;
  switch (format) {
    case TournamentFormat::Swiss: return swiss;
    case TournamentFormat::Knockout: return knockout;
    default: return round_robin;
  }
}

std::string ranking_text(TournamentFormat format, const Language& language) {
  if (format == TournamentFormat::Knockout) return tr(language, "rounds won");
  std::string tiebreaks;
  for (Tiebreak tiebreak : tiebreak_order(format))
    tiebreaks += (tiebreaks.empty() ? "" : ", ") + tr(language, std::string(tiebreak_title(tiebreak)).c_str());
  return tr(language, "points, then {tiebreaks}", {{"tiebreaks", tiebreaks}});
}

const char* tiebreak_name(TournamentFormat format) {
  switch (format) {
    case TournamentFormat::Swiss: return "Buchholz";
    case TournamentFormat::Knockout: return "rounds won";
    default: return "Sonneborn-Berger";
  }
}

std::vector<TournamentStanding> tournament_standings(const TournamentField& field, const std::vector<TournamentGame>& games) {
  std::map<std::string, TournamentStanding> rows;
  for (size_t i = 0; i < field.seeds.size(); ++i) {
    TournamentStanding& row = rows[field.seeds[i]];
    row.player = field.seeds[i];
    row.seed = static_cast<int>(i) + 1;
    row.withdrawn = field.withdrawn.count(row.player) > 0;
  }
  auto tally = [&](const TournamentGame& g, const std::string& player) {
    auto it = rows.find(player);
    if (it == rows.end() || !g.decided()) return;
    TournamentStanding& row = it->second;
    const double points = g.points_of(player);
    row.points += points;
    if (g.kind == TournamentGameKind::Bye) ++row.byes;
    if (points == 1) ++row.wins;
    else if (points == 0) ++row.losses;
    else ++row.draws;
  };
  for (const TournamentGame& g : games) {
    tally(g, g.first);
    if (g.has_opponent()) tally(g, g.second);
  }
  const bool knockout = field.format == TournamentFormat::Knockout;
  double TournamentStanding::*shown = field.format == TournamentFormat::Swiss ? &TournamentStanding::buchholz
                                                                              : &TournamentStanding::sonneborn_berger;
  for (const TournamentGame& g : games) {
    if (!g.decided()) continue;
    if (knockout) {
      // A slot's last game decides it; every earlier one was a draw.
      if (auto winner = slot_winner(games, g.round, g.slot); winner && rows.count(*winner)) {
        const bool last = std::none_of(games.begin(), games.end(), [&](const TournamentGame& h) {
          return h.round == g.round && h.slot == g.slot && h.replay > g.replay;
        });
        if (last) rows[*winner].tiebreak += 1;
      }
      continue;
    }
    if (!g.has_opponent()) continue;
    for (const auto& [me, them] : {std::pair{g.first, g.second}, std::pair{g.second, g.first}}) {
      if (!rows.count(me) || !rows.count(them)) continue;
      const double opponent = rows[them].points;
      rows[me].buchholz += opponent;
      rows[me].sonneborn_berger += g.points_of(me) * opponent;
    }
  }
  Rows out;
  for (auto& [player, row] : rows) {
    if (!knockout) row.tiebreak = row.*shown;
    out.push_back(row);
  }
  // A knockout ranks by rounds won alone (points count replays' draws).
  auto key = [&](const TournamentStanding& s) { return knockout ? s.tiebreak : s.points; };
  std::sort(out.begin(), out.end(), [&](const TournamentStanding& a, const TournamentStanding& b) {
    if (key(a) != key(b)) return key(a) > key(b);
    return a.seed < b.seed;
  });
  std::vector<std::pair<size_t, size_t>> groups;
  for (size_t from = 0; from < out.size();) {
    size_t to = from + 1;
    while (to < out.size() && key(out[to]) == key(out[from])) ++to;
    break_ties(out, from, to, tiebreak_order(field.format), 0, games, groups);
    from = to;
  }
  for (const auto& [from, to] : groups)
    for (size_t i = from; i < to; ++i) {
      out[i].rank = static_cast<int>(from) + 1;
      out[i].shared = to - from > 1;
    }
  return out;
}

std::vector<std::string> first_place(const std::vector<TournamentStanding>& standings) {
  std::vector<std::string> out;
  for (const TournamentStanding& s : standings)
    if (s.rank == 1) out.push_back(s.player);
  return out;
}

std::string first_place_text(const std::vector<TournamentStanding>& standings) {
  const auto first = first_place(standings);
  if (first.empty()) return "no players";
  if (first.size() == 1) return first.front() + " wins";
  return "shared first place: " + names_text(first);
}

std::string names_text(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out;
}

}  // namespace ludus::server
