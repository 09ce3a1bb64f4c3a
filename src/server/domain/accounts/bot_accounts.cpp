// SPDX-License-Identifier: Apache-2.0
// A player's account becomes a bot (docs/bots.md): Service::become_bot; and the rules for
// bots (bot_rules.h).
#include <fmt/format.h>

#include "server/domain/accounts/bot_rules.h"
#include "server/base/errors.h"
#include "server/domain/service.h"
#include "server/storage/bot_store.h"

namespace ludus::server {
namespace {

// "#3, #7" (and "..." when there may be more than those listed).
std::string board_list(const std::vector<int64_t>& boards, size_t shown) {
  std::string out;
  for (size_t i = 0; i < boards.size() && i < shown; ++i) out += (out.empty() ? "#" : ", #") + std::to_string(boards[i]);
  return boards.size() > shown ? out + ", ..." : out;
}

}  // namespace

bool bot_among(Session& session, const std::array<std::string, 2>& seats) {
  return is_bot(session, seats[0]) || is_bot(session, seats[1]);
}

void refuse_bot(Session& session, const std::string& user, const char* what) {
  if (is_bot(session, user))
    forbidden(text("{refusal}: {user} is a bot, and bots play unrated boards only, never tournaments",
                   {{"refusal", text(what)}, {"user", user}}),
              "bot_not_allowed");
}

bool Service::bot_among(const std::array<std::string, 2>& players) {
  std::array<std::string, 2> ids;
  for (size_t i = 0; i < 2; ++i)
    ids[i] = Accounts::is_ai(players[i]) ? players[i] : Accounts::normalize_user_id(players[i]);
  auto session = store_->session();
  return ludus::server::bot_among(session, ids);
}

void Service::become_bot(const std::string& id) {
  constexpr size_t kShown = 5;
  const bool became = store_->retrying([&](Session& session) {
    auto tx = session.write();
    if (is_bot(session, id)) return false;
    const auto rated = rated_boards_of(session, id, kShown + 1);
    if (!rated.empty())
      conflict(text("{user} has played rated boards ({boards}): a bot account is made for an engine, not a player's "
                    "own; make a new account for the engine",
                    {{"user", id}, {"boards", board_list(rated, kShown)}}),
               "bot_refused");
    const auto tournaments = tournaments_under_way_of(session, id);
    if (!tournaments.empty())
      conflict(text("{user} plays in tournament {tournament}: bots never play tournaments; withdraw first",
                    {{"user", id}, {"tournament", tournaments.front()}}),
               "bot_refused");
    mark_bot(session, id);
    tx.commit();
    return true;
  });
  if (!became) return;
  // Its rated offers, and the rated invitations to it, could only start rated boards with a
  // bot, which none may be: they go, withdrawn or declined by it.
  std::vector<OfferRecord> offers;
  {
    auto session = store_->session();
    auto tx = session.read();
    offers = open_offers_involving(session, accounts_->now(), id);
  }
  for (const OfferRecord& offer : offers) {
    if (!offer.rated) continue;
    try {
      decline(offer.id, id);
    } catch (const ServiceError&) {
      // Taken or closed meanwhile: nothing left to withdraw.
    }
  }
}

}  // namespace ludus::server
