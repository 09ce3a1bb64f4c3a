// SPDX-License-Identifier: Apache-2.0
#pragma once
// `ludus bot`'s answers to the events of a bot's stream (docs/bots.md): invitations
// accepted or declined by the configured games and options, and each `your_turn` played by
// the GTP engine: the game set, the board's moves replayed (only the new ones when the
// engine already holds the board), genmove under the board's clock, the move posted.  An
// engine that crashes or hangs is restarted and the board replayed into it.
#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/gtp_process.h"
#include "server/transport/http_client.h"

namespace ludus::cli {

// One --accept rule: `[GAME:]OPTION=VALUE|VALUE...`: an invitation (of GAME, or of any game)
// naming OPTION is accepted only with one of the values.
struct AcceptRule {
  std::string game;  // "" for every game
  std::string option;
  std::set<std::string> values;
  // Parses the rule; throws LudusError naming it when malformed or of an unknown game.
  static AcceptRule parse(const std::string& text);
};

struct BotConfig {
  std::string token;
  std::set<std::string> games;  // registry names; empty: every game
  std::vector<AcceptRule> accept;
  std::chrono::milliseconds move_time{std::chrono::seconds(5)};  // the most a genmove is given
  std::vector<std::string> engine;
};

class BotBridge {
 public:
  BotBridge(BotConfig config, server::HttpClient& api);
  // Starts the engine and asks what it knows (throws GtpEngineFailure when it cannot run).
  void start_engine();
  // Answers one event of the stream (a JSON object; unknown types are ignored).
  void handle(const nlohmann::json& event);
  // Why an invitation of `game` with `options` is declined; nullopt to accept it.
  std::optional<std::string> refusal(const std::string& game, const std::map<std::string, std::string>& options) const;
  // How many times the engine was restarted after a failure.
  int restarts() const { return restarts_; }

 private:
  struct Board {
    std::string game;
    std::map<std::string, std::string> options;
  };
  void answer_invitation(const nlohmann::json& offer);
  void note_board(const nlohmann::json& start);
  void play_turn(long long board, const nlohmann::json& turn);
  // Plays again the turns whose move could not be sent (the server was away): after a
  // resumed stream's hello (a snapshot brings every turn anew instead).
  void retry_unsent();
  // The move the engine chooses for `board` after `moves` (plies), the engine brought to
  // that position first; throws GtpEngineFailure.
  std::string engine_move(long long board, const Board& spec, const std::vector<std::string>& moves,
                          std::optional<long long> seconds_left);
  void reset_engine_game(const Board& spec);
  server::HttpResult post(const std::string& target, const nlohmann::json& body = nlohmann::json::object());
  const Board* board_spec(long long board);

  BotConfig config_;
  server::HttpClient& api_;
  GtpProcess engine_;
  std::set<std::string> engine_commands_;
  std::map<long long, Board> boards_;
  // What the engine holds: the board and its whole turns (canonical text, plies joined by ',').
  std::optional<long long> engine_board_;
  std::vector<std::string> engine_turns_;
  std::map<long long, nlohmann::json> unsent_;  // board: its your_turn, the move not sent
  int restarts_ = 0;
};

}  // namespace ludus::cli
