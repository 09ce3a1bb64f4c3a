// SPDX-License-Identifier: Apache-2.0
// `ludus grade GAME --ai SPEC...`: the AI graded move by move against proofs (ai/grading.h).
// Positions the solver proves are sampled from self-play (or read with --load); each AI,
// its opening book off, plays every won position once (does its move keep the win?) and
// every lost one out against the solver's winning moves (how long does it last?).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ai/grading.h"
#include "ai/spec_parser.h"
#include "cli/command.h"
#include "cli/progress.h"
#include "study/self_play.h"
#include "study/stats.h"
#include "core/error.h"

namespace ludus::cli {
namespace {

struct GradeArgs {
  GameArgs game;
  std::vector<std::string> ais;
  std::string sampler = "medium";
  int positions = 100;
  int sample_games = 0;  // 0: ten times --positions
  int from_end = 0;
  std::string solve_time = "1s";
  std::string memory = "16M";
  uint64_t seed = 1;
  int threads = 1;
  std::string save, load;
  bool json = false;
  bool quiet = false;
};

struct Grades {
  long long kept = 0, thrown = 0, unknown = 0;  // moves in won positions
  long long lost = 0, finished = 0, escaped = 0;  // lost positions
  long long plies = 0;                            // resisted, over the finished ones
  double kept_share() const { return kept + thrown ? double(kept) / double(kept + thrown) : 0.0; }
  double mean_plies() const { return finished ? double(plies) / double(finished) : 0.0; }
};


std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LudusError("cannot read positions file '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

int run_grade(const GradeArgs& args) {
  auto game = args.game.make();
  if (args.ais.empty()) throw LudusError("give at least one --ai SPEC to grade");
  for (const std::string& spec : args.ais) study::check_ai_spec(spec);
  study::check_ai_spec(args.sampler);
  if (!args.save.empty() && !args.load.empty()) throw LudusError("--save and --load exclude each other");
  ai::GradingLimits limits;
  limits.solve_seconds = ai::parse_duration(args.solve_time);
  limits.memory_bytes = parse_memory(args.memory);

  std::vector<ai::ProvenPosition> positions;
  if (!args.load.empty()) {
    positions = ai::parse_positions(*game, read_file(args.load));
  } else {
    if (!args.quiet) std::cerr << fmt::format("sampling positions from {} self-play...\n", args.sampler);
    const int games = args.sample_games > 0 ? args.sample_games : 10 * args.positions;
    positions = ai::sample_proven_positions(game, args.sampler, args.positions, games, args.from_end, args.seed, limits);
    if (!args.save.empty()) {
      std::ofstream out(args.save);
      out << ai::format_positions(*game, positions);
      if (!out) throw LudusError("cannot write '" + args.save + "'");
    }
  }
  if (positions.empty()) throw LudusError("no proven position to grade (a longer --solve-time or --from-end may find some)");

  std::vector<Grades> grades(args.ais.size());
  std::mutex mutex;
  const long long tasks = static_cast<long long>(args.ais.size() * positions.size());
  ProgressBar progress("grade", tasks, !args.quiet && !args.json);
  long long done = 0;
  study::parallel_for(tasks, args.threads, [&](long long task) {
    const size_t ai_index = static_cast<size_t>(task) / positions.size();
    const size_t p = static_cast<size_t>(task) % positions.size();
    auto player = ai::make_graded_player(study::single_threaded_spec(args.ais[ai_index]), study::derived_seed(args.seed, static_cast<long long>(p), 7));
    ai::PositionJudge judge(*game, limits);
    Grades g;
    if (positions[p].mover_wins) {
      const ai::MoveGrade grade = ai::grade_won_position(game, positions[p], *player, judge);
      (grade.outcome == ai::MoveGrade::kKept ? g.kept : grade.outcome == ai::MoveGrade::kThrown ? g.thrown : g.unknown)++;
    } else {
      const ai::Resistance r = ai::resist_lost_position(game, positions[p], *player, judge, limits.max_plies);
      g.lost = 1;
      g.escaped = r.escaped;
      if (r.finished) g.finished = 1, g.plies = r.plies;
    }
    std::lock_guard lock(mutex);
    Grades& total = grades[ai_index];
    total.kept += g.kept, total.thrown += g.thrown, total.unknown += g.unknown;
    total.lost += g.lost, total.finished += g.finished, total.escaped += g.escaped, total.plies += g.plies;
    progress.update(++done, "");
  });
  progress.finish();

  const long long won = std::count_if(positions.begin(), positions.end(), [](const auto& p) { return p.mover_wins; });
  const long long lost = static_cast<long long>(positions.size()) - won;
  std::string board = game->name();
  for (const auto& [key, value] : game->options().values()) board += " " + key + "=" + value;
  if (args.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (size_t i = 0; i < args.ais.size(); ++i) {
      const Grades& g = grades[i];
      const study::Interval ci = study::wilson_interval(double(g.kept), g.kept + g.thrown);
      rows.push_back({{"ai", args.ais[i]}, {"kept", g.kept}, {"thrown", g.thrown}, {"unknown", g.unknown},
                      {"kept_share", g.kept_share()}, {"kept_interval", {ci.low, ci.high}},
                      {"lost_positions", g.lost}, {"lost_finished", g.finished}, {"escaped", g.escaped},
                      {"mean_plies_resisted", g.mean_plies()}});
    }
    std::cout << nlohmann::json{{"game", game->name()}, {"options", game->options().values()},
                                {"positions", positions.size()}, {"won", won}, {"lost", lost},
                                {"solve_seconds", limits.solve_seconds}, {"seed", args.seed}, {"grades", rows}}
                     .dump(2)
              << "\n";
    return 0;
  }
  std::cout << fmt::format("{}: {} proven positions ({} won, {} lost for the mover), opening book off\n", board,
                           positions.size(), won, lost);
  std::cout << fmt::format("{:<32} {:>9} {:>7} {:>16} {:>8} {:>17} {:>8}\n", "AI", "won: kept", "share",
                           "95% interval", "unknown", "lost: plies held", "escaped");
  for (size_t i = 0; i < args.ais.size(); ++i) {
    const Grades& g = grades[i];
    const study::Interval ci = study::wilson_interval(double(g.kept), g.kept + g.thrown);
    std::cout << fmt::format("{:<32} {:>9} {:>6.1f}% {:>16} {:>8} {:>17} {:>8}\n", args.ais[i],
                             fmt::format("{}/{}", g.kept, g.kept + g.thrown), 100.0 * g.kept_share(),
                             fmt::format("[{:.1f}%, {:.1f}%]", 100.0 * ci.low, 100.0 * ci.high), g.unknown,
                             g.finished ? fmt::format("{:.1f} ({})", g.mean_plies(), g.finished) : "-", g.escaped);
  }
  return 0;
}

const bool kGrade = register_command({"grade", "Grade AIs move by move against positions the solver proves", 62, [](CLI::App& app) {
  auto args = std::make_shared<GradeArgs>();
  add_game_args(app, args->game);
  app.add_option("--ai", args->ais, "An AI to grade (repeat for several); its opening book is turned off")->required();
  app.add_option("--sampler", args->sampler, "The AI whose self-play games the positions are taken from (medium)");
  app.add_option("--positions", args->positions, "Proven positions to keep (100)")->check(CLI::Range(1, 1000000));
  app.add_option("--sample-games", args->sample_games, "Self-play games to try at most (ten times --positions)")
      ->check(CLI::Range(1, 10000000));
  app.add_option("--from-end", args->from_end, "Take positions among the last N plies of each game (0: anywhere)")
      ->check(CLI::Range(0, 100000));
  app.add_option("--solve-time", args->solve_time, "Solver time per question (1s); unproven positions are dropped");
  app.add_option("--memory", args->memory, "Solver table per position (16M; K, M, G)");
  app.add_option("--seed", args->seed, "Seed of the self-play games and of the graded AIs");
  app.add_option("--threads", args->threads, "Positions graded in parallel (each AI searches on one thread)")
      ->check(CLI::Range(1, 1024));
  app.add_option("--save", args->save, "Write the sampled positions to FILE");
  app.add_option("--load", args->load, "Grade the positions of FILE (written by --save) instead of sampling");
  app.add_flag("--json", args->json, "Print JSON instead of text");
  app.add_flag("-q,--quiet", args->quiet, "No progress on stderr");
  set_examples(app, {"ludus grade n-mesh -o size=4 --ai easy --ai medium --ai mcts:time=100ms --positions 100",
                     "ludus grade netted -o size=3 --ai mcts:time=100ms --save netted3.txt",
                     "ludus grade n-mesh -o size=5 --ai mcts:time=100ms --load n-mesh5.txt --json"});
  return [args] { return run_grade(*args); };
}});

}  // namespace
}  // namespace ludus::cli
