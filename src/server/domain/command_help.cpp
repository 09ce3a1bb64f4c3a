// SPDX-License-Identifier: Apache-2.0
#include "server/domain/command_help.h"

#include <iterator>

#include <fmt/format.h>

#include "core/registry.h"
#include "server/base/errors.h"
#include "server/domain/play/board_commands.h"
#include "server/domain/commands.h"

namespace ludus::server {
namespace {

// The commands that do not act on one board as its player (board_commands.h has those),
// in the order `help` lists them: the first kCommandsBeforeBoardCommands, the board
// commands, then the rest.
constexpr size_t kCommandsBeforeBoardCommands = 10;
const CommandHelp kCommands[] = {
    {"signup", "signup USER PASSWORD [EMAIL]",
     N_("Creates an account. USER: 1-32 ASCII letters (a-z), digits, '_', '.', '-' (case-insensitive).")},
    {"passwd", "passwd USER OLD NEW",
     N_("Changes your password (and logs out every web session).")},
    {"mailpref", "mailpref USER PASSWORD [every|digest [HOUR]|none]",
     N_("Shows or sets the mails you get about the boards you play or follow: every change, one daily digest, or\n"
     "none. The digest goes out once a day at HOUR:00 UTC (0-23; 7 until you choose). Replies to your own mails\n"
     "and time-limit reminders always come.")},
    {"holiday", "holiday USER PASSWORD [FROM TO|cancel]",
     N_("Shows your holidays, declares one from day FROM to day TO (YYYY-MM-DD, UTC, both included; today or\n"
     "later), or cancels yours (one under way ends now). Meanwhile the time limits of your boards pause: no\n"
     "reminder, no loss on time; opponents see it on the board. 30 days a calendar year, a day counting when any\n"
     "part of it is declared. Tournament boards keep hard time: their clocks never pause.")},
    {"challenge", "GAME challenge [-OPTION=VALUE...] USER1 USER2 PASSWORD",
     N_("Challenges a player: USER1 is the first player, USER2 the second. PASSWORD is the challenger's, who must be\n"
     "USER1 or USER2. Against the computer (ai:random, ai:easy, ai:hard ...) or a player who accepts all\n"
     "challenges the board starts at once; otherwise the opponent gets an invitation (an offer) to join or\n"
     "decline, open for 7 days.\n"
     "Time limits (days, 0 = none): -nagtime=7 mails the player to move a reminder, -forfeittime=21 ends the\n"
     "game as a loss on time. -rated=no: the result does not change ratings (boards with other than the game's\n"
     "standard options are never rated). -exploration=yes|no: whether the players may use conditional moves\n"
     "and the server's analysis engine while the game is on (default: no when rated, yes when not).")},
    {"seek", "GAME seek [-OPTION=VALUE...] [-seat=first|second|random] [-rating=MIN-MAX] USER PASSWORD",
     N_("Posts an open challenge anyone may take (whose rating in the game is within MIN-MAX, if given): the lobby.\n"
     "-seat is yours (default random). Open for 7 days.")},
    {"join", "join OFFER USER PASSWORD",
     N_("Accepts an invitation to you, or takes an open challenge: the board starts.")},
    {"decline", "decline OFFER USER PASSWORD",
     N_("Declines an invitation to you, or withdraws your own offer.")},
    {"rematch", "rematch BOARD USER PASSWORD",
     N_("Asks the other player of finished BOARD for a rematch: the same game, options, time limits and rating,\n"
     "the colours swapped. An invitation they join or decline (as a challenge: their settings and blocks apply;\n"
     "against the computer the board starts at once). If they asked already, this accepts: the board starts.")},
    {"limit", "limit USER PASSWORD [ask|all|none] [N|-]",
     N_("Shows or sets who may challenge you: ask (every challenge is an invitation; the default), all (boards\n"
     "start at once), none (challenges are refused); and N, the most active boards you play (- for no limit).")},
    {"notifications", "notifications USER PASSWORD [read] [-limit=N] [-offset=N]",
     N_("Your notifications, newest first (* marks the unread): your move, invitations, results, tournaments and\n"
     "comments on the boards you play or follow. With read, marks them all read. -limit (1-500, default 20) and\n"
     "-offset page the list.")},
    {"next", "next USER PASSWORD",
     N_("Shows the board where it is your move that has waited longest (the one whose turn started first).")},
    {"bot", "bot USER PASSWORD",
     N_("Makes your account a bot, for good: an account for an engine, which plays with a bot token (POST\n"
     "/api/me/bot-tokens; docs/bots.md). Only an account that never had a rated board; bots play unrated boards\n"
     "only and no tournaments.")},
    {"show", "show BOARD[#N]",
     N_("Shows the board, or the position after turn N.")},
    {"history", "history BOARD|USER",
     N_("Of a board: every move with its player and time, the comments and the record. Of a user (or ai:SPEC): their\n"
     "ratings and rated games.")},
    {"review", "review BOARD [USER PASSWORD]",
     N_("The engine's review of finished BOARD: per turn the mover's winning chance before and after, the best turn,\n"
     "inaccuracies, mistakes and blunders, a proven win thrown away or the only winning move, and each player's\n"
     "accuracy. With USER PASSWORD, asks for it when nobody has (any user, at most 3 of theirs waiting at once);\n"
     "it is computed once, in the background, and the board's players and followers are told when it is ready.\n"
     "Without, shows it or where it stands.")},
    {"ratings", "ratings GAME [-limit=N] [-offset=N]",
     N_("The game's standings: rank, rating (? while provisional), deviation, games won, lost and drawn. Boards with\n"
     "the game's standard options are rated (Glicko-2) unless challenged with -rated=no. -limit (1-500, default\n"
     "500) and -offset page the list.")},
    {"standings", "standings GAME [-limit=N] [-offset=N]",
     N_("The same as ratings GAME.")},
    {"offers", "offers [GAME|USER|USER PASSWORD] [-limit=N] [-offset=N]",
     N_("The open challenges (of GAME; with USER, those USER may take): the lobby. With USER PASSWORD also the\n"
     "invitations to and from USER, which only their two players see. -limit (1-500, default 100) and -offset\n"
     "page the list.")},
    {"games", "[GAME] games USER|- [active|next|finished|watched|all] [-limit=N] [-offset=N]",
     N_("Lists a user's games (- : everybody's; of GAME only when given): active (default), next (those where it is\n"
     "USER's move), finished, watched, all. -limit (1-500, default 100) and -offset page the list.")},
    {"tournament", "tournament create|join|leave|withdraw|start|show|list ...",
     // TRANSLATORS: keep the command lines (tournament create ..., -name=..., USER PASSWORD) as they are; translate the words in brackets.
     N_("Tournaments (docs/tournaments.md):\n"
     "  tournament create GAME [-name=\"NAME\"] [-OPTION=VALUE...] -format=roundrobin|double-roundrobin|swiss|knockout\n"
     "      [-rounds=N] -players=MIN-MAX -start=YYYY-MM-DD[THH:MM]|full [-rated=yes|no] [-nagtime=D] [-forfeittime=D]\n"
     "      USER PASSWORD\n"
     "      (-name: one line, at most 60 characters, quoted when it has spaces; without it \"GAME FORMAT #N\";\n"
     "      -rounds for Swiss only; -start: a UTC time, or full: when MAX players have joined)\n"
     "  tournament join NUMBER USER PASSWORD    (consent to every board it will start)\n"
     "  tournament leave NUMBER USER PASSWORD   (before the start)\n"
     "  tournament withdraw NUMBER USER PASSWORD  (after the start: every game still to come is lost)\n"
     "  tournament start NUMBER USER PASSWORD   (the creator, with at least MIN players)\n"
     "  tournament show NUMBER                  (the winner or a shared first place, standings, cross table\n"
     "                                          or bracket, rounds)\n"
     "  tournament list [GAME] [open|running|finished|cancelled|all] [-limit=N] [-offset=N]   (newest first;\n"
     "      -limit 1-500, default 100)")},
    {"reset", "reset USER [CODE NEW-PASSWORD]",
     N_("Without a code: mails a password reset code to USER's verified address (the reply is the same whether or\n"
     "not there is such an account). With the code: sets the new password and logs the account out everywhere.")},
    {"email", "email USER PASSWORD [ADDRESS|-]",
     N_("Shows or changes your address. A new one gets a code to verify it (verify USER CODE); mail goes to the old\n"
     "one until then. - removes the address.")},
    {"verify", "verify USER CODE",
     N_("Verifies your new address with the code mailed to it.")},
    {"language", "language USER PASSWORD [LL|default]",
     N_("Shows the language of your mail and of the replies to your commands, and the languages ludus speaks;\n"
        "with LL (de, fr, ...) chooses one, with default goes back to the page's choice (English until you make\n"
        "one). The commands themselves stay English.")},
    {"export", "export USER PASSWORD",
     N_("Everything the server keeps about you, as JSON: your account and settings, every board you played with its\n"
     "moves, your comments, ratings, offers, tournaments, blocks and reports.")},
    {"delete", "delete USER PASSWORD [confirm]",
     N_("Deletes your account. Without 'confirm' it only says what would happen; keep your data first (export).\n"
     "Your active boards are resigned, open offers withdrawn, tournaments left; your address, password,\n"
     "settings, comments and follows are deleted. Your finished boards stay replayable by your opponents, with\n"
     "the ratings, under a name like deleted:7 that no account can take.")},
    {"block", "block USER PASSWORD [OTHER]",
     N_("Blocks OTHER: no challenges, invitations or comments between you (open invitations are declined). Without\n"
     "OTHER: lists whom you block.")},
    {"unblock", "unblock USER PASSWORD OTHER",
     N_("Lifts your block of OTHER.")},
    {"report", "report COMMENT USER PASSWORD REASON...",
     N_("Reports comment number COMMENT (history BOARD shows the numbers) to the server's administrators.")},
    {"help", "help [COMMAND]",
     N_("Shows this summary, or the help of one command.")},
};

}  // namespace

const CommandHelp* find_command(std::string_view name) {
  for (const auto& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

std::string CommandInterpreter::help(std::string_view name, const Language& language) {
  if (!name.empty()) {
    if (const BoardCommand* b = find_board_command(name))
      return fmt::format("{}\n  {}\n", usage_of(*b), tr(language, std::string(b->help).c_str()));
    const CommandHelp* c = find_command(name);
    if (!c) bad_request(text("no command '{command}' (try 'help')", {{"command", std::string(name.substr(0, 40))}}), "usage");
    return fmt::format("{}\n  {}\n", c->usage, tr(language, c->text));
  }
  // TRANSLATORS: the command grammar stays English: keep [GAME] COMMAND ARGUMENTS..., challenge, seek and tournament create.
  std::string out = tr(language, "Commands: [GAME] COMMAND ARGUMENTS...  (GAME is needed only by challenge, seek and tournament create)") + "\n" +
                    tr(language, "BOARD is a board number, #N a move number (moves played + 1); words with blanks go in \"quotes\".") +
                    "\n\n";
  for (size_t i = 0; i < std::size(kCommands); ++i) {
    if (i == kCommandsBeforeBoardCommands)
      for (const auto& b : board_commands()) out += fmt::format("  {}\n", usage_of(b));
    out += fmt::format("  {}\n", kCommands[i].usage);
  }
  out += "\n" + tr(language, "Games and their challenge options, -OPTION=DEFAULT (VALUES):") + "\n";
  for (const auto& entry : registered_games()) {
    std::string opts;
    for (const auto& o : entry.info->options)
      opts += fmt::format("{}-{}={} ({})", opts.empty() ? "" : " ", o.name, o.default_value, o.range_text());
    out += fmt::format("  {:<9} {} [{}]\n", entry.info->name, tr(language, std::string(entry.info->summary).c_str()), opts);
  }
  out += "\n" + tr(language, "'help COMMAND' explains one command.") + "\n";
  return out;
}

}  // namespace ludus::server
