// SPDX-License-Identifier: Apache-2.0
// PushLedger: what the WebSocket hub sends of each board, whatever order its pushes run in.
#include <gtest/gtest.h>

#include "server/live/push_ledger.h"

namespace ludus::server {
namespace {

TEST(PushLedger, EachRevisionIsSentOnceAndOnlyNewerOnes) {
  PushLedger ledger(std::chrono::milliseconds(1000));
  ledger.started(7, false);
  ledger.started(7, false);
  EXPECT_TRUE(ledger.loaded(7, 3, false).state);
  EXPECT_FALSE(ledger.loaded(7, 3, false).state) << "the second announcement of the same change";
  EXPECT_FALSE(ledger.loaded(7, 2, false).state) << "an older revision, loaded late";
  ledger.finished(7, false);
  ledger.finished(7, false);
}

// PostgreSQL's notices come one per change, and pushes run on a pool: the push of a later
// change may load the board before the push of its creation does.  The first to load
// announces the creation, so a lobby hears "created" before "finished".
TEST(PushLedger, TheFirstPushOfANewBoardAnnouncesItsCreation) {
  PushLedger ledger(std::chrono::milliseconds(1000));
  ledger.started(9, true);   // the creation
  ledger.started(9, false);  // the resignation that followed at once
  const auto overtaking = ledger.loaded(9, 2, false);
  EXPECT_TRUE(overtaking.state);
  EXPECT_TRUE(overtaking.created);
  const auto late = ledger.loaded(9, 2, true);
  EXPECT_FALSE(late.state);
  EXPECT_FALSE(late.created) << "announced once";
  ledger.finished(9, false);
  ledger.finished(9, true);
  // A board whose creation no push is announcing is never announced as created.
  ledger.started(11, false);
  EXPECT_FALSE(ledger.loaded(11, 5, false).created);
  ledger.finished(11, false);
}

// A push whose state could not be built (an error went out instead) must not count as
// sent: the second announcement of the same change still sends the state, and the
// creation, while a newer revision sent in between is not undone.
TEST(PushLedger, WhatAFailedPushDidNotSendIsSentByTheNext) {
  PushLedger ledger(std::chrono::milliseconds(1000));
  ledger.started(4, true);
  ASSERT_TRUE(ledger.loaded(4, 1, true).state);
  ledger.finished(4, true);
  ledger.started(4, false);
  const auto failing = ledger.loaded(4, 2, false);
  ASSERT_TRUE(failing.state);
  ledger.unsent(4, 2, failing);
  ledger.finished(4, false);
  ledger.started(4, false);
  const auto retry = ledger.loaded(4, 2, false);
  EXPECT_TRUE(retry.state) << "the revision the failed push did not send";
  EXPECT_FALSE(ledger.loaded(4, 2, false).state) << "sent now, so only once";
  ledger.finished(4, false);

  // A failed push of a creation: the next push announces it.
  ledger.started(6, true);
  const auto created = ledger.loaded(6, 1, true);
  ASSERT_TRUE(created.created);
  ledger.unsent(6, 1, created);
  const auto again = ledger.loaded(6, 1, true);
  EXPECT_TRUE(again.state);
  EXPECT_TRUE(again.created);
  ledger.finished(6, true);

  // Revision 3 fails while 4, loaded meanwhile, was sent: 4 stands.
  ledger.started(8, false);
  ledger.started(8, false);
  const auto three = ledger.loaded(8, 3, false);
  ASSERT_TRUE(ledger.loaded(8, 4, false).state);
  ledger.unsent(8, 3, three);
  EXPECT_FALSE(ledger.loaded(8, 3, false).state);
  EXPECT_FALSE(ledger.loaded(8, 4, false).state);
  ledger.finished(8, false);
  ledger.finished(8, false);
}

}  // namespace
}  // namespace ludus::server
