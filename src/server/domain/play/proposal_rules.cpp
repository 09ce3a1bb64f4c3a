// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/proposal_rules.h"

#include "core/turn_count.h"
#include "server/domain/play/ratings.h"

namespace ludus::server {

std::optional<ProposalRefusal> takeback_refusal(const Board& board) {
  const GameRecord& r = board.record();
  if (r.tournament)
    return ProposalRefusal{text("take-backs are not allowed on tournament boards"), ErrorKind::Forbidden,
                           "takeback_not_allowed"};
  // Whether the board counts for ratings once both players have moved (ratings.h).
  if (!unrated_reason(r, 2))
    return ProposalRefusal{text("take-backs are not allowed on rated boards"), ErrorKind::Forbidden, "takeback_not_allowed"};
  return std::nullopt;
}

std::optional<ProposalRefusal> abort_refusal(const Board& board) {
  if (board.record().tournament)
    return ProposalRefusal{text("a tournament board cannot be aborted (resign or play it out)"), ErrorKind::Forbidden,
                           "abort_not_allowed"};
  const int played = turns_in(board.history(), board.num_moves());
  if (played > kMaxTurnsToAbort)
    return ProposalRefusal{textn("too late to abort: {n} turn played (an abort is possible while at most {max} turns are)",
                                 "too late to abort: {n} turns played (an abort is possible while at most {max} turns are)",
                                 played, {{"max", kMaxTurnsToAbort}}),
                           ErrorKind::Conflict, "too_late_to_abort"};
  return std::nullopt;
}

std::string proposal_words(const std::string& kind) {
  if (kind == "abort") return "to abort the game";
  return kind == "draw" ? "a draw" : "to take back their last move";
}

void refuse(const ProposalRefusal& refusal) { throw ServiceError(refusal.kind, refusal.code, refusal.reason); }

}  // namespace ludus::server
