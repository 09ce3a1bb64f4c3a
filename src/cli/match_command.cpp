// `ludus match GAME --a SPEC --b SPEC --games N`: two AIs play N games, alternating
// seats; prints A's score with its 95% interval, the Elo difference, game length and
// thinking time per move.  Games may run in parallel; a seeded run is reproducible.
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cli/command.h"
#include "cli/progress.h"
#include "cli/self_play.h"
#include "core/error.h"
#include "core/record.h"
#include "study/stats.h"

namespace ludus::cli {
namespace {

struct MatchArgs {
  GameArgs game;
  std::string a, b;
  long long games = 10;
  int threads = 1;
  std::string record;
  bool json = false;
  bool quiet = false;
  uint64_t seed = 1;
  int max_plies = 0;
};

// What is kept of one finished game (records are written in game order).
struct GameOutcome {
  int a_seat = 0;
  int a_result = 0;  // +1 A won, -1 A lost, 0 draw
  int plies = 0;
  bool adjudicated = false;
  std::array<SeatClock, 2> clock_by_player{};  // [0] = A, [1] = B
  std::string record_entry;  // one JSON line or SGF game tree, with its newline
};

struct Tally {
  long long wins = 0, losses = 0, draws = 0;
  void add(int result) { (result > 0 ? wins : result < 0 ? losses : draws)++; }
  long long games() const { return wins + losses + draws; }
  double points() const { return static_cast<double>(wins) + 0.5 * static_cast<double>(draws); }
  nlohmann::json to_json() const { return {{"wins", wins}, {"losses", losses}, {"draws", draws}}; }
};

double ms_per_move(const SeatClock& c) { return c.moves ? 1000.0 * c.seconds / static_cast<double>(c.moves) : 0.0; }

std::string format_ms(double ms) {
  if (ms < 1) return fmt::format("{:.2f} us", ms * 1000);
  return ms >= 100 ? fmt::format("{:.0f} ms", ms) : fmt::format("{:.3g} ms", ms);
}

int run_match(const MatchArgs& args) {
  auto game = args.game.make();
  check_ai_spec(args.a);
  check_ai_spec(args.b);
  if (args.games < 1) throw LudusError("--games must be at least 1");
  std::ofstream record;
  const RecordFormat record_format = record_format_of(args.record);
  if (!args.record.empty()) {
    record.open(args.record, std::ios::app);
    if (!record) throw LudusError("cannot open record file '" + args.record + "'");
  }

  std::vector<std::optional<GameOutcome>> outcomes(static_cast<size_t>(args.games));
  std::mutex mutex;
  size_t next_to_write = 0;
  Tally running;
  long long finished = 0;
  ProgressBar progress("match", args.games, !args.quiet);

  SelfPlayOptions self_play;
  self_play.single_threaded = args.threads != 1;
  self_play.max_plies = args.max_plies > 0 ? args.max_plies : default_ply_limit(*game);
  parallel_for(args.games, args.threads, [&](long long index) {
    const int a_seat = static_cast<int>(index % 2);
    std::array<std::string, 2> specs;
    specs[a_seat] = args.a;
    specs[1 - a_seat] = args.b;
    SelfPlayGame played = play_ai_game(game, specs, args.seed, index, self_play);
    GameOutcome o;
    o.a_seat = a_seat;
    o.a_result = played.winning_seat == kDraw ? 0 : played.winning_seat == a_seat ? 1 : -1;
    o.plies = played.history.num_moves();
    o.adjudicated = played.adjudicated;
    o.clock_by_player = {played.clock[a_seat], played.clock[1 - a_seat]};
    if (record.is_open() && record_format == RecordFormat::Sgf) {
      o.record_entry = record_text(played.history, RecordFormat::Sgf);
    } else if (record.is_open()) {  // JSON Lines also say which game of the match and which seat A had
      auto j = record_to_json(played.history);
      j["match_game"] = index + 1;
      j["a_seat"] = a_seat == 0 ? "first" : "second";
      o.record_entry = j.dump() + "\n";
    }
    std::lock_guard lock(mutex);
    running.add(o.a_result);
    outcomes[static_cast<size_t>(index)] = std::move(o);
    while (next_to_write < outcomes.size() && outcomes[next_to_write]) {
      if (record.is_open()) record << outcomes[next_to_write]->record_entry << std::flush;
      outcomes[next_to_write]->record_entry.clear();
      ++next_to_write;
    }
    ++finished;
    progress.update(finished, fmt::format("A {} - B {} - draws {}", running.wins, running.losses, running.draws));
  });
  progress.finish();

  Tally total, as_first, as_second;
  std::array<SeatClock, 2> clock{};
  long long plies = 0, adjudicated = 0;
  for (const auto& o : outcomes) {
    adjudicated += o->adjudicated;
    total.add(o->a_result);
    (o->a_seat == 0 ? as_first : as_second).add(o->a_result);
    plies += o->plies;
    for (int p = 0; p < 2; ++p) {
      clock[p].seconds += o->clock_by_player[p].seconds;
      clock[p].moves += o->clock_by_player[p].moves;
    }
  }
  const study::Interval score = study::wilson_interval(total.points(), total.games());
  const study::EloEstimate elo = study::elo_estimate(total.points(), total.games());
  const double average_plies = static_cast<double>(plies) / static_cast<double>(total.games());
  const double score_fraction = total.points() / static_cast<double>(total.games());

  if (args.json) {
    auto finite_or_null = [](double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); };
    nlohmann::json j = {
        {"game", game->name()},
        {"options", game->options().values()},
        {"a", args.a},
        {"b", args.b},
        {"games", total.games()},
        {"seed", args.seed},
        {"threads", args.threads},
        {"a_wins", total.wins},
        {"a_losses", total.losses},
        {"draws", total.draws},
        {"a_as_first", as_first.to_json()},
        {"a_as_second", as_second.to_json()},
        {"a_score", score_fraction},
        {"a_score_interval", {score.low, score.high}},
        {"elo", finite_or_null(elo.elo)},
        {"elo_interval", {finite_or_null(elo.low), finite_or_null(elo.high)}},
        {"average_plies", average_plies},
        {"adjudicated_draws", adjudicated},
        {"ms_per_move", {{"a", ms_per_move(clock[0])}, {"b", ms_per_move(clock[1])}}},
    };
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << fmt::format("{} ({}): A = {}, B = {}; {} games, seed {}\n", game->name(), game->options().to_string(),
                           args.a, args.b, total.games(), args.seed);
  std::cout << fmt::format("A: {} wins, {} losses, {} draws (as first player {}-{}-{}, as second {}-{}-{})\n",
                           total.wins, total.losses, total.draws, as_first.wins, as_first.losses, as_first.draws,
                           as_second.wins, as_second.losses, as_second.draws);
  std::cout << fmt::format("A score: {:.1f}%  95% interval [{:.1f}%, {:.1f}%] (Wilson, draw = 1/2)\n",
                           100 * score_fraction, 100 * score.low, 100 * score.high);
  std::cout << fmt::format("Elo A - B: {}  95% interval [{}, {}]\n", study::format_elo(elo.elo), study::format_elo(elo.low),
                           study::format_elo(elo.high));
  std::cout << fmt::format("Average game length: {:.1f} plies\n", average_plies);
  if (adjudicated)
    std::cout << fmt::format("{} games reached the limit of {} plies and count as draws\n", adjudicated,
                             self_play.max_plies);
  std::cout << fmt::format("Average time per move: A {}, B {}\n", format_ms(ms_per_move(clock[0])),
                           format_ms(ms_per_move(clock[1])));
  return 0;
}

const bool kMatch = register_command({"match", "Play a match between two AIs and rate them", 50, [](CLI::App& app) {
  auto args = std::make_shared<MatchArgs>();
  add_game_args(app, args->game);
  app.add_option("--a", args->a, "AI of player A: random, easy, medium, hard, max or mcts:...")->required();
  app.add_option("--b", args->b, "AI of player B")->required();
  app.add_option("-n,--games", args->games, "Number of games (A and B alternate seats)")->check(CLI::Range(1LL, 100000000LL));
  app.add_option("--threads", args->threads, "Games played in parallel (0 = all cores); each AI then uses one thread")
      ->check(CLI::Range(0, 1024));
  app.add_option("--record", args->record, "Append every game to FILE: one JSON record per line, or one SGF game tree per game when FILE ends in .sgf");
  app.add_option("--seed", args->seed, "Random seed (same seed, same games)");
  app.add_option("--max-plies", args->max_plies, "Stop longer games and count them as draws (default: 20 per action id, at least 1000)")
      ->check(CLI::Range(1, 100000000));
  app.add_flag("--json", args->json, "Print a JSON summary");
  app.add_flag("-q,--quiet", args->quiet, "No progress report on stderr");
  set_examples(app, {"ludus match ndengrod --a easy --b medium --games 20"});
  return [args] { return run_match(*args); };
}});

}  // namespace
}  // namespace ludus::cli
