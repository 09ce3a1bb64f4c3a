// SPDX-License-Identifier: Apache-2.0
#include "cli/completion.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "ai/spec_parser.h"
#include "core/game.h"
#include "core/registry.h"

namespace ludus::cli {
namespace {

// What the shells need to know of one command.
struct CommandShape {
  std::string name, description;
  std::vector<std::string> flags;   // options without a value
  std::vector<std::string> valued;  // options followed by a value
  std::map<std::string, std::string> descriptions;  // per option name
  std::string positional;           // name of the first positional ("game", "files", ...)
};

std::vector<std::string> option_names(const CLI::Option& option) {
  std::vector<std::string> names;
  for (const auto& s : option.get_snames()) names.push_back("-" + s);
  for (const auto& l : option.get_lnames()) names.push_back("--" + l);
  return names;
}

std::vector<CommandShape> shapes_of(const CLI::App& root) {
  std::vector<CommandShape> shapes;
  for (const CLI::App* sub : root.get_subcommands([](const CLI::App*) { return true; })) {
    CommandShape shape{sub->get_name(), sub->get_description(), {}, {}, {}, {}};
    for (const CLI::Option* option : sub->get_options()) {
      // Flags for the tests never show up in a person's completions.
      if (option->get_description().find("(tests only)") != std::string::npos) continue;
      if (option->get_positional()) {
        if (shape.positional.empty()) shape.positional = option->get_name();
        continue;
      }
      for (const auto& name : option_names(*option)) {
        (option->get_expected_max() > 0 ? shape.valued : shape.flags).push_back(name);
        shape.descriptions[name] = option->get_description();
      }
    }
    shapes.push_back(std::move(shape));
  }
  return shapes;
}

// The words a positional completes to: game names, command names, shells; empty: files.
std::string positional_words(const CommandShape& command, const std::vector<CommandShape>& shapes) {
  const std::string& positional = command.positional;
  std::string words;
  auto add = [&](const std::string& w) { words += (words.empty() ? "" : " ") + w; };
  if (positional == "game" || positional == "games") {
    for (const auto& entry : registered_games()) add(entry.info->name);
    if (command.name == "rules") add("conventions");
  } else if (positional == "command") {
    for (const auto& s : shapes) add(s.name);
  } else if (positional == "shell") {
    add("bash");
    add("zsh");
  }
  return words;
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
  return out;
}

// The colour flags of every game (--x, --black ...), for the commands that seat players.
std::vector<std::string> colour_flags() {
  std::vector<std::string> flags;
  for (const auto& entry : registered_games())
    for (const auto& colour : entry.info->colours)
      if (std::find(flags.begin(), flags.end(), "--" + colour) == flags.end()) flags.push_back("--" + colour);
  return flags;
}

// The flags that seat a player: --first, --second and the colours.
std::vector<std::string> seat_flag_names() {
  auto flags = colour_flags();
  flags.insert(flags.begin(), {"--first", "--second"});
  return flags;
}

// What a seat takes: a person, or an AI level.
std::string player_kinds() {
  std::vector<std::string> kinds{"human"};
  for (const auto& level : ai::plain_level_names()) kinds.push_back(level);
  return joined(kinds);
}

// A game's -o values: KEY=VALUE for every choice, and every integer of a range (up to 30
// values; a wider range offers its default).
std::string option_words(const GameInfo& info) {
  std::vector<std::string> words;
  for (const OptionSpec& o : info.options) {
    if (o.kind == OptionSpec::Kind::Choice) {
      for (const auto& choice : o.choices) words.push_back(o.name + "=" + choice);
    } else if (o.max - o.min < 30) {
      for (int v = o.min; v <= o.max; ++v) words.push_back(o.name + "=" + std::to_string(v));
    } else {
      words.push_back(o.name + "=" + o.default_value);
    }
  }
  return joined(words);
}

// The bash lines choosing, once the game is known ($game: the word after the command), its
// -o values and its colour flags (the other games' are dropped from $flags and $valued).
std::string bash_game_words() {
  const std::string all = joined(colour_flags());
  std::string out = "  local game_options=\"\" game_colours=\"\" all_colours=\"" + all + "\"\n  case $game in\n";
  for (const auto& entry : registered_games()) {
    out += fmt::format("    {}) game_options=\"{}\"; game_colours=\"--{} --{}\" ;;\n", entry.info->name,
                       option_words(*entry.info), entry.info->colours[0], entry.info->colours[1]);
  }
  out += "  esac\n";
  return out;
}

// Text safe inside a zsh single-quoted _arguments description.
std::string zsh_text(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch == '\'') out += "'\\''";
    else if (ch == '[' || ch == ']') out += '\\', out += ch;
    else if (ch == ':') out += ' ';
    else if (ch == '\n') out += ' ';
    else out += ch;
  }
  return out;
}

}  // namespace

std::string bash_completion(const CLI::App& root) {
  const auto shapes = shapes_of(root);
  std::vector<std::string> names;
  for (const auto& s : shapes) names.push_back(s.name);
  std::string out = fmt::format(
      "# bash completion for ludus (written by `ludus completion bash`)\n"
      "_ludus() {{\n"
      "  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}}\n"
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
      "    COMPREPLY=($(compgen -W \"{} --help --version\" -- \"$cur\"))\n"
      "    return\n"
      "  fi\n"
      "  local flags=\"\" valued=\"\" positional=\"\"\n"
      "  case ${{COMP_WORDS[1]}} in\n",
      joined(names));
  for (const auto& s : shapes)
    out += fmt::format("    {}) flags=\"{}\"; valued=\"{}\"; positional=\"{}\" ;;\n", s.name, joined(s.flags),
                       joined(s.valued), positional_words(s, shapes));
  const std::vector<std::string> seat_flags = seat_flag_names();
  out +=
      "    *) return ;;\n"
      "  esac\n"
      "  local game=${COMP_WORDS[2]}\n" +
      bash_game_words() +
      "  # Only the chosen game's colour flags (all of them while no game is given).\n"
      "  if [ -n \"$game_colours\" ]; then\n"
      "    local c\n"
      "    for c in $all_colours; do\n"
      "      [[ \" $game_colours \" == *\" $c \"* ]] || valued=\" $valued \" valued=${valued// $c / }\n"
      "    done\n"
      "  fi\n"
      "  # After an option that takes a value: a player's kind, the game's options, else a file.\n"
      "  if [[ \" $valued \" == *\" $prev \"* ]]; then\n"
      "    case $prev in\n"
      "      " + fmt::format("{}) COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")) ;;\n", fmt::join(seat_flags, "|"), player_kinds()) +
      "      -o|--option) COMPREPLY=($(compgen -W \"$game_options\" -- \"$cur\")) ;;\n"
      "      *) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
      "    esac\n"
      "    return\n"
      "  fi\n"
      "  if [[ $cur == -* ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$flags $valued\" -- \"$cur\"))\n"
      "  elif [ -n \"$positional\" ]; then\n"
      "    COMPREPLY=($(compgen -W \"$positional\" -- \"$cur\"))\n"
      "  else\n"
      "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
      "  fi\n"
      "}\n"
      "complete -F _ludus ludus\n";
  return out;
}

std::string zsh_completion(const CLI::App& root) {
  const auto shapes = shapes_of(root);
  const std::vector<std::string> seat_flags = seat_flag_names();
  const std::string players = player_kinds();
  std::string out =
      "#compdef ludus\n"
      "# zsh completion for ludus (written by `ludus completion zsh`)\n"
      "_ludus() {\n"
      "  local -a commands\n"
      "  commands=(\n";
  for (const auto& s : shapes) out += fmt::format("    '{}:{}'\n", s.name, zsh_text(s.description));
  out +=
      "  )\n"
      "  if (( CURRENT == 2 )); then\n"
      "    _describe 'command' commands\n"
      "    return\n"
      "  fi\n"
      "  local command=$words[2]\n"
      "  shift words\n"
      "  (( CURRENT-- ))\n"
      "  case $command in\n";
  for (const auto& s : shapes) {
    out += fmt::format("    {})\n      _arguments \\\n", s.name);
    for (const auto& f : s.flags) out += fmt::format("        '{}[{}]' \\\n", f, zsh_text(s.descriptions.at(f)));
    for (const auto& v : s.valued) {
      const bool seat = std::find(seat_flags.begin(), seat_flags.end(), v) != seat_flags.end();
      out += fmt::format("        '*{}[{}]:{}' \\\n", v, zsh_text(s.descriptions.at(v)),
                         seat ? "player:(" + players + ")" : std::string("value:_files"));
    }
    const std::string words = positional_words(s, shapes);
    if (!words.empty()) out += fmt::format("        '1:{}:({})' \\\n", s.positional, words);
    else if (!s.positional.empty()) out += fmt::format("        '*:{}:_files' \\\n", s.positional);
    out += "        ;;\n";
  }
  out +=
      "  esac\n"
      "}\n"
      "_ludus \"$@\"\n";
  return out;
}

}  // namespace ludus::cli
