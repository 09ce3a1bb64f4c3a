// SPDX-License-Identifier: Apache-2.0
// Typed turns give the same game through every front end: `ludus show` (the CLI's
// moves), GTP (`play COLOUR TURN`) and the play server (`ludus pbm move`), because all
// three go through core History::play_turn.  Each scenario covers one way a turn can
// differ from one stone: Epoxy's two actions and a second-action pass, Trellis's two
// stones, its three-turn opening and swap, the N-Mesh and Ndengrod pie swaps.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_test_support.h"
#include "core/history.h"
#include "core/registry.h"

namespace ludus::testing {
namespace {

struct Scenario {
  std::string game;
  std::vector<std::string> options;  // "size=7"
  std::vector<std::string> turns;    // as a person types them
  std::vector<std::string> plies;    // the canonical plies they make
};

std::ostream& operator<<(std::ostream& out, const Scenario& s) { return out << s.game; }

std::vector<Scenario> scenarios() {
  return {
      {"epoxy", {}, {"a3", "h8,pass", "b2,a2"}, {"a3", "h8", "pass", "b2", "a2"}},
      {"trellis", {"size=7"}, {"d4", "a1", "g7", "swap", "d5,c3", "e2"}, {"d4", "a1", "g7", "swap", "c3,d5", "e2"}},
      {"n-mesh", {"size=5"}, {"c3", "swap", "a1"}, {"c3", "swap", "a1"}},
      {"ndengrod", {"size=4"}, {"d4", "swap", "c3"}, {"d4", "swap", "c3"}},
      {"netted", {}, {"c3", "e5"}, {"c3", "e5"}},
  };
}

std::map<std::string, std::string> option_map(const Scenario& s) { return parse_option_assignments(s.options); }

// The colour to move before each typed turn, by name (GTP's `play` names it).
std::vector<std::string> turn_colours(const Scenario& s) {
  History h(make_game(s.game, option_map(s)));
  std::vector<std::string> colours;
  for (const auto& turn : s.turns) {
    colours.push_back(h.game().colour_name(h.next_mover().colour));
    h.play_turn(turn);
  }
  return colours;
}

std::vector<std::string> with_options(std::vector<std::string> args, const Scenario& s) {
  for (const auto& o : s.options) args.insert(args.end(), {"-o", o});
  return args;
}

nlohmann::json show_record(const Scenario& s) {
  auto args = with_options({"show", s.game, "--json"}, s);
  args.insert(args.end(), s.turns.begin(), s.turns.end());
  auto r = run_ludus(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

nlohmann::json gtp_record(const Scenario& s) {
  std::string script;
  auto colours = turn_colours(s);
  for (size_t i = 0; i < s.turns.size(); ++i) script += "play " + colours[i] + " " + s.turns[i] + "\n";
  script += "ludus-record\n";
  auto r = run_ludus(with_options({"gtp", s.game}, s), script);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto lines = lines_of(r.out);
  for (const auto& line : lines) EXPECT_NE(line.rfind("?", 0), 0u) << r.out;
  for (const auto& line : lines)
    if (line.rfind("= {", 0) == 0) return nlohmann::json::parse(line.substr(2));
  ADD_FAILURE() << "no record in " << r.out;
  return {};
}

// Plays the scenario on a server database through `ludus pbm`; returns the record of
// `history`, or the first error line.
nlohmann::json server_record(const Scenario& s, const std::string& db, const std::vector<std::string>& turns) {
  auto pbm = [&](std::vector<std::string> words) {
    words.insert(words.begin(), {"pbm", "--db", db, "--test-hashing"});
    return run_ludus(words);
  };
  EXPECT_EQ(pbm({"signup", "alice", "pw-alice1"}).exit_code, 0);
  EXPECT_EQ(pbm({"signup", "bob", "pw-bob-12"}).exit_code, 0);
  EXPECT_EQ(pbm({"limit", "bob", "pw-bob-12", "all"}).exit_code, 0);  // the board starts at once
  std::vector<std::string> challenge = {s.game, "challenge"};
  for (const auto& o : s.options) challenge.push_back("-" + o);
  challenge.insert(challenge.end(), {"alice", "bob", "pw-alice1"});
  EXPECT_EQ(pbm(challenge).exit_code, 0);
  History h(make_game(s.game, option_map(s)));
  for (const auto& turn : turns) {
    const bool alice = h.next_mover().seat == 0;
    auto r = pbm({"move", "1", alice ? "alice" : "bob", alice ? "pw-alice1" : "pw-bob-12", turn});
    if (r.exit_code != 0) return {{"error", r.err}};
    h.play_turn(turn);
  }
  auto history = pbm({"history", "1"});
  const auto at = history.out.find("Record: ");
  EXPECT_NE(at, std::string::npos) << history.out;
  return nlohmann::json::parse(lines_of(history.out.substr(at + 8)).at(0));
}

class TypedTurnsInEveryFrontEnd : public ::testing::TestWithParam<Scenario> {};

TEST_P(TypedTurnsInEveryFrontEnd, SameGameThroughShowGtpAndServer) {
  const Scenario& s = GetParam();
  LUDUS_REQUIRE_GAME(s.game);
  History direct(make_game(s.game, option_map(s)));
  direct.play_moves(s.turns);
  ASSERT_EQ(direct.moves(), s.plies);

  const nlohmann::json plies = s.plies;
  EXPECT_EQ(show_record(s)["moves"], plies);
  EXPECT_EQ(gtp_record(s)["moves"], plies);
  auto dir = scratch_dir();
  EXPECT_EQ(server_record(s, (dir / "server.db").string(), s.turns)["moves"], plies);
  std::filesystem::remove_all(dir);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, TypedTurnsInEveryFrontEnd, ::testing::ValuesIn(scenarios()),
                         [](const auto& info) { return info.param.game == "n-mesh" ? "nmesh" : info.param.game; });

// Grey's turn ends with its pass; "a2,pass,b5" would also play Maroon's next action.
// Every front end refuses the whole text and plays none of it.
TEST(TypedTurns, TextRunningPastTheTurnIsRefusedEverywhere) {
  LUDUS_REQUIRE_GAME("epoxy");
  const std::string expected = "illegal move 'h8,pass,b2': more moves than the turn has";
  auto show = run_ludus({"show", "epoxy", "a3", "h8,pass,b2"});
  expect_usage_error(show, expected);

  auto gtp = run_ludus({"gtp", "epoxy"}, "play maroon a3\nplay grey h8,pass,b2\nludus-record\n");
  EXPECT_TRUE(contains(gtp.out, "? " + expected)) << gtp.out;
  EXPECT_TRUE(contains(gtp.out, "\"moves\":[\"a3\"]")) << gtp.out;

  auto play = run_ludus({"play", "epoxy", "--maroon", "human", "--grey", "human"}, "a3\nh8,pass,b2\nquit\n");
  EXPECT_TRUE(contains(play.out, "error: " + expected)) << play.out;
  EXPECT_TRUE(contains(play.out, "\"moves\":[\"a3\"]")) << play.out;

  auto dir = scratch_dir();
  Scenario s{"epoxy", {}, {}, {}};
  auto refused = server_record(s, (dir / "server.db").string(), {"a3", "h8,pass,b2"});
  EXPECT_TRUE(contains(refused.value("error", ""), expected)) << refused.dump();
  auto history = run_ludus({"pbm", "--db", (dir / "server.db").string(), "history", "1"});
  EXPECT_TRUE(contains(history.out, "\"moves\":[\"a3\"]")) << history.out;
  std::filesystem::remove_all(dir);
}

// Half of Grey's turn is refused by GTP and the play server, with the whole form, and
// nothing of it is played or stored; `ludus play` takes it and asks for the rest.
TEST(TypedTurns, HalfATurnIsRefusedWhereAMoveIsSent) {
  LUDUS_REQUIRE_GAME("epoxy");
  const std::string expected = "illegal move 'h8': not a whole turn; send all of it, e.g. 'h8,pass'";
  auto gtp = run_ludus({"gtp", "epoxy"}, "play maroon a3\nplay grey h8\nludus-record\nplay grey h8,pass\nludus-record\n");
  EXPECT_TRUE(contains(gtp.out, "? " + expected)) << gtp.out;
  EXPECT_TRUE(contains(gtp.out, "\"moves\":[\"a3\"]")) << gtp.out;
  EXPECT_TRUE(contains(gtp.out, "\"moves\":[\"a3\",\"h8\",\"pass\"]")) << gtp.out;

  auto dir = scratch_dir();
  const std::string db = (dir / "server.db").string();
  Scenario s{"epoxy", {}, {}, {}};
  auto refused = server_record(s, db, {"a3", "h8"});
  EXPECT_TRUE(contains(refused.value("error", ""), expected)) << refused.dump();
  auto history = run_ludus({"pbm", "--db", db, "history", "1"});
  EXPECT_TRUE(contains(history.out, "\"moves\":[\"a3\"]")) << history.out;
  auto whole = run_ludus({"pbm", "--db", db, "--test-hashing", "move", "1", "bob", "pw-bob-12", "h8,pass"});
  EXPECT_EQ(whole.exit_code, 0) << whole.err;
  std::filesystem::remove_all(dir);

  auto play = run_ludus({"play", "epoxy", "--maroon", "human", "--grey", "human"}, "a3\nh8\npass\nquit\n");
  EXPECT_TRUE(contains(play.out, "grey (second player, human) after h8: the second action, or pass to end the turn> "))
      << play.out;
  EXPECT_TRUE(contains(play.out, "\"moves\":[\"a3\",\"h8\",\"pass\"]")) << play.out;
}

// Undo in the terminal and in GTP goes back to the start of a whole turn (both of
// Epoxy's actions), never into the middle of one.
TEST(TypedTurns, UndoTakesBackWholeTurns) {
  LUDUS_REQUIRE_GAME("epoxy");
  auto gtp = run_ludus({"gtp", "epoxy"}, "play maroon a3\nplay grey h8,pass\nundo\nludus-record\n");
  EXPECT_TRUE(contains(gtp.out, "\"moves\":[\"a3\"]")) << gtp.out;
  auto play = run_ludus({"play", "epoxy", "--maroon", "human", "--grey", "human"}, "a3\nh8,pass\nundo\nquit\n");
  EXPECT_TRUE(contains(play.out, "Took back 1 turn.")) << play.out;
}

}  // namespace
}  // namespace ludus::testing
