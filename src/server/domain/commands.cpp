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
#include "server/storage/account_store.h"
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
    bad_request(text("board {board} is a game of {game}, not {other}", {{"board", board}, {"game", b.game().name()}, {"other", game}}),
                "wrong_game");
  return b;
}

[[noreturn]] void usage(const CommandHelp& c) { bad_request(text("usage: {usage}", {{"usage", c.usage}}), "usage"); }

// "alice, bob" or "nobody".
std::string names_or_nobody(const std::vector<std::string>& names, const Language& language) {
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
  return list.empty() ? tr(language, "nobody") : list;
}

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
    if (name == "language") return language();
    if (name == "block" || name == "unblock") return block(name == "block");
    if (name == "report") return report();
    return help();
  }

 private:
  void expect(size_t min, size_t max) {
    if (args_.size() < min || args_.size() > max) usage(command_);
  }
  Board load(int64_t board) { return load_board_of_game(service_, board, game_); }
  // The reply's language: the caller's, which a proved password may just have changed.
  const Language& lang() const { return caller_.language(); }
  std::string with_board(const std::string& line, int64_t board) {
    return line + "\n\n" + format_board(load(board), std::nullopt, lang());
  }

  std::string signup() {
    expect(2, 3);
    std::string id = service_.accounts().signup(args_[0], args_[1], args_.size() > 2 ? args_[2] : "", caller_.client());
    std::string out = tr(lang(), "Welcome, {user}: your account is ready.", {{"user", id}}) + "\n";
    if (args_.size() > 2 && !args_[2].empty())
      out += tr(lang(), "A code to verify {address} is on its way: verify {user} CODE", {{"address", args_[2]}, {"user", id}}) + "\n";
    return out;
  }

  std::string passwd() {
    expect(3, 3);
    service_.accounts().change_password(args_[0], args_[1], args_[2], caller_.client());
    return tr(lang(), "Password changed for {user}.", {{"user", Accounts::normalize_user_id(args_[0])}}) + "\n";
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
    const std::string meanings[] = {tr(lang(), "a mail for every change of your boards"),
                                    tr(lang(), "one daily digest at {hour}:00 UTC", {{"hour", fmt::format("{:02}", now.digest_hour)}}),
                                    tr(lang(), "no mail about your boards")};
    return tr(lang(), "Mail for {user}: {preference} ({meaning}).",
              {{"user", user}, {"preference", mail_preference_name(now.preference)},
               {"meaning", meanings[static_cast<int>(now.preference)]}}) +
           "\n";
  }

  std::string holiday() {
    expect(2, 4);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    if (args_.size() == 2) return holiday_plan_text(service_.holidays(user), lang());
    if (args_.size() == 3) {
      if (lowercase(args_[2]) != "cancel") usage(command_);
      return tr(lang(), "Holiday cancelled.") + "\n" + holiday_plan_text(service_.cancel_holiday(user), lang());
    }
    return tr(lang(), "Holiday declared.") + "\n" + holiday_plan_text(service_.declare_holiday(user, args_[2], args_[3]), lang());
  }

  std::string challenge() {
    if (game_.empty())
      bad_request(text("challenge needs the game first: {usage}", {{"usage", command_.usage}}), "usage");
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
    if (challenger.empty()) unauthorized(text("wrong user id or password (PASSWORD must be USER1's or USER2's)"));
    return challenged(challenger,
                      service_.challenge(challenger, game_, options, lowercase(rest[0]), lowercase(rest[1])));
  }

  // The reply to a challenge or a rematch: the board that started, or the invitation.
  std::string challenged(const std::string& challenger, const ChallengeOutcome& outcome) {
    if (outcome.board)
      return with_board(tr(lang(), "{user} challenges: board {board} is ready.", {{"user", challenger}, {"board", *outcome.board}}),
                        *outcome.board);
    const OfferRecord& offer = *outcome.offer;
    const std::string to = offer.to.value_or("");
    return tr(lang(), "{user} asks {other} first: {offer}.", {{"user", challenger}, {"other", to}, {"offer", format_offer(offer, lang())}}) +
           "\n" +
           tr(lang(), "{other} may answer: join {offer} {other} PASSWORD, or decline {offer} {other} PASSWORD",
              {{"other", to}, {"offer", offer.id}}) +
           "\n";
  }

  std::string rematch() {
    expect(3, 3);
    const int64_t board = parse_board(args_[0]);
    const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
    if (!game_.empty()) load(board);  // a GAME word must be the board's
    const ChallengeOutcome outcome = service_.rematch(board, user);
    if (outcome.board)
      return with_board(tr(lang(), "The rematch of board {board} starts: board {new} is ready.",
                           {{"board", board}, {"new", *outcome.board}}),
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
      return tr(lang(), "Deleting the account {user} does this: {plan}.", {{"user", user}, {"plan", plan_text(data.plan(user))}}) +
             "\n" +
             tr(lang(), "Your address, password, settings, comments, follows and blocks are deleted; the boards and "
                        "ratings the others keep name you deleted:N.") +
             "\n" + tr(lang(), "Keep your data first: export {user} PASSWORD", {{"user", user}}) + "\n" +
             tr(lang(), "Then, to delete: delete {user} PASSWORD confirm", {{"user", user}}) + "\n";
    const std::string name = data.delete_account(user);
    return tr(lang(), "The account {user} is deleted; the boards and ratings it leaves to the others name {name}.",
              {{"user", user}, {"name", name}}) +
           "\n";
  }

  std::string seek() {
    if (game_.empty()) bad_request(text("seek needs the game first: {usage}", {{"usage", command_.usage}}), "usage");
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
      if (!chosen) bad_request(text("-seat must be first, second or random"), "bad_seat");
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
    return tr(lang(), "{user} posts {offer}.", {{"user", user}, {"offer", format_offer(offer, lang())}}) + "\n" +
           tr(lang(), "Anyone may take it: join {offer} USER PASSWORD", {{"offer", offer.id}}) + "\n";
  }

  // "1400-1700", "1400-" or "-1700": the bounds of a seek's rating range.
  static std::pair<std::optional<int>, std::optional<int>> parse_rating_range(const std::string& range) {
    const auto dash = range.find('-');
    auto bound = [&](std::string_view part) -> std::optional<int> {
      if (part.empty()) return std::nullopt;
      int value = 0;
      auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
      if (ec != std::errc() || end != part.data() + part.size())
        bad_request(text("-rating must be MIN-MAX, MIN- or -MAX (whole numbers)"), "bad_rating_range");
      return value;
    };
    if (dash == std::string::npos) bad_request(text("-rating must be MIN-MAX, MIN- or -MAX (whole numbers)"), "bad_rating_range");
    return {bound(std::string_view(range).substr(0, dash)), bound(std::string_view(range).substr(dash + 1))};
  }

  int64_t offer_number(const std::string& word, const char* what = "OFFER") {
    if (word.empty() || word.size() > 15 || !std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c); }))
      bad_request(text("{what} must be a number, not '{word}'", {{"what", what}, {"word", word.substr(0, 20)}}), "usage");
    return std::stoll(word);
  }

  std::string join() {
    expect(3, 3);
    const int64_t offer = offer_number(args_[0]);
    const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
    const int64_t board = service_.join(offer, user);
    return with_board(tr(lang(), "{user} joins offer {offer}: board {board} is ready.",
                         {{"user", user}, {"offer", offer}, {"board", board}}),
                      board);
  }

  std::string decline() {
    expect(3, 3);
    const int64_t offer = offer_number(args_[0]);
    const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
    const OfferRecord closed = service_.decline(offer, user);
    const TextArgs args = {{"user", user}, {"offer", offer}};
    return (closed.status == OfferStatus::Withdrawn ? tr(lang(), "{user} withdraws offer {offer}.", args)
                                                    : tr(lang(), "{user} declines offer {offer}.", args)) +
           "\n";
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
    const char* meaning[] = {N_("every challenge is an invitation you accept or decline"),
                             N_("challenges start a board at once"), N_("challenges are refused")};
    return tr(lang(), "Challenges for {user}: {policy} ({meaning}); most active boards: {limit}.",
              {{"user", user}, {"policy", challenge_policy_name(now.policy)},
               {"meaning", tr(lang(), meaning[static_cast<int>(now.policy)])},
               {"limit", now.max_active ? std::to_string(*now.max_active) : tr(lang(), "no limit")}}) +
           "\n";
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
    std::string title;
    const TextArgs args = {{"game", game}, {"user", user}};
    if (user.empty()) title = game.empty() ? tr(lang(), "Open challenges") : tr(lang(), "Open challenges of {game}", args);
    else if (authenticated)
      title = game.empty() ? tr(lang(), "Open challenges and invitations of {user}", args)
                           : tr(lang(), "Open challenges of {game} and invitations of {user}", args);
    else
      title = game.empty() ? tr(lang(), "Open challenges {user} may take", args)
                           : tr(lang(), "Open challenges of {game} {user} may take", args);
    return format_offers(title, service_.offers(game, user, authenticated, page), lang());
  }

  std::string notifications() {
    const Page page = take_page_words(args_, 20);
    expect(2, 3);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    if (args_.size() == 3 && lowercase(args_[2]) != "read") usage(command_);
    Notifications notifications(service_);
    const NotificationList list = args_.size() == 3 ? notifications.mark_read(user, NotificationSelection{{}, {}, true}, page)
                                                    : notifications.list(user, page);
    return format_notifications(list, user, lang());
  }

  std::string next() {
    expect(2, 2);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    const auto board = Notifications(service_).next_board(user);
    if (!board) return tr(lang(), "No board waits for {user}'s move.", {{"user", user}}) + "\n";
    return with_board(tr(lang(), "Next for {user}: board {board}.", {{"user", user}, {"board", *board}}), *board);
  }

  std::string bot() {
    expect(2, 2);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    service_.become_bot(user);
    return tr(lang(), "{user} is a bot account, for good: its boards are never rated and it plays no tournament. "
                      "Its engine plays with a bot token (docs/bots.md).",
              {{"user", user}}) +
           "\n";
  }

  std::string show() {
    expect(1, 1);
    auto hash = args_[0].find('#');
    int64_t board = parse_board(std::string_view(args_[0]).substr(0, hash));
    const Board b = load(board);
    if (hash == std::string::npos) return format_board(b, std::nullopt, lang());
    // #N: the position after turn N, as boards and mails number turns.
    const int turn = parse_move_number(std::string_view(args_[0]).substr(hash + 1), 0);
    const int turns = turns_in(b.history(), b.num_moves());
    if (turn > turns)
      bad_request(text("board {board} has no turn {turn} (turns: 0..{turns})", {{"board", board}, {"turn", turn}, {"turns", turns}}),
                  "bad_move_number");
    return format_board(b, plies_through_turn(b.history(), turn), lang());
  }

  std::string history() {
    expect(1, 1);
    const bool board = !args_[0].empty() && std::all_of(args_[0].begin(), args_[0].end(), [](unsigned char ch) {
      return std::isdigit(ch);
    });
    if (board) return format_history(load(parse_board(args_[0])), lang());
    if (!game_.empty()) bad_request(text("history USER covers every game; give no GAME"), "usage");
    const Service::PlayerRatings p = service_.player_ratings(args_[0]);
    return format_player_ratings(p.player, p.ratings, p.history, service_.accounts().now(), lang());
  }

  std::string review() {
    if (args_.size() != 1 && args_.size() != 3) usage(command_);
    const int64_t board = parse_board(args_[0]);
    const Board b = load(board);
    if (args_.size() == 3) {
      const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
      return stored_review_text(service_.reviews().request(board, user), b, lang());
    }
    const auto stored = service_.reviews().find(board);
    if (!stored)
      return tr(lang(), "Nobody has asked for the review of board {board} yet: review {board} USER PASSWORD", {{"board", board}}) + "\n";
    return stored_review_text(*stored, b, lang());
  }

  std::string ratings() {
    // The game comes first (GAME ratings) or as the argument (ratings GAME).
    const Page page = take_page_words(args_, kStandingsPage);
    if (args_.size() + !game_.empty() != 1) usage(command_);
    const std::string game = game_.empty() ? args_[0] : game_;
    const std::vector<Standing> table = service_.standings(game, page.limit, page.offset);
    return format_standings(find_game(game).info->name, table, service_.accounts().now(), lang());
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
      bad_request(text("games - {listing} needs a user", {{"listing", which}}), "usage");
    filter.game = game_;
    const TextArgs args = {{"user", filter.user}, {"game", game_.empty() ? std::string() : find_game(game_).info->title},
                           {"listing", which}};
    std::string title;
    if (filter.user.empty())
      title = game_.empty() ? tr(lang(), "Boards ({listing})", args) : tr(lang(), "Boards in {game} ({listing})", args);
    else
      title = game_.empty() ? tr(lang(), "Games of {user} ({listing})", args)
                            : tr(lang(), "Games of {user} in {game} ({listing})", args);
    return format_game_list(title, service_.list(filter), lang());
  }

  std::string reset() {
    if (args_.size() != 1 && args_.size() != 3) usage(command_);
    if (args_.size() == 1) {
      service_.accounts().request_reset(args_[0], caller_.client());
      return tr(lang(), "If that account has a verified address, a reset code is on its way to it (once; it expires).") + "\n" +
             tr(lang(), "Then: reset USER CODE NEW-PASSWORD") + "\n";
    }
    const std::string user = service_.accounts().reset_password(args_[0], args_[1], args_[2], caller_.client()).user;
    return tr(lang(), "Password changed for {user}: every session of the account is logged out.", {{"user", user}}) + "\n";
  }

  std::string email() {
    expect(2, 3);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    if (args_.size() > 2) service_.accounts().change_email(user, args_[2] == "-" ? "" : args_[2]);
    const UserRecord record = *service_.store().session().find_user(user);
    std::string out = (record.email.empty() ? tr(lang(), "Address of {user}: none.", {{"user", user}})
                                            : tr(lang(), "Address of {user}: {address} (verified).",
                                                 {{"user", user}, {"address", record.email}})) +
                      "\n";
    if (!record.pending_email.empty())
      out += tr(lang(), "Waiting for its code: {address} (verify {user} CODE).", {{"address", record.pending_email}, {"user", user}}) +
             "\n";
    return out;
  }

  std::string verify() {
    expect(2, 2);
    const std::string address = service_.accounts().verify_email(args_[0], args_[1], caller_.client());
    return tr(lang(), "{address} is verified: mail about your boards goes there.", {{"address", address}}) + "\n";
  }

  // language USER PASSWORD [LL|default]: the language of the user's mail and replies
  // (users.language, the page's choice too); the reply is already in the new one.
  std::string language() {
    expect(2, 3);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    if (args_.size() == 3) {
      const std::string wanted = lowercase(args_[2]);
      if (wanted != "default" && !Language::spoken(wanted))
        bad_request(text("ludus does not speak '{language}': {known}, or default",
                         {{"language", args_[2].substr(0, 20)}, {"known", language_codes()}}),
                    "bad_language");
      const std::string stored = wanted == "default" ? "" : wanted;
      service_.store().retrying([&](Session& session) {
        auto tx = session.write();
        if (!set_user_language(session, user, stored)) not_found(text("no user {user}", {{"user", user}}));
        tx.commit();
      });
      caller_.set_language(Language::of(stored));
    }
    const std::optional<Language> chosen = service_.accounts().language(user);
    std::string out =
        chosen ? tr(lang(), "Language of {user}: {language} ({code}).",
                    {{"user", user}, {"language", language_name(*chosen)}, {"code", chosen->code()}})
            : tr(lang(), "Language of {user}: none chosen (mail and replies in English; the page follows the browser).",
                 {{"user", user}});
    out += "\n" + tr(lang(), "ludus speaks:") + "\n";
    for (const std::string& code : Language::all())
      out += fmt::format("  {:<3} {}\n", code, language_name(Language::of(code)));
    out += tr(lang(), "Choose with: language {user} PASSWORD LL (or default)", {{"user", user}}) + "\n";
    return out;
  }

  // "en de fr ...": the codes `language` takes.
  static std::string language_codes() {
    std::string out;
    for (const std::string& code : Language::all()) out += (out.empty() ? "" : ", ") + code;
    return out;
  }
  // A language's name in itself ("Deutsch"), as the page lists them.
  static std::string language_name(const Language& language) {
    // TRANSLATORS: the name of your language in your language, as X-Language-Name says it ("Deutsch", "日本語").
    return tr(language, "English");
  }

  std::string block(bool on) {
    expect(on ? 2 : 3, 3);
    const std::string user = caller_.authenticate(service_.accounts(), args_[0], args_[1]);
    Moderation moderation(service_);
    if (args_.size() > 2) moderation.block(user, args_[2], on);
    return tr(lang(), "{user} blocks: {list}.", {{"user", user}, {"list", names_or_nobody(moderation.blocked(user), lang())}}) + "\n";
  }

  std::string report() {
    if (args_.size() < 4) usage(command_);
    const int64_t comment = offer_number(args_[0], "COMMENT");
    const std::string user = caller_.authenticate(service_.accounts(), args_[1], args_[2]);
    std::string reason;
    for (size_t i = 3; i < args_.size(); ++i) reason += (reason.empty() ? "" : " ") + args_[i];
    const int64_t id = Moderation(service_).report(user, comment, reason);
    return tr(lang(), "Report {report} on comment {comment} is with the administrators. Thank you.",
              {{"report", id}, {"comment", comment}}) +
           "\n";
  }

  std::string help() {
    expect(0, 1);
    return CommandInterpreter::help(args_.empty() ? "" : lowercase(args_[0]), lang());
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
  if (args.size() < lead + 3) bad_request(text("usage: {usage}", {{"usage", usage_of(command)}}), "usage");
  const auto at = [&](size_t i) { return args.begin() + static_cast<std::ptrdiff_t>(i); };
  BoardArgs parsed = board_args_from_words(command, {args.begin(), at(lead)}, {at(lead + 3), args.end()});
  parsed.comment = std::string(comment);
  const int64_t board = parse_board(args[lead]);
  const std::string user = caller.authenticate(service.accounts(), args[lead + 1], args[lead + 2]);
  parsed.language = caller.language();
  if (!game.empty()) load_board_of_game(service, board, game);
  BoardOutcome outcome = command.run(service, board, user, parsed);
  if (!command.text_reply_shows_board) return outcome.line + "\n";
  return outcome.line + "\n\n" + format_board(load_board_of_game(service, board, game), std::nullopt, caller.language());
}

}  // namespace

std::string CommandInterpreter::execute(const std::vector<std::string>& words, const LoginClient& client,
                                        std::string_view comment) {
  CommandCaller caller(client);
  return execute(words, caller, comment);
}

std::string CommandInterpreter::execute(const std::vector<std::string>& words, CommandCaller& caller,
                                        std::string_view comment) {
  if (words.empty()) bad_request(text("empty command (try 'help')"), "usage");
  // Every front end (HTTP, mail, ludus pbm) stores what it is given: refuse bytes that are
  // not text before any of them reaches a board, a comment or a reply.
  for (const auto& word : words)
    if (!valid_utf8(word)) bad_request(text("the command is not valid UTF-8"), "bad_encoding");
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
      bad_request(text("unknown command '{command}' (try 'help')", {{"command", words[0].substr(0, 40)}}), "usage");
    }
    if (words.size() < 2) bad_request(text("a command must follow the game name (try 'help')"), "usage");
    at = 1;
    if (!known(words[1]))
      bad_request(text("unknown command '{command}' (try 'help')", {{"command", words[1].substr(0, 40)}}), "usage");
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
  // unblock, export, delete and language USER PASSWORD; verify USER CODE; challenge and seek ... PASSWORD (the last
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
           name == "delete" || name == "language")
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

std::vector<std::string> CommandInterpreter::split(std::string_view line) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i == line.size()) break;
    std::string word;
    bool quoted = false;
    while (i < line.size() && (quoted || !std::isspace(static_cast<unsigned char>(line[i])))) {
      char ch = line[i++];
      if (ch == '"') {
        quoted = !quoted;
      } else if (quoted && ch == '\\' && i < line.size() && (line[i] == '"' || line[i] == '\\')) {
        word += line[i++];
      } else {
        word += ch;
      }
    }
    if (quoted) bad_request(text("unterminated quote in the command"), "usage");
    words.push_back(std::move(word));
  }
  return words;
}

}  // namespace ludus::server
