// SPDX-License-Identifier: Apache-2.0
#include "ai/solver/book_player.h"

#include <chrono>

#include "ai/solver/opening_book.h"

namespace ludus::ai::solver {

MoveChoice BookPlayer::choose(const History& history) {
  const auto start = std::chrono::steady_clock::now();
  const Game& game = history.game();
  if (const OpeningBook* book = OpeningBook::for_game(game)) {
    if (keyed_game_ != history.game_ptr()) {
      keyer_ = std::make_unique<ExactKeyer>(game);
      keyed_game_ = history.game_ptr();  // held, so a later Game cannot reuse its address
    }
    const Action move = book_winning_move(*book, *keyer_, history.state());
    if (move != kNoAction) {
      MoveChoice choice;
      choice.action = move;
      choice.value = 1.0;
      choice.proven = ProvenResult::kWin;
      choice.proven_plies = MoveChoice::kBookProofPlies;
      choice.info = "proven win (opening book)";
      choice.best_line = {history.state().action_to_text(move)};
      choice.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      return choice;
    }
  }
  return inner_->choose(history);
}

}  // namespace ludus::ai::solver
