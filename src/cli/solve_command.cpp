// SPDX-License-Identifier: Apache-2.0
// `ludus solve GAME [-o k=v ...] [MOVES...]`: the exact value of a position by df-pn
// (ai/solver), or with --openings of every first move of the board, with the pie rule's
// answer and an SVG board; --book writes the proof as an opening book (data/solved/).
#include <cmath>
#include <fstream>
#include <iostream>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "ai/solver/opening_book.h"
#include "ai/solver/proof_tree.h"
#include "ai/solver/solver.h"
#include "ai/solver/spill_table.h"
#include "ai/spec_parser.h"
#include "cli/command.h"
#include "cli/opening_svg.h"
#include "core/error.h"

namespace ludus::cli {
namespace {

using namespace ai::solver;

struct SolveArgs {
  GameArgs game;
  std::vector<std::string> moves;
  std::string time;
  std::string memory = "256M";
  int threads = 1;
  bool json = false;
  bool quiet = false;
  bool openings = false;
  std::string svg;
  std::string book;
  size_t book_limit = 200000;
  std::string estimates = "mobility";
  int64_t threats = 0;
  std::string spill;
  std::string spill_size = "4G";
};

std::string seat_name(const State& s, int seat) {
  return fmt::format("{} player ({})", seat == 0 ? "first" : "second", s.game().colour_name(s.colour_of_seat(seat)));
}

std::string board_label(const Game& g) {
  std::string label = g.name();
  for (const auto& [k, v] : g.options().values()) label += " " + k + "=" + v;
  return label;
}

// The spill file's identity: the board, and the keys of the start position and of the
// first two moves' positions, which change when a build keys positions differently.
std::string spill_identity_of(const Game& game) {
  const ExactKeyer keyer(game);
  auto state = game.new_initial_state();
  std::vector<uint64_t> keys{keyer.key(*state)};
  for (int ply = 0; ply < 2 && !state->is_terminal(); ++ply) {
    state->apply(state->legal_actions().front());
    keys.push_back(keyer.key(*state));
  }
  return spill_identity(board_label(game), keys);
}

std::string move_list(const State& root, const std::vector<Action>& moves) {
  std::string out;
  for (Action a : moves) out += (out.empty() ? "" : " ") + root.action_to_text(a);
  return out;
}

nlohmann::json stats_json(const Solver& solver) {
  const SolverStats s = solver.stats();
  return {{"nodes", s.nodes},
          {"seconds", s.seconds},
          {"nodes_per_second", s.seconds > 0 ? s.nodes / s.seconds : 0.0},
          {"table_used", s.table_used},
          {"table_capacity", s.table_capacity},
          {"table_evictions", s.table_evictions},
          {"threat_proofs", s.threat_proofs},
          {"spill", s.spill ? nlohmann::json{{"used", s.spill_used}, {"inherited", s.spill_inherited},
                                             {"capacity", s.spill_capacity}, {"hits", s.spill_hits},
                                             {"writes", s.spill_writes}}
                            : nlohmann::json(nullptr)},
          {"symmetries", s.symmetries},
          {"threads", s.threads},
          {"stopped", s.stopped}};
}

// Sums over the threads' searches (and their tables).
std::string stats_text(const Solver& solver) {
  const SolverStats s = solver.stats();
  return fmt::format("nodes {}  time {:.2f}s  nodes/s {:.0f}  table {}/{} entries ({} evicted)  symmetries {}{}{}{}{}\n",
                     s.nodes, s.seconds, s.seconds > 0 ? s.nodes / s.seconds : 0.0, s.table_used, s.table_capacity,
                     s.table_evictions, s.symmetries, s.threads > 1 ? fmt::format("  threads {}", s.threads) : "",
                     s.threat_proofs > 0 ? fmt::format("  threat proofs {}", s.threat_proofs) : "",
                     s.spill ? fmt::format("  spill {}/{} entries ({} from before, {} found there)", s.spill_used,
                                           s.spill_capacity, s.spill_inherited, s.spill_hits)
                             : "",
                     s.stopped ? "  STOPPED at the time limit: the values above marked unknown are not proven" : "");
}

// Writes the proof that the position's winner wins as an opening book.
void write_book(Solver& solver, const State& state, Value value, const std::string& file, size_t limit,
                const std::vector<std::string>& comment) {
  if (value != Value::kWin && value != Value::kLoss) throw LudusError("--book needs a won or lost position, not " + value_name(value));
  const int mover = state.seat_to_move();
  const int winner = value == Value::kWin ? mover : 1 - mover;
  const int target = solver.game().info().may_draw ? winner : mover;
  std::vector<ProofEntry> entries;
  if (!collect_proof(solver.search(), state, winner, target, limit, entries))
    throw LudusError(fmt::format("the proof has more than {} positions (or the time ran out): no book written", limit));
  std::vector<std::string> lines = comment;
  lines.push_back(fmt::format("{} positions of the proof (L: the seat to move loses, W: it wins).", entries.size()));
  std::ofstream out(file);
  out << OpeningBook::format(solver.game(), entries, lines);
  if (!out) throw LudusError("cannot write '" + file + "'");
  std::cerr << fmt::format("book: {} positions written to {}\n", entries.size(), file);
}

int run_openings(SolveArgs& args, Solver& solver, const History& h) {
  const State& root = h.state();
  auto openings = solver.solve_openings(root);
  bool pie = false;
  for (const auto& o : openings) pie = pie || o.swap_offered;
  // The board's value for the first seat: its best opening, without and with the pie.
  auto best_of = [&](bool with_pie) {
    Value best = Value::kLoss;
    std::vector<Action> best_moves;
    bool unknown = false;
    for (const auto& o : openings) {
      const Value v = with_pie ? o.first_with_pie() : o.first_without_pie();
      if (v == Value::kUnknown) unknown = true;
      const int r = v == Value::kWin ? 2 : v == Value::kDraw ? 1 : 0;
      const int b = best == Value::kWin ? 2 : best == Value::kDraw ? 1 : 0;
      if (v != Value::kUnknown && r > b) best = v, best_moves.clear();
      if (v == best) best_moves.insert(best_moves.end(), o.moves.begin(), o.moves.end());
    }
    if (unknown && best != Value::kWin) best = Value::kUnknown, best_moves.clear();
    if (best == Value::kLoss) best_moves.clear();  // every move loses: none is best
    return std::pair{best, best_moves};
  };
  const auto [without, without_moves] = best_of(false);
  const auto [with, with_moves] = best_of(true);
  if (args.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& o : openings) {
      std::vector<std::string> texts;
      for (Action a : o.moves) texts.push_back(root.action_to_text(a));
      nlohmann::json row = {{"moves", texts}, {"first_without_pie", value_name(o.first_without_pie())},
                            {"nodes", o.nodes}, {"seconds", o.seconds}};
      if (o.swap_offered) {
        row["first_with_pie"] = value_name(o.first_with_pie());
        row["second_should_swap"] = o.second_should_swap();
      }
      rows.push_back(row);
    }
    nlohmann::json j = {{"game", root.game().name()}, {"options", root.game().options().values()},
                        {"openings", rows}, {"first_without_pie", value_name(without)},
                        {"best_without_pie", move_list(root, without_moves)}, {"statistics", stats_json(solver)}};
    if (pie) j["first_with_pie"] = value_name(with), j["best_with_pie"] = move_list(root, with_moves);
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << fmt::format("{}: every first move ({} up to symmetry)\n", board_label(root.game()), openings.size());
    std::cout << fmt::format("{:<24} {:>12} {:>12} {:>6} {:>12} {:>9}\n", "first move(s)", "no pie", "pie", "swap?",
                             "nodes", "seconds");
    for (const auto& o : openings)
      std::cout << fmt::format("{:<24} {:>12} {:>12} {:>6} {:>12} {:>9.2f}\n", move_list(root, o.moves),
                               value_name(o.first_without_pie()), o.swap_offered ? value_name(o.first_with_pie()) : "-",
                               o.swap_offered ? (o.second_should_swap() ? "swap" : "no") : "-", o.nodes, o.seconds);
    auto best_text = [&](const std::vector<Action>& moves) {
      return moves.empty() ? std::string() : " (best first moves: " + move_list(root, moves) + ")";
    };
    std::cout << fmt::format("first player without pie: {}{}\n", value_name(without), best_text(without_moves));
    if (pie) std::cout << fmt::format("first player with pie: {}{}\n", value_name(with), best_text(with_moves));
    std::cout << stats_text(solver);
  }
  if (!args.svg.empty()) {
    std::ofstream out(args.svg);
    out << opening_svg(root.game(), openings, pie,
                       fmt::format("{}: first player {} without pie{}", board_label(root.game()), value_name(without),
                                   pie ? ", " + value_name(with) + " with pie" : ""));
    if (!out) throw LudusError("cannot write '" + args.svg + "'");
  }
  return 0;
}

const bool kSolve = register_command({"solve", "Prove the value of a position (df-pn); --openings: of every first move", 60, [](CLI::App& app) {
  auto args = std::make_shared<SolveArgs>();
  add_game_args(app, args->game);
  app.add_option("moves", args->moves, "Moves played from the start (turns, e.g. d3,e5-e7 in Epoxy)");
  app.add_option("--time", args->time, "Stop after this long (500ms, 30s, 10m) and report what is proven");
  app.add_option("--memory", args->memory, "Transposition table size (256M default; K, M, G)");
  app.add_option("--threads", args->threads, "Threads: each solves its share of the root's moves (or of the openings) with memory/N of table; not with --book")
      ->check(CLI::Range(1, 1024));
  app.add_option("--estimates", args->estimates,
                 "Numbers of a fresh node: mobility (its moves), or evaluation (also the game's static evaluation, where it has one)")
      ->check(CLI::IsMember({"mobility", "evaluation"}));
  app.add_option("--threats", args->threats,
                 "Solve a fresh node at once when its mover wins by a sequence of threats read within N moves (games with a threat search: Ndengrod); 0: off")
      ->check(CLI::Range(int64_t{0}, int64_t{1} << 40));
  app.add_flag("--json", args->json, "Print JSON instead of text");
  app.add_flag("-q,--quiet", args->quiet, "No progress on stderr");
  app.add_flag("--openings", args->openings, "Solve every first move of the board (with the pie rule: which to swap)");
  app.add_option("--svg", args->svg, "With --openings: draw the opening values as an SVG board in FILE");
  app.add_option("--spill", args->spill,
                 "Keep the entries the table evicts in FILE (mapped; may exceed RAM), and start from those it already holds");
  app.add_option("--spill-size", args->spill_size, "Size of a new --spill file (4G default; K, M, G; at most 1024G)");
  app.add_option("--book", args->book, "Write the proof of a won or lost position as an opening book to FILE");
  app.add_option("--book-limit", args->book_limit, "Largest proof --book writes (positions)")->check(CLI::PositiveNumber);
  set_examples(app, {"ludus solve n-mesh -o size=4", "ludus solve netted -o size=3 --openings --svg netted3.svg",
                     "ludus solve ndengrod -o size=3 -o length=3 b2 --json"});
  return [args] {
    auto game = args->game.make();
    History h(game);
    h.play_moves(args->moves);
    if (!args->svg.empty() && !args->openings) throw LudusError("--svg needs --openings");
    if (args->openings && !args->moves.empty()) throw LudusError("--openings solves the first moves of the start position: give no moves");
    // The book is read from the one table that saw the whole proof.
    if (args->threads > 1 && !args->book.empty()) throw LudusError("--book writes the proof on one thread: give no --threads");
    SearchLimits limits;
    limits.seconds = args->time.empty() ? 0 : ai::parse_duration(args->time);
    limits.memory_bytes = parse_memory(args->memory);
    limits.evaluation_estimates = args->estimates == "evaluation";
    limits.threat_budget = args->threats;
    // Declared before the solver, so the searches hand it their results before it closes.
    std::unique_ptr<SpillTable> spill;
    if (!args->spill.empty()) {
      const size_t spill_bytes = parse_memory(args->spill_size, "--spill-size", 1024);
      spill = std::make_unique<SpillTable>(args->spill, spill_bytes, spill_identity_of(*game));
      limits.spill = spill.get();
    }
    if (!args->quiet)
      limits.on_progress = [openings = args->openings](const SearchProgress& p) {
        const double fill = 100.0 * p.table_used / std::max<size_t>(1, p.table_capacity);
        if (p.threads > 1)  // one root's numbers would say little about the others'
          std::cerr << fmt::format("[{:7.1f}s] nodes {:>11}  {} threads  {}/{} {} done  tables {:.1f}% full\n", p.seconds,
                                   p.nodes, p.threads, p.tasks_done, p.tasks, openings ? "openings" : "moves", fill);
        else
          std::cerr << fmt::format("[{:7.1f}s] nodes {:>11}  seat {} wins? root pn {} dn {}  table {:.1f}% full\n", p.seconds,
                                   p.nodes, p.target_seat + 1, p.root.pn, p.root.dn, fill);
      };
    Solver solver(*game, limits, args->threads);
    if (args->openings) return run_openings(*args, solver, h);
    if (h.is_over()) throw LudusError("the game is over: " + h.status());
    const State& s = h.state();
    const PositionResult r = solver.solve(s);
    const int mover = s.seat_to_move();
    if (args->json) {
      nlohmann::json j = {{"game", game->name()}, {"options", game->options().values()}, {"moves", h.moves()},
                          {"to_move", seat_name(s, mover)}, {"value", value_name(r.value)},
                          {"statistics", stats_json(solver)}};
      if (r.best != kNoAction) j["best_move"] = s.action_to_text(r.best);
      std::cout << j.dump(2) << "\n";
    } else {
      std::cout << fmt::format("{}{}: {} to move: {}{}\n", board_label(*game), h.moves().empty() ? "" : " after " + fmt::format("{}", fmt::join(h.moves(), " ")),
                               seat_name(s, mover), value_name(r.value),
                               r.best != kNoAction ? fmt::format(" ({} move: {})", r.value == Value::kWin ? "winning" : "drawing", s.action_to_text(r.best)) : "");
      std::cout << stats_text(solver);
    }
    if (!args->book.empty())
      write_book(solver, s, r.value, args->book, args->book_limit,
                 {fmt::format("Proven: {}{}: the {} to move: {}.", board_label(*game),
                              h.moves().empty() ? "" : " after " + fmt::format("{}", fmt::join(h.moves(), " ")),
                              seat_name(s, mover), value_name(r.value)),
                  "Written by `ludus solve --book`; checked by tests/ai/solver_book_test.cpp."});
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
