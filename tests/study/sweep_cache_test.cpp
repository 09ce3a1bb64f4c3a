// SPDX-License-Identifier: Apache-2.0
// Variant sweeps (ranges, repeated options, bad ranges) and the analysis cache's round
// trip, including the errors for corrupt files.
#include <gtest/gtest.h>

#include <fstream>

#include "core/error.h"
#include "study/trace_cache.h"
#include "study/variant_sweep.h"
#include "support/files.h"

namespace ludus::study {
namespace {

using ludus::testing::read_text;
using ludus::testing::scratch_dir;

std::string error_of(const std::vector<std::string>& assignments) {
  try {
    expand_sweep(assignments);
  } catch (const LudusError& e) {
    return e.what();
  }
  return "no error";
}

TEST(VariantSweep, RangesAndRepeatedOptionsGiveEveryCombination) {
  auto one = expand_sweep({"size=5"});
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].options.at("size"), "5");
  EXPECT_EQ(one[0].label, "");  // nothing varies
  auto range = expand_sweep({"size=5..7", "length=4"});
  ASSERT_EQ(range.size(), 3u);
  EXPECT_EQ(range[2].options.at("size"), "7");
  EXPECT_EQ(range[2].options.at("length"), "4");
  EXPECT_EQ(range[2].label, "size=7");
  auto stepped = expand_sweep({"--size=5..11..3"});
  ASSERT_EQ(stepped.size(), 3u);  // 5, 8, 11
  EXPECT_EQ(stepped[1].options.at("size"), "8");
  // Repeated options; the first option varies slowest; a repeated value counts once.
  auto both = expand_sweep({"size=5", "swap=on", "size=7", "swap=off", "size=5"});
  ASSERT_EQ(both.size(), 4u);
  EXPECT_EQ(both[0].label, "size=5 swap=on");
  EXPECT_EQ(both[1].label, "size=5 swap=off");
  EXPECT_EQ(both[2].label, "size=7 swap=on");
  EXPECT_EQ(both[3].label, "size=7 swap=off");
  EXPECT_TRUE(expand_sweep({}).size() == 1 && expand_sweep({})[0].options.empty());
}

TEST(VariantSweep, BadRangesAreOneLineErrors) {
  EXPECT_EQ(error_of({"size=9..5"}), "bad option range 'size=9..5': the end is below the start");
  EXPECT_EQ(error_of({"size=a..5"}), "bad option range 'size=a..5': expected integers FIRST..LAST or FIRST..LAST..STEP");
  EXPECT_EQ(error_of({"size=5.."}), "bad option range 'size=5..': expected integers FIRST..LAST or FIRST..LAST..STEP");
  EXPECT_EQ(error_of({"size=5..9..-1"}), "bad option range 'size=5..9..-1': the step must be a positive integer");
  EXPECT_EQ(error_of({"size=1..1000"}), "bad option range 'size=1..1000': more than 100 values");
  EXPECT_EQ(error_of({"a=1..20", "b=1..20"}), "the option sweep has more than 100 variants; sweep fewer values");
  EXPECT_EQ(error_of({"size"}), "bad option: 'size' (expected name=value)");
}

GameTrace sample_trace(int winner, int plies) {
  GameTrace t;
  for (int i = 0; i < plies; ++i) t.plies.push_back(PlyTrace{i % 2, i + 1, 10 - i});
  t.plies.front().eval = 0.75;
  t.turns = plies;
  t.winning_seat = t.winning_colour = winner;
  t.first_move = "c3";
  return t;
}

RunKey sample_key() {
  RunKey key;
  key.game = "n-mesh";
  key.options = "size=5";
  key.seat_specs[0] = key.seat_specs[1] = "easy";
  key.seed = 7;
  key.max_plies = 1000;
  return key;
}

TEST(TraceCache, RoundTripAndExtension) {
  const auto dir = scratch_dir();
  {
    TraceCache cache(dir, sample_key());
    EXPECT_EQ(cache.size(), 0u);
    cache.store(0, sample_trace(0, 3));
    cache.store(2, sample_trace(1, 5));
  }
  TraceCache again(dir, sample_key());
  ASSERT_EQ(again.size(), 2u);
  ASSERT_NE(again.find(0), nullptr);
  EXPECT_EQ(again.find(1), nullptr);
  const GameTrace* two = again.find(2);
  ASSERT_NE(two, nullptr);
  EXPECT_EQ(two->num_plies(), 5);
  EXPECT_EQ(two->winning_seat, 1);
  EXPECT_DOUBLE_EQ(two->plies[0].eval, 0.75);
  EXPECT_EQ(two->plies[4].legal, 6);
  again.store(1, sample_trace(kDraw, 2));
  EXPECT_EQ(TraceCache(dir, sample_key()).size(), 3u);
  // Another run (another seed) has its own file.
  RunKey other = sample_key();
  other.seed = 8;
  TraceCache separate(dir, other);
  EXPECT_EQ(separate.size(), 0u);
  EXPECT_NE(separate.path(), again.path());
  std::filesystem::remove_all(dir);
}

TEST(TraceCache, CorruptFilesAreErrorsNamingTheFileAndLine) {
  const auto dir = scratch_dir();
  std::filesystem::path path;
  {
    TraceCache cache(dir, sample_key());
    cache.store(0, sample_trace(0, 3));
    path = cache.path();
  }
  const std::string good = read_text(path);
  auto message = [&] {
    try {
      TraceCache cache(dir, sample_key());
    } catch (const LudusError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  std::ofstream(path, std::ios::app) << "{\"index\": 1, \"trace\": {\"plies\": 3}}\n";
  EXPECT_EQ(message().rfind("corrupt analysis cache file '" + path.string() + "' line 3: ", 0), 0u) << message();
  std::ofstream(path, std::ios::trunc) << good << "garbage\n";
  EXPECT_NE(message().find("line 3: not a JSON object (delete the file to start again)"), std::string::npos) << message();
  std::ofstream(path, std::ios::trunc) << "{\"key\": \"another run\"}\n";
  EXPECT_NE(message().find("line 1: its header names another run"), std::string::npos) << message();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ludus::study
