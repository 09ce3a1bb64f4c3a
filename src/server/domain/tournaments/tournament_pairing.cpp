// SPDX-License-Identifier: Apache-2.0
#include "server/domain/tournaments/tournament_pairing.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>

#include "server/base/enum_names.h"
#include "server/base/errors.h"

namespace ludus::server {
namespace {

constexpr std::array<std::string_view, 4> kFormatNames = {"roundrobin", "double-roundrobin", "swiss", "knockout"};
constexpr std::array<std::string_view, 3> kKindNames = {"board", "bye", "forfeit"};
constexpr std::array<std::string_view, 5> kOutcomeNames = {"pending", "first", "second", "draw", "both-lose"};

bool is_withdrawn(const TournamentField& field, const std::string& player) { return field.withdrawn.count(player) > 0; }

// A pairing as a game of `round`: a forfeit (decided) when a withdrawn player is in it, or
// when the two may not meet (lost by who refused first).
TournamentGame paired(const TournamentField& field, int round, int slot, const std::string& first,
                      const std::string& second, int replay = 0) {
  TournamentGame g{round, slot, replay, first, second, TournamentGameKind::Board, GameOutcome::Pending, std::nullopt};
  bool first_out = is_withdrawn(field, first), second_out = is_withdrawn(field, second);
  if (!first_out && !second_out)
    if (const std::string* refuser = field.refuser(first, second)) (*refuser == first ? first_out : second_out) = true;
  if (first_out || second_out) {
    g.kind = TournamentGameKind::Forfeit;
    g.outcome = first_out && second_out ? GameOutcome::BothLose : first_out ? GameOutcome::SecondWins : GameOutcome::FirstWins;
  }
  return g;
}

TournamentGame bye(int round, int slot, const std::string& player) {
  return {round, slot, 0, player, "", TournamentGameKind::Bye, GameOutcome::FirstWins, std::nullopt};
}

// --- round robin ----------------------------------------------------------------------

std::vector<TournamentGame> round_robin_games(const TournamentField& field, int round) {
  const int n = static_cast<int>(field.seeds.size());
  const int per_cycle = rounds_for(TournamentFormat::RoundRobin, n, 0);
  const bool second_cycle = round > per_cycle;
  std::vector<TournamentGame> out;
  int slot = 0;
  for (auto [a, b] : round_robin_round(n, second_cycle ? round - per_cycle : round)) {
    if (second_cycle) std::swap(a, b);
    out.push_back(paired(field, round, slot++, field.seeds[static_cast<size_t>(a)], field.seeds[static_cast<size_t>(b)]));
  }
  return out;
}

// --- Swiss ------------------------------------------------------------------------------

struct SwissRecord {
  double score = 0;
  int colour = 0;        // boards played first minus boards played second
  int last_colour = 0;   // +1 first, -1 second, 0 none yet
  bool had_bye = false;
  std::set<std::string> met;
};

std::map<std::string, SwissRecord> swiss_records(const std::vector<TournamentGame>& games) {
  std::map<std::string, SwissRecord> records;
  for (const TournamentGame& g : games) {
    SwissRecord& a = records[g.first];
    a.score += g.points_of(g.first);
    if (g.kind == TournamentGameKind::Bye) a.had_bye = true;
    if (!g.has_opponent()) continue;
    SwissRecord& b = records[g.second];
    b.score += g.points_of(g.second);
    a.met.insert(g.second);
    b.met.insert(g.first);
    if (g.kind == TournamentGameKind::Board) {
      ++a.colour, --b.colour;
      a.last_colour = 1, b.last_colour = -1;
    }
  }
  return records;
}

std::vector<TournamentGame> swiss_games(const TournamentField& field, const std::vector<TournamentGame>& games, int round) {
  auto records = swiss_records(games);
  std::vector<std::string> ranking;
  std::vector<TournamentGame> out;
  int slot = 0;
  // A withdrawn player is not paired: each round left is a forfeit, lost.
  for (const std::string& player : field.seeds) {
    if (!is_withdrawn(field, player)) ranking.push_back(player);
    else out.push_back({round, slot++, 0, player, "", TournamentGameKind::Forfeit, GameOutcome::SecondWins, std::nullopt});
  }
  // Score, then seed (the order of field.seeds, which stable_sort keeps).
  std::stable_sort(ranking.begin(), ranking.end(),
                   [&](const std::string& a, const std::string& b) { return records[a].score > records[b].score; });
  if (ranking.size() % 2 == 1) {
    auto it = std::find_if(ranking.rbegin(), ranking.rend(), [&](const std::string& p) { return !records[p].had_bye; });
    const std::string who = it != ranking.rend() ? *it : ranking.back();
    out.push_back(bye(round, slot++, who));
    ranking.erase(std::find(ranking.begin(), ranking.end(), who));
  }
  // Going down the ranking, each unpaired player takes the highest-ranked player left they
  // may meet; backtracks when the rest cannot be paired.  Passes: no rematch (nor a pair who
  // may not meet) and colours that fit (no two players both two boards ahead on the same
  // side), then no rematch only, then anything (only possible past max_swiss_rounds, which
  // create refuses, or when blocks leave no other pairing: such a pair's game is a forfeit).
  const size_t n = ranking.size();
  std::vector<int> partner(n, -1);
  long budget = 0;
  std::function<bool(int)> solve = [&](int pass) -> bool {
    if (++budget > 200000) return false;
    size_t i = 0;
    while (i < n && partner[i] >= 0) ++i;
    if (i == n) return true;
    for (size_t j = i + 1; j < n; ++j) {
      if (partner[j] >= 0) continue;
      const SwissRecord& a = records[ranking[i]];
      const SwissRecord& b = records[ranking[j]];
      if (pass < 2 && (a.met.count(ranking[j]) || field.refuser(ranking[i], ranking[j]))) continue;
      if (pass < 1 && ((a.colour >= 2 && b.colour >= 2) || (a.colour <= -2 && b.colour <= -2))) continue;
      partner[i] = static_cast<int>(j), partner[j] = static_cast<int>(i);
      if (solve(pass)) return true;
      partner[i] = partner[j] = -1;
    }
    return false;
  };
  bool solved = false;
  for (int pass = 0; pass < 3 && !solved; ++pass) {
    std::fill(partner.begin(), partner.end(), -1);
    budget = 0;
    solved = solve(pass);
  }
  if (!solved) throw ServiceError(ErrorKind::Internal, "pairing", "no Swiss pairing found");
  for (size_t i = 0; i < n; ++i) {
    const size_t j = static_cast<size_t>(partner[i]);
    if (j < i) continue;
    const std::string &high = ranking[i], &low = ranking[j];
    const SwissRecord &a = records[high], &b = records[low];
    // The player further behind in first moves moves first; on a tie the one who moved
    // second last time; else the higher-ranked on even boards.
    bool high_first;
    if (a.colour != b.colour) high_first = a.colour < b.colour;
    else if (a.last_colour != b.last_colour) high_first = a.last_colour < b.last_colour;
    else high_first = slot % 2 == 0;
    out.push_back(paired(field, round, slot++, high_first ? high : low, high_first ? low : high));
  }
  return out;
}

// --- knockout ---------------------------------------------------------------------------

int bracket_size(int players) {
  int size = 1;
  while (size < players) size *= 2;
  return std::max(size, 2);
}

std::vector<TournamentGame> knockout_games(const TournamentField& field, const std::vector<TournamentGame>& games,
                                           int round) {
  std::vector<TournamentGame> out;
  const int n = static_cast<int>(field.seeds.size());
  const int size = bracket_size(n);
  auto seed_of = [&](const std::string& p) {
    return static_cast<int>(std::find(field.seeds.begin(), field.seeds.end(), p) - field.seeds.begin());
  };
  // The better seed moves first.
  auto add = [&](int slot, const std::string& a, const std::string& b) {
    if (b.empty()) return out.push_back(bye(round, slot, a));
    if (a.empty()) return out.push_back(bye(round, slot, b));
    const bool a_first = seed_of(a) < seed_of(b);
    out.push_back(paired(field, round, slot, a_first ? a : b, a_first ? b : a));
  };
  if (round == 1) {
    const std::vector<int> order = bracket_order(size);
    for (int slot = 0; slot < size / 2; ++slot) {
      auto name = [&](int seed) { return seed <= n ? field.seeds[static_cast<size_t>(seed - 1)] : std::string(); };
      add(slot, name(order[static_cast<size_t>(2 * slot)]), name(order[static_cast<size_t>(2 * slot + 1)]));
    }
    return out;
  }
  const int slots = size >> round;
  for (int slot = 0; slot < slots; ++slot)
    add(slot, slot_winner(games, round - 1, 2 * slot).value_or(""), slot_winner(games, round - 1, 2 * slot + 1).value_or(""));
  return out;
}

}  // namespace

std::string_view tournament_format_name(TournamentFormat format) { return kFormatNames[static_cast<size_t>(format)]; }
std::optional<TournamentFormat> tournament_format_by_name(std::string_view name) {
  return enum_by_name<TournamentFormat>(name, kFormatNames);
}
std::string_view tournament_game_kind_name(TournamentGameKind kind) { return kKindNames[static_cast<size_t>(kind)]; }
std::optional<TournamentGameKind> tournament_game_kind_by_name(std::string_view name) {
  return enum_by_name<TournamentGameKind>(name, kKindNames);
}
std::string_view game_outcome_name(GameOutcome outcome) { return kOutcomeNames[static_cast<size_t>(outcome)]; }
std::optional<GameOutcome> game_outcome_by_name(std::string_view name) { return enum_by_name<GameOutcome>(name, kOutcomeNames); }

const std::string* TournamentField::refuser(const std::string& a, const std::string& b) const {
  auto it = refusals.find(std::minmax(a, b));
  return it == refusals.end() ? nullptr : &it->second;
}

double TournamentGame::points_of(const std::string& player) const {
  const bool is_first = player == first;
  switch (outcome) {
    case GameOutcome::FirstWins: return is_first ? 1 : 0;
    case GameOutcome::SecondWins: return is_first ? 0 : 1;
    case GameOutcome::Draw: return 0.5;
    default: return 0;
  }
}

int rounds_for(TournamentFormat format, int players, int swiss_rounds) {
  const int cycle = players % 2 == 0 ? players - 1 : players;
  switch (format) {
    case TournamentFormat::RoundRobin: return cycle;
    case TournamentFormat::DoubleRoundRobin: return 2 * cycle;
    case TournamentFormat::Swiss: return swiss_rounds;
    case TournamentFormat::Knockout: {
      int rounds = 0;
      for (int size = bracket_size(players); size > 1; size /= 2) ++rounds;
      return rounds;
    }
  }
  return 0;
}

int max_swiss_rounds(int players) { return std::max(1, players / 2); }

std::vector<std::pair<int, int>> round_robin_round(int players, int round) {
  // Berger's circle: the last place (a rest when the number is odd) stays, the others turn.
  const int n = players + players % 2;
  const int m = n - 1;
  const int r = (round - 1) % m;
  std::vector<std::pair<int, int>> pairs;
  auto add = [&](int a, int b) {
    if (a < players && b < players) pairs.emplace_back(a, b);
  };
  if (r % 2 == 0) add(n - 1, r);
  else add(r, n - 1);
  for (int i = 1; i < n / 2; ++i) {
    const int a = (r + i) % m, b = (r - i + m) % m;
    if (i % 2 == 1) add(a, b);
    else add(b, a);
  }
  return pairs;
}

std::vector<int> bracket_order(int size) {
  std::vector<int> order = {1};
  while (static_cast<int>(order.size()) < size) {
    const int next = 2 * static_cast<int>(order.size());
    std::vector<int> wider;
    for (int seed : order) wider.insert(wider.end(), {seed, next + 1 - seed});
    order = std::move(wider);
  }
  return order;
}

std::optional<std::string> slot_winner(const std::vector<TournamentGame>& games, int round, int slot) {
  const TournamentGame* last = nullptr;
  for (const TournamentGame& g : games)
    if (g.round == round && g.slot == slot && (!last || g.replay > last->replay)) last = &g;
  if (!last) return std::nullopt;
  switch (last->outcome) {
    case GameOutcome::FirstWins: return last->first;
    case GameOutcome::SecondWins: return last->second;
    case GameOutcome::BothLose: return last->first;  // both withdrew: the better seed goes on to forfeit again
    default: return std::nullopt;
  }
}

TournamentStep next_step(const TournamentField& field, const std::vector<TournamentGame>& games) {
  TournamentStep step;
  int round = 0;
  for (const TournamentGame& g : games) round = std::max(round, g.round);
  if (round > 0) {
    // Knockout: a drawn game whose slot has no later game is replayed, colours reversed.
    if (field.format == TournamentFormat::Knockout) {
      for (const TournamentGame& g : games) {
        if (g.round != round || g.outcome != GameOutcome::Draw) continue;
        const bool replayed = std::any_of(games.begin(), games.end(), [&](const TournamentGame& h) {
          return h.round == g.round && h.slot == g.slot && h.replay > g.replay;
        });
        if (!replayed) step.games.push_back(paired(field, round, g.slot, g.second, g.first, g.replay + 1));
      }
      if (!step.games.empty()) return step;
    }
    if (std::any_of(games.begin(), games.end(), [&](const TournamentGame& g) { return !g.decided(); })) return step;
  }
  if (round >= field.rounds) {
    step.finished = true;
    return step;
  }
  switch (field.format) {
    case TournamentFormat::RoundRobin:
    case TournamentFormat::DoubleRoundRobin: step.games = round_robin_games(field, round + 1); break;
    case TournamentFormat::Swiss: step.games = swiss_games(field, games, round + 1); break;
    case TournamentFormat::Knockout: step.games = knockout_games(field, games, round + 1); break;
  }
  return step;
}

}  // namespace ludus::server
