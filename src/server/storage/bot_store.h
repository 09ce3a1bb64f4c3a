// SPDX-License-Identifier: Apache-2.0
#pragma once
// Bot accounts and their tokens (schema migration 22, docs/bots.md): every query of them is
// here, on a Session the caller holds in a transaction.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

// Whether `user` is a bot account (false for an unknown user and for `ai:SPEC`).
bool is_bot(Session& session, const std::string& user);
// Makes `user` a bot, for good.
void mark_bot(Session& session, const std::string& user);
// Up to `limit` rated boards `user` plays or played, lowest number first: a player's own
// account with a rating never becomes a bot.
std::vector<int64_t> rated_boards_of(Session& session, const std::string& user, int limit);
// The tournaments not over (open or running) that `user` is in and has not withdrawn from.
std::vector<int64_t> tournaments_under_way_of(Session& session, const std::string& user);
// The open invitations to bots past their expiry at `now`: {offer, bot}, by offer.
std::vector<std::pair<int64_t, std::string>> expiring_invitations_to_bots(Session& session, int64_t now);
// Deletes `user`'s bot tokens beyond the `keep` newest.
void trim_bot_tokens(Session& session, const std::string& user, int keep);

}  // namespace ludus::server
