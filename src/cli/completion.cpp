#include "cli/completion.h"

#include <map>

#include <fmt/format.h>

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
  out +=
      "    *) return ;;\n"
      "  esac\n"
      "  # After an option that takes a value: a file name, or nothing to suggest.\n"
      "  if [[ \" $valued \" == *\" $prev \"* ]]; then\n"
      "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
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
    for (const auto& v : s.valued) out += fmt::format("        '*{}[{}]:value:_files' \\\n", v, zsh_text(s.descriptions.at(v)));
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
