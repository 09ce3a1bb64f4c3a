// SPDX-License-Identifier: Apache-2.0
// The AI pool: boards owed a move at start are played in FIFO order by several threads,
// a move that fails (the database busy) is retried until it lands, and the periodic
// sweep finds a board whose change notification never came.
#include <atomic>
#include <thread>

#include "server/domain/play/ai_worker.h"
#include "server_test_support.h"

namespace ludus::server::testing {
namespace {

class AiPoolTest : public ServerFixture {
 protected:
  // An AI board where the AI (seat 0) is to move; alice holds the other seat.
  int64_t ai_board() { return new_board("ndengrod", {{"size", "5"}}, "ai:random", "alice"); }
  int moves_of(int64_t board) { return service_->load(board).num_moves(); }

  std::vector<std::string> log_lines() {
    std::lock_guard lock(log_mutex_);
    return log_;
  }
  AiWorker::Logger logger() {
    return [this](const std::string& line) {
      std::lock_guard lock(log_mutex_);
      log_.push_back(line);
    };
  }

  std::mutex log_mutex_;
  std::vector<std::string> log_;
};

TEST_F(AiPoolTest, BoardsAwaitingAtStartArePlayedInFifoOrder) {
  std::vector<int64_t> boards;
  for (int i = 0; i < 6; ++i) boards.push_back(ai_board());
  AiWorker pool(*service_, logger(), AiPoolSettings{3, std::chrono::seconds(60)});
  service_->set_change_listener([&pool](int64_t board, int64_t, BoardChange) { pool.enqueue(board); });
  pool.start();
  ASSERT_TRUE(pool.wait_idle(std::chrono::seconds(10)));
  pool.stop();
  for (int64_t board : boards) {
    EXPECT_EQ(moves_of(board), 1) << board_name(board);
    EXPECT_EQ(mover(board), "alice");
  }
  // Searches start in queue order; each board's own change queues it again behind the
  // others (it finds alice to move and does nothing).
  auto order = pool.started_order();
  ASSERT_GE(order.size(), boards.size());
  EXPECT_EQ(std::vector<int64_t>(order.begin(), order.begin() + static_cast<long>(boards.size())), boards);
}

// The server's computer keeps its search across moves (issue 42): its second turn starts
// from the subtree of the moves played since its first, and a finished board lets go.
TEST_F(AiPoolTest, TheComputerKeepsItsSearchAcrossMoves) {
  const int64_t board = new_board("ndengrod", {{"size", "5"}}, "ai:medium", "alice");
  AiWorker pool(*service_, logger(), AiPoolSettings{1, std::chrono::seconds(60)});
  service_->set_change_listener([&pool](int64_t b, int64_t, BoardChange) { pool.enqueue(b); });
  pool.start();
  // The computer's turns, each after a reply of alice's (any: medium's search visits every
  // answer to the move it chose).  Its first move comes from the game's table of openings,
  // without a search; the second is searched afresh; the third goes on from the second's tree.
  std::vector<AiSearchTotals> totals;
  for (int turn = 0; turn < 3; ++turn) {
    if (turn > 0) {
      Board b = service_->load(board);
      service_->play(board, "alice", b.state().action_to_text(b.state().legal_actions().front()));
    }
    ASSERT_TRUE(pool.wait_idle(std::chrono::seconds(30)));
    ASSERT_EQ(moves_of(board), 2 * turn + 1);
    totals.push_back(service_->ai_players().totals());
  }
  EXPECT_EQ(totals[2].turns, 3u);
  EXPECT_EQ(totals[2].kept_players, 2u) << "the player of the first turn chose the next two";
  EXPECT_GT(totals[2].reused_visits, totals[1].reused_visits) << "the third search went on from the second's subtree";
  EXPECT_EQ(service_->ai_players().size(), 1u);
  service_->resign(board, "alice");
  pool.stop();
  EXPECT_EQ(service_->ai_players().size(), 0u) << "a finished board's player is dropped";
}

TEST_F(AiPoolTest, BoardChangedWhileSearchedIsQueuedBehindWaitingBoards) {
  // A board changed while it is searched (here by its own AI move) is queued again
  // behind the boards already waiting, not ahead of them.
  int64_t first = ai_board(), second = ai_board(), third = ai_board();
  AiWorker pool(*service_, logger(), AiPoolSettings{1, std::chrono::seconds(60)});
  service_->set_change_listener([&pool](int64_t board, int64_t, BoardChange) { pool.enqueue(board); });
  pool.start();
  ASSERT_TRUE(pool.wait_idle(std::chrono::seconds(10)));
  auto order = pool.started_order();
  // first, second, third are played; then first comes again (its move queued it while
  // it was searched), after the two boards that were already waiting.
  ASSERT_GE(order.size(), 4u);
  EXPECT_EQ(order[0], first);
  EXPECT_EQ(order[1], second);
  EXPECT_EQ(order[2], third);
  EXPECT_EQ(order[3], first);
}

TEST_F(AiPoolTest, FailedWriteIsRetriedUntilItLands) {
  LUDUS_SQLITE_ONLY();  // holds SQLite's one write lock
  // This process's store gives up on a locked database after 50 ms.
  store_ = std::make_unique<Store>(dir_.file("test.db"), sql::ConnectionSettings{50});
  accounts_ = std::make_unique<Accounts>(*store_, PasswordPolicy::fast(), [this] { return now_; });
  service_ = std::make_unique<Service>(*store_, *accounts_);
  int64_t board = ai_board();
  // Another "process" holds the write lock for a second.
  Store other(dir_.file("test.db"));
  auto session = other.session();
  std::optional<sql::Transaction> held;
  held.emplace(session.connection(), sql::Transaction::Kind::Write);
  AiWorker pool(*service_, logger(), AiPoolSettings{2, std::chrono::seconds(60)});
  service_->set_change_listener([&pool](int64_t changed, int64_t, BoardChange) { pool.enqueue(changed); });
  pool.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  EXPECT_EQ(moves_of(board), 0);
  held.reset();  // rolls back: the lock is free
  ASSERT_TRUE(pool.wait_idle(std::chrono::seconds(15)));
  EXPECT_EQ(moves_of(board), 1);
  bool retried = false;
  for (const auto& line : log_lines()) retried |= line.find("will retry") != std::string::npos;
  EXPECT_TRUE(retried) << "the busy database made at least one attempt fail";
}

TEST_F(AiPoolTest, SweepFindsABoardWhoseNotificationWasMissed) {
  AiWorker pool(*service_, logger(), AiPoolSettings{1, std::chrono::milliseconds(100)});
  pool.start();  // no change listener: nothing tells the pool about new boards
  int64_t board = ai_board();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (moves_of(board) == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(moves_of(board), 1);
  pool.stop();
}

}  // namespace
}  // namespace ludus::server::testing
