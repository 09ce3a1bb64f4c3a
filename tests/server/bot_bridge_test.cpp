// SPDX-License-Identifier: Apache-2.0
// `ludus bot` (docs/bots.md, "ludus bot"): the ludus binary bridges `ludus gtp` to a running
// server as a bot account, and a person's HTTP client plays whole games against it; on both
// database engines.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <thread>

#include "core/history.h"
#include "core/registry.h"
#include "http_test_support.h"

namespace ludus::server::testing {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

// `ludus bot ARGS...` as a child process, its stderr in a file; stopped (SIGTERM) at the end.
class BotProcess {
 public:
  BotProcess(const std::vector<std::string>& args, const std::string& log_file) : log_file_(log_file) {
    pid_ = fork();
    if (pid_ == 0) {
      const int log = open(log_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
      dup2(log, 2);
      std::vector<char*> argv{const_cast<char*>(LUDUS_BINARY), const_cast<char*>("bot")};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(LUDUS_BINARY, argv.data());
      _exit(127);
    }
  }
  ~BotProcess() { stop(); }
  // SIGTERM, then its exit status (-1 when killed by a signal).
  int stop() {
    if (pid_ <= 0) return status_;
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    status_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return status_;
  }
  // The engine: the bot's child process (none: -1).
  pid_t engine() const {
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
      std::ifstream stat(entry.path() / "stat");
      std::string pid, name, state;
      long long parent = 0;
      if (stat >> pid >> name >> state >> parent && parent == pid_) return static_cast<pid_t>(std::stol(pid));
    }
    return -1;
  }
  std::string log() const {
    std::ifstream in(log_file_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

 private:
  std::string log_file_;
  pid_t pid_ = -1;
  int status_ = -1;
};

class BotBridgeTest : public HttpFixture {
 protected:
  void SetUp() override {
    config_.service_limits.boards_per_hour = 0;
    HttpFixture::SetUp();
    ASSERT_TRUE(std::filesystem::exists(LUDUS_BINARY)) << LUDUS_BINARY << " is missing: build the ludus target";
    alice_ = account("alice", "alice-pw-1");
    const std::string owner = account("engine", "engine-pw-1", "ask");
    ASSERT_EQ(post("/api/me/bot", {{"password", "engine-pw-1"}}, owner).status, 200);
    auto minted = post("/api/me/bot-tokens", {{"password", "engine-pw-1"}}, owner);
    ASSERT_EQ(minted.status, 201) << minted.body;
    bot_token_ = minted.json.value("token", "");
  }

  // `ludus bot` for "engine" with `options`, bridging `ludus gtp --ai random`.
  std::unique_ptr<BotProcess> start_bot(std::vector<std::string> options = {}) {
    std::vector<std::string> args{"--server", "http://127.0.0.1:" + std::to_string(server_->port()),
                                  "--token", bot_token_, "--move-time", "1"};
    args.insert(args.end(), options.begin(), options.end());
    for (const char* word : {"--", LUDUS_BINARY, "gtp", "--ai", "random", "--seed", "7"}) args.push_back(word);
    return std::make_unique<BotProcess>(args, dir_.file("bot.log"));
  }

  // alice invites the bot to `game`; the offer's id.
  long long invite(const std::string& game, const json& options) {
    auto invited = post("/api/games", {{"game", game}, {"options", options}, {"players", {"alice", "engine"}}}, alice_);
    EXPECT_EQ(invited.status, 202) << invited.body;
    return invited.json["offer"].value("id", 0LL);
  }

  // alice's boards against the bot once `count` have started (within 20 s).
  std::vector<long long> boards_started(size_t count) {
    std::vector<long long> boards;
    for (const auto until = Clock::now() + std::chrono::seconds(20); Clock::now() < until;) {
      boards.clear();
      for (const json& summary : get("/api/games?user=alice&status=all", alice_).json.value("games", json::array()))
        boards.push_back(summary.value("board", 0LL));
      if (boards.size() >= count) return boards;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return boards;
  }

  // alice's random whole turn on `view` (a BOARD where she is to move).
  std::string random_turn(const json& view) {
    const std::string game = view.value("game", "");
    std::map<std::string, std::string> options;
    for (const OptionSpec& spec : find_game(game).info->options)
      if (view["options"].contains(spec.name)) options[spec.name] = view["options"][spec.name].get<std::string>();
    History history(make_game(game, options));
    for (const json& move : view["moves"]) history.play(move["move"].get<std::string>());
    std::string turn;
    std::vector<Action> legal;
    do {
      history.state().legal_actions(legal);
      const Action action = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng_)];
      turn += (turn.empty() ? "" : ",") + history.state().action_to_text(action);
      history.play(action);
    } while (history.mid_turn() && !history.state().is_terminal());
    return turn;
  }

  // alice plays random turns on `boards` until every one has ended or `seconds` passed; the
  // finished BOARDs by number.  `between` runs after each of her moves.
  std::map<long long, json> play_out(const std::vector<long long>& boards, int seconds,
                                     const std::function<void(int)>& between = {}) {
    std::map<long long, json> finished;
    int moves = 0;
    for (const auto until = Clock::now() + std::chrono::seconds(seconds);
         finished.size() < boards.size() && Clock::now() < until;) {
      for (long long board : boards) {
        if (finished.count(board)) continue;
        const json view = get("/api/games/" + std::to_string(board), alice_).json;
        if (view.value("status", "") == "finished") {
          finished[board] = view;
          continue;
        }
        if (view.value("to_move_user", "") != "alice") continue;
        auto moved = post("/api/games/" + std::to_string(board) + "/move",
                          {{"move", random_turn(view)}, {"move_number", view["next_move_number"]}}, alice_);
        EXPECT_EQ(moved.status, 200) << moved.body;
        if (between) between(++moves);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return finished;
  }

  std::string alice_, bot_token_;
  std::mt19937 rng_{11};
};

// Every game, small boards, all at once: the bot accepts each invitation and plays each
// board to its end by the rules (never on time, never resigned for want of a move).
TEST_F(BotBridgeTest, LudusBotWithLudusGtpPlaysAWholeGameOfEveryGame) {
  auto bot = start_bot({"--accept", "ndengrod:size=3|4"});
  const std::vector<std::pair<std::string, json>> games{{"epoxy", {{"size", "xs"}}},
                                                        {"n-mesh", {{"size", 4}}},
                                                        {"ndengrod", {{"size", 3}, {"length", 3}}},
                                                        {"netted", {{"size", 3}}},
                                                        {"trellis", {{"size", 7}}}};
  for (const auto& [game, options] : games) invite(game, options);
  const std::vector<long long> boards = boards_started(games.size());
  ASSERT_EQ(boards.size(), games.size()) << bot->log();
  const auto finished = play_out(boards, 45);
  ASSERT_EQ(finished.size(), games.size()) << bot->log();
  std::set<std::string> played;
  for (const auto& [board, view] : finished) {
    played.insert(view.value("game", ""));
    const std::string reason = view.value("end_reason", "");
    EXPECT_EQ(reason.find("time"), std::string::npos) << board << ": " << reason << "\n" << bot->log();
    EXPECT_EQ(reason.find("resign"), std::string::npos) << board << ": " << reason << "\n" << bot->log();
    EXPECT_GT(view.value("moves_played", 0), 1) << board;
  }
  EXPECT_EQ(played.size(), games.size());
  EXPECT_EQ(bot->stop(), 0) << "SIGTERM stops it cleanly\n" << bot->log();
}

// The engine is killed mid-game: the bot starts it again, replays the board into it and the
// game ends by the rules.  An invitation outside the bot's games and options is declined.
TEST_F(BotBridgeTest, AnEngineKilledMidGameIsRestartedAndTheGameEnds) {
  auto bot = start_bot({"--games", "n-mesh,ndengrod", "--accept", "size=4|5"});
  const long long epoxy = invite("epoxy", {{"size", "xs"}});
  const long long big = invite("n-mesh", {{"size", 9}});
  invite("n-mesh", {{"size", 5}});
  const std::vector<long long> boards = boards_started(1);
  ASSERT_EQ(boards.size(), 1u) << bot->log();
  pid_t killed = -1;
  const auto finished = play_out(boards, 40, [&](int moves) {
    if (moves != 3) return;
    killed = bot->engine();
    ASSERT_GT(killed, 0) << "the engine runs as the bot's child";
    kill(killed, SIGKILL);
  });
  ASSERT_EQ(finished.size(), 1u) << bot->log();
  const json& view = finished.begin()->second;
  EXPECT_EQ(view.value("end_reason", "").find("time"), std::string::npos) << view.value("end_reason", "");
  EXPECT_EQ(view.value("end_reason", "").find("resign"), std::string::npos) << view.value("end_reason", "");
  ASSERT_GT(killed, 0);
  EXPECT_NE(bot->engine(), killed) << "a new engine runs";
  const std::string log = bot->log();
  EXPECT_NE(log.find("restarting the engine"), std::string::npos) << log;
  EXPECT_NE(log.find("invitation " + std::to_string(epoxy) + " from alice (epoxy) declined: this bot plays n-mesh, ndengrod only"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("invitation " + std::to_string(big) + " from alice (n-mesh) declined: size=9: this bot plays size=4|5"),
            std::string::npos)
      << log;
  // Declined on the server: alice's open invitations hold neither any more.
  for (const json& open : get("/api/offers?user=alice", alice_).json.value("offers", json::array()))
    EXPECT_TRUE(open.value("id", 0LL) != epoxy && open.value("id", 0LL) != big) << open.dump();
}

}  // namespace
}  // namespace ludus::server::testing
