// SPDX-License-Identifier: Apache-2.0
// The reviews' queue in the database (server/storage/review_store.h): a review is queued
// once per board, taken by one worker, oldest first, taken again when its worker is gone,
// done or failed (and a failed one queued again); the counts the caps read.  On both engines.
#include "server/storage/review_store.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

class ReviewStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = std::make_unique<Store>(test_database(dir_.file("a.db")));
    session_ = std::make_unique<Session>(store_->session());
    session_->insert_user({"alice", "hash", "", 1, "", false, std::nullopt});
    session_->connection().exec(
        "INSERT INTO games (game, options, seat0, seat1, challenger, status, created_at, updated_at) VALUES "
        "('ndengrod', '{}', 'alice', 'bob', 'alice', 'finished', 1, 1), "
        "('ndengrod', '{}', 'alice', 'bob', 'alice', 'finished', 2, 2), "
        "('ndengrod', '{}', 'bob', 'alice', 'alice', 'finished', 3, 3)");
  }
  Session& session() { return *session_; }

  TempDir dir_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<Session> session_;
};

TEST_F(ReviewStoreTest, AReviewIsQueuedOnceTakenOldestFirstAndDone) {
  EXPECT_FALSE(find_review(session(), 1));
  EXPECT_TRUE(queue_review(session(), 2, "alice", 100));
  EXPECT_TRUE(queue_review(session(), 1, "", 101));
  EXPECT_FALSE(queue_review(session(), 2, "bob", 102)) << "queued already: computed once";
  EXPECT_EQ(unfinished_reviews(session()), 2);
  EXPECT_EQ(unfinished_reviews_of(session(), "alice"), 1);
  EXPECT_EQ(unfinished_reviews_of(session(), "bob"), 0);

  EXPECT_EQ(take_review(session(), 200, 0), std::optional<int64_t>(2));  // asked first
  EXPECT_EQ(take_review(session(), 201, 0), std::optional<int64_t>(1));
  EXPECT_EQ(take_review(session(), 202, 0), std::nullopt) << "both are running";
  const auto running = find_review(session(), 2);
  ASSERT_TRUE(running);
  EXPECT_EQ(running->status, ReviewStatus::kRunning);
  EXPECT_EQ(running->requested_by, "alice");
  EXPECT_EQ(running->started_at, std::optional<int64_t>(200));

  finish_review(session(), 2, R"({"turns":[]})", 300);
  const auto done = find_review(session(), 2);
  ASSERT_TRUE(done);
  EXPECT_EQ(done->status, ReviewStatus::kDone);
  EXPECT_EQ(done->review, R"({"turns":[]})");
  EXPECT_EQ(done->finished_at, std::optional<int64_t>(300));
  EXPECT_FALSE(queue_review(session(), 2, "bob", 301)) << "done already";
  EXPECT_EQ(unfinished_reviews(session()), 1);
  EXPECT_EQ(unfinished_reviews_of(session(), "alice"), 0);
}

TEST_F(ReviewStoreTest, AWorkersLostReviewIsTakenAgainAndAFailedOneQueuedAgain) {
  ASSERT_TRUE(queue_review(session(), 3, "alice", 100));
  EXPECT_EQ(take_review(session(), 200, 0), std::optional<int64_t>(3));
  EXPECT_EQ(take_review(session(), 250, 200), std::nullopt) << "started at 200: not stale before 200";
  EXPECT_EQ(take_review(session(), 400, 201), std::optional<int64_t>(3)) << "its worker is gone";
  EXPECT_EQ(find_review(session(), 3)->started_at, std::optional<int64_t>(400));

  fail_review(session(), 3, "the engine stopped", 500);
  const auto failed = find_review(session(), 3);
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed->status, ReviewStatus::kFailed);
  EXPECT_EQ(failed->note, "the engine stopped");
  EXPECT_EQ(unfinished_reviews(session()), 0);
  EXPECT_TRUE(queue_review(session(), 3, "bob", 600)) << "a failed review may be asked for again";
  const auto again = find_review(session(), 3);
  EXPECT_EQ(again->status, ReviewStatus::kQueued);
  EXPECT_EQ(again->requested_by, "bob");
  EXPECT_EQ(again->note, "");
  EXPECT_EQ(again->started_at, std::nullopt);
}

}  // namespace
}  // namespace ludus::server::testing
