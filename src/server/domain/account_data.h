// SPDX-License-Identifier: Apache-2.0
#pragma once
// A player's own data, and leaving (docs/community.md, "Your data, and leaving"): the export
// of everything the server keeps about an account, and the deletion of the account, which
// keeps the finished boards replayable by the others under a name no account can take.
// Shared by the command grammar (`export`, `delete`) and the JSON API.  Callers
// authenticate first (the deletion takes the password: a token alone never deletes).
#include <string>

#include <nlohmann/json.hpp>

#include "server/domain/service.h"

namespace ludus::server {

// What deleting an account does to what is under way.
struct DeletionPlan {
  int active_boards = 0;        // resigned: each opponent wins
  int open_offers = 0;          // withdrawn or declined
  int tournaments_joined = 0;   // left (before the start)
  int tournaments_playing = 0;  // withdrawn from (the rest lost)
  int finished_boards = 0;      // kept for the opponents, under the deleted name
};

class AccountData {
 public:
  explicit AccountData(Service& service) : service_(&service) {}

  // Everything the server keeps about `user` that is theirs to see, as one JSON object: the
  // account and its settings, whom they block, the boards they follow, every board they
  // played with its moves, every comment they wrote, their ratings and rated games, their
  // offers, tournaments and reports.  Not the secrets (password hash, tokens, device keys,
  // codes): stored only as hashes, they would tell the owner nothing.  404 for no user.
  nlohmann::json export_json(const std::string& user);

  DeletionPlan plan(const std::string& user);
  // Deletes the account of `user`: the open offers are withdrawn or declined, the
  // tournaments left or withdrawn from, the active boards resigned (as any resignation:
  // the opponent wins, rated if the board is), then in one transaction the account and
  // what was theirs alone go (account_store.h: erase_account) and what the others keep
  // (the boards, ratings, tournaments) names the account "deleted:N".  Returns that name.
  // 409 when a board started meanwhile (ask again).
  std::string delete_account(const std::string& user);

 private:
  Service* service_;
};

// "2 active boards resigned, 1 open offer withdrawn, ..." for the confirmation and the reply.
std::string plan_text(const DeletionPlan& plan);

}  // namespace ludus::server
