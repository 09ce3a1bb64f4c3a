// SPDX-License-Identifier: Apache-2.0
// Store::retrying: a unit of work aborted for a race (sql::RetryableConflict, PostgreSQL's
// serialization failures) runs again until it gets through, for longer than a fixed count
// of attempts: two instances on one PostgreSQL database answered 503 when creating a board
// met a conflicting move at each of its 8 attempts (bench/server_load --instances 2).
#include <gtest/gtest.h>

#include "server/storage/store.h"
#include "server_test_support.h"

namespace ludus::server {
namespace {

using testing::TempDir;

TEST(RetryTest, ConflictsAreRetriedPastTheMinimumCountOfAttempts) {
  TempDir dir;
  Store store(testing::test_database(dir.file("retry.db")));
  int attempts = 0;
  const int result = store.retrying([&](Session&) {
    if (++attempts <= 2 * Store::kMaxAttempts) throw sql::RetryableConflict("could not serialize access");
    return 7;
  });
  EXPECT_EQ(result, 7);
  EXPECT_EQ(attempts, 2 * Store::kMaxAttempts + 1);
}

TEST(RetryTest, OtherErrorsAreNotRetried) {
  TempDir dir;
  Store store(testing::test_database(dir.file("retry.db")));
  int attempts = 0;
  EXPECT_THROW(store.retrying([&](Session&) -> int {
    ++attempts;
    throw ServiceError(ErrorKind::Conflict, "conflict", "taken");
  }),
               ServiceError);
  EXPECT_EQ(attempts, 1);
}

}  // namespace
}  // namespace ludus::server
