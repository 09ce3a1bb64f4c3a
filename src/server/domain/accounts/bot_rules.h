// SPDX-License-Identifier: Apache-2.0
#pragma once
// The rules for bots (docs/bots.md, "The rules for boards with a bot"), in one place: a board
// with a bot is never rated, and bots never play tournaments nor take rated seeks.
#include <array>
#include <string>

#include "server/storage/store.h"

namespace ludus::server {

// The reason a board is not rated when a bot holds one of its seats (board-spec's words).
inline constexpr const char* kBotPlaysReason = "a bot plays";

// Whether a bot holds either seat (`ai:SPEC` seats are the server's own, not bots).
bool bot_among(Session& session, const std::array<std::string, 2>& seats);
// 403 bot_not_allowed, "WHAT: bots ..." when `user` is a bot; `what` is marked N_ (translated).
void refuse_bot(Session& session, const std::string& user, const char* what);

}  // namespace ludus::server
