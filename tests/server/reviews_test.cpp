// SPDX-License-Identifier: Apache-2.0
// Reviews of finished boards (server/domain/analysis/reviews.h): asked for once the game is
// over, computed once by a worker's turn and stored with the known blunder named, the caps
// per user and in total, and a failed review asked for again.  On both engines.
#include "server/domain/analysis/review_worker.h"
#include "server/domain/analysis/reviews.h"
#include "two_player_fixture.h"

#include <chrono>
#include <thread>

namespace ludus::server::testing {
namespace {

class ReviewsTest : public TwoPlayerFixture {
 protected:
  // A board of the tiny Ndengrod alice loses by a known blunder (tests/ai/review_test.cpp):
  // her a1 throws away the win c3 b2 gave her.
  int64_t blundered_board() {
    const int64_t board = new_board("ndengrod", {{"size", "3"}, {"length", "3"}, {"swap", "off"}});
    const std::vector<std::string> moves{"c3", "b2", "a1", "b3", "b4", "b1"};
    for (size_t i = 0; i < moves.size(); ++i) service_->play(board, i % 2 ? "bob" : "alice", moves[i]);
    return board;
  }
  ReviewLimits small_limits() {
    ReviewLimits limits;
    limits.settings.iterations = 200;
    limits.per_user = 2;
    limits.total = 3;
    return limits;
  }
};

TEST_F(ReviewsTest, AFinishedBoardIsReviewedOnceAndTheBlunderNamed) {
  Reviews reviews(*service_, small_limits());
  const int64_t board = blundered_board();
  EXPECT_FALSE(reviews.find(board));
  const StoredReview queued = reviews.request(board, "bob");
  EXPECT_EQ(queued.status, ReviewStatus::kQueued);
  EXPECT_EQ(queued.requested_by, "bob");
  EXPECT_EQ(reviews.request(board, "alice").requested_by, "bob") << "asked for once";

  EXPECT_EQ(reviews.run_next(), std::optional<int64_t>(board));
  EXPECT_EQ(reviews.run_next(), std::nullopt) << "nothing else waits";
  const auto done = reviews.find(board);
  ASSERT_TRUE(done);
  ASSERT_EQ(done->status, ReviewStatus::kDone) << done->note;
  const nlohmann::json review = nlohmann::json::parse(done->review);
  ASSERT_EQ(review["turns"].size(), 6u);
  EXPECT_EQ(review["turns"][2]["played"], "a1");
  EXPECT_EQ(review["turns"][2]["label"], "blunder");
  EXPECT_EQ(review["turns"][2]["note"], "win thrown away");
  EXPECT_EQ(review["iterations"], 200);
  EXPECT_EQ(reviews.request(board, "alice").status, ReviewStatus::kDone) << "computed once, read by all";
}

TEST_F(ReviewsTest, OnlyAFinishedBoardIsReviewed) {
  Reviews reviews(*service_, small_limits());
  const int64_t board = new_board();
  const ServiceError on = error_of([&] { reviews.request(board, "alice"); });
  EXPECT_EQ(on.kind(), ErrorKind::Conflict);
  EXPECT_EQ(on.code(), "board_on");
  EXPECT_EQ(error_of([&] { reviews.request(board + 100, "alice"); }).kind(), ErrorKind::NotFound);
  service_->resign(board, "alice");
  const ServiceError empty = error_of([&] { reviews.request(board, "alice"); });
  EXPECT_EQ(empty.kind(), ErrorKind::Conflict);
  EXPECT_EQ(empty.code(), "no_moves");
}

TEST_F(ReviewsTest, EachUserAndTheServerHaveACap) {
  Reviews reviews(*service_, small_limits());  // 2 per user, 3 in all
  std::vector<int64_t> boards;
  for (int i = 0; i < 5; ++i) boards.push_back(blundered_board());
  reviews.request(boards[0], "alice");
  reviews.request(boards[1], "alice");
  const ServiceError mine = error_of([&] { reviews.request(boards[2], "alice"); });
  EXPECT_EQ(mine.kind(), ErrorKind::TooMany);
  EXPECT_EQ(mine.code(), "review_cap");
  EXPECT_EQ(mine.retry_after(), 60);
  reviews.request(boards[2], "bob");
  const ServiceError all = error_of([&] { reviews.request(boards[3], "bob"); });
  EXPECT_EQ(all.kind(), ErrorKind::Busy);
  EXPECT_EQ(reviews.run_next(), std::optional<int64_t>(boards[0]));
  reviews.request(boards[3], "alice");  // one of hers is done: room again
  EXPECT_EQ(reviews.find(boards[3])->status, ReviewStatus::kQueued);
}

TEST_F(ReviewsTest, TheWorkerComputesWhatIsQueuedWhenPoked) {
  Reviews reviews(*service_, small_limits());
  const int64_t first = blundered_board();
  const int64_t second = blundered_board();
  reviews.request(first, "alice");
  reviews.request(second, "bob");
  ReviewWorker worker(reviews, nullptr);
  worker.start(std::chrono::hours(1));  // it waits an interval first: only the poke wakes it
  worker.poke();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  auto done = [&](int64_t board) {
    const auto review = reviews.find(board);
    return review && review->status == ReviewStatus::kDone;
  };
  while (!(done(first) && done(second)) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  worker.stop();
  EXPECT_TRUE(done(first));
  EXPECT_TRUE(done(second));
}

}  // namespace
}  // namespace ludus::server::testing
