// PushLedger: what the WebSocket hub sends of each board, whatever order its pushes run in.
#include <gtest/gtest.h>

#include "server/push_ledger.h"

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

}  // namespace
}  // namespace ludus::server
