// SPDX-License-Identifier: Apache-2.0
#pragma once
// A board view written straight to JSON text: what the routes and the WebSocket pushes send
// for a board.  It is board_json() (game_json.h, the reference: the fields are documented
// there and in docs/http-api.md) without the tree: a move reply's thousands of small nlohmann
// nodes were the largest part of the server's CPU per move.  The text is byte for byte
// dump_json(board_json(...)) (keys in the same sorted order, strings escaped the same way);
// tests/server/board_json_text_test.cpp compares the two over positions of every game.
#include <optional>
#include <string>
#include <string_view>

#include "server/domain/play/board.h"
#include "server/domain/play/game_json.h"

namespace ludus::server {

// dump_json(board_json(board, ply, detail)), plus a "message" field when `message` is not
// empty (the reply to a board command that has something to say).
std::string board_json_text(const Board& board, std::optional<int> ply = std::nullopt,
                            BoardDetail detail = BoardDetail::Full, std::string_view message = {});

// The WebSocket push of a board's state (docs/http-api.md): {"board": number, "revision":
// R, "state": the Live view}.
std::string board_state_push_text(const Board& board);

}  // namespace ludus::server
