// SPDX-License-Identifier: Apache-2.0
#pragma once
// The reviews of finished boards (docs/review.md): asked for by a signed-in user, queued in
// the database (storage/review_store.h), computed once by a worker with the budgets the
// server sets (ai/review.h), and read by anyone who may see the board.  The queue has
// a cap per user (reviews they asked for that are not finished) and a total cap, so no one
// user and no burst of requests takes the engine from play.
#include <cstdint>
#include <optional>
#include <string>

#include "server/storage/review_store.h"
#include "ai/review.h"

namespace ludus::server {

class Service;

struct ReviewLimits {
  // The budgets of every review the server computes (documented in docs/review.md).
  ai::ReviewSettings settings{.iterations = 2000, .seed = 1, .proof_seconds = 0.25, .proof_total_seconds = 10};
  int per_user = 3;             // reviews one user asked for that are queued or running
  int total = 50;               // reviews queued or running across every server process
  int64_t stale_seconds = 900;  // a review running longer is taken again (its worker is gone)
};

class Reviews {
 public:
  Reviews(Service& service, ReviewLimits limits = {}) : service_(&service), limits_(limits) {}
  const ReviewLimits& limits() const { return limits_; }

  // Queues the review of `board` for `user` (a known user; "" for the players' automatic
  // setting, which no per-user cap counts) and returns it as stored: queued, or as it was
  // when one was queued, running or done already.  404 for no board; 409 board_on while
  // the game goes on; 429 review_cap (retry after a minute) past the user's cap; 503 busy
  // past the total cap.
  StoredReview request(int64_t board, const std::string& user);
  std::optional<StoredReview> find(int64_t board);

  // A worker's turn: takes the oldest queued review (or a stale one), computes it and
  // stores it, done or failed.  Returns its board, or nullopt when none was waiting.
  std::optional<int64_t> run_next();

 private:
  Service* service_;
  ReviewLimits limits_;
};

}  // namespace ludus::server
