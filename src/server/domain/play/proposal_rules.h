// SPDX-License-Identifier: Apache-2.0
#pragma once
// When a player may propose a take-back or an abort (docs/turns.md, "Take-backs and
// aborts"): the one rule Service::propose enforces and the board's JSON states, so the page
// shows a button only where the server would take it.
#include <optional>
#include <string>

#include "server/base/errors.h"
#include "server/domain/play/board.h"

namespace ludus::server {

// An abort is possible while at most this many turns have been played ("before the third turn").
inline constexpr int kMaxTurnsToAbort = 2;

// Why a proposal is refused: one line, with the error it is sent as.
struct ProposalRefusal {
  Message reason;
  ErrorKind kind = ErrorKind::Forbidden;
  std::string code;
};

// Take-backs are for friendly games: refused on a board whose result counts for ratings
// and on a tournament's board.
std::optional<ProposalRefusal> takeback_refusal(const Board& board);
// An abort calls a game off with no result: refused on a tournament's board (its pairing
// must have a result) and once more than kMaxTurnsToAbort turns have been played.
std::optional<ProposalRefusal> abort_refusal(const Board& board);
// What a proposal of `kind` asks, after "X proposes": "a draw", "to take back their last
// move", "to abort the game".
std::string proposal_words(const std::string& kind);
// Throws the refusal as its ServiceError.
[[noreturn]] void refuse(const ProposalRefusal& refusal);

}  // namespace ludus::server
