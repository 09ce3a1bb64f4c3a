// SPDX-License-Identifier: Apache-2.0
// `ludus analyze GAME --ai SPEC --games N`: the game designer's evaluation (issue 22).
// Self-play by the given AI (and by random players for comparison) measured with the
// metrics of docs/metrics.md; option sweeps (`-o size=5..9`, repeated options) compare
// variants; an opening map, a skill trace and an HTML report on request.  Games run on
// every core and are cached on disk, so a longer or wider run plays only what is new.
// This file parses the options and plays the games (study/analysis_plan.h says which);
// study/analysis_output.cpp prints.
#include <fstream>
#include <iostream>
#include <unistd.h>

#include <fmt/format.h>

#include "cli/analyze_runner.h"
#include "cli/command.h"
#include "core/error.h"
#include "study/analysis.h"

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

int run_analyze(const AnalyzeArgs& args) {
  study::AnalysisRequest request;
  request.game = args.game.game;
  request.options = args.game.options;
  request.ai = args.ai;
  request.games = args.games;
  request.seed = args.seed;
  request.max_plies = args.max_plies;
  request.baseline = !args.no_baseline;
  request.opening_map = !args.opening_map.empty();  // the report shows it too
  request.opening_games = args.opening_games;
  request.skill_ladder = args.skill_ladder;
  request.skill_games = args.skill_games;
  request.ideal_turns = args.ideal_turns;
  const study::AnalysisPlan plan = study::plan_analysis(request);
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
  const bool show_progress = !args.quiet && (args.progress || isatty(fileno(stderr)));
  ProgressBar bar("analyze", plan.total_games(), show_progress);
  BatchProgress progress;
  progress.bar = &bar;
  std::vector<std::vector<study::GameTrace>> traces;
  for (const auto& batch : plan.batches) traces.push_back(play_batch(batch, settings, progress));
  bar.finish();
  const study::AnalysisResult result = study::analysis_result(plan, std::move(traces));

  if (plot.is_open()) {
    plot << study::analysis_plot(result);
    if (!plot) throw LudusError("cannot write plot file '" + args.plot + "'");
  }
  if (opening_file.is_open()) {
    opening_file << study::opening_map(*result.opening, args.ai);
    if (!opening_file) throw LudusError("cannot write opening map file '" + args.opening_map + "'");
  }
  if (!args.report.empty()) study::write_report(result, args.report);
  if (args.json) {
    study::print_analysis_json(result, std::cout);
    return 0;
  }
  study::print_analysis(result, std::cout);
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
  app.add_option("--ai", args->ai, "AI playing both seats: random, beginner, easy, medium, hard, max or mcts:...; "
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
