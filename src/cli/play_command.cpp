// SPDX-License-Identifier: Apache-2.0
// `ludus play GAME --black human --white hard`: a game in the terminal between people
// and/or AIs.  Seats are named by the game's colours (the colour each seat starts with)
// or --first/--second.  The board and status follow every move; a person types moves or
// commands (moves, hint, undo, resign, help, quit), with line editing and history at a
// terminal (cli/line_input.h).  A person's turn may be typed whole or action by action
// (core/turn_entry.h: Epoxy's two actions, Trellis's two stones), the prompt saying what
// comes next; it is played once whole.  Boards are drawn in colour with Unicode stones when the
// terminal can show them (--color, NO_COLOR; cli/terminal_painter.h).  The record is
// printed or saved at the end.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <optional>
#include <iostream>
#include <random>
#include <set>
#include <thread>

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ai/player.h"
#include "ai/spec_parser.h"
#include "cli/command.h"
#include "cli/line_input.h"
#include "study/self_play.h"
#include "cli/terminal_painter.h"
#include "core/error.h"
#include "core/record.h"
#include "core/text.h"
#include "core/turn_count.h"
#include "core/registry.h"
#include "core/turn_entry.h"

namespace ludus::cli {
namespace {

const char* const kSeatNames[2] = {"first player", "second player"};

struct PlayArgs {
  GameArgs game;
  std::map<std::string, std::string> by_name;  // seat option name ("x", "first") -> player
  std::string hint;
  double delay = 0;
  std::string record;
  uint64_t seed = 0;
  int threads = 1;
  int max_plies = 0;  // 0 = default_ply_limit(game)
  std::string color = "auto";
  bool quiet = false;  // no AI statistics after its moves
};

// Every colour name of every game, plus first/second: the seat options.
std::set<std::string> seat_option_names() {
  std::set<std::string> names{"first", "second"};
  for (const auto& entry : registered_games())
    for (const auto& colour : entry.info->colours) names.insert(colour);
  return names;
}

class PlaySession {
 public:
  // `input` gives the person's lines; boards are drawn with `painter`.
  PlaySession(const PlayArgs& args, LineInput& input, std::ostream& out, const BoardPainter& painter)
      : args_(args), input_(input), out_(out), painter_(painter), history_(args.game.make()) {}

  int run() {
    choose_seats();
    announce();
    show_position();
    const int limit = args_.max_plies > 0 ? args_.max_plies : default_ply_limit(history_.game());
    while (!history_.is_over()) {
      if (history_.adjudicate_at_ply_limit(limit)) {
        out_ << fmt::format("\nNo result after {} plies: the game is stopped and scored as a draw.\n", limit);
        break;
      }
      const int seat = history_.state().seat_to_move();
      if (players_[seat]) {
        ai_move(seat);
      } else if (!human_turn(seat)) {
        out_ << "Game left unfinished.\n";
        break;
      }
    }
    finish();
    return 0;
  }

 private:
  // --- set-up -------------------------------------------------------------------------
  void choose_seats() {
    const Game& game = history_.game();
    std::array<std::string, 2> spec;
    std::array<std::string, 2> given_as;
    for (const auto& [name, value] : args_.by_name) {
      int seat = name == "first" ? 0 : name == "second" ? 1 : game.colour_by_name(name);
      if (seat < 0)
        throw LudusError(fmt::format("{} has no colour '{}' (its seats: --{}, --{}, --first, --second)", game.name(),
                                     name, game.colour_name(0), game.colour_name(1)));
      if (!spec[seat].empty())
        throw LudusError(fmt::format("the {} is given twice (--{} and --{})", kSeatNames[seat], given_as[seat], name));
      spec[seat] = lowercase(value);
      given_as[seat] = name;
    }
    if (spec[0].empty()) spec[0] = "human";
    if (spec[1].empty()) spec[1] = "medium";
    const uint64_t seed = args_.seed ? args_.seed : std::random_device{}();
    for (int seat = 0; seat < 2; ++seat) {
      spec_[seat] = spec[seat];
      if (spec[seat] == "human") continue;
      // A seat takes a person too, which the AI's own message does not list.
      if (spec[seat].find(':') == std::string::npos && !ai::is_plain_level(spec[seat]))
        throw LudusError(fmt::format("unknown player '{}' for --{} (expected human, random, beginner, easy, medium, hard, max or "
                                     "mcts:KEY=VALUE,...)", spec[seat], given_as[seat].empty() ? kSeatNames[seat] : given_as[seat]));
      ai::PlayerConfig config;
      config.seed = seed + static_cast<uint64_t>(seat);
      config.threads = args_.threads;
      players_[seat] = ai::make_player(spec[seat], config);
      players_[seat]->new_game();
    }
    history_.set_players(spec_);
    history_.set_date(today_utc());
    hint_spec_ = args_.hint;
    if (hint_spec_.empty()) hint_spec_ = players_[1] ? spec_[1] : players_[0] ? spec_[0] : "medium";
    hint_seed_ = seed + 2;
  }

  std::string seat_text(int seat) const {
    return fmt::format("{} ({}, {})", history_.game().colour_name(history_.state().colour_of_seat(seat)),
                       kSeatNames[seat], spec_[seat]);
  }

  // The seat about to move, named by the colour it moves now (in Trellis's opening the
  // first player also plays White's turn).
  std::string mover_text() const {
    const State& state = history_.state();
    const int seat = state.seat_to_move();
    const Game& game = history_.game();
    // A seat playing the other colour's turn (Trellis's pie opening) says so, or the prompt
    // seems to have changed sides for no reason.
    const std::string opening =
        state.to_move() != state.colour_of_seat(seat)
            ? fmt::format(", also playing {}'s turn by the opening rule", game.colour_name(state.to_move()))
            : std::string();
    return fmt::format("{} ({}, {}{})", game.colour_name(state.to_move()), kSeatNames[seat], spec_[seat], opening);
  }

  void announce() {
    const Game& game = history_.game();
    out_ << fmt::format("{} ({})\n", game.info().title, game.options().to_string());
    out_ << fmt::format("Seats: {} vs {}\n", seat_text(0), seat_text(1));
    if (!players_[0] || !players_[1]) out_ << "Type a move, or 'help' for the commands.\n";
  }

  void show_position() { show(history_); }
  void show(const History& position) {
    out_ << "\n" << position.state().render(painter_) << position.status() << "\n";
    out_.flush();
  }

  // --- moves ----------------------------------------------------------------------------
  // After a ply: a swap of seats is announced, then the board.
  void after_ply(bool seats_were_swapped) {
    if (history_.state().seats_swapped() != seats_were_swapped)
      out_ << fmt::format("Seats swap colours: now {} vs {}\n", seat_text(0), seat_text(1));
    show_position();
  }

  static std::string describe_choice(const ai::MoveChoice& choice, double seconds) {
    if (!choice.info.empty()) return choice.info;
    std::string text = choice.iterations > 0
                           ? fmt::format("{} iterations, value {:+.2f}, ", choice.iterations, choice.value)
                           : std::string();
    return text + fmt::format("{:.2f} s", seconds);
  }

  void ai_move(int seat) {
    const bool swapped = history_.state().seats_swapped();
    auto start = std::chrono::steady_clock::now();
    ai::MoveChoice choice = players_[seat]->choose(history_);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string text = history_.state().action_to_text(choice.action);
    const std::string who = mover_text();
    history_.play(choice.action);
    if (args_.quiet) out_ << fmt::format("\n{} plays {}\n", who, text);
    else out_ << fmt::format("\n{} plays {}  [{}]\n", who, text, describe_choice(choice, seconds));
    // One board per turn: Epoxy's first action is shown with the second.
    if (history_.mid_turn() && !history_.is_over()) return;
    after_ply(swapped);
    if (args_.delay > 0 && !history_.is_over() && players_[history_.state().seat_to_move()])
      std::this_thread::sleep_for(std::chrono::duration<double>(args_.delay));
  }

  // One line from the person to move.  Returns false when they quit or input ends.
  bool human_turn(int seat) {
    if (!entry_) entry_.emplace(history_);
    const std::string step = entry_->next_step();
    std::string line;
    switch (input_.read(mover_text() + (step.empty() ? "" : " " + step) + "> ", line)) {
      case LineInput::Status::kEnd:
        out_ << "\n(end of input)\n";
        return false;
      case LineInput::Status::kControlCharacters:
        out_ << "error: the line holds control characters (arrow or function keys?); type a move or 'help'\n";
        return true;
      case LineInput::Status::kNotUtf8:
        out_ << "error: the line is not UTF-8 text (is the terminal set to another character set?); type a move or 'help'\n";
        return true;
      case LineInput::Status::kLine:
        break;
    }
    auto words = split_words(line);
    if (words.empty()) return true;
    const std::string command = lowercase(words[0]);
    if (command == "quit" || command == "exit" || command == "q") return false;
    if (words.size() == 1) {
      if (command == "help" || command == "?") return help(), true;
      if (command == "moves" || command == "legal") return list_moves(), true;
      if (command == "hint") return hint(), true;
      if (command == "undo") return undo(), true;
      if (command == "board" || command == "show") return show(entry_->position()), true;
      if (command == "resign") {
        entry_.reset();
        history_.resign(seat);
        out_ << seat_text(seat) << " resigns.\n";
        return true;
      }
    }
    const int entered = entry_->position().num_moves();
    try {
      entry_->add(line);
    } catch (const LudusError& e) {
      out_ << "error: " << e.what() << "\n";
      // 'é4', full-width 'ｃ３': coordinates are plain ASCII letters and digits.
      const auto& examples = history_.game().info().turn_help.examples;
      if (std::any_of(line.begin(), line.end(), [](unsigned char c) { return c >= 0x80; }) && !examples.empty())
        out_ << "(moves are written in plain ASCII letters and digits, e.g. " << examples.front().text << ")\n";
      return true;
    }
    if (!entry_->complete()) {
      if (entry_->position().num_moves() != entered) show(entry_->position());
      return true;
    }
    const bool swapped = history_.state().seats_swapped();
    const std::string turn = entry_->text();
    entry_.reset();
    history_.play_turn(turn);
    after_ply(swapped);
    return true;
  }

  void help() {
    const TurnHelp& turn = history_.game().info().turn_help;
    out_ << "A turn: " << turn.summary << "\n";
    for (const auto& example : turn.examples) out_ << fmt::format("  {:<13} {}\n", example.text, example.meaning);
    out_ << "A turn of several actions or stones may also be typed one at a time: the prompt says\n"
            "what comes next, and the turn is played once it is whole.\n"
            "Commands:\n"
            "  moves, legal  list the legal moves\n"
            "  hint          what the AI (" + hint_spec_ + ") would play here, with its statistics\n"
            "  undo          take back what you typed of this turn, else your last turn (and the AI's reply)\n"
            "  board         show the board again\n"
            "  resign        give up the game\n"
            "  quit          leave (the unfinished record is printed)\n";
  }

  void list_moves() {
    const std::vector<std::string> texts = entry_ ? entry_->choices() : std::vector<std::string>{};
    out_ << fmt::format("{} legal move{}: {}\n", texts.size(), texts.size() == 1 ? "" : "s", fmt::join(texts, " "));
  }

  void hint() {
    try {
      if (!hint_player_) {
        ai::PlayerConfig config;
        config.seed = hint_seed_;
        config.threads = args_.threads;
        hint_player_ = ai::make_player(hint_spec_, config);
      }
      auto start = std::chrono::steady_clock::now();
      const History& position = entry_ ? entry_->position() : history_;
      ai::MoveChoice choice = hint_player_->choose(position);
      double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      out_ << fmt::format("hint ({}): {}  [{}]\n", hint_spec_, position.state().action_to_text(choice.action),
                          describe_choice(choice, seconds));
    } catch (const LudusError& e) {
      out_ << "error: " << e.what() << "\n";
    }
  }

  // What was typed of the turn under way; else back to the start of the last turn a
  // person made (so the AI's reply goes too).
  void undo() {
    if (entry_ && !entry_->empty()) {
      entry_.reset();
      out_ << "Took back what was typed of this turn.\n";
      show_position();
      return;
    }
    int last = history_.num_moves() - 1;
    while (last >= 0 && players_[history_.mover(last).seat]) --last;
    if (last < 0) {
      out_ << "error: nothing to undo\n";
      return;
    }
    const int target = history_.turn_start(last);
    // Turns, not plies: Epoxy's turn of two actions is one.
    const int taken = history_.turn_number(history_.num_moves() - 1) - history_.turn_number(target) + 1;
    history_.truncate(target);
    entry_.reset();
    for (auto& player : players_)
      if (player) player->new_game();
    out_ << "Took back " << counted(taken, "turn") << ".\n";
    show_position();
  }

  // --- the end ----------------------------------------------------------------------------
  void finish() {
    if (history_.is_over()) {
      int winner = history_.winner();
      out_ << "\nGame over: " << history_.status();
      if (winner != kDraw) out_ << " -- " << seat_text(history_.state().seat_of_colour(winner)) << " wins";
      out_ << "\n";
    }
    if (args_.record.empty()) {
      out_ << "Record: " << record_text(history_, RecordFormat::Json);
    } else {
      std::ofstream file(args_.record);
      if (!file || !(file << record_text(history_, record_format_of(args_.record))))
        throw LudusError("cannot write record file '" + args_.record + "'");
      out_ << "Record saved to " << args_.record << "\n";
    }
  }

  const PlayArgs& args_;
  LineInput& input_;
  std::ostream& out_;
  const BoardPainter& painter_;
  History history_;
  std::array<std::string, 2> spec_;
  std::array<std::unique_ptr<ai::Player>, 2> players_;
  std::string hint_spec_;
  uint64_t hint_seed_ = 1;
  std::unique_ptr<ai::Player> hint_player_;
  std::optional<TurnEntry> entry_;  // the person's turn being typed
};

const bool kPlay = register_command({"play", "Play a game in the terminal (people and/or AIs)", 45, [](CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  add_game_args(app, args->game);
  for (const auto& name : seat_option_names()) {
    std::string help = name == "first" || name == "second"
                           ? "Player of the " + name + " seat"
                           : "Player of the seat starting with colour " + name;
    app.add_option_function<std::string>("--" + name, [args, name](const std::string& v) { args->by_name[name] = v; },
                                         help + ": human, random, beginner, easy, medium, hard, max or mcts:...");
  }
  app.add_option("--hint", args->hint, "AI used by the hint command (default: the opponent AI, else medium)");
  app.add_option("--delay", args->delay, "Seconds to wait after each AI move when no person plays")
      ->check(CLI::Range(0.0, 3600.0));
  app.add_option("--record", args->record, "Save the game record to FILE at the end (JSON; SGF when FILE ends in .sgf)");
  app.add_option("--seed", args->seed, "Random seed of the AIs (default: different every time)");
  app.add_option("--threads", args->threads, "Threads per AI (0 = all cores)")->check(CLI::Range(0, 1024));
  app.add_option("--max-plies", args->max_plies,
                 "Stop a longer game and score it as a draw (default: 20 per action id, at least 1000)")
      ->check(CLI::Range(1, 100000000));
  set_examples(app, {"ludus play ndengrod --x human --o hard", "ludus play trellis -o size=9 --black easy --white medium --delay 1", "ludus play epoxy --color never --quiet"});
  app.add_option("--color", args->color, "Colour and Unicode stones: auto (a terminal, unless NO_COLOR is set), always or never")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "always", "never"}, CLI::ignore_case));
  app.add_flag("-q,--quiet", args->quiet, "Do not print the AI's search statistics after its moves");
  return [args] {
    const bool color = use_color(parse_color_mode(args->color), STDOUT_FILENO);
    const TerminalPainter terminal(utf8_locale());
    const bool interactive = stdin_is_terminal();
    // Scripted input is echoed after its prompt, so that the transcript stays readable.
    LineInput input(std::cin, std::cout, interactive, !interactive);
    PlaySession session(*args, input, std::cout, color ? static_cast<const BoardPainter&>(terminal) : BoardPainter::plain());
    return session.run();
  };
}});

}  // namespace
}  // namespace ludus::cli
