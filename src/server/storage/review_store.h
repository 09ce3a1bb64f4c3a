// SPDX-License-Identifier: Apache-2.0
#pragma once
// The reviews of finished boards (schema migration 18, docs/review.md): one per board,
// queued, taken by one AI worker of any server process, then done (with the review's
// JSON) or failed.  Every query of them is here, on a Session the caller holds in a
// transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

enum class ReviewStatus { kQueued, kRunning, kDone, kFailed };
std::string review_status_name(ReviewStatus status);  // "queued", "running", "done", "failed"

struct StoredReview {
  int64_t board = 0;
  ReviewStatus status = ReviewStatus::kQueued;
  std::string requested_by;  // "" when the players' setting asked for it
  int64_t requested_at = 0;
  std::optional<int64_t> started_at;
  std::optional<int64_t> finished_at;
  std::string review;  // ai::review_json's text once done, else ""
  std::string note;    // why it failed, for people
};

std::optional<StoredReview> find_review(Session& session, int64_t board);

// The reviews `user` asked for, newest first.
std::vector<StoredReview> reviews_asked_by(Session& session, const std::string& user);

// Queues the review of `board` for `requested_by` ("" for automatic).  False when the
// board has one queued, running or done already (a review is computed once); a failed
// one is queued again.
bool queue_review(Session& session, int64_t board, const std::string& requested_by, int64_t now);

// Reviews queued or running: all of them (the total cap), or those `user` asked for.
int unfinished_reviews(Session& session);
int unfinished_reviews_of(Session& session, const std::string& user);

// Takes the oldest queued review for a worker (status running from `now`), or one running
// since before `stale_before` (its worker is gone); nullopt when there is none.  Safe
// between server processes: a review is taken by one.
std::optional<int64_t> take_review(Session& session, int64_t now, int64_t stale_before);

// The worker's result: done with the review's JSON text, or failed with a note.
void finish_review(Session& session, int64_t board, const std::string& review_json, int64_t now);
void fail_review(Session& session, int64_t board, const std::string& note, int64_t now);

// users.auto_review: whether a user's finished boards are reviewed without their asking
// (nullopt for no such user); set_auto_review returns false for no such user.
std::optional<bool> auto_review(Session& session, const std::string& user);
bool set_auto_review(Session& session, const std::string& user, bool on);

}  // namespace ludus::server
