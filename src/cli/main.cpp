// SPDX-License-Identifier: Apache-2.0
// ludus: rules, AI, play server and study tools for five abstract strategy games.
#include <iostream>
#include <map>

#include "cli/command.h"
#include "core/text.h"
#include "core/url_secrets.h"

int main(int argc, char** argv) {
  using namespace ludus;
  // Named, so that usage lines say "ludus" whatever path it was started by.
  CLI::App app{"ludus: engine, AI and play server for N-Mesh, Netted, Trellis, Ndengrod and Epoxy", "ludus"};
  app.set_version_flag("--version", std::string("ludus ") + LUDUS_VERSION);
  app.require_subcommand(1);
  std::map<CLI::App*, cli::CommandRunner> runners;
  for (const auto& spec : cli::registered_commands()) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.help);
    runners[sub] = spec.setup(*sub);
  }
  // After the subcommands: CLI11 copies the parent's footer into subcommands made later.
  app.footer("Run `ludus help COMMAND` (or `ludus COMMAND --help`) for a command's options and examples.");
  // CLI11 would only say "A subcommand is required"; name the word it did not know.
  std::string known;
  bool found = false;
  for (const auto& spec : cli::registered_commands()) {
    known += (known.empty() ? "" : ", ") + spec.name;
    found = found || (argc > 1 && spec.name == argv[1]);
  }
  if (argc > 1 && argv[1][0] != '-' && !found) {
    std::cerr << "ludus: error: unknown command '" << ludus::terminal_safe(ludus::without_url_secrets(argv[1]))
              << "' (commands: " << known
              << ")\n";
    return cli::kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string what = ludus::terminal_safe(ludus::without_url_secrets(e.what()));  // it may quote an argument
    if (what.empty()) what = "bad command line";
    std::cerr << "ludus: error: " << what << " (see ludus --help)\n";
    return cli::kExitUsage;
  }
  // CLI11 holds its own copies now: hide URL passwords from the command line that
  // /proc/PID/cmdline (ps, top) shows to every user of the machine.
  bool scrubbed = false;
  for (int i = 1; i < argc; ++i) scrubbed = ludus::scrub_url_secrets(argv[i]) || scrubbed;
  if (scrubbed)
    std::cerr << "ludus: warning: a password was given on the command line, where other users of this machine could "
                 "read it before ludus hid it; put it in LUDUS_DB or LUDUS_SMTP instead\n";
  try {
    for (auto& [sub, run] : runners)
      if (sub->parsed()) return run();
  } catch (const std::exception& e) {  // LudusError too: bad input (a message may quote a file)
    std::cerr << "ludus: error: " << ludus::one_line(ludus::terminal_safe(e.what())) << "\n";
    return cli::kExitUsage;
  }
  return cli::kExitUsage;
}
