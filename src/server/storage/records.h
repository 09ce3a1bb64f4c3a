// SPDX-License-Identifier: Apache-2.0
#pragma once
// Rows of the play server's database as plain structs (see schema.cpp for the columns).
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/ending.h"

namespace ludus::server {

struct UserRecord {
  std::string id;
  std::string password_hash;
  std::string email;          // the verified address: the only one notifications go to ("" for none)
  int64_t created_at = 0;
  std::string pending_email;  // an address waiting for its verification code ("" for none)
  bool admin = false;         // role 'admin': may moderate (`ludus admin`)
  std::optional<int64_t> suspended_at;  // set while an administrator suspends the account
  bool bot = false;           // a bot account (docs/bots.md): for good, never rated
};

// What a bearer token may do (docs/bots.md): everything its account may, or only play.
enum class TokenScope { All, Bot };

// The account a live token belongs to, and the token's scope.
struct TokenOwner {
  std::string user;
  TokenScope scope = TokenScope::All;
};

struct GameRecord {
  int64_t id = 0;  // board number
  std::string game;
  std::map<std::string, std::string> options;
  std::array<std::string, 2> seats;  // user ids or "ai:SPEC", by seat
  // The seats held by bot accounts (docs/bots.md): read with the row from users.bot.
  std::array<bool, 2> bots{};
  std::string challenger;
  // How the game ended (Ending::None while it is on) and, for a resignation or a loss on
  // time, the seat that lost: with the moves, all that decides the end (Board replays it
  // with core's apply_stated_ending).  The store writes "rules" endings as an empty
  // column with status 'finished' (the database's CHECK predates them).
  Ending ending = Ending::None;
  std::optional<int> losing_seat;
  bool finished() const { return ending != Ending::None; }
  std::string_view status() const { return finished() ? "finished" : "active"; }
  // Pending proposal: "" | "draw" | "undo" | "abort", and the seat that made it.
  std::string proposal;
  std::optional<int> proposal_seat;
  // Caches derived from the replay, kept for listings (and an adjudication's reason).
  std::string result;             // winning colour, "draw" or ""
  std::optional<int> winner_seat;
  std::string end_reason;
  int num_moves = 0;
  // Turns played (docs/turns.md: what players count): read from the last move row's turn,
  // not a column of its own; Board::refreshed_record sets it from the replay.
  int num_turns = 0;
  std::optional<int> to_move_seat;
  int64_t created_at = 0;
  int64_t updated_at = 0;
  int64_t revision = 0;  // +1 with every stored change of the board
  // Whether the result counts for the players' ratings (ratings.h decides what else must
  // hold); fixed when the board is created.
  bool rated = true;
  // Whether the players may explore privately while the game is on: their conditional
  // moves and the server's analysis engine (docs/correspondence.md); fixed at creation.
  bool exploration = true;
  std::optional<int64_t> finished_at;  // when the game ended (the order ratings apply in)
  // The tournament the board is a game of (read from tournament_games, not a column).
  std::optional<int64_t> tournament;
};

struct MoveRecord {
  int ply = 0;   // 1-based move number
  int turn = 0;  // plies typed as one move share it
  int seat = 0;
  std::string move;
  int64_t played_at = 0;
};

struct CommentRecord {
  int64_t id = 0;
  std::string user;
  int after_ply = 0;
  std::string body;
  int64_t created_at = 0;
};

}  // namespace ludus::server
