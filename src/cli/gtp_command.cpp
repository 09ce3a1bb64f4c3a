// SPDX-License-Identifier: Apache-2.0
// `ludus gtp [GAME]`: a Go Text Protocol (version 2) engine on stdin/stdout, so GTP
// controllers (GoGui, twogtp, scripts) can drive any ludus game and its AI.  Standard
// commands (with the time control and GNU Go's loadsgf/printsgf) plus ludus-* extensions
// to choose the game and inspect it; docs/gtp.md maps each game's colours and points.
// Every malformed command gets a `? reason` reply; nothing a controller sends can stop
// the engine except `quit` or the end of input.
#include <charconv>
#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ai/player.h"
#include "core/notation.h"
#include "ai/spec_parser.h"
#include "cli/command.h"
#include "cli/gtp_clock.h"
#include "core/record.h"
#include "core/sgf.h"
#include "core/text.h"
#include "core/error.h"
#include "core/registry.h"

namespace ludus::cli {
namespace {

struct GtpArgs {
  GameArgs game;
  std::string ai = "medium";
  uint64_t seed = 1;
  int threads = 1;
};

// A command failed: the message becomes the `? ...` reply.
struct GtpFailure {
  std::string message;
};

class GtpEngine {
 public:
  explicit GtpEngine(const GtpArgs& args) : args_(args) {
    if (!args.game.game.empty()) history_.emplace(args.game.make());
    make_ai(args.ai);
    commands_ = {
        {"protocol_version", [](const Words&) { return std::string("2"); }},
        {"name", [](const Words&) { return std::string("ludus"); }},
        {"version", [](const Words&) { return std::string(LUDUS_VERSION); }},
        {"known_command", [this](const Words& w) { return known_command(w); }},
        {"list_commands", [this](const Words&) { return list_commands(); }},
        {"quit", [this](const Words&) { quit_ = true; return std::string(); }},
        {"boardsize", [this](const Words& w) { return boardsize(w); }},
        {"clear_board", [this](const Words&) { return clear_board(); }},
        {"komi", [](const Words&) { return std::string(); }},  // controllers send it; no meaning here
        {"play", [this](const Words& w) { return play(w); }},
        {"genmove", [this](const Words& w) { return genmove(w); }},
        {"undo", [this](const Words&) { return undo(); }},
        {"showboard", [this](const Words&) { return showboard(); }},
        {"final_score", [this](const Words&) { return final_score(); }},
        {"time_settings", [this](const Words& w) { return time_settings(w); }},
        {"time_left", [this](const Words& w) { return time_left(w); }},
        {"loadsgf", [this](const Words& w) { return loadsgf(w); }},
        {"printsgf", [this](const Words& w) { return printsgf(w); }},
        {"ludus-game", [this](const Words& w) { return choose_game(w); }},
        {"ludus-legal", [this](const Words&) { return legal(); }},
        {"ludus-options", [this](const Words&) { return options(); }},
        {"ludus-record", [this](const Words&) { return record_to_json(current()).dump(); }},
        {"ludus-ai", [this](const Words& w) { return set_ai(w); }},
    };
  }

  // Reads commands until `quit` or the end of input.
  int run(std::istream& in, std::ostream& out) {
    std::string line;
    while (!quit_ && std::getline(in, line)) {
      std::string reply = handle(line);
      if (reply.empty()) continue;
      out << reply << std::flush;
    }
    return 0;
  }

 private:
  using Words = std::vector<std::string>;

  // One input line to its full reply ("=id text\n\n"), or "" for blank/comment lines.
  std::string handle(const std::string& raw) {
    std::string line;
    for (char ch : raw) {
      if (ch == '#') break;
      if (ch == '\t') ch = ' ';
      if (static_cast<unsigned char>(ch) < 32 && ch != ' ') continue;  // control characters
      line += ch;
    }
    Words words = split_words(line);
    if (words.empty()) return {};
    std::string id;
    if (std::all_of(words[0].begin(), words[0].end(), [](char c) { return c >= '0' && c <= '9'; })) {
      id = words[0];
      words.erase(words.begin());
      if (words.empty()) return "?" + id + " missing command\n\n";
    }
    const std::string name = lowercase(words[0]);
    auto it = commands_.find(name);
    if (it == commands_.end()) return "?" + id + " unknown command\n\n";
    try {
      std::string text = it->second(words);
      return "=" + id + " " + text + "\n\n";
    } catch (const GtpFailure& f) {
      return "?" + id + " " + f.message + "\n\n";
    } catch (const LudusError& e) {
      return "?" + id + " " + e.what() + "\n\n";
    } catch (const std::exception& e) {
      return "?" + id + " internal error: " + e.what() + "\n\n";
    }
  }

  // --- helpers --------------------------------------------------------------------------
  History& current() {
    if (!history_) throw GtpFailure{"no game selected (use ludus-game NAME)"};
    return *history_;
  }

  static void expect_args(const Words& w, size_t count, const char* usage) {
    if (w.size() != count + 1) throw GtpFailure{std::string("syntax error (usage: ") + usage + ")"};
  }

  // Colour by the game's name ("x", "maroon"), its first letter, or GTP's b/w.
  int colour(const std::string& word) {
    const Game& game = current().game();
    std::string w = lowercase(word);
    int c = game.colour_by_name(w);
    for (int i = 0; i < 2 && c < 0; ++i)
      if (w.size() == 1 && w[0] == game.colour_name(i)[0]) c = i;
    if (c < 0 && (w == "b" || w == "black")) c = 0;
    if (c < 0 && (w == "w" || w == "white")) c = 1;
    if (c < 0)
      throw GtpFailure{fmt::format("invalid color '{}' (use {}, {}, b or w)", word, game.colour_name(0),
                                   game.colour_name(1))};
    return c;
  }

  // `c` must be the colour to move, or the colour the seat to move started with: after a
  // swap a controller that keeps B for the first player still names its player.
  void expect_to_move(int c) {
    const History& h = current();
    if (h.is_over()) throw GtpFailure{"game is over (" + h.status() + ")"};
    if (h.state().to_move() != c && h.state().seat_to_move() != c)
      throw GtpFailure{fmt::format("it is {}'s turn, not {}'s", h.game().colour_name(h.state().to_move()),
                                   h.game().colour_name(c))};
  }

  static double seconds_arg(const std::string& word, const char* usage) {
    double value = 0;
    auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (ec != std::errc() || end != word.data() + word.size() || !(value >= 0) || value > 1e9)
      throw GtpFailure{std::string("syntax error (usage: ") + usage + ")"};
    return value;
  }
  static int count_arg(const std::string& word, const char* usage) {
    int value = 0;
    auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    if (ec != std::errc() || end != word.data() + word.size() || value < 0)
      throw GtpFailure{std::string("syntax error (usage: ") + usage + ")"};
    return value;
  }

  // The player for a move of colour `c`: the chosen AI, with its thinking time capped by
  // c's clock once the controller has set one (a level's own time per move still caps it).
  ai::Player& player_for(int c) {
    if (!clocks_[c].limited()) return *ai_;
    ai::PlayerConfig config;
    config.seed = args_.seed;
    config.threads = args_.threads;
    const ai::PlayerSpec spec = ai::parse_player_spec(ai_spec_, config);
    if (spec.random) return *ai_;
    double seconds = clocks_[c].move_budget();
    if (spec.mcts.move_seconds > 0) seconds = std::min(seconds, spec.mcts.move_seconds);
    const std::string timed =
        ai_spec_ + (ai_spec_.find(':') == std::string::npos ? ":" : ",") + fmt::format("time={:.3f}s", seconds);
    timed_ai_ = ai::make_player(timed, config);
    return *timed_ai_;
  }

  void make_ai(const std::string& spec) {
    ai::PlayerConfig config;
    config.seed = args_.seed;
    config.threads = args_.threads;
    ai_ = ai::make_player(spec, config);
    ai_spec_ = spec;
  }

  void new_board(std::shared_ptr<const Game> game) {
    history_.emplace(std::move(game));
    ai_->new_game();
  }

  // --- commands ---------------------------------------------------------------------------
  std::string known_command(const Words& w) {
    expect_args(w, 1, "known_command NAME");
    return commands_.count(lowercase(w[1])) ? "true" : "false";
  }

  std::string list_commands() {
    std::string out;
    for (const auto& [name, fn] : commands_) out += (out.empty() ? "" : "\n") + name;
    return out;
  }

  std::string boardsize(const Words& w) {
    expect_args(w, 1, "boardsize SIZE");
    const Game& game = current().game();
    const auto& specs = game.info().options;
    if (std::none_of(specs.begin(), specs.end(), [](const OptionSpec& s) { return s.name == "size"; }))
      throw GtpFailure{"unacceptable size (" + game.name() + " has no size option)"};
    auto values = game.options().values();
    values["size"] = w[1];
    try {
      new_board(make_game(game.name(), values));
    } catch (const LudusError& e) {
      throw GtpFailure{std::string("unacceptable size (") + e.what() + ")"};
    }
    return {};
  }

  std::string clear_board() {
    new_board(current().game_ptr());
    return {};
  }

  std::string play(const Words& w) {
    if (w.size() < 3) throw GtpFailure{"syntax error (usage: play COLOR MOVE)"};
    const int c = colour(w[1]);
    expect_to_move(c);
    std::string move;
    for (size_t i = 2; i < w.size(); ++i) move += w[i];
    current().play_turn(move);
    return {};
  }

  std::string genmove(const Words& w) {
    expect_args(w, 1, "genmove COLOR");
    const int c = colour(w[1]);
    History& h = current();
    // After the end there is no move to make: the loser resigns, the winner (or either
    // side of a draw) passes, as GTP controllers expect.
    if (h.is_over()) return h.winner() == kDraw || h.winner() == c ? "pass" : "resign";
    expect_to_move(c);
    ai::Player& player = player_for(c);
    const auto start = std::chrono::steady_clock::now();
    // A turn of several plies (Epoxy) is generated whole and answered as typed: "d3,e5-e7".
    const std::string text = join_plies(ai::choose_turn(player, h));
    h.play_turn(text);
    clocks_[c].spend(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return text;
  }

  std::string undo() {
    if (!current().undo_turn()) throw GtpFailure{"cannot undo"};
    ai_->new_game();
    return {};
  }

  std::string showboard() {
    const History& h = current();
    std::string out;
    std::string board = h.state().render() + h.status();
    size_t start = 0;
    while (start <= board.size()) {
      size_t end = board.find('\n', start);
      if (end == std::string::npos) end = board.size();
      std::string row = board.substr(start, end - start);
      if (row.find_first_not_of(' ') != std::string::npos) out += "\n" + row;  // GTP forbids empty lines
      start = end + 1;
    }
    return out;
  }

  std::string final_score() {
    const History& h = current();
    if (!h.is_over()) throw GtpFailure{"game not over"};
    // GTP's notation whatever the game's colour names: the first colour is B.
    const int winner = h.winner();
    if (winner == kDraw) return "0";
    return winner == 0 ? "B+" : "W+";
  }

  std::string time_settings(const Words& w) {
    const char* usage = "time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES";
    expect_args(w, 3, usage);
    const double main_time = seconds_arg(w[1], usage), byo_time = seconds_arg(w[2], usage);
    const int stones = count_arg(w[3], usage);
    for (auto& clock : clocks_) clock.set(main_time, byo_time, stones);
    return {};
  }

  std::string time_left(const Words& w) {
    const char* usage = "time_left COLOR TIME STONES";
    expect_args(w, 3, usage);
    const int c = colour(w[1]);
    clocks_[c].update(seconds_arg(w[2], usage), count_arg(w[3], usage));
    return {};
  }

  // loadsgf FILE [MOVE_NUMBER]: the game of the file (its RU names the game and options),
  // up to just before MOVE_NUMBER when given (GTP: "the position before that move").
  std::string loadsgf(const Words& w) {
    if (w.size() != 2 && w.size() != 3) throw GtpFailure{"syntax error (usage: loadsgf FILE [MOVE_NUMBER])"};
    int before = 0;
    if (w.size() == 3) before = count_arg(w[2], "loadsgf FILE [MOVE_NUMBER]");
    std::vector<History> games;
    try {
      games = read_record_file(w[1]);
    } catch (const LudusError& e) {
      throw GtpFailure{std::string("cannot load file (") + e.what() + ")"};
    }
    if (games.empty()) throw GtpFailure{"cannot load file (no game in it)"};
    History loaded = std::move(games.front());
    if (before > 0 && before - 1 < loaded.num_moves()) loaded.truncate(before - 1);
    history_.emplace(std::move(loaded));
    ai_->new_game();
    return {};
  }

  // printsgf [FILE]: the game as SGF (core/sgf.h), as the reply or into FILE.
  std::string printsgf(const Words& w) {
    if (w.size() > 2) throw GtpFailure{"syntax error (usage: printsgf [FILE])"};
    std::string sgf = sgf_game_tree(current());
    if (w.size() == 2) {
      std::ofstream file(w[1]);
      if (!file || !(file << sgf)) throw GtpFailure{"cannot write file '" + w[1] + "'"};
      return {};
    }
    while (!sgf.empty() && sgf.back() == '\n') sgf.pop_back();
    return sgf;
  }

  std::string choose_game(const Words& w) {
    if (w.size() < 2) throw GtpFailure{"syntax error (usage: ludus-game NAME [option=value ...])"};
    auto game = make_game(w[1], parse_option_assignments(Words(w.begin() + 2, w.end())));
    new_board(game);
    return game->name() + " " + game->options().to_string();
  }

  std::string legal() {
    const History& h = current();
    if (h.is_over()) return {};
    std::string out;
    for (Action a : h.state().legal_actions()) out += (out.empty() ? "" : " ") + h.state().action_to_text(a);
    return out;
  }

  std::string options() {
    const Game& game = current().game();
    std::string out;
    for (const auto& spec : game.info().options)
      out += fmt::format("{}{}={} ({}, default {})", out.empty() ? "" : "\n", spec.name, game.options().get(spec.name),
                         spec.range_text(), spec.default_value);
    return out;
  }

  std::string set_ai(const Words& w) {
    if (w.size() == 1) return ai_spec_;
    expect_args(w, 1, "ludus-ai [SPEC]");
    make_ai(w[1]);
    return ai_spec_;
  }

  const GtpArgs& args_;
  std::optional<History> history_;
  std::unique_ptr<ai::Player> ai_;
  std::unique_ptr<ai::Player> timed_ai_;  // ai_ with a clock's time per move (player_for)
  std::array<GtpClock, 2> clocks_;
  std::string ai_spec_;
  std::map<std::string, std::function<std::string(const Words&)>> commands_;
  bool quit_ = false;
};

const bool kGtp = register_command({"gtp", "Go Text Protocol engine on stdin/stdout", 60, [](CLI::App& app) {
  auto args = std::make_shared<GtpArgs>();
  add_game_args(app, args->game, false);
  app.add_option("--ai", args->ai, "AI for genmove: random, beginner, easy, medium, hard, max or mcts:...")->capture_default_str();
  app.add_option("--seed", args->seed, "Random seed of the AI");
  app.add_option("--threads", args->threads, "AI threads (0 = all cores)")->check(CLI::Range(0, 1024));
  set_examples(app, {"ludus gtp ndengrod -o size=7 --ai easy", "echo \"genmove x\" | ludus gtp netted"});
  return [args] {
    GtpEngine engine(*args);
    return engine.run(std::cin, std::cout);
  };
}});

}  // namespace
}  // namespace ludus::cli
