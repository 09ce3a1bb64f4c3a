// SPDX-License-Identifier: Apache-2.0
#pragma once
// Sequences of fours for the fast Ndengrod position (ThreatSearch, core/threat_search.h);
// included at the end of ndengrod_fast_state_impl.h.
//
// The attacker plays only placements after which it could complete a line at once (a
// "four"); the defender's answers are every legal placement after which it no longer
// can.  Each is played out on a copy of the position, so a proof holds against every
// defence: a block, a capture of a stone of the line, a stone that makes the winning cell
// a suicide, superko.  Only placements that provably cannot defend are skipped unplayed:
// those that capture nothing and leave some winning cell with an empty neighbour and out
// of superko's reach (a stone can only repeat a position on a cell where a stone of its
// colour was captured) untouched, neither on it nor next to it.

namespace ludus::ndengrod::fast {

template <int kWords>
ThreatSearch::ForcedWin NdengrodFastState<kWords>::threat_win(int64_t& budget) const {
  if (is_terminal() || plies_ < 2) return {};  // the reply to the first stone may be a swap
  // Deepening one four at a time finds the win with the fewest fours first; the shallower
  // readings cost little beside the deepest.
  for (int depth = 1; depth <= kThreatDepth && budget > 0; ++depth)
    if (const ForcedWin win = attack(budget, depth); win.first != kNoAction) return win;
  return {};
}

template <int kWords>
int NdengrodFastState<kWords>::legal_win(int colour) const {
  return first_legal(completing_cells(colour), colour, logged());
}

template <int kWords>
bool NdengrodFastState<kWords>::might_defend(int site, int defender, const Board& robust) const {
  Board freedoms = empty_;
  freedoms.reset(site);
  if (captures_of(site, defender, freedoms).any()) return true;
  Board untouched = robust.and_not(neighbour_masks_[site]);
  untouched.reset(site);
  return untouched.none();
}

template <int kWords>
ThreatSearch::ForcedWin NdengrodFastState<kWords>::attack(int64_t& budget, int depth) const {
  const int me = to_move_, foe = me ^ 1;
  if (const int win = legal_win(me); win >= 0) return {win, 1};
  if (depth == 0 || budget <= 0) return {};
  // A four needs need - 1 of the attacker's stones on the line beside the new one.
  const int need = game_->line_length() - 1;
  Board candidates;
  for (int axis = 0; axis < kAxes; ++axis)
    for (int line = 0; line < kLines && game_->line_cells(axis, line) > 0; ++line)
      if (std::popcount(static_cast<uint32_t>(lines_[me][axis][line])) >= need - 1)
        for (int position = 0; position < game_->line_cells(axis, line); ++position)
          candidates.set(game_->line_site(axis, line, position));
  candidates &= empty_;

  ForcedWin found;
  any_bit(candidates, [&](int site) {
    if (budget <= 0) return true;
    if (!legal_at(site, me, logged())) return false;
    NdengrodFastState four(*this);
    four.apply(site);
    --budget;
    if (four.is_terminal()) return false;  // a line would have been found above
    Board robust;
    bool threatens = false;
    four.completing_cells(me).for_each([&](int cell) {
      threatens |= four.legal_at(cell, me, four.logged());
      if (four.touches(cell, four.empty_) && !four.vacated_[me].test(cell)) robust.set(cell);
    });
    if (!threatens || four.legal_win(foe) >= 0) return false;  // no four, or the defender wins first
    int longest = 1;  // after a reply that does not defend, the win in one
    bool refuted = true, any_placement = false;
    any_bit(four.empty_, [&](int reply) {
      if (!four.legal_at(reply, foe, four.logged())) return false;
      any_placement = true;
      if (!four.might_defend(reply, foe, robust)) return false;
      NdengrodFastState answered(four);
      answered.apply(reply);
      --budget;
      if (answered.is_terminal()) return !(refuted = false);
      if (answered.legal_win(me) >= 0) return false;  // not a defence
      const ForcedWin next = answered.attack(budget, depth - 1);
      if (next.first == kNoAction) return !(refuted = false);
      longest = std::max(longest, next.plies);
      return false;
    });
    if (!any_placement) {  // the defender must pass
      NdengrodFastState passed(four);
      passed.apply(game_->pass_action());
      refuted = !passed.is_terminal() && passed.legal_win(me) >= 0;
    }
    if (!refuted) return false;
    found = {site, 2 + longest};
    return true;
  });
  return found;
}

}  // namespace ludus::ndengrod::fast
