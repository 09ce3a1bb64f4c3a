// SPDX-License-Identifier: Apache-2.0
// `ludus help [COMMAND]` (a command of the play-by-mail grammar too: `ludus help conditional`)
// and `ludus completion bash|zsh`: both read the command line as
// CLI11 knows it (the parent app and its subcommands), so the help, the manual page
// (help2man runs `ludus help --all` at build time) and the shell completions never
// disagree with the options the commands really take.
#include <iostream>

#include "cli/command.h"
#include "cli/completion.h"
#include "core/error.h"
#include "core/text.h"
#include "server/domain/play/board_commands.h"
#include "server/domain/command_help.h"
#include "server/domain/commands.h"

namespace ludus::cli {
namespace {

// The subcommands of `root` in `ludus --help` order, without CLI11's own help entries.
std::vector<const CLI::App*> commands_of(const CLI::App& root) {
  std::vector<const CLI::App*> list;
  for (const CLI::App* sub : root.get_subcommands([](const CLI::App*) { return true; })) list.push_back(sub);
  return list;
}

const bool kHelp = register_command({"help", "Show the help of ludus or of one command", 99, [](CLI::App& app) {
  auto command = std::make_shared<std::string>();
  auto all = std::make_shared<bool>(false);
  app.add_option("command", *command, "Command to explain (default: the list of commands)");
  app.add_flag("--all", *all, "Every command's help, one after the other (the manual page is made of it)");
  set_examples(app, {"ludus help play", "ludus help --all | less"});
  return [&app, command, all] {
    const CLI::App& root = *app.get_parent();
    // App::help() would show the parsed subcommand (this one): ask the formatter for root's.
    const std::string root_help = root.get_formatter()->make_help(&root, root.get_name(), CLI::AppFormatMode::Normal);
    if (*all) {
      bool first = true;
      for (const CLI::App* sub : commands_of(root)) {
        std::cout << (first ? "" : "\n\n") << "ludus " << sub->get_name() << "\n" << sub->help(root.get_name());
        first = false;
      }
      return 0;
    }
    if (command->empty()) {
      std::cout << root_help;
      return 0;
    }
    for (const CLI::App* sub : commands_of(root))
      if (sub->get_name() == lowercase(*command)) {
        std::cout << sub->help(root.get_name());
        return 0;
      }
    // A word of the command grammar (`ludus pbm`, mail, POST /api/command): its help there.
    const std::string word = lowercase(*command);
    if (server::find_command(word) || server::find_board_command(word)) {
      std::cout << "A command of the play-by-mail grammar (ludus pbm, mail, POST /api/command):\n"
                << server::CommandInterpreter::help(word);
      return 0;
    }
    throw LudusError("unknown command '" + *command + "' (see ludus help)");
  };
}});

const bool kCompletion = register_command({"completion", "Print the bash or zsh completion script", 95, [](CLI::App& app) {
  auto shell = std::make_shared<std::string>();
  app.add_option("shell", *shell, "bash or zsh")->required()->check(CLI::IsMember({"bash", "zsh"}));
  set_examples(app, {"source <(ludus completion bash)",
                     "ludus completion zsh > ~/.zfunc/_ludus  # a directory on $fpath"});
  return [&app, shell] {
    const CLI::App& root = *app.get_parent();
    std::cout << (*shell == "bash" ? bash_completion(root) : zsh_completion(root));
    return 0;
  };
}});

}  // namespace
}  // namespace ludus::cli
