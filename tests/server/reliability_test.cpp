// SPDX-License-Identifier: Apache-2.0
// Reliability: concurrent moves on one board (exactly one is stored), and a process
// killed in the middle of playing loses no acknowledged move.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <barrier>
#include <thread>

#include "http_test_support.h"
#include "server/storage/sqlite.h"

namespace ludus::server::testing {
namespace {

using ConcurrencyTest = ServerFixture;

// Several threads try to play the same move number at once, with the guard and without.
TEST_F(ConcurrencyTest, ExactlyOneOfConcurrentMovesIsStored) {
  constexpr int kThreads = 6;
  for (int round = 0; round < 8; ++round) {
    int64_t board = new_board("ndengrod", {{"size", "5"}});
    for (int ply = 0; ply < 4; ++ply) {
      Board b = service_->load(board);
      const std::string user = b.player(b.seat_to_move());
      auto legal = b.state().legal_actions();
      const bool guarded = (round + ply) % 2 == 0;
      std::barrier start(kThreads);
      std::atomic<int> stored{0};
      std::vector<std::string> errors(kThreads), messages(kThreads);
      std::vector<std::thread> threads;
      for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
          std::string move = b.state().action_to_text(legal[static_cast<size_t>(t * 3 + ply) % legal.size()]);
          start.arrive_and_wait();
          try {
            service_->play(board, user, move, guarded ? std::optional(ExpectedMove::ply(b.num_moves() + 1)) : std::nullopt);
            ++stored;
          } catch (const ServiceError& e) {
            errors[t] = e.code();
            messages[t] = e.what();
          }
        });
      for (auto& t : threads) t.join();
      EXPECT_EQ(stored, 1) << "round " << round << " ply " << ply;
      for (size_t t = 0; t < errors.size(); ++t) {
        if (!errors[t].empty()) {
          EXPECT_EQ(errors[t], guarded ? "stale_move" : "not_your_turn") << messages[t];
        }
      }
      EXPECT_EQ(service_->load(board).num_moves(), ply + 1);
    }
  }
}

// Both players and a proposal racing on one board: the stored moves always replay.
TEST_F(ConcurrencyTest, MixedConcurrentRequestsKeepTheBoardConsistent) {
  int64_t board = new_board("ndengrod", {{"size", "4"}, {"swap", "off"}});
  std::atomic<bool> stop{false};
  auto player = [&](const std::string& user) {
    for (int i = 0; i < 60 && !stop; ++i) {
      try {
        Board b = service_->load(board);
        if (b.is_over()) {
          stop = true;
          break;
        }
        auto legal = b.state().legal_actions();
        service_->play(board, user, b.state().action_to_text(legal[static_cast<size_t>(i) % legal.size()]),
                       ExpectedMove::ply(b.num_moves() + 1));
      } catch (const ServiceError& e) {
        // 409: someone moved meanwhile.  An accepted take-back followed by a move can bring
        // the board back to the same move number with another position (the guard counts
        // moves); then the move is checked against that position like any other.
        EXPECT_TRUE(http_status(e) == 409 || e.code() == "illegal_move") << e.what();
      }
    }
  };
  auto proposer = [&] {
    for (int i = 0; i < 30 && !stop; ++i) {
      try {
        service_->propose(board, i % 2 ? "alice" : "bob", "undo");
        service_->answer(board, i % 2 ? "bob" : "alice", i % 3 == 0);
      } catch (const ServiceError& e) {
        EXPECT_EQ(http_status(e), 409) << e.what();
      }
    }
  };
  std::thread a(player, "alice"), b(player, "bob"), p(proposer);
  a.join();
  b.join();
  p.join();
  Board final_board = service_->load(board);  // replays: every stored move is legal in order
  for (int i = 0; i < final_board.num_moves(); ++i) EXPECT_EQ(final_board.moves()[i].ply, i + 1);
  EXPECT_EQ(final_board.record().num_moves, final_board.num_moves());
}

class HttpConcurrencyTest : public HttpFixture {};

TEST_F(HttpConcurrencyTest, ConcurrentHttpMovesStoreExactlyOne) {
  std::string alice = account("alice"), bob = account("bob");
  auto created = post("/api/games", {{"game", "ndengrod"}, {"players", {"alice", "bob"}}}, alice);
  ASSERT_EQ(created.status, 201);
  const std::string base = "/api/games/" + created.json["board"].dump();
  const std::vector<std::string> moves = {"a1", "b2", "c3", "d4", "e5", "e6"};
  std::barrier start(static_cast<std::ptrdiff_t>(moves.size()));
  std::vector<int> statuses(moves.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < moves.size(); ++i)
    threads.emplace_back([&, i] {
      auto c = client();
      start.arrive_and_wait();
      auto r = c.request(http::verb::post, base + "/move", nlohmann::json{{"move", moves[i]}, {"move_number", 1}}.dump(),
                         auth(alice));
      statuses[i] = r.status ? r.status : -1;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 200), 1);
  EXPECT_EQ(std::count(statuses.begin(), statuses.end(), 409), static_cast<long>(moves.size() - 1));
  EXPECT_EQ(get(base).json["moves_played"], 1);
}

// The child plays games and reports each move after play() returned (acknowledged);
// the parent SIGKILLs it at some point.  Every acknowledged move must be in the file,
// the file must pass SQLite's integrity check, and every board must replay.
TEST(CrashTest, KilledProcessLosesNoAcknowledgedMove) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    TempDir dir;
    const std::string path = test_database(dir.file("crash.db"));
    {
      Store store(path);
      Accounts accounts(store, PasswordPolicy::fast(), system_clock());
      accounts.signup("alice", "alice-password", "");
      accounts.signup("bob", "bob-password", "");
    }
    int pipe_fds[2];
    ASSERT_EQ(pipe(pipe_fds), 0);
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      close(pipe_fds[0]);
      try {
        Store store(path);
        Accounts accounts(store, PasswordPolicy::fast(), system_clock());
        Service service(store, accounts);
        Rng rng(static_cast<uint64_t>(attempt) + 7);
        for (;;) {
          int64_t board = service.start_board("alice", "ndengrod", {{"size", "5"}}, "alice", "bob");
          for (;;) {
            Board b = service.load(board);
            if (b.is_over()) break;
            auto legal = b.state().legal_actions();
            std::string move = b.state().action_to_text(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
            service.play(board, b.player(b.seat_to_move()), move, ExpectedMove::ply(b.num_moves() + 1));
            std::string ack = std::to_string(board) + " " + std::to_string(b.num_moves() + 1) + " " + move + "\n";
            if (write(pipe_fds[1], ack.data(), ack.size()) != static_cast<ssize_t>(ack.size())) _exit(3);
          }
        }
      } catch (...) {
        _exit(2);
      }
      _exit(0);
    }
    close(pipe_fds[1]);
    // Read acknowledgements until enough moves were made, then kill at once.
    std::string acks;
    const size_t kill_after = 25 + static_cast<size_t>(attempt) * 40;
    char buffer[4096];
    size_t lines = 0;
    while (lines < kill_after) {
      ssize_t n = read(pipe_fds[0], buffer, sizeof buffer);
      if (n <= 0) break;
      acks.append(buffer, static_cast<size_t>(n));
      lines = static_cast<size_t>(std::count(acks.begin(), acks.end(), '\n'));
    }
    ASSERT_EQ(kill(child, SIGKILL), 0);
    int status = 0;
    ASSERT_EQ(waitpid(child, &status, 0), child);
    EXPECT_TRUE(WIFSIGNALED(status)) << "the child ended before the kill (status " << status << ")";
    // Whatever the child acknowledged before dying is still in the pipe.
    for (ssize_t n; (n = read(pipe_fds[0], buffer, sizeof buffer)) > 0;) acks.append(buffer, static_cast<size_t>(n));
    close(pipe_fds[0]);
    ASSERT_GE(lines, kill_after);

    Store store(path);
    auto session = store.session();
    if (!testing_postgres()) {
      auto q = session.connection().query("PRAGMA integrity_check");
      ASSERT_TRUE(q.step());
      EXPECT_EQ(q.text(0), "ok");
    }
    std::istringstream in(acks);
    int64_t board = 0;
    int ply = 0;
    std::string move;
    int checked = 0;
    std::map<int64_t, std::vector<MoveRecord>> moves;
    while (in >> board >> ply >> move) {
      if (!moves.count(board)) moves[board] = session.moves(board);
      const auto& stored = moves[board];
      ASSERT_GE(static_cast<int>(stored.size()), ply) << "acknowledged move lost: board " << board << " #" << ply;
      EXPECT_EQ(stored[static_cast<size_t>(ply) - 1].move, move);
      ++checked;
    }
    EXPECT_GE(checked, static_cast<int>(kill_after));
    // Every board (including one cut mid-game) replays and its cached columns agree.
    for (const auto& g : session.list_games({})) {
      Board b(g, session.moves(g.id));
      EXPECT_EQ(g.num_moves, b.num_moves());
    }
  }
}

}  // namespace
}  // namespace ludus::server::testing
