// SPDX-License-Identifier: Apache-2.0
#include "server/transport/api_routes.h"

#include <algorithm>
#include <charconv>

#include "core/error.h"
#include "core/registry.h"
#include "server/domain/play/board_commands.h"
#include "server/transport/catalog_text.h"
#include "server/transport/page_text.h"
#include "server/transport/route_helpers.h"
#include "server/base/errors.h"
#include "server/domain/play/board_json_text.h"
#include "server/domain/play/game_json.h"
#include "server/base/json_fields.h"
#include "server/domain/play/board_text.h"
#include "server/storage/account_store.h"
#include "server/storage/mail_store.h"
#include "server/domain/play/offer_format.h"
#include "server/domain/play/ratings.h"

namespace ludus::server {
namespace {

using nlohmann::json;

std::string user_param(const std::string& text) {
  return Accounts::is_ai(text) ? text : Accounts::normalize_user_id(text);
}

// A route of `route`'s method answers `asked`: the same method, or HEAD for a GET route
// (the session leaves the body out: http_session.cpp).
bool answers(http::verb route, http::verb asked) {
  return route == asked || (asked == http::verb::head && route == http::verb::get);
}

// A route's pattern as a template for labels: each group "(\\d...)" becomes {id}, any other
// group {name}, escapes lose their backslash.  A fixed, small set: one per route.
std::string route_label(const std::string& pattern) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '\\' && i + 1 < pattern.size()) {
      out += pattern[++i];
    } else if (pattern[i] == '(') {
      const size_t end = pattern.find(')', i);
      const std::string group = pattern.substr(i + 1, end - i - 1);
      out += group.rfind("\\d", 0) == 0 ? "{id}" : "{name}";
      i = end == std::string::npos ? pattern.size() : end;
    } else {
      out += pattern[i];
    }
  }
  return out;
}

// A player's own conditional moves (GET/PUT/DELETE /api/games/N/conditional).
json conditional_json(int64_t board, const ConditionalView& view) {
  return {{"board", board},
          {"lines", conditional_lines(view.tree)},
          {"text", conditional_text(view.tree)},
          {"answers", conditional_nodes(view.tree)},
          {"note", view.note},
          {"exploration", view.exploration},
          {"max_answers", kMaxConditionalNodes},
          {"max_line_turns", kMaxConditionalDepth}};
}

// The field "players": two user ids (or ai:SPEC), first player first; nullopt when it is
// absent and not `required`.  400 bad_field when it is malformed, or absent and required.
std::optional<std::array<std::string, 2>> players_field(const json& body, bool required) {
  auto players = body.find("players");
  if (players == body.end() && !required) return std::nullopt;
  if (players == body.end() || !players->is_array() || players->size() != 2 || !(*players)[0].is_string() ||
      !(*players)[1].is_string())
    bad_request(text("field 'players' must be an array of two user ids (first player first; \"ai:SPEC\" for the computer)"),
                "bad_field");
  return std::array<std::string, 2>{(*players)[0].get<std::string>(), (*players)[1].get<std::string>()};
}

// What a challenge started: 201 the board (and its Location), or 202 the invitation when the
// opponent asks to be asked.
Response challenge_response(Service& service, const ChallengeOutcome& outcome) {
  if (outcome.offer) {
    Response res = json_response(202, {{"offer", offer_json(*outcome.offer)}});
    res.set(http::field::location, "/api/offers/" + std::to_string(outcome.offer->id));
    return res;
  }
  Response res = json_text_response(201, board_json_text(*service.load_shared(*outcome.board)));
  res.set(http::field::location, "/api/games/" + std::to_string(*outcome.board));
  return res;
}

}  // namespace

ApiRoutes::ApiRoutes(Service& service, LongPolls& polls, BotStreams& bot_streams, StaticFiles files, StaticFiles engine)
    : service_(&service), polls_(&polls), bot_streams_(&bot_streams), files_(std::move(files)), engine_(std::move(engine)),
      puzzles_(std::make_shared<Puzzles>(service.store(), [&accounts = service.accounts()] { return accounts.now(); })) {
  add(http::verb::get, "/api/catalog", [](const Request& req, const Captures&, Reply reply) {
    reply(guarded(req, [&req] {
      Response res = json_text_response(200, catalog_text(reader_language(req)));
      res.set(http::field::vary, "Accept-Language");
      return res;
    }));
  }, BotToken::Allowed);
  // {"game", "options"?, "players"?}: what a board of those options (and players) would be
  // (board_spec: 400 for a bad option), and whether it may be rated, with the reason when
  // not: so a form says why "Rated" cannot apply before anything is created, from the
  // server's one rule.
  add_sync(http::verb::post, "/api/board-spec", [this](const Request& req, const Captures&) {
    const json body = body_object(req);
    auto options = options_field(body);
    options.erase("rated");  // the question is whether it may be
    const auto players = players_field(body, false);
    const bool bot_plays = players && service_->bot_among(*players);
    const BoardSpec spec = board_spec(string_field(body, "game"), options, bot_plays);
    json reply = {{"game", spec.game},
                  {"options", spec.options},
                  {"nagtime", spec.limits.nag_days},
                  {"forfeittime", spec.limits.forfeit_days},
                  {"rated", spec.rated},
                  {"rated_possible", spec.rated}};
    if (const auto why = unrated_reason(spec.game, spec.options, bot_plays)) reply["unrated_reason"] = *why;
    return json_response(200, reply);
  });
  add_account_routes();
  add_game_routes();
  add_command_route();
  add_study_routes();
  add_rating_routes();
  add_offer_routes();
  add_tournament_routes();
  add_community_routes();
  add_notification_routes();
  add_review_routes();
  add_admin_routes();
  add_puzzle_routes();
  add_bot_routes();
  page_text();  // the page's catalogues read now: a malformed one stops the start, not a request
}

void ApiRoutes::add(http::verb method, const std::string& pattern, Handler run, BotToken bots) {
  routes_.push_back({method, pattern, std::regex(pattern), std::move(run), route_label(pattern),
                     pattern.rfind(R"(/api/games/(\d+))", 0) == 0, bots == BotToken::Allowed});
}

void ApiRoutes::add_sync(http::verb method, const std::string& pattern, Make make, BotToken bots) {
  add(
      method, pattern,
      [make = std::move(make)](const Request& req, const Captures& c, Reply reply) {
        reply(guarded(req, [&] { return make(req, c); }));
      },
      bots);
}

std::vector<std::string> ApiRoutes::bot_routes() const {
  std::vector<std::string> out;
  for (const auto& route : routes_)
    if (route.bots_allowed) out.push_back(std::string(http::to_string(route.method)) + " " + route.text);
  return out;
}

bool ApiRoutes::bot_token(const Request& req) const {
  const std::string header = req.header(http::field::authorization);
  if (header.rfind("Bearer ", 0) != 0) return false;
  const auto owner = service_->accounts().token_owner(std::string_view(header).substr(7));
  return owner && owner->scope == TokenScope::Bot;
}

std::vector<std::string> ApiRoutes::route_table() const {
  std::vector<std::string> out;
  for (const auto& route : routes_) out.push_back(std::string(http::to_string(route.method)) + " " + route.text);
  return out;
}

void ApiRoutes::handle(Request& req, Reply reply) const {
  bool path_known = false;
  std::smatch match;
  for (const auto& route : routes_) {
    if (!std::regex_match(req.path, match, route.pattern)) continue;
    path_known = true;
    if (!answers(route.method, req.method())) continue;
    Captures captures(match.begin() + 1, match.end());
    req.route = route.label;
    if (req.has_param("wait")) req.route += "?wait";  // long polls apart: their time is waiting
    if (route.names_board && captures[0].size() <= 15) req.board = std::stoll(captures[0]);
    if (!route.bots_allowed) {  // one check for every route (docs/bots.md)
      bool bot = false;
      Response failed = guarded(req, [&] {
        bot = bot_token(req);
        return Response();
      });
      if (failed.result_int() >= 400) return reply(std::move(failed));
      if (bot)
        return reply(error_response(403, "bot_scope", tr(reader_language(req),
                                                         "a bot token may only play: this needs the account's own sign-in")));
    }
    return route.run(req, captures, std::move(reply));
  }
  req.route = "none";
  if (path_known || req.path == "/api/health")
    return reply(error_response(405, "method_not_allowed",
                                tr(reader_language(req), "method not allowed for {path}", {{"path", req.path}})));
  reply(error_response(404, "not_found", tr(reader_language(req), "no such page or endpoint: {path}",
                                            {{"path", req.path.substr(0, 200)}})));
}

std::optional<Response> ApiRoutes::quick(Request& req) const {
  if (!answers(http::verb::get, req.method())) return std::nullopt;
  if (req.path == "/api/health") {
    req.route = req.path;
    return json_response(200, {{"ok", true}});
  }
  if (req.path == "/api/page-text") {
    req.route = req.path;
    return page_text().reply(req.param("lang"), req.header(http::field::accept_language));
  }
  if (req.path.rfind("/api/", 0) != 0) {  // a name outside the page's snapshot: the 404 of handle()
    req.route = "static";
    // /engine/ is the engine's directory alone, whatever the page's holds under that name.
    static constexpr std::string_view kEngine = "/engine/";
    if (req.path.rfind(kEngine, 0) == 0)
      return engine_.serve(req.path.substr(kEngine.size() - 1), req.header(http::field::if_none_match));
    return files_.serve(req.path, req.header(http::field::if_none_match));
  }
  return std::nullopt;
}

void ApiRoutes::add_account_routes() {
  Accounts& accounts = service_->accounts();
  // Handlers that answer at once: the body of `make` runs guarded.
  auto sync = [this](http::verb method, const std::string& pattern, std::function<Response(const Request&)> make,
                     BotToken bots = BotToken::Refused) {
    add(
        method, pattern,
        [make = std::move(make)](const Request& req, const Captures&, Reply reply) {
          reply(guarded(req, [&] { return make(req); }));
        },
        bots);
  };
  sync(http::verb::post, "/api/signup", [&accounts](const Request& req) {
    json body = body_object(req);
    std::string id = accounts.signup(string_field(body, "user"), string_field(body, "password"),
                                     string_field(body, "email", false), login_client(req));
    return json_response(201, {{"user", id}});
  });
  sync(http::verb::post, "/api/login", [&accounts](const Request& req) {
    json body = body_object(req);
    const std::string user = string_field(body, "user");  // checked first: its error comes first
    const SignIn signed_in = accounts.login(user, string_field(body, "password"), login_client(req));
    req.user = signed_in.user;
    return json_response(200, sign_in_json(signed_in));
  });
  sync(http::verb::post, "/api/logout", [&accounts](const Request& req) {
    signed_in_user(accounts, req);
    accounts.logout(bearer_token(req));
    return json_response(200, {{"ok", true}});
  }, BotToken::Allowed);
  // A bot account (docs/bots.md): the owner's request, with the password; then its tokens.
  sync(http::verb::post, "/api/me/bot", [&accounts, this](const Request& req) {
    const std::string user = signed_in_user(accounts, req);
    service_->become_bot(accounts.authenticate(user, string_field(body_object(req), "password"), login_client(req)));
    return json_response(200, {{"user", user}, {"bot", true}});
  });
  sync(http::verb::post, "/api/me/bot-tokens", [&accounts](const Request& req) {
    const std::string user = signed_in_user(accounts, req);
    const SignIn minted = accounts.bot_token(user, string_field(body_object(req), "password"), login_client(req));
    return json_response(201, {{"user", minted.user}, {"token", minted.token}, {"scope", "bot"},
                               {"expires_at", minted.expires_at}});
  });
  sync(http::verb::get, "/api/me", [&accounts, this](const Request& req) {
    std::string user = signed_in_user(accounts, req);
    auto session = accounts.store().session();
    auto record = session.find_user(user);
    if (!record) unauthorized(text("the account no longer exists"), "bad_token");
    const MailAddressee mail = service_->mail_settings(user);
    return json_response(200, {{"user", record->id},
                               {"email", record->email},
                               {"pending_email", record->pending_email},
                               {"created_at", record->created_at},
                               {"admin", record->admin},
                               {"bot", record->bot},
                               {"mail", mail_preference_name(mail.preference)},
                               {"digest_hour", mail.digest_hour},
                               {"auto_review", service_->reviews().automatic(user)},
                               {"language", user_language(session, user).value_or("")}});
  });
  // The language the user chose (docs/translating.md): {"language": "de"}, one of the page's,
  // or "" for none (the browser's).
  sync(http::verb::post, "/api/me/language", [&accounts](const Request& req) {
    const std::string user = signed_in_user(accounts, req);
    const json body = body_object(req);
    const std::string language = string_field(body, "language");
    const auto& shipped = page_text().languages();
    if (!language.empty() && std::find(shipped.begin(), shipped.end(), language) == shipped.end()) {
      std::string known;
      for (const std::string& l : shipped) known += (known.empty() ? "" : " ") + l;
      bad_request(text("field 'language': one of {languages}, or \"\" for the browser's", {{"languages", known}}),
                  "bad_field");
    }
    accounts.store().retrying([&](Session& session) {
      auto tx = session.write();
      if (!set_user_language(session, user, language)) unauthorized(text("the account no longer exists"), "bad_token");
      tx.commit();
    });
    return json_response(200, {{"user", user}, {"language", language}});
  });
  // The mail preference (as the mailpref command): {"mail": "every" | "digest" | "none"},
  // and/or {"digest_hour": 0-23} (UTC).
  sync(http::verb::post, "/api/me/mail", [&accounts, this](const Request& req) {
    std::string user = signed_in_user(accounts, req);
    const json body = body_object(req);
    std::optional<MailPreference> wanted;
    if (body.contains("mail")) {
      wanted = mail_preference_by_name(string_field(body, "mail"));
      if (!wanted) bad_request(text("field 'mail' must be every, digest or none"), "bad_field");
    }
    const std::optional<int> hour = int_field(body, "digest_hour");
    if (!wanted && !hour) bad_request(text("give field 'mail' (every, digest or none) or 'digest_hour' (0-23)"), "bad_field");
    const MailAddressee mail = service_->mail_settings(user, wanted, hour);
    return json_response(200, {{"user", user}, {"mail", mail_preference_name(mail.preference)}, {"digest_hour", mail.digest_hour}});
  });
  // Holidays (as the holiday command): the plan; POST {"from", "to"} declares one, POST
  // .../cancel cancels (one under way ends now).
  sync(http::verb::get, "/api/me/holidays", [&accounts, this](const Request& req) {
    return json_response(200, holiday_plan_json(service_->holidays(signed_in_user(accounts, req))));
  });
  sync(http::verb::post, "/api/me/holidays", [&accounts, this](const Request& req) {
    std::string user = signed_in_user(accounts, req);
    json body = body_object(req);
    return json_response(200, holiday_plan_json(service_->declare_holiday(user, string_field(body, "from"),
                                                                          string_field(body, "to"))));
  });
  sync(http::verb::post, "/api/me/holidays/cancel", [&accounts, this](const Request& req) {
    return json_response(200, holiday_plan_json(service_->cancel_holiday(signed_in_user(accounts, req))));
  });
  sync(http::verb::post, "/api/password", [&accounts](const Request& req) {
    std::string user = signed_in_user(accounts, req);
    json body = body_object(req);
    std::string new_password = string_field(body, "new_password");
    accounts.change_password(user, string_field(body, "old_password"), new_password, login_client(req));
    return json_response(200, sign_in_json(accounts.login(user, new_password, login_client(req))));
  });
}

void ApiRoutes::add_game_routes() {
  Service& service = *service_;
  Accounts& accounts = service.accounts();
  add(http::verb::get, "/api/games", [&service](const Request& req, const Captures&, Reply reply) {
    reply(guarded(req, [&] {
      GameFilter filter;
      if (req.has_param("user")) filter.user = user_param(req.param("user"));
      if (req.has_param("game")) {
        try {
          filter.game = find_game(req.param("game")).info->name;
        } catch (const LudusError& e) {
          bad_request(e.what(), "unknown_game");
        }
      }
      std::string status = req.has_param("status") ? req.param("status") : "all";
      if (!filter.select_listing(status))
        bad_request(text("query parameter 'status' must be active, finished, next, watched or all"), "bad_query");
      if ((filter.user_to_move || filter.watched) && filter.user.empty())
        bad_request(text("status={status} needs a user=USER parameter", {{"status", status}}), "bad_query");
      const Page page = page_query(req, 100);
      filter.limit = page.limit;
      filter.offset = page.offset;
      json games = json::array();
      for (const auto& g : service.list(filter)) games.push_back(game_summary_json(g));
      return json_response(200, {{"games", games}});
    }));
  }, BotToken::Allowed);
  add(http::verb::post, "/api/games", [&service, &accounts](const Request& req, const Captures&, Reply reply) {
    reply(guarded(req, [&] {
      std::string user = signed_in_user(accounts, req);
      json body = body_object(req);
      const auto players = *players_field(body, true);
      return challenge_response(
          service, service.challenge(user, string_field(body, "game"), options_field(body), players[0], players[1]));
    }));
  }, BotToken::Allowed);
  // A rematch of a finished board (Service::rematch): 202 the invitation, or 201 the board.
  add_sync(http::verb::post, R"(/api/games/(\d+)/rematch)", [&service, &accounts](const Request& req, const Captures& c) {
    const int64_t board = board_number(c[0]);
    const std::string user = signed_in_user(accounts, req);
    return challenge_response(service, service.rematch(board, user));
  }, BotToken::Allowed);
  add(http::verb::get, R"(/api/games/(\d+))", [this, &service](const Request& req, const Captures& c, Reply reply) {
    // The board now, or (long poll) once its revision differs from the one the page has.
    std::optional<int64_t> board;
    std::optional<int> ply;
    std::optional<LongPollQuery> wait;
    bool valid = false;
    Response refused = guarded(req, [&] {
      board = board_number(c[0]);
      if (req.has_param("move")) ply = query_int(req, "move", 0, 0, 1000000000);
      wait = long_poll_query(req, "revision", kMaxWaitSeconds);
      valid = true;
      return Response();
    });
    if (!valid) return reply(std::move(refused));
    auto answer = [&service, id = *board, ply, reply, language = reader_language(req)]() {
      reply(guarded(language, [&] { return json_text_response(200, board_json_text(*service.load_shared(id), ply)); }));
    };
    if (!wait) return answer();
    try {
      polls_->wait(*board, wait->known, std::chrono::seconds(wait->seconds), answer);
    } catch (...) {
      answer();  // the revision could not be read: the plain GET says why
    }
  }, BotToken::Allowed);
  add(http::verb::get, R"(/api/games/(\d+)/history)", [&service](const Request& req, const Captures& c, Reply reply) {
    reply(guarded(req, [&] {
      const auto shared = service.load_shared(board_number(c[0]));
      const Board& board = *shared;
      return json_response(200,
                           {{"board", board.id()}, {"record", record_json(board)}, {"text", format_history(board)}});
    }));
  }, BotToken::Allowed);
  // The signed-in player's own conditional moves: nobody else's, and in no board JSON.
  add(http::verb::get, R"(/api/games/(\d+)/conditional)", [&service, &accounts](const Request& req, const Captures& c, Reply reply) {
    reply(guarded(req, [&] {
      const int64_t board = board_number(c[0]);
      return json_response(200, conditional_json(board, service.conditional(board, signed_in_user(accounts, req))));
    }));
  });
  add(http::verb::put, R"(/api/games/(\d+)/conditional)", [&service, &accounts](const Request& req, const Captures& c, Reply reply) {
    reply(guarded(req, [&] {
      const int64_t board = board_number(c[0]);
      const std::string user = signed_in_user(accounts, req);
      const std::string lines = string_field(body_object(req), "lines");
      return json_response(200, conditional_json(board, service.set_conditional(board, user, lines)));
    }));
  });
  add(http::verb::delete_, R"(/api/games/(\d+)/conditional)", [&service, &accounts](const Request& req, const Captures& c, Reply reply) {
    reply(guarded(req, [&] {
      const int64_t board = board_number(c[0]);
      return json_response(200, conditional_json(board, service.set_conditional(board, signed_in_user(accounts, req), "")));
    }));
  });
  // Every board command of the grammar, by its verb: POST /api/games/BOARD/VERB; the playing
  // ones a route of their own, the one a bot token may call.
  std::string playing, others;
  for (const auto& command : board_commands()) {
    std::string& verbs = bots_may(command) ? playing : others;
    verbs += (verbs.empty() ? "" : "|") + std::string(command.verb);
  }
  const Handler run_board_command = [&service, &accounts](const Request& req, const Captures& c, Reply reply) {
        reply(guarded(req, [&] {
          const int64_t board = board_number(c[0]);
          const BoardCommand& command = *find_board_command(c[1]);
          const TokenOwner owner = signed_in_owner(accounts, req);
          const BoardArgs args = board_args_from_json(command, body_object(req));
          // A bot token's moves are counted: illegal ones in a row pause it (docs/bots.md).
          const bool counted = owner.scope == TokenScope::Bot && c[1] == "move";
          BoardOutcome outcome;
          try {
            outcome = command.run(service, board, owner.user, args);
          } catch (const ServiceError& e) {
            if (counted && e.code() == "illegal_move") accounts.bot_move_answered(bearer_token(req), true);
            throw;
          }
          if (counted) accounts.bot_move_answered(bearer_token(req), false);
          return json_text_response(
              200, board_json_text(*service.load_shared(board), std::nullopt, BoardDetail::Full, outcome.message));
        }));
      };
  add(http::verb::post, R"(/api/games/(\d+)/()" + playing + ")", run_board_command, BotToken::Allowed);
  add(http::verb::post, R"(/api/games/(\d+)/()" + others + ")", run_board_command);
}

void ApiRoutes::add_command_route() {
  add(http::verb::post, "/api/command", [this](const Request& req, const Captures&, Reply reply) {
    const bool want_json = req.header(http::field::accept).find("application/json") != std::string::npos;
    ErrorReply text_error = [](int status, const std::string& code, const std::string& message) {
      return text_response(status, "error: " + message + "\n", "text/plain; charset=utf-8");
    };
    // The reply's language: the request's reader's until a USER PASSWORD proves a user who
    // chose one.  guarded holds a reference to caller.language(), so an error is written in
    // the language the command had reached when it failed.
    CommandCaller caller(login_client(req));
    caller.set_language(reader_language(req));
    Response response = guarded(caller.language(),
        [&] {
          const std::string text = req.has_param("command") ? req.param("command") : req.body();
          std::string answer = CommandInterpreter(*service_).execute(CommandInterpreter::split(text), caller);
          return want_json ? json_response(200, {{"reply", answer}})
                           : text_response(200, std::move(answer), "text/plain; charset=utf-8");
        },
        want_json ? error_response : text_error);
    req.user = caller.user();  // for the log line: the user whose password the command verified
    reply(std::move(response));
  });
}

}  // namespace ludus::server
