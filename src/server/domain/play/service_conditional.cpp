// SPDX-License-Identifier: Apache-2.0
// The service's conditional moves (conditional_moves.h, docs/correspondence.md): each
// player's own tree, set and shown to them alone, and the answers it plays inside the
// transaction of the opponent's turn (Service::play), through the one way turns are played.
#include <algorithm>

#include "core/notation.h"
#include "core/text.h"
#include "server/base/errors.h"
#include "server/domain/service.h"
#include "server/storage/conditional_store.h"

namespace ludus::server {
ConditionalView Service::conditional(int64_t board, const std::string& user) {
  const auto shared = load_shared(board);
  seat_in(*shared, user);
  auto session = store_->session();
  auto tx = session.read();
  ConditionalView view;
  view.exploration = shared->record().exploration;
  if (auto row = find_conditional(session, board, user)) {
    view.tree = parse_conditional(row->tree);
    view.note = row->note;
  }
  return view;
}

ConditionalView Service::set_conditional(int64_t board, const std::string& user, std::string_view text) {
  const bool clear = lowercase(std::string(trim(text))) == "clear";
  const ConditionalTree given = parse_conditional(clear ? std::string_view() : text);
  const int64_t now = accounts_->now();
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    auto record = session.find_game_to_change(board);
    if (!record) not_found(ludus::server::text("no board {board}", {{"board", board}}));
    const Board b = board_at(session, std::move(*record));
    const int seat = seat_in(b, user);
    ConditionalView view;
    view.exploration = b.record().exploration;
    if (given.empty()) {
      delete_conditional(session, board, user);
      tx.commit();
      return view;
    }
    require_on(b);
    if (!b.record().exploration)
      forbidden(ludus::server::text("board {board} does not allow exploration, so no conditional moves (its players chose so)",
                     {{"board", board}}),
                "exploration_off");
    if (b.seat_to_move() == seat)
      conflict(ludus::server::text("it is your turn on board {board}: play it; conditional moves answer your opponent's turns",
                    {{"board", board}}),
               "your_turn");
    view.tree = checked_tree(given, b.history());
    put_conditional(session, board, user, ConditionalRow{conditional_text(view.tree), "", now});
    tx.commit();
    return view;
  });
}

void Service::check_may_analyse(const std::string& user, const History& position, std::optional<int64_t> board) {
  // The board the request names: its position and every line going on from it.  Any other
  // live board of theirs: its very position (every position continues a board at its start,
  // so a wider rule would close the engine to anyone with a new rated game).
  std::vector<int64_t> boards;
  if (board && revision(*board)) boards.push_back(*board);
  GameFilter filter;
  filter.user = user;
  filter.status = "active";
  filter.game = position.game().name();
  filter.limit = 1000;
  for (const GameRecord& r : list(filter))
    if (!r.exploration) boards.push_back(r.id);
  for (int64_t id : boards) {
    const auto b = load_shared(id);
    const GameRecord& r = b->record();
    if (r.exploration || b->is_over() || b->seat_of(user) < 0) continue;
    if (r.game != position.game().name() || r.options != position.game().options().values()) continue;
    const auto& played = b->history().moves();
    const auto& asked = position.moves();
    const bool named = board && *board == id;
    if ((named ? asked.size() >= played.size() : asked.size() == played.size()) &&
        std::equal(played.begin(), played.end(), asked.begin()))
      forbidden(text("board {board} does not allow exploration while it is played: no analysis of its position",
                     {{"board", id}}),
                "exploration_off");
  }
}

std::vector<PlayResult> Service::answer_conditionally(Board& b, Session& session, const PlayResult& played) {
  std::vector<PlayResult> answers;
  PlayResult last = played;
  // Each answer uses up a node of a bounded tree, so the chain ends; the bound is a backstop.
  for (int step = 0; step < 2 * kMaxConditionalNodes && !b.is_over(); ++step) {
    const std::string owner = b.player(b.seat_to_move());
    const auto row = find_conditional(session, b.id(), owner);
    if (!row || row->tree.empty()) break;
    const auto drop = [&](const Message& why) {
      put_conditional(session, b.id(), owner, ConditionalRow{"", why.english(), accounts_->now()});
      report(session, b,
             BoardEvent{BoardEventKind::ConditionalDropped, "",
                        text("your conditional moves on board {board} were dropped: {why}", {{"board", b.id()}, {"why", why}}),
                        "", owner});
    };
    const auto answer = answer_to(parse_conditional(row->tree), join_plies(last.moves));
    if (!answer) {
      drop(text("{user} played {moves} (turn {turn}), which none of your lines answers",
                {{"user", last.player}, {"moves", join_plies(last.moves)}, {"turn", last.turn}}));
      break;
    }
    try {
      answers.push_back(play_turn_on(b, session, owner, answer->answer, std::nullopt));
    } catch (const ServiceError& e) {
      // Checked when stored, so only a rule changed since (a new release) refuses it.
      // TRANSLATORS: {error} is the rules' reason, in English.
      drop(text("your answer {answer} could not be played: {error}", {{"answer", answer->answer}, {"error", e.what()}}));
      break;
    }
    if (answer->rest.empty() || b.is_over()) delete_conditional(session, b.id(), owner);
    else put_conditional(session, b.id(), owner, ConditionalRow{conditional_text(answer->rest), "", accounts_->now()});
    last = answers.back();
  }
  return answers;
}

}  // namespace ludus::server
