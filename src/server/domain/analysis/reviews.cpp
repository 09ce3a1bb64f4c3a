// SPDX-License-Identifier: Apache-2.0
#include "server/domain/analysis/reviews.h"

#include <exception>

#include <nlohmann/json.hpp>

#include "server/base/errors.h"
#include "server/domain/service.h"

namespace ludus::server {

StoredReview Reviews::request(int64_t board, const std::string& user) {
  const Board loaded = service_->load(board);  // 404 for no board
  if (!loaded.is_over()) conflict("board " + std::to_string(board) + " is not over: a review is of a finished game", "board_on");
  if (loaded.history().num_moves() == 0) conflict("board " + std::to_string(board) + " ended before a move: nothing to review", "no_moves");
  const int64_t now = service_->accounts().now();
  auto session = service_->store().session();
  auto tx = session.write();
  if (auto stored = find_review(session, board); stored && stored->status != ReviewStatus::kFailed) return *stored;
  if (!user.empty() && unfinished_reviews_of(session, user) >= limits_.per_user)
    too_many("at most " + std::to_string(limits_.per_user) + " reviews of yours waiting at once; retry in a minute",
             "review_cap", 60);
  if (unfinished_reviews(session) >= limits_.total)
    busy("the server has too many reviews waiting; retry in a minute", 60);
  queue_review(session, board, user, now);
  StoredReview queued = *find_review(session, board);
  tx.commit();
  return queued;
}

std::optional<StoredReview> Reviews::find(int64_t board) {
  auto session = service_->store().session();
  auto tx = session.read();
  return find_review(session, board);
}

std::optional<int64_t> Reviews::run_next() {
  const int64_t now = service_->accounts().now();
  std::optional<int64_t> board;
  {
    auto session = service_->store().session();
    auto tx = session.write();
    board = take_review(session, now, now - limits_.stale_seconds);
    tx.commit();
  }
  if (!board) return std::nullopt;
  std::string review, failure;
  try {
    review = ai::review_json(ai::review_game(service_->load(*board).history(), limits_.settings)).dump();
  } catch (const std::exception& e) {
    failure = e.what();
  }
  auto session = service_->store().session();
  auto tx = session.write();
  const int64_t done = service_->accounts().now();
  if (failure.empty()) finish_review(session, *board, review, done);
  else fail_review(session, *board, failure, done);
  tx.commit();
  return board;
}

}  // namespace ludus::server
