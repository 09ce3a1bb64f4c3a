// SPDX-License-Identifier: Apache-2.0
#include "server/domain/tournament_standings.h"

#include <algorithm>
#include <map>

namespace ludus::server {

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
      const double mine = g.points_of(me);
      rows[me].tiebreak += field.format == TournamentFormat::Swiss ? opponent : mine * opponent;
    }
  }
  std::vector<TournamentStanding> out;
  for (auto& [player, row] : rows) out.push_back(row);
  // A knockout ranks by rounds won alone (points count replays' draws).
  auto key = [&](const TournamentStanding& s) { return knockout ? std::pair{s.tiebreak, 0.0} : std::pair{s.points, s.tiebreak}; };
  std::sort(out.begin(), out.end(), [&](const TournamentStanding& a, const TournamentStanding& b) {
    if (key(a) != key(b)) return key(a) > key(b);
    return a.seed < b.seed;
  });
  for (size_t i = 0; i < out.size(); ++i)
    out[i].rank = i > 0 && key(out[i]) == key(out[i - 1]) ? out[i - 1].rank : static_cast<int>(i) + 1;
  return out;
}

}  // namespace ludus::server
