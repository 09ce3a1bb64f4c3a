// SPDX-License-Identifier: Apache-2.0
#include "core/turn_entry.h"

#include <algorithm>

#include "core/error.h"
#include "core/geometry.h"
#include "core/notation.h"
#include "core/text.h"

namespace ludus {

namespace {

std::vector<int> sorted_sites(const State& state, Action action) {
  std::vector<int> sites = state.action_shape(action).sites;
  std::sort(sites.begin(), sites.end());
  return sites;
}

bool holds_pass(const State& state) {
  for (Action a : state.legal_actions())
    if (state.action_shape(a).kind == ActionKind::Pass) return true;
  return false;
}

}  // namespace

TurnEntry::TurnEntry(const History& history) : position_(history) {}

std::string TurnEntry::text() const { return join_plies(plies_); }

std::vector<Action> TurnEntry::extensions(Action action) const {
  const State& state = position_.state();
  const ActionShape shape = state.action_shape(action);
  const std::vector<int> sites = sorted_sites(state, action);
  std::vector<Action> out;
  for (Action other : state.legal_actions()) {
    if (state.action_shape(other).kind != shape.kind) continue;
    const std::vector<int> more = sorted_sites(state, other);
    if (more.size() > sites.size() && std::includes(more.begin(), more.end(), sites.begin(), sites.end()))
      out.push_back(other);
  }
  return out;
}

void TurnEntry::play(Action action) {
  plies_.push_back(position_.state().action_to_text(action));
  position_.play(action);
}

void TurnEntry::add(std::string_view raw) {
  const std::string typed(trim(raw));
  if (!held_) {
    History trial = position_;
    const int before = trial.num_moves();
    trial.play_actions(typed);
    // One action that more sites would make bigger waits for them.
    if (trial.num_moves() == before + 1 && !extensions(trial.actions().back()).empty()) {
      held_ = trial.actions().back();
      return;
    }
    for (int ply = before; ply < trial.num_moves(); ++ply) plies_.push_back(trial.moves()[static_cast<size_t>(ply)]);
    position_ = std::move(trial);
    return;
  }
  const State& state = position_.state();
  const Action held = *held_;
  const std::string held_text = state.action_to_text(held);
  if (move_word(typed) == MoveWord::Pass) {
    held_.reset();
    play(held);
    return;
  }
  const Geometry* geometry = position_.game().board_geometry();
  std::string error;
  const int site = geometry ? geometry->parse(typed, &error) : -1;
  if (site < 0)
    throw LudusError("after " + held_text + " type one more " +
                     std::string(position_.game().info().stones_on == StoneSites::Points ? "point" : "cell") +
                     ", or pass for " + held_text + " alone: " +
                     (error.empty() ? "'" + quoted_text(typed, 40) + "' is neither" : error));
  std::vector<int> wanted = sorted_sites(state, held);
  wanted.push_back(site);
  std::sort(wanted.begin(), wanted.end());
  for (Action bigger : extensions(held)) {
    if (sorted_sites(state, bigger) != wanted) continue;
    held_.reset();
    play(bigger);
    return;
  }
  // No such action: the game says why ("... not three apart", "... occupied").
  const Action parsed = state.parse_action(join_plies({held_text, normalize_move_text(typed)}));
  if (!state.is_legal(parsed)) throw_illegal(join_plies({held_text, normalize_move_text(typed)}), "not a legal move here");
  held_.reset();
  play(parsed);
}

std::string TurnEntry::next_step() const {
  const State& state = position_.state();
  if (held_) {
    const std::string held_text = state.action_to_text(*held_);
    const char* site = position_.game().info().stones_on == StoneSites::Points ? "point" : "cell";
    return "after " + held_text + ": the second " + site + ", or pass for " + held_text + " alone";
  }
  if (plies_.empty() || !position_.mid_turn()) return "";
  const int number = position_.num_moves() - position_.turn_start(position_.num_moves() - 1) + 1;
  const std::string which = number == 2 ? "the second action" : "action " + std::to_string(number);
  return "after " + text() + ": " + which + (holds_pass(state) ? ", or pass to end the turn" : "");
}

std::vector<std::string> TurnEntry::choices() const {
  const State& state = position_.state();
  std::vector<std::string> out;
  if (!held_) {
    for (Action a : state.legal_actions()) out.push_back(state.action_to_text(a));
    return out;
  }
  const std::vector<int> held_sites = sorted_sites(state, *held_);
  const Geometry* geometry = position_.game().board_geometry();
  for (Action bigger : extensions(*held_))
    for (int site : sorted_sites(state, bigger))
      if (!std::binary_search(held_sites.begin(), held_sites.end(), site)) out.push_back(geometry->name(site));
  out.push_back("pass");
  return out;
}

}  // namespace ludus
