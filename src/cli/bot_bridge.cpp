// SPDX-License-Identifier: Apache-2.0
#include "cli/bot_bridge.h"

#include <algorithm>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "core/error.h"
#include "core/history.h"
#include "core/registry.h"
#include "core/text.h"

namespace ludus::cli {
namespace {

using nlohmann::json;

void log(const std::string& line) { std::cerr << "ludus bot: " << terminal_safe(line) << "\n"; }

std::map<std::string, std::string> string_map(const json& object) {
  std::map<std::string, std::string> out;
  if (!object.is_object()) return out;
  for (const auto& [name, value] : object.items())
    out[name] = value.is_string() ? value.get<std::string>() : value.dump();
  return out;
}

// The game's own options of a board's or an offer's (which also name its time limits,
// rating and exploration).
std::map<std::string, std::string> game_options(const std::string& game, const json& object) {
  std::map<std::string, std::string> out;
  const auto given = string_map(object);
  for (const OptionSpec& spec : find_game(game).info->options)
    if (auto value = given.find(spec.name); value != given.end()) out[spec.name] = value->second;
  return out;
}

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    const size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return parts;
    start = end + 1;
  }
}

// The board's plies grouped into whole turns as GTP plays them: (colour, "d3,e5-e7").
std::vector<std::pair<std::string, std::string>> turns_of(const History& history) {
  std::vector<std::pair<std::string, std::string>> turns;
  for (int ply = 0; ply < history.num_moves(); ++ply) {
    if (ply > 0 && history.turn_number(ply) == history.turn_number(ply - 1)) {
      turns.back().second += "," + history.moves()[static_cast<size_t>(ply)];
      continue;
    }
    turns.emplace_back(history.mover(ply).colour == 0 ? "b" : "w", history.moves()[static_cast<size_t>(ply)]);
  }
  return turns;
}

std::string error_of(const server::HttpResult& result) {
  if (result.status == 0) return "no reply: " + result.error;
  const json body = result.json();
  return fmt::format("{} {}", result.status,
                     body.is_object() && body.contains("error") ? body["error"].get<std::string>() : result.body);
}

}  // namespace

AcceptRule AcceptRule::parse(const std::string& text) {
  AcceptRule rule;
  std::string rest = text;
  if (const size_t colon = rest.find(':'); colon != std::string::npos) {
    rule.game = find_game(rest.substr(0, colon)).info->name;
    rest = rest.substr(colon + 1);
  }
  const size_t equals = rest.find('=');
  if (equals == std::string::npos || equals == 0 || equals + 1 == rest.size())
    throw LudusError(fmt::format("--accept '{}': write [GAME:]OPTION=VALUE|VALUE..., e.g. ndengrod:size=3|4", text));
  rule.option = lowercase(rest.substr(0, equals));
  for (const std::string& value : split(rest.substr(equals + 1), '|'))
    if (!value.empty()) rule.values.insert(lowercase(value));
  return rule;
}

BotBridge::BotBridge(BotConfig config, server::HttpClient& api)
    : config_(std::move(config)), api_(api), engine_(config_.engine) {}

void BotBridge::start_engine() {
  engine_.start();
  engine_board_.reset();
  engine_turns_.clear();
  engine_commands_.clear();
  const GtpReply commands = engine_.send("list_commands");
  if (commands.ok)
    for (const std::string& word : split(commands.text, '\n')) engine_commands_.insert(lowercase(word));
}

std::optional<std::string> BotBridge::refusal(const std::string& game,
                                              const std::map<std::string, std::string>& options) const {
  if (!config_.games.empty() && !config_.games.count(game)) {
    std::string list;
    for (const std::string& name : config_.games) list += (list.empty() ? "" : ", ") + name;
    return fmt::format("this bot plays {} only", list);
  }
  for (const AcceptRule& rule : config_.accept) {
    if (!rule.game.empty() && rule.game != game) continue;
    const auto given = options.find(rule.option);
    if (given == options.end() || rule.values.count(lowercase(given->second))) continue;
    std::string values;
    for (const std::string& value : rule.values) values += (values.empty() ? "" : "|") + value;
    return fmt::format("{}={}: this bot plays {}={}", rule.option, given->second, rule.option, values);
  }
  return std::nullopt;
}

server::HttpResult BotBridge::post(const std::string& target, const json& body) {
  const server::HeaderList auth{{"Authorization", "Bearer " + config_.token}};
  server::HttpResult result = api_.request(server::http::verb::post, target, body.dump(), auth);
  if (result.status == 429) {  // the server's limits: once more after the wait it names
    const int wait = std::clamp(std::atoi(result.header("Retry-After").c_str()), 1, 120);
    log(fmt::format("{}: rate limited, again in {} s", target, wait));
    std::this_thread::sleep_for(std::chrono::seconds(wait));
    result = api_.request(server::http::verb::post, target, body.dump(), auth);
  }
  return result;
}

void BotBridge::handle(const json& event) {
  const std::string type = event.value("type", "");
  if (type == "hello") {
    if (!event.value("snapshot", false)) return retry_unsent();
    unsent_.clear();  // the snapshot holds every board's turn as it is now
    for (const json& board : event.value("boards", json::array())) {
      note_board(board);
      if (board.value("your_turn", false)) play_turn(board.value("board", 0LL), board);
    }
    for (const json& offer : event.value("offers", json::array())) answer_invitation(offer);
  } else if (type == "invitation") {
    answer_invitation(event.value("offer", json::object()));
  } else if (type == "game_start") {
    note_board(event);
    log(fmt::format("board {}: {} starts, the bot's seat {}", event.value("board", 0LL), event.value("game", ""),
                    event.value("seat", 0)));
  } else if (type == "your_turn") {
    if (event.value("current", false)) play_turn(event.value("board", 0LL), event);
  } else if (type == "proposal") {
    // The bot plays on: a draw or a take-back is refused; an abort (the opponent leaving a
    // board that has just begun) is granted.
    const std::string kind = event.value("kind", "");
    const long long board = event.value("board", 0LL);
    const server::HttpResult reply = post(fmt::format("/api/games/{}/{}", board, kind == "abort" ? "accept" : "reject"));
    log(fmt::format("board {}: {} proposed: {} ({})", board, kind, kind == "abort" ? "accepted" : "refused",
                    reply.status == 200 ? "done" : error_of(reply)));
  } else if (type == "game_end") {
    const long long board = event.value("board", 0LL);
    boards_.erase(board);
    unsent_.erase(board);
    if (engine_board_ == board) engine_board_.reset();
    log(fmt::format("board {} ended: {} ({})", board, event.value("result", ""), event.value("reason", "")));
  }
}

void BotBridge::answer_invitation(const json& offer) {
  if (!offer.is_object() || offer.value("status", "open") != "open") return;
  const long long id = offer.value("id", 0LL);
  const std::string game = offer.value("game", "");
  std::optional<std::string> why;
  try {
    why = refusal(game, game_options(game, offer.value("options", json::object())));
  } catch (const LudusError&) {
    why = "a game this bot does not know";
  }
  if (why) {
    // The decline route takes no reason: the bot's own log keeps it.
    const server::HttpResult reply = post(fmt::format("/api/offers/{}/decline", id));
    log(fmt::format("invitation {} from {} ({}) declined: {}{}", id, offer.value("from", ""), game, *why,
                    reply.status == 200 ? "" : " (" + error_of(reply) + ")"));
    return;
  }
  const server::HttpResult reply = post(fmt::format("/api/offers/{}/join", id));
  if (reply.status == 201) {
    const json board = reply.json();
    log(fmt::format("invitation {} from {} ({}) accepted: board {}", id, offer.value("from", ""), game,
                    board.value("board", 0LL)));
  } else {
    log(fmt::format("invitation {} from {}: cannot accept it: {}", id, offer.value("from", ""), error_of(reply)));
  }
}

void BotBridge::note_board(const json& start) {
  const long long board = start.value("board", 0LL);
  const std::string game = start.value("game", "");
  try {
    if (board > 0) boards_[board] = Board{game, game_options(game, start.value("options", json::object()))};
  } catch (const LudusError& error) {
    log(fmt::format("board {}: {}", board, error.what()));
  }
}

const BotBridge::Board* BotBridge::board_spec(long long board) {
  if (auto found = boards_.find(board); found != boards_.end()) return &found->second;
  // A turn on a board whose start was not seen (the stream began after it): its BOARD.
  const server::HttpResult reply =
      api_.get(fmt::format("/api/games/{}", board), {{"Authorization", "Bearer " + config_.token}});
  const json view = reply.json();
  if (reply.status != 200 || !view.is_object()) {
    log(fmt::format("board {}: cannot read it: {}", board, error_of(reply)));
    return nullptr;
  }
  note_board(view);
  const auto noted = boards_.find(board);
  return noted == boards_.end() ? nullptr : &noted->second;
}

void BotBridge::reset_engine_game(const Board& spec) {
  engine_board_.reset();
  engine_turns_.clear();
  if (engine_commands_.count("ludus-game")) {
    std::string command = "ludus-game " + spec.game;
    for (const auto& [name, value] : spec.options) command += " " + name + "=" + value;
    const GtpReply reply = engine_.send(command);
    if (!reply.ok) throw LudusError(fmt::format("the engine refuses '{}': {}", command, reply.text));
    return;
  }
  // A plain GTP engine: the board's size, if the game has one, then an empty board.
  if (auto size = spec.options.find("size"); size != spec.options.end()) {
    const GtpReply reply = engine_.send("boardsize " + size->second);
    if (!reply.ok) throw LudusError(fmt::format("the engine refuses boardsize {}: {}", size->second, reply.text));
  }
  engine_.send("clear_board");
}

std::string BotBridge::engine_move(long long board, const Board& spec, const std::vector<std::string>& moves,
                                   std::optional<long long> seconds_left) {
  History history(make_game(spec.game, spec.options));
  history.play_moves(moves);
  const auto turns = turns_of(history);
  std::vector<std::string> texts;
  for (const auto& turn : turns) texts.push_back(turn.second);
  // Only the new turns when the engine already holds this board's earlier ones.
  const bool holds = engine_board_ == board && engine_turns_.size() <= texts.size() &&
                     std::equal(engine_turns_.begin(), engine_turns_.end(), texts.begin());
  if (!holds) reset_engine_game(spec);
  for (size_t i = holds ? engine_turns_.size() : 0; i < turns.size(); ++i) {
    const GtpReply reply = engine_.send(fmt::format("play {} {}", turns[i].first, turns[i].second));
    if (!reply.ok) {
      engine_board_.reset();
      throw LudusError(fmt::format("the engine refuses turn {} ('{}'): {}", i + 1, turns[i].second, reply.text));
    }
  }
  engine_board_ = board;
  engine_turns_ = texts;
  const std::string colour = history.next_mover().colour == 0 ? "b" : "w";
  // The board's clock, days long, is not the engine's: it thinks for --move-time at most,
  // less when the board's own time is running out.
  long long seconds = std::max<long long>(1, config_.move_time.count() / 1000);
  if (seconds_left) seconds = std::clamp<long long>(*seconds_left / 4, 1, seconds);
  engine_.send(fmt::format("time_settings 0 {} 1", seconds));  // engines without clocks refuse: fine
  engine_.send(fmt::format("time_left {} {} 1", colour, seconds));
  const GtpReply reply = engine_.send("genmove " + colour, std::chrono::seconds(seconds * 2 + 30));
  engine_board_.reset();  // until the move is known legal and recorded below
  if (!reply.ok) throw LudusError(fmt::format("genmove {} refused: {}", colour, reply.text));
  const std::string move = lowercase_trimmed(reply.text);
  if (move == "resign") return move;
  History after = history;
  after.play_turn(move);  // the engine's move in the game's canonical plies, or LudusError
  engine_board_ = board;
  engine_turns_ = texts;
  const auto played = turns_of(after);
  if (played.size() > turns.size()) engine_turns_.push_back(played.back().second);
  return move;
}

void BotBridge::retry_unsent() {
  auto unsent = std::move(unsent_);
  unsent_.clear();
  for (const auto& [board, turn] : unsent) play_turn(board, turn);
}

void BotBridge::play_turn(long long board, const json& turn) {
  unsent_.erase(board);
  const Board* spec = board_spec(board);
  if (!spec) return;
  std::vector<std::string> moves;
  for (const json& move : turn.value("moves", json::array())) moves.push_back(move.get<std::string>());
  const int move_number = turn.value("move_number", static_cast<int>(moves.size()) + 1);
  std::optional<long long> seconds_left;
  if (turn.contains("clock") && turn["clock"].is_object() && turn["clock"].value("seconds_left", json()).is_number())
    seconds_left = turn["clock"]["seconds_left"].get<long long>();
  constexpr int kAttempts = 3;
  for (int attempt = 1; attempt <= kAttempts; ++attempt) {
    std::string move;
    try {
      if (!engine_.running()) start_engine();
      move = engine_move(board, *spec, moves, seconds_left);
    } catch (const GtpEngineFailure& failure) {
      log(fmt::format("board {}: {}; restarting the engine", board, failure.what()));
      ++restarts_;
      engine_board_.reset();
      std::this_thread::sleep_for(std::chrono::milliseconds(200 * attempt));
      continue;
    } catch (const LudusError& error) {
      log(fmt::format("board {}: {}", board, error.what()));
      engine_board_.reset();
      continue;  // a fresh replay may settle an engine that lost the position
    }
    const server::HttpResult reply =
        move == "resign" ? post(fmt::format("/api/games/{}/resign", board))
                         : post(fmt::format("/api/games/{}/move", board), {{"move", move}, {"move_number", move_number}});
    if (reply.status == 200 || reply.status == 201) {
      log(fmt::format("board {}: played {} (move {})", board, move, move_number));
      return;
    }
    const std::string code = reply.json().is_object() ? reply.json().value("code", "") : "";
    if (code == "stale_move" || code == "not_your_turn" || code == "game_over") {
      log(fmt::format("board {}: {} not played: {} (the board moved on; its events follow)", board, move, error_of(reply)));
      engine_board_.reset();
      return;
    }
    if (reply.status == 0 || reply.status >= 500) {
      // The server is away: the turn is played again once the stream is back (retry_unsent).
      log(fmt::format("board {}: {} not sent: {}; again after the reconnection", board, move, error_of(reply)));
      unsent_[board] = turn;
      return;
    }
    log(fmt::format("board {}: {} refused: {}", board, move, error_of(reply)));
    engine_board_.reset();
  }
  // The engine cannot give a move the server takes: the board is lost honestly rather than on time.
  const server::HttpResult reply = post(fmt::format("/api/games/{}/resign", board));
  log(fmt::format("board {}: no playable move after {} attempts: resigned{}", board, kAttempts,
                  reply.status == 200 ? "" : " (" + error_of(reply) + ")"));
}

}  // namespace ludus::cli
