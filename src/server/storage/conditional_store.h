// SPDX-License-Identifier: Apache-2.0
#pragma once
// The table of conditional moves (schema migration 15, docs/correspondence.md): one row per
// (board, player) holding the player's tree in the grammar's canonical text, or "" with a
// note once the tree was dropped.  Every query of it is here, on a Session the caller holds
// in a transaction; the domain (conditional_moves.h) says what the text means.
#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/store.h"

namespace ludus::server {

struct ConditionalRow {
  std::string tree;  // "if T A T A; if T A"; "" when none is kept
  std::string note;  // why the last tree was dropped ("" for none), for its owner only
  int64_t updated_at = 0;
};

std::optional<ConditionalRow> find_conditional(Session& session, int64_t board, const std::string& user);
// Stores the row of (board, user), replacing any.
void put_conditional(Session& session, int64_t board, const std::string& user, const ConditionalRow& row);
void delete_conditional(Session& session, int64_t board, const std::string& user);
// Forgets every tree kept on `board` (the game ended, or turns were taken back).
void delete_conditionals(Session& session, int64_t board);

}  // namespace ludus::server
