// SPDX-License-Identifier: Apache-2.0
// `ludus pbm [--db FILE] [GAME] COMMAND ARGS...`: the play server's command interface
// run once against the database file, like a mail to the classic play-by-email servers.
// An AI seat replies at once (there is no background worker in a one-shot command).
#include <iostream>

#include "cli/command.h"
#include "cli/server_commands.h"
#include "core/text.h"
#include "server/domain/commands.h"
#include "server/storage/store.h"

namespace ludus::cli {
namespace {

struct PbmArgs {
  std::string db = "ludus.db";
  bool test_hashing = false;
  std::string public_url;
  std::string language;  // the reply's language until a USER PASSWORD proves a user who chose one
};

const bool kPbm = register_command({"pbm", "Play-by-mail commands on the server database (try: ludus pbm help)", 60,
                                    [](CLI::App& app) {
  auto args = std::make_shared<PbmArgs>();
  app.add_option("--db", args->db,
                 "Database: an SQLite file (created if missing), sqlite:PATH, or postgresql://USER@HOST/DBNAME")
      ->envname("LUDUS_DB")
      ->capture_default_str();
  app.add_flag("--test-hashing", args->test_hashing, "Cheap password hashing for new passwords (tests only)");
  add_public_url_option(app, args->public_url);
  app.add_option("--language", args->language,
                 "Language of the reply (de, fr, es, pt, ja, ar; default English) until the command's USER PASSWORD "
                 "proves a user who chose one (the language command)")
      ->check([](const std::string& code) {
        return server::Language::spoken(code) ? std::string() : "ludus does not speak '" + code + "'";
      });
  // Everything from the first word on is the command, including words such as -size=6.
  app.prefix_command();
  set_examples(app, {"ludus pbm signup alice alice-pass", "ludus pbm ndengrod challenge alice ai:easy alice-pass",
                     "ludus pbm help  # the grammar: [GAME] COMMAND ARGS...",
                     "ludus pbm --language de help  # the replies in German", "ludus pbm language alice alice-pass de"});
  return [args, &app] {
    std::vector<std::string> words = app.remaining();
    server::CommandCaller caller;
    caller.set_language(server::Language::of(args->language));
    try {
      server::check_database_file(args->db);
      server::Store store(args->db);
      OfflineService offline(store,
                             args->test_hashing ? server::PasswordPolicy::fast() : server::PasswordPolicy::interactive(),
                             server::system_clock(), args->public_url);
      server::CommandInterpreter commands(offline.service);
      // The reply shows boards' comments and whatever else users stored.
      std::cout << terminal_safe(commands.execute(words, caller));
      return 0;
    } catch (const server::ServiceError& e) {
      return report_server_error(e, kExitFailure, caller.language());
    }
  };
}});

}  // namespace
}  // namespace ludus::cli
