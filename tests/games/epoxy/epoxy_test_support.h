// SPDX-License-Identifier: Apache-2.0
#pragma once
// Hand-made Epoxy positions for the tests.
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/registry.h"
#include "games/epoxy/epoxy_reference.h"
#include "games/epoxy/epoxy_state.h"
#include "games/epoxy/epoxy_testing.h"

namespace ludus::epoxy::testing {

inline std::shared_ptr<const EpoxyGame> epoxy_game(const std::string& size = "xs") {
  return std::dynamic_pointer_cast<const EpoxyGame>(make_game("epoxy", {{"size", size}}));
}

// A position from point lists ("d3 e5"), with `to_move` playing the first action of a
// turn, or its second when `second_action`.
inline std::unique_ptr<EpoxyState> position(const EpoxyGame& game, const std::string& maroon, const std::string& grey,
                                            int to_move = 0, bool second_action = false) {
  std::vector<int> cells(game.num_sites(), kEmpty);
  const std::string* lists[2] = {&maroon, &grey};
  for (int colour = 0; colour < 2; ++colour) {
    std::istringstream in(*lists[colour]);
    std::string name;
    while (in >> name) {
      int site = game.geometry().parse(name, nullptr);
      if (site < 0) throw std::runtime_error("bad point in test: " + name);
      cells[site] = colour;
    }
  }
  auto state = std::make_unique<EpoxyState>(game);
  EpoxyTesting::set_position(*state, cells, to_move, second_action);
  return state;
}

// A position reached by a random XXL game (seeded) in which each side has a single legal
// first action, a slide, and the slides of each side go round a cycle of three (Maroon:
// h7-h6, g6-h7, h6-g6; Grey: k6-k7, l7-k6, k7-l7).  Without the repetition rule its 36
// reachable positions cycle for ever.
inline std::unique_ptr<EpoxyState> forced_cycle(const EpoxyGame& xxl, int to_move, bool second_action) {
  return position(xxl,
                  "a3 a4 a5 b2 b3 b4 b5 c4 c6 c7 c8 d2 d5 d6 d7 d8 d9 e2 e4 e5 e6 e7 e9 e10 e11 f3 f4 f7 f8 f9 f10 f11 "
                  "f12 g2 g3 g6 g7 g8 g12 g13 g14 h3 h4 h5 h7 h10 h11 h12 h14 h15 i3 i4 i5 i8 i9 i11 i13 i15 j3 j7 j11 "
                  "j16 k5 k16 l9 m5 m8 m16 n17 o7 o10 o13 q9",
                  "b6 c2 c3 d1 d4 e3 f2 f5 g9 g10 h8 h13 i6 i10 i12 i16 j4 j6 j8 j9 j10 j13 j14 j15 k4 k6 k8 k9 k11 k12 "
                  "k13 k14 k15 l5 l7 l10 l11 l12 l13 l14 l16 m4 m7 m9 m10 m11 m12 m14 m15 m17 n5 n6 n8 n9 n12 n13 n14 "
                  "n15 n16 o6 o8 o11 o12 o14 o15 p8 p9 p10 p11 p12 p13 q10 q11",
                  to_move, second_action);
}

// The situations of a game so far, as the reference keeps them: call after every action.
class SituationFollower {
 public:
  void operator()(const EpoxyState& state) {
    if (state.plies() <= 1) seen_ = {situation_of(EpoxyState(state.epoxy()))};  // a new game
    if (!state.is_terminal()) seen_.insert(situation_of(state));
  }
  const Situations& seen() const { return seen_; }

 private:
  Situations seen_;
};

// Legal action texts, sorted.
inline std::vector<std::string> legal_texts(const State& state) {
  std::vector<std::string> texts;
  for (Action a : state.legal_actions()) texts.push_back(state.action_to_text(a));
  std::sort(texts.begin(), texts.end());
  return texts;
}

// The LudusError message of parsing `text`, or "no error".
inline std::string error_of(const State& state, const std::string& text) {
  try {
    state.parse_action(text);
  } catch (const LudusError& e) {
    return e.what();
  }
  return "no error";
}

inline bool is_legal_text(const State& state, const std::string& text) {
  auto texts = legal_texts(state);
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

}  // namespace ludus::epoxy::testing
