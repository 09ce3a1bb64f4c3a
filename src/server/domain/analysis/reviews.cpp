// SPDX-License-Identifier: Apache-2.0
#include "server/domain/analysis/reviews.h"

#include <exception>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "server/base/errors.h"
#include "server/domain/puzzles/puzzles.h"
#include "server/domain/service.h"

namespace ludus::server {

StoredReview Reviews::request(int64_t board, const std::string& user) {
  const Board loaded = service_->load(board);  // 404 for no board
  if (!loaded.is_over())
    conflict(text("board {board} is not over: a review is of a finished game", {{"board", board}}), "board_on");
  if (loaded.history().num_moves() == 0)
    conflict(text("board {board} ended before a move: nothing to review", {{"board", board}}), "no_moves");
  const int64_t now = service_->accounts().now();
  bool queued = false;
  StoredReview stored = service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    if (auto stored = find_review(session, board); stored && stored->status != ReviewStatus::kFailed) return *stored;
    if (!user.empty() && unfinished_reviews_of(session, user) >= limits_.per_user)
      too_many(textn("at most {n} review of yours waiting at once; retry in a minute",
                     "at most {n} reviews of yours waiting at once; retry in a minute", limits_.per_user),
               "review_cap", 60);
    if (unfinished_reviews(session) >= limits_.total)
      busy(text("the server has too many reviews waiting; retry in a minute"), 60);
    queue_review(session, board, user, now);
    StoredReview result = *find_review(session, board);
    tx.commit();
    queued = true;
    return result;
  });
  if (queued) this->queued();
  return stored;
}

std::optional<StoredReview> Reviews::find(int64_t board) {
  auto session = service_->store().session();
  auto tx = session.read();
  return find_review(session, board);
}

std::vector<StoredReview> Reviews::asked_by(const std::string& user) {
  auto session = service_->store().session();
  auto tx = session.read();
  return reviews_asked_by(session, user);
}

bool Reviews::queue_if_automatic(Session& session, const Board& board, int64_t now) {
  if (board.history().num_moves() == 0) return false;
  bool wanted = false;
  for (int seat : {0, 1})
    if (!Accounts::is_ai(board.player(seat))) wanted = wanted || auto_review(session, board.player(seat)).value_or(false);
  if (!wanted || unfinished_reviews(session) >= limits_.total) return false;
  return queue_review(session, board.id(), "", now);
}

bool Reviews::automatic(const std::string& user, std::optional<bool> wanted) {
  if (!wanted) {
    auto session = service_->store().session();
    auto tx = session.read();
    const std::optional<bool> on = auto_review(session, user);
    if (!on) not_found(text("no user {user}", {{"user", user}}));
    return *on;
  }
  return service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    set_auto_review(session, user, *wanted);
    const std::optional<bool> on = auto_review(session, user);
    if (!on) not_found(text("no user {user}", {{"user", user}}));
    tx.commit();
    return *on;
  });
}

std::optional<int64_t> Reviews::run_next() {
  const int64_t now = service_->accounts().now();
  const std::optional<int64_t> board = service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    auto taken = take_review(session, now, now - limits_.stale_seconds);
    tx.commit();
    return taken;
  });
  if (!board) return std::nullopt;
  std::string review, failure;
  std::vector<Puzzles::FoundMistake> mistakes;
  try {
    const Board loaded = service_->load(*board);
    const ai::GameReview computed = ai::review_game(loaded.history(), limits_.settings);
    review = ai::review_json(computed).dump();
    // "Your mistakes", computed once with the review (docs/puzzles.md).
    mistakes = Puzzles::find_mistakes(loaded, computed, limits_.mistake_positions, limits_.mistake_puzzles);
  } catch (const std::exception& e) {
    failure = e.what();
  }
  service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    const int64_t done = service_->accounts().now();
    if (failure.empty()) {
      finish_review(session, *board, review, done);
      Puzzles::store_mistakes(session, *board, mistakes, done);
      // Told as any event of the board: its players and followers (board_news.h).
      auto record = session.find_game(*board);
      if (record) {
        const Board b = service_->board_at(session, std::move(*record));
        service_->report(session, b,
                         BoardEvent{BoardEventKind::Reviewed, "",
                                    text("the review of board {board} is ready", {{"board", *board}}), "", ""});
      }
    } else {
      fail_review(session, *board, failure, done);
    }
    tx.commit();
  });
  return board;
}

nlohmann::json stored_review_json(const StoredReview& review) {
  auto optional = [](const std::optional<int64_t>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); };
  nlohmann::json out = {{"board", review.board},
                        {"status", review_status_name(review.status)},
                        {"requested_by", review.requested_by},
                        {"requested_at", review.requested_at},
                        {"started_at", optional(review.started_at)},
                        {"finished_at", optional(review.finished_at)},
                        {"note", review.note}};
  if (review.status == ReviewStatus::kDone) out["review"] = nlohmann::json::parse(review.review);
  return out;
}

std::string stored_review_text(const StoredReview& review, const Board& board, const Language& language) {
  switch (review.status) {
    case ReviewStatus::kQueued: return tr(language, "The review of board {board} is queued.", {{"board", review.board}}) + "\n";
    case ReviewStatus::kRunning:
      return tr(language, "The review of board {board} is being computed.", {{"board", review.board}}) + "\n";
    case ReviewStatus::kFailed:
      return tr(language, "The review of board {board} failed: {why}.  Ask for it again.",
                {{"board", review.board}, {"why", review.note}}) +
             "\n";
    case ReviewStatus::kDone: break;
  }
  // The review's table itself is the engine's (ai/review.h), in English like `ludus review`.
  return tr(language, "The review of board {board} ({game}):", {{"board", review.board}, {"game", board.game().info().title}}) +
         "\n" + ai::review_text(ai::review_from_json(nlohmann::json::parse(review.review)), board.history());
}

}  // namespace ludus::server
