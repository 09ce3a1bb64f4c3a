// `ludus analyze GAME --games N`: self-play statistics for game designers.  Seat and
// colour balance with 95% intervals, the pie rule's effect (Ndengrod: swap=on against
// swap=off; other pie games: how often the swap is taken and what it gives), game length
// distribution, branching factor by ply and how games end.  Optional SVG plot.
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/progress.h"
#include "cli/self_play.h"
#include "cli/stats.h"
#include "cli/svg_plot.h"
#include "core/error.h"
#include "core/random.h"
#include "core/registry.h"

namespace ludus::cli {
namespace {

struct AnalyzeArgs {
  GameArgs game;
  long long games = 100;
  std::string ai = "random";
  uint64_t seed = 1;
  int threads = 1;
  std::string plot;
  bool json = false;
  bool quiet = false;
  int max_plies = 0;
};

// Wins, losses and draws of one side (a seat or a colour) with its score interval.
struct Record {
  long long wins = 0, losses = 0, draws = 0;
  void add(int winner, int side) { (winner == kDraw ? draws : winner == side ? wins : losses)++; }
  long long games() const { return wins + losses + draws; }
  double score() const { return games() ? (wins + 0.5 * draws) / static_cast<double>(games()) : 0.0; }
  Interval interval() const { return wilson_interval(wins + 0.5 * draws, games()); }
  std::string text() const {
    if (!games()) return "no games";
    Interval i = interval();
    return fmt::format("{:>5} wins {:>5} losses {:>4} draws   score {:5.1f}%  95% [{:.1f}%, {:.1f}%]", wins, losses,
                       draws, 100 * score(), 100 * i.low, 100 * i.high);
  }
  nlohmann::json to_json() const {
    Interval i = interval();
    return {{"wins", wins}, {"losses", losses}, {"draws", draws}, {"score", score()}, {"interval", {i.low, i.high}}};
  }
};

// What analysis keeps of one game (not the whole history, so long runs stay small).
struct GameFacts {
  int winning_seat = kDraw;
  int winning_colour = kDraw;
  int plies = 0;
  bool swap_taken = false;
  std::vector<int> branching;
  std::string end_reason;
};

// End reasons bucketed: parenthesised details dropped, numbers replaced by N, so
// "white is netted (3 stones, 2 edge cells)" and "... (1 stone ...)" count together.
std::string end_bucket(const std::string& reason, bool draw) {
  std::string out;
  int depth = 0;
  bool in_number = false;
  for (char ch : reason) {
    if (ch == '(') ++depth;
    if (depth == 0) {
      bool digit = ch >= '0' && ch <= '9';
      if (digit && !in_number) out += 'N';
      if (!digit) out += ch;
      in_number = digit;
    }
    if (ch == ')' && depth > 0) --depth;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  if (out.empty()) out = draw ? "draw" : "(no reason given)";
  return out;
}

// Everything measured over the games of one option setting.
struct SettingStats {
  std::shared_ptr<const Game> game;
  std::string label;  // "swap=on", or "" for the only setting
  bool swap_offered = false;
  Record first_seat, first_colour;
  Record first_seat_swap, first_seat_no_swap;
  long long swaps = 0;
  std::vector<double> lengths;
  std::vector<double> branching_sum;
  std::vector<long long> branching_games;
  struct EndCount {
    long long games = 0;
    std::array<long long, 3> by_winner{};  // colour 0, colour 1, draw
  };
  std::map<std::string, EndCount> ends;

  void add(const GameFacts& g) {
    first_seat.add(g.winning_seat, 0);
    first_colour.add(g.winning_colour, 0);
    if (g.swap_taken) ++swaps;
    (g.swap_taken ? first_seat_swap : first_seat_no_swap).add(g.winning_seat, 0);
    lengths.push_back(g.plies);
    if (branching_sum.size() < g.branching.size()) {
      branching_sum.resize(g.branching.size(), 0.0);
      branching_games.resize(g.branching.size(), 0);
    }
    for (size_t k = 0; k < g.branching.size(); ++k) {
      branching_sum[k] += g.branching[k];
      ++branching_games[k];
    }
    auto& end = ends[end_bucket(g.end_reason, g.winning_colour == kDraw)];
    ++end.games;
    ++end.by_winner[g.winning_colour == kDraw ? 2 : g.winning_colour];
  }

  std::vector<double> branching_means() const {
    std::vector<double> means;
    for (size_t k = 0; k < branching_sum.size(); ++k) means.push_back(branching_sum[k] / branching_games[k]);
    return means;
  }
};

// The option settings to compare: both values of the game's pie option (GameInfo::pie)
// unless the user fixed it, otherwise just the given options.
std::vector<std::pair<std::string, std::shared_ptr<const Game>>> settings(const GameArgs& args) {
  auto given = parse_option_assignments(args.options);
  auto base = make_game(args.game, given);
  const std::string& pie_option = base->info().pie.option;
  if (pie_option.empty() || given.count(pie_option)) return {{"", base}};
  std::vector<std::pair<std::string, std::shared_ptr<const Game>>> out;
  for (const char* value : {"on", "off"}) {
    auto options = base->options().values();
    options[pie_option] = value;
    out.emplace_back(pie_option + "=" + value, make_game(base->name(), options));
  }
  return out;
}

void print_setting(const SettingStats& s, std::ostream& out) {
  const Game& game = *s.game;
  out << "\n" << (s.label.empty() ? "Options" : "Setting " + s.label) << ": " << game.options().to_string() << "  ("
      << s.lengths.size() << " games)\n";
  out << fmt::format("  {:<28}{}\n", "first player (seat)", s.first_seat.text());
  out << fmt::format("  {:<28}{}\n", "first colour (" + game.colour_name(0) + ")", s.first_colour.text());
  if (s.swap_offered) {
    const double n = static_cast<double>(s.lengths.size());
    out << fmt::format("  swap taken in {} of {} games ({:.1f}%)\n", s.swaps, s.lengths.size(), 100 * s.swaps / n);
    out << fmt::format("    {:<26}{}\n", "first player, swap taken", s.first_seat_swap.text());
    out << fmt::format("    {:<26}{}\n", "first player, no swap", s.first_seat_no_swap.text());
  }
  SampleSummary len = summarize(s.lengths);
  out << fmt::format("  {:<28}mean {:.1f}  stddev {:.1f}  min {:.0f}  median {:.1f}  max {:.0f}\n",
                     "game length (plies)", len.mean, len.stddev, len.min, len.median, len.max);
  out << "  end conditions:\n";
  std::vector<std::pair<std::string, SettingStats::EndCount>> ends(s.ends.begin(), s.ends.end());
  std::stable_sort(ends.begin(), ends.end(), [](const auto& a, const auto& b) { return a.second.games > b.second.games; });
  for (const auto& [reason, count] : ends)
    out << fmt::format("    {:<44} {:>6} {:5.1f}%   {} {}, {} {}, draw {}\n", reason, count.games,
                       100.0 * count.games / static_cast<double>(s.lengths.size()), game.colour_name(0),
                       count.by_winner[0], game.colour_name(1), count.by_winner[1], count.by_winner[2]);
  out << "  branching factor by ply (mean legal moves; games reaching the ply):\n";
  auto means = s.branching_means();
  constexpr size_t kRow = 10, kMaxPlies = 300;
  for (size_t k = 0; k < means.size() && k < kMaxPlies; k += kRow) {
    std::string row = fmt::format("    {:>4}-{:<4}", k + 1, std::min(k + kRow, means.size()));
    for (size_t j = k; j < k + kRow && j < means.size(); ++j) row += fmt::format(" {:6.1f}", means[j]);
    out << row << fmt::format("   ({} games)\n", s.branching_games[k]);
  }
  if (means.size() > kMaxPlies) out << fmt::format("    ... up to ply {} (see --json)\n", means.size());
}

nlohmann::json setting_json(const SettingStats& s) {
  SampleSummary len = summarize(s.lengths);
  nlohmann::json j = {
      {"label", s.label},
      {"options", s.game->options().values()},
      {"games", s.lengths.size()},
      {"first_player", s.first_seat.to_json()},
      {"first_colour", s.first_colour.to_json()},
      {"length", {{"mean", len.mean}, {"stddev", len.stddev}, {"min", len.min}, {"median", len.median}, {"max", len.max}}},
  };
  if (s.swap_offered)
    j["swap"] = {{"taken", s.swaps},
                 {"rate", s.lengths.empty() ? 0.0 : static_cast<double>(s.swaps) / static_cast<double>(s.lengths.size())},
                 {"first_player_with_swap", s.first_seat_swap.to_json()},
                 {"first_player_without_swap", s.first_seat_no_swap.to_json()}};
  nlohmann::json branching = nlohmann::json::array();
  auto means = s.branching_means();
  for (size_t k = 0; k < means.size(); ++k)
    branching.push_back({{"ply", k + 1}, {"mean", means[k]}, {"games", s.branching_games[k]}});
  j["branching"] = branching;
  nlohmann::json ends = nlohmann::json::array();
  for (const auto& [reason, count] : s.ends)
    ends.push_back({{"reason", reason},
                    {"games", count.games},
                    {"winners", {{s.game->colour_name(0), count.by_winner[0]},
                                 {s.game->colour_name(1), count.by_winner[1]},
                                 {"draw", count.by_winner[2]}}}});
  j["end_reasons"] = ends;
  return j;
}

int run_analyze(const AnalyzeArgs& args) {
  if (args.game.game.empty()) throw LudusError("give a GAME");
  check_ai_spec(args.ai);
  auto configurations = settings(args.game);
  std::vector<SettingStats> stats(configurations.size());
  std::ofstream plot;
  if (!args.plot.empty()) {
    plot.open(args.plot);
    if (!plot) throw LudusError("cannot write plot file '" + args.plot + "'");
  }

  ProgressBar progress("analyze", args.games * static_cast<long long>(configurations.size()), !args.quiet);
  long long finished = 0;
  for (size_t c = 0; c < configurations.size(); ++c) {
    SettingStats& s = stats[c];
    s.label = configurations[c].first;
    s.game = configurations[c].second;
    s.swap_offered = s.game->offers_pie();
    // Kept in game order so the statistics do not depend on thread scheduling.
    std::vector<GameFacts> games(static_cast<size_t>(args.games));
    SelfPlayOptions self_play;
    self_play.record_branching = true;
    self_play.single_threaded = args.threads != 1;
    self_play.max_plies = args.max_plies;
    std::mutex mutex;
    parallel_for(args.games, args.threads, [&](long long i) {
      SelfPlayGame g = play_ai_game(s.game, {args.ai, args.ai}, args.seed + c, i, self_play);
      GameFacts facts{g.winning_seat, g.winning_colour, g.history.num_moves(), g.swap_taken, std::move(g.branching),
                      g.end_reason};
      std::lock_guard lock(mutex);
      games[static_cast<size_t>(i)] = std::move(facts);
      progress.update(++finished, s.label);
    });
    for (const auto& g : games) s.add(g);
  }
  progress.finish();

  const Game& game = *stats.front().game;
  if (plot.is_open()) {
    std::vector<HistogramSeries> lengths;
    std::vector<LineSeries> branching;
    for (const auto& s : stats) {
      lengths.push_back({s.label.empty() ? game.name() : s.label, s.lengths});
      branching.push_back({s.label.empty() ? game.name() : s.label, s.branching_means()});
    }
    plot << analysis_plot_svg(fmt::format("{} self-play, AI {}, {} games", game.info().title, args.ai, args.games),
                              lengths, branching);
    if (!plot) throw LudusError("cannot write plot file '" + args.plot + "'");
  }

  if (args.json) {
    nlohmann::json settings_json = nlohmann::json::array();
    for (const auto& s : stats) settings_json.push_back(setting_json(s));
    nlohmann::json j = {{"game", game.name()},      {"ai", args.ai},         {"seed", args.seed},
                        {"games_per_setting", args.games}, {"colours", game.info().colours}, {"settings", settings_json}};
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << fmt::format("Analysis of {}: self-play by AI '{}', {} games per setting, seed {}\n", game.name(), args.ai,
                           args.games, args.seed);
  std::cout << "Scores count a draw as 1/2; intervals are 95% Wilson score intervals.\n";
  for (const auto& s : stats) print_setting(s, std::cout);
  if (stats.size() == 2) {
    std::cout << fmt::format("\nFirst player score: {} {:.1f}% vs {} {:.1f}%\n", stats[0].label,
                             100 * stats[0].first_seat.score(), stats[1].label, 100 * stats[1].first_seat.score());
  }
  if (!args.plot.empty()) std::cout << "Plot written to " << args.plot << "\n";
  return 0;
}

const bool kAnalyze = register_command({"analyze", "Self-play statistics for game designers", 55, [](CLI::App& app) {
  auto args = std::make_shared<AnalyzeArgs>();
  add_game_args(app, args->game);
  app.add_option("-n,--games", args->games, "Games per option setting")->check(CLI::Range(1LL, 100000000LL));
  app.add_option("--ai", args->ai, "AI playing both seats: random, easy, medium, hard, max or mcts:...")->capture_default_str();
  app.add_option("--seed", args->seed, "Random seed (same seed, same games)");
  app.add_option("--threads", args->threads, "Games played in parallel (0 = all cores)")->check(CLI::Range(0, 1024));
  app.add_option("--max-plies", args->max_plies, "Stop longer games and count them as draws (default: 20 per action id, at least 1000)")
      ->check(CLI::Range(1, 100000000));
  app.add_option("--plot", args->plot, "Write an SVG plot (game lengths, branching factor by ply) to FILE");
  app.add_flag("--json", args->json, "Print JSON instead of tables");
  app.add_flag("-q,--quiet", args->quiet, "No progress report on stderr");
  return [args] { return run_analyze(*args); };
}});

}  // namespace
}  // namespace ludus::cli
