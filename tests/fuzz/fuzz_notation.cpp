// SPDX-License-Identifier: Apache-2.0
// Move notation of every game (State::parse_action, action_to_text, split_turn_text).
// Input: byte 0 picks the game, byte 1 how many plies to play from the start, the next
// bytes which legal action each ply plays; the rest is move text typed in that position.
// Checked: the text parses to a legal action or is refused with a one-line error; the
// action's canonical text parses back to it; and in that position every legal action's
// text parses back to the same action (action -> text -> action).
#include <memory>
#include <vector>

#include "core/error.h"
#include "core/registry.h"
#include "fuzz/fuzz_support.h"

namespace {

const std::vector<std::shared_ptr<const ludus::Game>>& games() {
  static const auto all = [] {
    std::vector<std::shared_ptr<const ludus::Game>> made;
    for (const auto& entry : ludus::registered_games()) made.push_back(ludus::make_game(entry.info->name));
    return made;
  }();
  return all;
}

void check_round_trip(const ludus::State& state, ludus::Action action) {
  const std::string text = state.action_to_text(action);
  ludus::Action again = ludus::kNoAction;
  try {
    again = state.parse_action(text);
  } catch (const ludus::LudusError& e) {
    ludus::fuzz::fail("canonical text parses", text + ": " + e.what());
  }
  FUZZ_CHECK(again == action, text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ludus;
  if (size < 2) return 0;
  const Game& game = *games()[data[0] % games().size()];
  size_t at = 2;
  std::unique_ptr<State> state = game.new_initial_state();
  std::vector<Action> legal;
  for (int ply = 0; ply < data[1] % 64 && at < size && !state->is_terminal(); ++ply) {
    state->legal_actions(legal);
    if (legal.empty()) break;
    state->apply(legal[data[at++] % legal.size()]);
  }
  if (state->is_terminal()) return 0;
  const std::string_view text = fuzz::input_text(data + at, size - at);

  try {
    const Action action = state->parse_action(text);
    FUZZ_CHECK(state->is_legal(action), std::string(text));
    check_round_trip(*state, action);
  } catch (const LudusError&) {
  }
  try {
    for (const std::string& ply : state->split_turn_text(text)) (void)ply;
  } catch (const LudusError&) {
  }
  state->legal_actions(legal);
  for (Action action : legal) check_round_trip(*state, action);
  return 0;
}
