// SPDX-License-Identifier: Apache-2.0
#include "server/domain/commands.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <functional>

#include <fmt/format.h>

#include "core/error.h"
#include "core/options.h"
#include "core/registry.h"
#include "core/text.h"
#include "core/turn_count.h"
#include "server/domain/account_data.h"
#include "server/domain/play/board_commands.h"
#include "server/domain/command_help.h"
#include "server/domain/command_words.h"
#include "server/domain/community/moderation.h"
#include "server/domain/community/notifications.h"
#include "server/base/errors.h"
#include "server/base/json_fields.h"
#include "server/domain/play/board_text.h"
#include "server/storage/mail_store.h"
#include "server/domain/play/offer_format.h"
#include "server/domain/play/rating_format.h"
#include "server/domain/tournaments/tournament_commands.h"

namespace ludus::server {
namespace {

// The board; when a GAME word was given, it must be a board of that game.
Board load_board_of_game(Service& service, int64_t board, const std::string& game) {
  Board b = service.load(board);
  if (!game.empty() && game != b.game().name())
    bad_request(fmt::format("{} is a game of {}, not {}", board_name(board), b.game().name(), game), "wrong_game");
  return b;
}

[[noreturn]] void usage(const CommandHelp& c) { bad_request(std::string("usage: ") + c.usage, "usage"); }

class Run {
 public:
  Run(Service& service, std::string game, const CommandHelp& command, std::vector<std::string> args,
      CommandCaller& caller)
      : service_(service), game_(std::move(game)), command_(command), args_(std::move(args)), caller_(caller) {}

  std::string execute() {
    const std::string name = command_.name;
    if (name == "signup") return signup();
    if (name == "passwd") return passwd();
    if (name == "mailpref") return mailpref();
    if (name == "holiday") return holiday();
    if (name == "challenge") return challenge();
    if (name == "seek") return seek();
    if (name == "join") return join();
    if (name == "decline") return decline();
    if (name == "rematch") return rematch();
    if (name == "export") return export_data();
    if (name == "delete") return delete_account();
    if (name == "limit") return limit();
    if (name == "offers") return offers();
    if (name == "notifications") return notifications();
    if (name == "next") return next();
    if (name == "bot") return bot();
    if (name == "show") return show();
    if (name == "history") return history();
    if (name == "review") return review();
    if (name == "games") return games();
    if (name == "ratings" || name == "standings") return ratings();
    if (name == "tournament") return run_tournament_command(service_, game_, args_, caller_);
    if (name == "reset") return reset();
    if (name == "email") return email();
    if (name == "verify") return verify();
    if (name == "block" || name == "unblock") return block(name == "block");
    if (name == "report") return report();
    return help();
  }

 private:
  void expect(size_t min, size_t max) {
    if (args_.size() < min || args_.size() > max) usage(command_);
  }
  Board load(int64_t board) { return load_board_of_game(service_, board, game_); }
  std::string with_board(const std::string& line, int64_t board) {
    return line + "\n\n" + format_board(load(board));
  }

  std::string signup() {
    expect(2, 3);
    std::string id = service_.accounts().signup(args_[0], args_[1], args_.size() > 2 ? args_[2] : "", caller_.client());
    if (args_.size() > 2 && !args_[2].empty())
      return fmt::format("Welcome, {0}: your account is ready.\nA code to verify {1} is on its way: verify {0} CODE\n",
                         id, args_[2]);
    return fmt::format("Welcome, {}: your account is ready.\n", id);
  }

  std::string passwd() {
    expect(3, 3);
    service_.accounts().change_password(args_[0], args_[1], args_[2], caller_.client());
    return fmt::format("Password changed for {}.\n", Accounts::normalize_user_id(args_[0]));
  }

  std::string mailpref() {
    expect(2, 4);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    std::optional<MailPreference> wanted;
    std::optional<int> hour;
    if (args_.size() > 2) {
      wanted = mail_preference_by_name(lowercase(args_[2]));
      if (!wanted) usage(command_);
    }
    if (args_.size() > 3) {
      if (wanted != MailPreference::Digest) usage(command_);
      hour = static_cast<int>(offer_number(args_[3], "HOUR"));  // 0-23: the service checks it
    }
    const MailAddressee now = service_.mail_settings(user, wanted, hour);
    const std::string meanings[] = {"a mail for every change of your boards",
                                    fmt::format("one daily digest at {:02}:00 UTC", now.digest_hour),
                                    "no mail about your boards"};
    return fmt::format("Mail for {}: {} ({}).\n", user, mail_preference_name(now.preference),
                       meanings[static_cast<int>(now.preference)]);
  }

  std::string holiday() {
    expect(2, 4);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    if (args_.size() == 2) return holiday_plan_text(service_.holidays(user));
    if (args_.size() == 3) {
      if (lowercase(args_[2]) != "cancel") usage(command_);
      return "Holiday cancelled.\n" + holiday_plan_text(service_.cancel_holiday(user));
    }
    return "Holiday declared.\n" + holiday_plan_text(service_.declare_holiday(user, args_[2], args_[3]));
  }

  std::string challenge() {
    if (game_.empty()) bad_request("challenge needs the game first: GAME challenge [-OPTION=VALUE...] USER1 USER2 PASSWORD", "usage");
    std::vector<std::string> option_words, rest;
    for (const auto& a : args_) (a.size() > 1 && a[0] == '-' && rest.empty() ? option_words : rest).push_back(a);
    if (rest.size() != 3) usage(command_);
    std::map<std::string, std::string> options;
    try {
      options = parse_option_assignments(option_words);
    } catch (const LudusError& e) {
      bad_request(e.what(), "bad_game");
    }
    // The password names the challenger: whichever human player it belongs to.
    std::string challenger;
    for (int i = 0; i < 2 && challenger.empty(); ++i) {
      if (Accounts::is_ai(rest[i])) continue;
      try {
        challenger = caller_.authenticate(service_.accounts(), rest[i], rest[2]);
      } catch (const ServiceError& e) {
        if (e.kind() != ErrorKind::Unauthorized) throw;
      }
    }
    if (challenger.empty()) unauthorized("wrong user id or password (PASSWORD must be USER1's or USER2's)");
    return challenged(challenger,
                      service_.challenge(challenger, game_, options, lowercase(rest[0]), lowercase(rest[1])));
  }

  // The reply to a challenge or a rematch: the board that started, or the invitation.
  std::string challenged(const std::string& challenger, const ChallengeOutcome& outcome) {
    if (outcome.board)
      return with_board(fmt::format("{} challenges: board {} is ready.", challenger, *outcome.board), *outcome.board);
    const OfferRecord& offer = *outcome.offer;
    return fmt::format("{} asks {} first: {}.\n{} may answer: join {} {} PASSWORD, or decline {} {} PASSWORD\n",
                       challenger, offer.to.value_or(""), format_offer(offer), offer.to.value_or(""), offer.id,
                       offer.to.value_or(""), offer.id, offer.to.value_or(""));
  }

  std::string rematch() {
    expect(3, 3);
    const int64_t board = parse_board(args_[0]);
    const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
    if (!game_.empty()) load(board);  // a GAME word must be the board's
    const ChallengeOutcome outcome = service_.rematch(board, user);
    if (outcome.board)
      return with_board(fmt::format("The rematch of board {} starts: board {} is ready.", board, *outcome.board),
                        *outcome.board);
    return challenged(user, outcome);
  }

  std::string export_data() {
    expect(2, 2);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    return dump_json(AccountData(service_).export_json(user)) + "\n";
  }

  std::string delete_account() {
    expect(2, 3);
    if (args_.size() == 3 && lowercase(args_[2]) != "confirm") usage(command_);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    AccountData data(service_);
    if (args_.size() == 2)
      return fmt::format(
          "Deleting the account {0} does this: {1}.\nYour address, password, settings, comments, follows and blocks "
          "are deleted; the boards and ratings the others keep name you deleted:N.\nKeep your data first: export {0} "
          "PASSWORD\nThen, to delete: delete {0} PASSWORD confirm\n",
          user, plan_text(data.plan(user)));
    const std::string name = data.delete_account(user);
    return fmt::format("The account {} is deleted; the boards and ratings it leaves to the others name {}.\n", user, name);
  }

  std::string seek() {
    if (game_.empty()) bad_request("seek needs the game first: " + std::string(command_.usage), "usage");
    std::vector<std::string> option_words, rest;
    for (const auto& a : args_) (a.size() > 1 && a[0] == '-' && rest.empty() ? option_words : rest).push_back(a);
    if (rest.size() != 2) usage(command_);
    std::map<std::string, std::string> options;
    try {
      options = parse_option_assignments(option_words);
    } catch (const LudusError& e) {
      bad_request(e.what(), "bad_game");
    }
    SeatChoice seat = SeatChoice::Random;
    if (auto it = options.find("seat"); it != options.end()) {
      const auto chosen = seat_choice_by_name(lowercase(it->second));
      if (!chosen) bad_request("-seat must be first, second or random", "bad_seat");
      seat = *chosen;
      options.erase(it);
    }
    std::optional<int> low, high;
    if (auto it = options.find("rating"); it != options.end()) {
      std::tie(low, high) = parse_rating_range(it->second);
      options.erase(it);
    }
    const std::string user = caller_.authenticate(service_.accounts(), rest[0], rest[1]);
    const OfferRecord offer = service_.seek(user, game_, options, seat, low, high);
    return fmt::format("{} posts {}.\nAnyone may take it: join {} USER PASSWORD\n", user, format_offer(offer), offer.id);
  }

  // "1400-1700", "1400-" or "-1700": the bounds of a seek's rating range.
  static std::pair<std::optional<int>, std::optional<int>> parse_rating_range(const std::string& text) {
    const auto dash = text.find('-');
    auto bound = [&](std::string_view part) -> std::optional<int> {
      if (part.empty()) return std::nullopt;
      int value = 0;
      auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
      if (ec != std::errc() || end != part.data() + part.size())
        bad_request("-rating must be MIN-MAX, MIN- or -MAX (whole numbers)", "bad_rating_range");
      return value;
    };
    if (dash == std::string::npos) bad_request("-rating must be MIN-MAX, MIN- or -MAX (whole numbers)", "bad_rating_range");
    return {bound(std::string_view(text).substr(0, dash)), bound(std::string_view(text).substr(dash + 1))};
  }

  int64_t offer_number(const std::string& word, const char* what = "OFFER") {
    if (word.empty() || word.size() > 15 || !std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c); }))
      bad_request(std::string(what) + " must be a number, not '" + word.substr(0, 20) + "'", "usage");
    return std::stoll(word);
  }

  std::string join() {
    expect(3, 3);
    const int64_t offer = offer_number(args_[0]);
    const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
    const int64_t board = service_.join(offer, user);
    return with_board(fmt::format("{} joins offer {}: board {} is ready.", user, offer, board), board);
  }

  std::string decline() {
    expect(3, 3);
    const int64_t offer = offer_number(args_[0]);
    const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
    const OfferRecord closed = service_.decline(offer, user);
    return fmt::format("{} {} offer {}.\n", user, closed.status == OfferStatus::Withdrawn ? "withdraws" : "declines",
                       offer);
  }

  std::string limit() {
    expect(2, 4);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    std::optional<ChallengePolicy> policy;
    std::optional<std::optional<int>> max_active;
    for (size_t i = 2; i < args_.size(); ++i) {
      const std::string word = lowercase(args_[i]);
      if (auto p = challenge_policy_by_name(word); p && !policy) {
        policy = p;
      } else if (word == "-" && !max_active) {
        max_active = std::optional<int>();
      } else if (!word.empty() && !max_active && word.size() < 6 &&
                 std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c); })) {
        max_active = std::stoi(word);
      } else {
        usage(command_);
      }
    }
    const ChallengeSettings now = service_.challenge_settings(user, policy, max_active);
    const char* meaning[] = {"every challenge is an invitation you accept or decline",
                             "challenges start a board at once", "challenges are refused"};
    return fmt::format("Challenges for {}: {} ({}); most active boards: {}.\n", user,
                       challenge_policy_name(now.policy), meaning[static_cast<int>(now.policy)],
                       now.max_active ? std::to_string(*now.max_active) : "no limit");
  }

  std::string offers() {
    const Page page = take_page_words(args_, Page{}.limit);
    expect(0, 2);
    std::string game = game_, user;
    if (args_.size() == 2) {
      user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    } else if (!args_.empty()) {
      try {
        game = find_game(args_[0]).info->name;
      } catch (const LudusError&) {
        user = Accounts::normalize_user_id(args_[0]);
      }
    }
    // Invitations are private to their players: only with the password (offers USER PASSWORD).
    const bool authenticated = args_.size() == 2;
    const std::string title = "Open challenges" + (game.empty() ? std::string() : " of " + game) +
                              (user.empty() ? std::string()
                               : authenticated ? " and invitations of " + user
                                               : " " + user + " may take");
    return format_offers(title, service_.offers(game, user, authenticated, page));
  }

  std::string notifications() {
    const Page page = take_page_words(args_, 20);
    expect(2, 3);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    if (args_.size() == 3 && lowercase(args_[2]) != "read") usage(command_);
    Notifications notifications(service_);
    const NotificationList list = args_.size() == 3 ? notifications.mark_read(user, NotificationSelection{{}, {}, true}, page)
                                                    : notifications.list(user, page);
    return format_notifications(list, user);
  }

  std::string next() {
    expect(2, 2);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    const auto board = Notifications(service_).next_board(user);
    if (!board) return fmt::format("No board waits for {}'s move.\n", user);
    return with_board(fmt::format("Next for {}: {}.", user, board_name(*board)), *board);
  }

  std::string bot() {
    expect(2, 2);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    service_.become_bot(user);
    return fmt::format("{} is a bot account, for good: its boards are never rated and it plays no tournament. "
                       "Its engine plays with a bot token (docs/bots.md).\n",
                       user);
  }

  std::string show() {
    expect(1, 1);
    auto hash = args_[0].find('#');
    int64_t board = parse_board(std::string_view(args_[0]).substr(0, hash));
    const Board b = load(board);
    if (hash == std::string::npos) return format_board(b);
    // #N: the position after turn N, as boards and mails number turns.
    const int turn = parse_move_number(std::string_view(args_[0]).substr(hash + 1), 0);
    const int turns = turns_in(b.history(), b.num_moves());
    if (turn > turns)
      bad_request(fmt::format("{} has no turn {} (turns: 0..{})", board_name(board), turn, turns), "bad_move_number");
    return format_board(b, plies_through_turn(b.history(), turn));
  }

  std::string history() {
    expect(1, 1);
    const bool board = !args_[0].empty() && std::all_of(args_[0].begin(), args_[0].end(), [](unsigned char ch) {
      return std::isdigit(ch);
    });
    if (board) return format_history(load(parse_board(args_[0])));
    if (!game_.empty()) bad_request("history USER covers every game; give no GAME", "usage");
    const Service::PlayerRatings p = service_.player_ratings(args_[0]);
    return format_player_ratings(p.player, p.ratings, p.history, service_.accounts().now());
  }

  std::string review() {
    if (args_.size() != 1 && args_.size() != 3) usage(command_);
    const int64_t board = parse_board(args_[0]);
    const Board b = load(board);
    if (args_.size() == 3) {
      const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
      return stored_review_text(service_.reviews().request(board, user), b);
    }
    const auto stored = service_.reviews().find(board);
    if (!stored)
      return fmt::format("Nobody has asked for the review of {} yet: review {} USER PASSWORD\n", board_name(board), board);
    return stored_review_text(*stored, b);
  }

  std::string ratings() {
    // The game comes first (GAME ratings) or as the argument (ratings GAME).
    const Page page = take_page_words(args_, kStandingsPage);
    if (args_.size() + !game_.empty() != 1) usage(command_);
    const std::string game = game_.empty() ? args_[0] : game_;
    const std::vector<Standing> table = service_.standings(game, page.limit, page.offset);
    return format_standings(find_game(game).info->name, table, service_.accounts().now());
  }

  std::string games() {
    const Page page = take_page_words(args_, Page{}.limit);
    expect(1, 2);
    GameFilter filter;
    filter.limit = page.limit;
    filter.offset = page.offset;
    // "-": everybody's boards (of the GAME given first, if any).
    if (args_[0] != "-")
      filter.user = Accounts::is_ai(args_[0]) ? lowercase(args_[0]) : Accounts::normalize_user_id(args_[0]);
    std::string which = args_.size() > 1 ? lowercase(args_[1]) : "active";
    if (!filter.select_listing(which)) usage(command_);
    if (filter.user.empty() && (filter.user_to_move || filter.watched))
      bad_request("games - " + which + " needs a user", "usage");
    filter.game = game_;
    const std::string whose = filter.user.empty() ? "Boards" : "Games of " + filter.user;
    return format_game_list(
        fmt::format("{}{} ({})", whose, game_.empty() ? std::string() : " in " + find_game(game_).info->title, which),
        service_.list(filter));
  }

  std::string reset() {
    if (args_.size() != 1 && args_.size() != 3) usage(command_);
    if (args_.size() == 1) {
      service_.accounts().request_reset(args_[0], caller_.client());
      return "If that account has a verified address, a reset code is on its way to it (once; it expires).\n"
             "Then: reset USER CODE NEW-PASSWORD\n";
    }
    const std::string user = service_.accounts().reset_password(args_[0], args_[1], args_[2], caller_.client()).user;
    return fmt::format("Password changed for {}: every session of the account is logged out.\n", user);
  }

  std::string email() {
    expect(2, 3);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    if (args_.size() > 2) service_.accounts().change_email(user, args_[2] == "-" ? "" : args_[2]);
    const UserRecord record = *service_.store().session().find_user(user);
    std::string out = fmt::format("Address of {}: {}.\n", user, record.email.empty() ? "none" : record.email + " (verified)");
    if (!record.pending_email.empty())
      out += fmt::format("Waiting for its code: {} (verify {} CODE).\n", record.pending_email, user);
    return out;
  }

  std::string verify() {
    expect(2, 2);
    const std::string address = service_.accounts().verify_email(args_[0], args_[1], caller_.client());
    return fmt::format("{} is verified: mail about your boards goes there.\n", address);
  }

  std::string block(bool on) {
    expect(on ? 2 : 3, 3);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    Moderation moderation(service_);
    if (args_.size() > 2) moderation.block(user, args_[2], on);
    std::string list;
    for (const auto& other : moderation.blocked(user)) list += (list.empty() ? "" : ", ") + other;
    return fmt::format("{} blocks: {}.\n", user, list.empty() ? "nobody" : list);
  }

  std::string report() {
    if (args_.size() < 4) usage(command_);
    const int64_t comment = offer_number(args_[0], "COMMENT");
    const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
    std::string reason;
    for (size_t i = 3; i < args_.size(); ++i) reason += (reason.empty() ? "" : " ") + args_[i];
    const int64_t id = Moderation(service_).report(user, comment, reason);
    return fmt::format("Report {} on comment {} is with the administrators. Thank you.\n", id, comment);
  }

  std::string help() {
    expect(0, 1);
    return CommandInterpreter::help(args_.empty() ? "" : lowercase(args_[0]));
  }

  Service& service_;
  std::string game_;
  const CommandHelp& command_;
  std::vector<std::string> args_;
  CommandCaller& caller_;
};

}  // namespace

namespace {

// VERB [LEADING...] BOARD USER PASSWORD [TRAILING...]: authenticates, checks the GAME word
// (if any) before anything changes, runs the command and replies with its line (and the
// board where the command shows it).
std::string run_board_command(Service& service, const std::string& game, const BoardCommand& command,
                              const std::vector<std::string>& args, CommandCaller& caller, std::string_view comment) {
  const size_t lead = command.leading.size();
  if (args.size() < lead + 3) bad_request("usage: " + usage_of(command), "usage");
  const auto at = [&](size_t i) { return args.begin() + static_cast<std::ptrdiff_t>(i); };
  BoardArgs parsed = board_args_from_words(command, {args.begin(), at(lead)}, {at(lead + 3), args.end()});
  parsed.comment = std::string(comment);
  const int64_t board = parse_board(args[lead]);
  const std::string user = caller.authenticate(service.accounts(), args[lead + 1], args[lead + 2]);
  if (!game.empty()) load_board_of_game(service, board, game);
  BoardOutcome outcome = command.run(service, board, user, parsed);
  if (!command.text_reply_shows_board) return outcome.line + "\n";
  return outcome.line + "\n\n" + format_board(load_board_of_game(service, board, game));
}

}  // namespace

std::string CommandInterpreter::execute(const std::vector<std::string>& words, const LoginClient& client,
                                        std::string_view comment) {
  CommandCaller caller(client);
  return execute(words, caller, comment);
}

std::string CommandInterpreter::execute(const std::vector<std::string>& words, CommandCaller& caller,
                                        std::string_view comment) {
  if (words.empty()) bad_request("empty command (try 'help')", "usage");
  // Every front end (HTTP, mail, ludus pbm) stores what it is given: refuse bytes that are
  // not text before any of them reaches a board, a comment or a reply.
  for (const auto& word : words)
    if (!valid_utf8(word)) bad_request("the command is not valid UTF-8", "bad_encoding");
  size_t at = 0;
  std::string game;
  auto known = [](const std::string& word) {
    const std::string verb = lowercase(word);
    return find_command(verb) != nullptr || find_board_command(verb) != nullptr;
  };
  if (!known(words[0])) {
    try {
      game = find_game(words[0]).info->name;
    } catch (const LudusError& e) {
      // "chess challenge ...": the first word stands where a game would.
      if (words.size() > 1 && known(words[1])) bad_request(one_line(e.what()), "unknown_game");
      bad_request("unknown command '" + words[0].substr(0, 40) + "' (try 'help')", "usage");
    }
    if (words.size() < 2) bad_request("a command must follow the game name (try 'help')", "usage");
    at = 1;
    if (!known(words[1])) bad_request("unknown command '" + words[1].substr(0, 40) + "' (try 'help')", "usage");
  }
  const std::string verb = lowercase(words[at]);
  std::vector<std::string> args(words.begin() + static_cast<std::ptrdiff_t>(at) + 1, words.end());
  if (const BoardCommand* board_command = find_board_command(verb))
    return run_board_command(*service_, game, *board_command, args, caller, comment);
  return Run(*service_, game, *find_command(verb), std::move(args), caller).execute();
}

bool CommandInterpreter::names_command(const std::vector<std::string>& words) {
  for (size_t i = 0; i < words.size() && i < 2; ++i) {
    const std::string verb = lowercase(words[i]);
    if (find_command(verb) || find_board_command(verb)) return true;
    if (i > 0) return false;
    try {
      find_game(words[0]);
    } catch (const LudusError&) {
      return false;
    }
  }
  return false;
}

bool CommandInterpreter::takes_comment(const std::vector<std::string>& words) {
  // The verb is the first word, or the second after a game name, as execute() reads them.
  for (size_t i = 0; i < words.size() && i < 2; ++i) {
    const std::string verb = lowercase(words[i]);
    if (const BoardCommand* command = find_board_command(verb)) return stores_comment(*command);
    if (find_command(verb)) return false;
  }
  return false;
}

std::string CommandInterpreter::redacted(const std::vector<std::string>& words) {
  // Which words are secrets, counted from the verb: board commands VERB [LEADING...]
  // BOARD USER PASSWORD; signup, mailpref, holiday, limit, offers, notifications and next USER PASSWORD;
  // passwd USER OLD NEW;
  // join, decline, report and rematch NUMBER USER PASSWORD; reset USER CODE NEW; email, block,
  // unblock, export and delete USER PASSWORD; verify USER CODE; challenge and seek ... PASSWORD (the last
  // word); of an unknown command, only its first words.
  std::vector<std::string> out = words;
  auto known = [](const std::string& word) {
    const std::string verb = lowercase(word);
    return find_command(verb) != nullptr || find_board_command(verb) != nullptr;
  };
  auto names_game = [](const std::string& word) {
    try {
      find_game(word);
      return true;
    } catch (const LudusError&) {
      return false;
    }
  };
  // The verb follows a game name, or a word standing where one would ("chess challenge"),
  // as execute() reads them; else the first word is the (unknown) verb and the second, which
  // may be a password ("lice secret e5"), is not shown.
  size_t verb = 0;
  if (!out.empty() && !known(out[0]) && (names_game(out[0]) || (out.size() > 1 && known(out[1])))) verb = 1;
  const std::string name = verb < out.size() ? lowercase(out[verb]) : std::string();
  std::vector<size_t> secret;
  if (const BoardCommand* b = find_board_command(name)) secret = {verb + b->leading.size() + 3};
  else if (name == "signup" || name == "mailpref" || name == "holiday" || name == "limit" || name == "offers" || name == "notifications" ||
           name == "next" || name == "bot")
    secret = {verb + 2};
  else if (name == "join" || name == "decline" || name == "report" || name == "rematch" || name == "review")
    secret = {verb + 3};
  else if (name == "passwd" || name == "reset") secret = {verb + 2, verb + 3};
  else if (name == "email" || name == "verify" || name == "block" || name == "unblock" || name == "export" ||
           name == "delete")
    secret = {verb + 2};
  else if ((name == "challenge" || name == "seek") && out.size() > verb + 1) secret = {out.size() - 1};
  else if (name == "tournament")
    for (size_t i : tournament_password_words({out.begin() + static_cast<std::ptrdiff_t>(verb) + 1, out.end()}))
      secret.push_back(verb + 1 + i);
  else if (!find_command(name) && out.size() > verb + 1) {
    // An unknown command: where its password is cannot be told, so none of the rest shows.
    out.resize(verb + 2);
    out[verb + 1] = "...";
  }
  for (size_t i : secret)
    if (i < out.size()) out[i] = "*****";
  std::string text;
  for (const auto& w : out) {
    const bool quote = w.empty() || w.find_first_of(" \t\"") != std::string::npos;
    text += (text.empty() ? "" : " ") + (quote ? "\"" + w + "\"" : w);
  }
  return text;
}

std::vector<std::string> CommandInterpreter::split(std::string_view text) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i == text.size()) break;
    std::string word;
    bool quoted = false;
    while (i < text.size() && (quoted || !std::isspace(static_cast<unsigned char>(text[i])))) {
      char ch = text[i++];
      if (ch == '"') {
        quoted = !quoted;
      } else if (quoted && ch == '\\' && i < text.size() && (text[i] == '"' || text[i] == '\\')) {
        word += text[i++];
      } else {
        word += ch;
      }
    }
    if (quoted) bad_request("unterminated quote in the command", "usage");
    words.push_back(std::move(word));
  }
  return words;
}

}  // namespace ludus::server
