// SPDX-License-Identifier: Apache-2.0
#include "server/domain/tournaments/tournament_commands.h"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

#include "core/error.h"
#include "core/options.h"
#include "core/registry.h"
#include "core/text.h"
#include "server/base/errors.h"
#include "server/domain/command_words.h"
#include "server/domain/tournaments/tournament_text.h"

namespace ludus::server {
namespace {

constexpr const char* kUsage =
    "tournament create GAME [-name=\"NAME\"] [-OPTION=VALUE...] -format=roundrobin|double-roundrobin|swiss|knockout [-rounds=N] "
    "-players=MIN-MAX -start=YYYY-MM-DD[THH:MM]|full USER PASSWORD; tournament join|leave|withdraw|start NUMBER USER "
    "PASSWORD; tournament show NUMBER; tournament list [GAME] [open|running|finished|cancelled|all] [-limit=N] "
    "[-offset=N]";

[[noreturn]] void usage() { bad_request(text("usage: {usage}", {{"usage", kUsage}}), "usage"); }

int64_t tournament_number(const std::string& word) {
  if (word.empty() || word.size() > 15 || !std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c); }))
    bad_request(text("NUMBER must be a tournament number, not '{word}'", {{"word", word.substr(0, 20)}}), "usage");
  return std::stoll(word);
}

std::string game_name(const std::string& word) {
  try {
    return find_game(word).info->name;
  } catch (const LudusError& e) {
    bad_request(one_line(e.what()), "unknown_game");
  }
}

std::string create(Service& service, std::string game, const std::vector<std::string>& args, CommandCaller& caller) {
  size_t at = 0;
  if (game.empty()) {
    if (args.empty() || args[0].starts_with("-"))
      bad_request(text("tournament create needs the game: usage: {usage}", {{"usage", kUsage}}), "usage");
    game = game_name(args[at++]);
  }
  std::vector<std::string> option_words, rest;
  for (size_t i = at; i < args.size(); ++i)
    (args[i].size() > 1 && args[i][0] == '-' && rest.empty() ? option_words : rest).push_back(args[i]);
  if (rest.size() != 2) usage();
  std::map<std::string, std::string> words;
  try {
    words = parse_option_assignments(option_words);
  } catch (const LudusError& e) {
    bad_request(one_line(e.what()), "bad_tournament");
  }
  const std::string user = caller.authenticate(service.accounts(), rest[0], rest[1]);
  const TournamentRecord t = service.tournaments().create(user, game, words);
  const Language& language = caller.language();
  return tr(language, "{user} creates {tournament}.", {{"user", user}, {"tournament", tournament_line(t, language)}}) + "\n" +
         tr(language, "Players join with: tournament join {number} USER PASSWORD", {{"number", t.id}}) + "\n";
}

}  // namespace

std::string run_tournament_command(Service& service, const std::string& game, const std::vector<std::string>& args,
                                   CommandCaller& caller) {
  if (args.empty()) usage();
  const std::string verb = lowercase(args[0]);
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  Tournaments& tournaments = service.tournaments();
  if (verb == "create") return create(service, game, rest, caller);
  if (verb == "show") {
    if (rest.size() != 1) usage();
    return format_tournament(tournaments.view(tournament_number(rest[0])), caller.language());
  }
  if (verb == "list") {
    std::vector<std::string> words = rest;
    const Page page = take_page_words(words, Page{}.limit);
    if (words.size() > 2) usage();
    std::string which_game = game, status;
    for (const std::string& word : words) {
      const std::string w = lowercase(word);
      if (w == "all" || tournament_status_by_name(w)) status = w;
      else if (which_game.empty()) which_game = game_name(word);
      else usage();
    }
    const auto list = tournaments.list(status, which_game, page);
    const Language& language = caller.language();
    const TextArgs title_args = {{"game", which_game.empty() ? std::string() : game_title(which_game)}, {"status", status}};
    std::string title;
    if (which_game.empty())
      title = status.empty() ? tr(language, "Tournaments") : tr(language, "Tournaments ({status})", title_args);
    else
      title = status.empty() ? tr(language, "Tournaments of {game}", title_args)
                             : tr(language, "Tournaments of {game} ({status})", title_args);
    return format_tournament_list(title, list, language);
  }
  if (verb != "join" && verb != "leave" && verb != "withdraw" && verb != "start") usage();
  if (rest.size() != 3) usage();
  const int64_t id = tournament_number(rest[0]);
  const std::string user = caller.authenticate(service.accounts(), rest[1], rest[2]);
  const Language& language = caller.language();
  const TextArgs who = {{"user", user}, {"tournament", id}};
  if (verb == "join") {
    const TournamentView v = tournaments.join(id, user);
    const bool started = v.tournament.status == TournamentStatus::Running;
    return (started ? tr(language, "{user} joins tournament {tournament}: it is full and starts.", who)
                    : tr(language, "{user} joins tournament {tournament}.", who)) +
           "\n\n" + format_tournament(v, language);
  }
  if (verb == "start") {
    const TournamentView v = tournaments.start(id, user);
    return tr(language, "{user} starts tournament {tournament}.", who) + "\n\n" + format_tournament(v, language);
  }
  if (verb == "leave") {
    tournaments.leave(id, user);
    return tr(language, "{user} leaves tournament {tournament}.", who) + "\n";
  }
  tournaments.withdraw(id, user);
  return tr(language, "{user} withdraws from tournament {tournament}: every game still to come is lost.", who) + "\n";
}

std::vector<size_t> tournament_password_words(const std::vector<std::string>& args) {
  if (args.empty()) return {};
  const std::string verb = lowercase(args[0]);
  if (verb == "create" && args.size() > 1) return {args.size() - 1};
  if (verb == "join" || verb == "leave" || verb == "withdraw" || verb == "start") return {3};
  if (verb == "show" || verb == "list") return {};
  // An unknown sub-command: where a password is cannot be told; hide everything after it.
  std::vector<size_t> all;
  for (size_t i = 1; i < args.size(); ++i) all.push_back(i);
  return all;
}

}  // namespace ludus::server
