// `ludus analyze GAME --ai SPEC --games N`: the game designer's evaluation (issue 22).
// Self-play by the given AI (and by random players for comparison) measured with the
// metrics of docs/metrics.md; option sweeps (`-o size=5..9`, repeated options) compare
// variants; an opening map, a skill trace and an HTML report on request.  Games run on
// every core and are cached on disk, so a longer or wider run plays only what is new.
// This file parses the options and plays the games; analyze_output.cpp prints.
#include <charconv>
#include <fstream>
#include <iostream>
#include <unistd.h>

#include <fmt/format.h>

#include "cli/analyze_results.h"
#include "cli/analyze_runner.h"
#include "cli/command.h"
#include "cli/self_play.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/text.h"
#include "study/variant_sweep.h"

namespace ludus::cli {
namespace {

struct AnalyzeArgs {
  GameArgs game;
  long long games = 100;
  std::string ai = "random";
  uint64_t seed = 1;
  int threads = 0;
  std::string plot;
  bool json = false;
  bool quiet = false;
  bool progress = false;
  int max_plies = 0;
  std::string cache;
  bool no_cache = false;
  bool no_baseline = false;
  std::string report;
  std::string opening_map;
  long long opening_games = 4;
  std::string skill_ladder;
  long long skill_games = 20;
  std::string ideal_turns;  // "MIN..MAX" for IdealDuration; "" for Ludii's 0..1000
};

// Sets the IdealDuration range of `context` from "MIN..MAX" (whole turns); throws
// LudusError with a one-line reason.
void set_ideal_turns(const std::string& text, study::MetricContext& context) {
  if (text.empty()) return;
  const std::string where = "bad --ideal-turns '" + text + "': expected MIN..MAX, whole numbers of turns with 0 <= MIN <= MAX and MAX > 0";
  const size_t dots = text.find("..");
  if (dots == std::string::npos) throw LudusError(where);
  long long low = 0, high = 0;
  const std::string first = text.substr(0, dots), last = text.substr(dots + 2);
  auto parse = [](const std::string& part, long long& out) {
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
    return !part.empty() && ec == std::errc() && end == part.data() + part.size();
  };
  if (!parse(first, low) || !parse(last, high) || low < 0 || high < low || high == 0) throw LudusError(where);
  context.ideal_min_turns = static_cast<double>(low);
  context.ideal_max_turns = static_cast<double>(high);
}

// The option assignments with the pie option swept on and off when the game has one
// and the user did not set it (so every analysis shows the pie rule's effect).
std::vector<std::string> with_pie_sweep(const std::string& game_name, std::vector<std::string> assignments) {
  const GameEntry& entry = find_game(game_name);
  const std::string& pie = entry.info->pie.option;
  if (pie.empty()) return assignments;
  for (const auto& item : assignments) {
    std::string name = item.substr(0, item.find('='));
    while (!name.empty() && name[0] == '-') name.erase(0, 1);
    if (name == pie) return assignments;
  }
  assignments.push_back(pie + "=on");
  assignments.push_back(pie + "=off");
  return assignments;
}

bool is_random_spec(const std::string& spec) { return lowercase_trimmed(spec).rfind("random", 0) == 0; }

study::RunKey run_key(const Game& game, const std::string& first, const std::string& second, const AnalyzeArgs& args,
                      const char* kind) {
  study::RunKey key;
  key.game = game.name();
  key.options = game.options().to_string();
  key.seat_specs[0] = first;
  key.seat_specs[1] = second;
  key.seed = args.seed;
  key.max_plies = args.max_plies > 0 ? args.max_plies : default_ply_limit(game);
  key.kind = kind;
  return key;
}

int run_analyze(const AnalyzeArgs& args) {
  if (args.game.game.empty()) throw LudusError("give a GAME");
  check_ai_spec(args.ai);
  study::MetricContext ideal;
  set_ideal_turns(args.ideal_turns, ideal);
  const auto variants = study::expand_sweep(with_pie_sweep(args.game.game, args.game.options));
  std::vector<std::shared_ptr<const Game>> games;
  for (const auto& v : variants) games.push_back(make_game(args.game.game, v.options));
  std::vector<std::string> players = {args.ai};
  if (!args.no_baseline && !is_random_spec(args.ai)) players.push_back("random");
  std::vector<std::string> ladder;
  if (!args.skill_ladder.empty()) {
    ladder = study::parse_ladder(args.skill_ladder);
    for (const auto& level : ladder) check_ai_spec(level);
  }
  const bool want_opening = !args.opening_map.empty();  // the report shows it too
  if (want_opening && !games.front()->board_geometry())
    throw LudusError("game '" + games.front()->name() + "' does not expose its board, so it has no opening map");
  // Files are opened before any game is played, so a bad path fails at once.
  std::ofstream plot, opening_file;
  if (!args.plot.empty()) {
    plot.open(args.plot);
    if (!plot) throw LudusError("cannot write plot file '" + args.plot + "'");
  }
  if (!args.opening_map.empty()) {
    opening_file.open(args.opening_map);
    if (!opening_file) throw LudusError("cannot write opening map file '" + args.opening_map + "'");
  }

  BatchSettings settings;
  settings.threads = args.threads;
  if (!args.no_cache) settings.cache_dir = args.cache.empty() ? study::default_cache_dir() : std::filesystem::path(args.cache);
  std::vector<Action> first_moves;
  std::vector<std::string> first_texts;
  if (want_opening) {
    auto initial = games.front()->new_initial_state();
    initial->legal_actions(first_moves);
    for (Action a : first_moves) first_texts.push_back(initial->action_to_text(a));
  }
  long long total = args.games * static_cast<long long>(variants.size() * players.size());
  if (want_opening) total += args.opening_games * static_cast<long long>(first_moves.size());
  if (!ladder.empty()) total += args.skill_games * static_cast<long long>(ladder.size() - 1);
  const bool show_progress = !args.quiet && (args.progress || isatty(fileno(stderr)));
  ProgressBar bar("analyze", total, show_progress);
  BatchProgress progress;
  progress.bar = &bar;

  AnalysisResult result;
  result.game_name = games.front()->name();
  result.ai = args.ai;
  result.seed = args.seed;
  result.games = args.games;
  for (size_t v = 0; v < variants.size(); ++v) {
    for (const auto& player : players) {
      GameBatch batch{games[v], run_key(*games[v], player, player, args, "self-play"), args.games, false, {}};
      AnalyzedSetting s;
      s.label = variants[v].label;
      s.swept = variants[v].swept;
      if (players.size() > 1) s.label += (s.label.empty() ? "" : " ") + player;
      s.ai = player;
      s.game = games[v];
      s.traces = play_batch(batch, settings, progress);
      s.summary = study::summarize_games(s.traces);
      study::MetricContext context = study::metric_context(*games[v]);
      context.ideal_min_turns = ideal.ideal_min_turns;
      context.ideal_max_turns = ideal.ideal_max_turns;
      s.metrics = study::compute_metrics(s.traces, context);
      result.settings.push_back(std::move(s));
    }
  }
  if (want_opening) {
    GameBatch batch{games.front(), run_key(*games.front(), args.ai, args.ai, args, "opening"),
                    args.opening_games * static_cast<long long>(first_texts.size()), false, {}};
    batch.opening = [&first_texts](long long i) {
      return std::vector<std::string>{first_texts[static_cast<size_t>(i) % first_texts.size()]};
    };
    OpeningResult opening;
    opening.game = games.front();
    opening.label = variants.front().label;
    opening.games_per_move = args.opening_games;
    opening.stats = study::opening_stats(play_batch(batch, settings, progress));
    result.opening = std::move(opening);
  }
  for (size_t k = 0; k + 1 < ladder.size(); ++k) {
    // Seats: the stronger level first in even games (study/skill_trace.h).
    GameBatch batch{games.front(), run_key(*games.front(), ladder[k + 1], ladder[k], args, "skill"), args.skill_games, true, {}};
    result.skill.push_back(study::skill_step(ladder[k], ladder[k + 1], play_batch(batch, settings, progress)));
    result.skill_label = variants.front().label;
  }
  bar.finish();

  if (plot.is_open()) {
    plot << analysis_plot(result);
    if (!plot) throw LudusError("cannot write plot file '" + args.plot + "'");
  }
  if (opening_file.is_open()) {
    opening_file << opening_map(*result.opening, args.ai);
    if (!opening_file) throw LudusError("cannot write opening map file '" + args.opening_map + "'");
  }
  if (!args.report.empty()) write_report(result, args.report);
  if (args.json) {
    print_analysis_json(result, std::cout);
    return 0;
  }
  print_analysis(result, std::cout);
  if (!args.plot.empty()) std::cout << "Plot written to " << args.plot << "\n";
  if (!args.opening_map.empty()) std::cout << "Opening map written to " << args.opening_map << "\n";
  if (!args.report.empty()) std::cout << "Report written to " << (std::filesystem::path(args.report) / "index.html").string() << "\n";
  return 0;
}

const bool kAnalyze = register_command({"analyze", "The game designer's evaluation: metrics of self-play, variant sweeps", 55, [](CLI::App& app) {
  auto args = std::make_shared<AnalyzeArgs>();
  add_game_args(app, args->game);
  app.get_option("--option")
      ->description("Game option name=value.  Repeating an option (-o size=5 -o size=7) or giving a range "
                    "(-o size=5..9, -o size=5..13..2) is a sweep: one analysis per value (every combination "
                    "when several options vary), compared in one table and one plot per metric");
  app.footer(
      "Example:\n  ludus analyze n-mesh -o size=5..9 --ai medium -n 40 --report n-mesh-report\n"
      "Metrics are defined in docs/metrics.md.  Games are cached (see --cache), so repeating a run with more\n"
      "games or more variants plays only the new ones.");
  app.add_option("-n,--games", args->games, "Games per variant and AI")->check(CLI::Range(1LL, 100000000LL))->capture_default_str();
  app.add_option("--ai", args->ai, "AI playing both seats: random, easy, medium, hard, max or mcts:...; "
                 "MCTS specs also give each position's evaluation (stability, drama, clarity ...)")->capture_default_str();
  app.add_flag("--no-baseline", args->no_baseline, "Do not also measure random play (done by default when --ai is not random)");
  app.add_option("--seed", args->seed, "Random seed (same seed, same games)");
  app.add_option("--threads", args->threads, "Games played in parallel (0 = all cores)")->check(CLI::Range(0, 1024))->capture_default_str();
  app.add_option("--max-plies", args->max_plies, "Stop longer games and count them as draws (default: 20 per action id, at least 1000)")
      ->check(CLI::Range(1, 100000000));
  app.add_option("--cache", args->cache, "Directory of the game cache (default $XDG_CACHE_HOME/ludus/analyze or ~/.cache/ludus/analyze)")->type_name("DIR");
  app.add_flag("--no-cache", args->no_cache, "Play every game, read and write no cache");
  app.add_option("--plot", args->plot, "Write an SVG plot (game lengths, branching factor by ply) to FILE")->type_name("FILE");
  app.add_option("--opening-map", args->opening_map, "Write the opening map (first-player score of every first move, as an SVG board) to FILE")->type_name("FILE");
  app.add_option("--opening-games", args->opening_games, "Games per first move for the opening map")
      ->check(CLI::Range(1LL, 1000000LL))->capture_default_str();
  app.add_option("--skill-trace", args->skill_ladder, "Play each level of LADDER (e.g. random,easy,medium) against the next")->type_name("LADDER");
  app.add_option("--skill-games", args->skill_games, "Games per step of the skill trace")
      ->check(CLI::Range(1LL, 1000000LL))->capture_default_str();
  app.add_option("--report", args->report, "Write DIR/index.html: every table and plot on one page, readable offline")->type_name("DIR");
  app.add_option("--ideal-turns", args->ideal_turns, "Range of turns the ideal_duration metric scores fully (Ludii's IdealDuration; default 0..1000)")
      ->type_name("MIN..MAX");
  app.add_flag("--json", args->json, "Print JSON instead of tables");
  app.add_flag("--progress", args->progress, "Show progress on stderr even when it is not a terminal");
  app.add_flag("-q,--quiet", args->quiet, "No progress report on stderr");
  set_examples(app, {"ludus analyze n-mesh --ai medium --games 100", "ludus analyze n-mesh -o size=4..8 --ai easy --games 60 --report nmesh-sizes",
                     "ludus analyze ndengrod --ai medium --games 40 --skill-trace random,easy,medium --opening-map openings.svg"});
  return [args] { return run_analyze(*args); };
}});

}  // namespace
}  // namespace ludus::cli
