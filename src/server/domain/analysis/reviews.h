// SPDX-License-Identifier: Apache-2.0
#pragma once
// The reviews of finished boards (docs/review.md): asked for by a signed-in user, or queued
// when a board ends whose player has the automatic-review setting, kept in the database
// (storage/review_store.h), computed once by a worker with the budgets the server sets
// (ai/review.h), and read by anyone who may see the board (every board is public).  The
// queue has a cap per user (reviews they asked for that are not finished) and a total cap,
// so no one user and no burst of requests takes the engine from play.  A finished review is
// a board event (BoardEventKind::Reviewed): the players and followers are told as of any
// other (notifications, mail).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/base/texts.h"
#include "server/domain/play/board.h"
#include "server/domain/service_limits.h"
#include "server/storage/review_store.h"

namespace ludus::server {

class Service;

class Reviews {
 public:
  Reviews(Service& service, ReviewLimits limits = {}) : service_(&service), limits_(limits) {}
  const ReviewLimits& limits() const { return limits_; }

  // Called after a review was queued (committed): the worker's poke.
  void set_queued_listener(std::function<void()> listener) { queued_listener_ = std::move(listener); }

  // Queues the review of `board` for `user` (a known user; "" for the players' automatic
  // setting, which no per-user cap counts) and returns it as stored: queued, or as it was
  // when one was queued, running or done already.  404 for no board; 409 board_on while
  // the game goes on; 409 no_moves for a board that ended before a move; 429 review_cap
  // (retry after a minute) past the user's cap; 503 busy past the total cap.
  StoredReview request(int64_t board, const std::string& user);
  std::optional<StoredReview> find(int64_t board);
  // The reviews `user` asked for, newest first (their data export).
  std::vector<StoredReview> asked_by(const std::string& user);

  // Inside the transaction of the change that finished `board`: queues its review when one
  // of its players has the automatic-review setting and it has a move, within the total cap
  // (past it the board goes unreviewed; a player may still ask).  Returns whether it queued
  // one; the caller tells queued() after the commit.
  bool queue_if_automatic(Session& session, const Board& board, int64_t now);
  void queued() const {
    if (queued_listener_) queued_listener_();
  }

  // The automatic-review setting of `user` (users.auto_review), after setting it when given.
  // 404 for an unknown user.
  bool automatic(const std::string& user, std::optional<bool> wanted = std::nullopt);

  // A worker's turn: takes the oldest queued review (or a stale one), computes it and
  // stores it, done (telling the board's players and followers) or failed.  Returns its
  // board, or nullopt when none was waiting.
  std::optional<int64_t> run_next();

 private:
  Service* service_;
  ReviewLimits limits_;
  std::function<void()> queued_listener_;
};

// {"board", "status", "requested_by", "requested_at", "started_at", "finished_at", "note", and
// "review" (ai::review_json's object) once done}: the JSON API's and the data export's form.
nlohmann::json stored_review_json(const StoredReview& review);
// For a terminal or a mail: the status, or the review's lines once done.
std::string stored_review_text(const StoredReview& review, const Board& board, const Language& language = Language());

}  // namespace ludus::server
