// SPDX-License-Identifier: Apache-2.0
#pragma once
// What `ludus analyze` measured, between the games played (cli/analyze_command.cpp on this
// machine, the Python module's ludus.study on a Dask cluster; study/analysis_plan.h says
// which) and its outputs (analysis_output.cpp: tables, JSON, plots, HTML report).
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "study/game_summary.h"
#include "study/metric.h"
#include "study/opening_map.h"
#include "study/skill_trace.h"

namespace ludus::study {

// One column of the analysis: a variant of the game played by one AI against itself.
struct AnalyzedSetting {
  std::string label;  // "size=5 swap=on", plus " random" for the baseline ("" when alone)
  std::vector<std::pair<std::string, std::string>> swept;  // the swept options: {{"size", "5"}, {"swap", "on"}}
  std::string ai;
  std::shared_ptr<const Game> game;
  std::vector<study::GameTrace> traces;
  study::GameSummary summary;
  std::vector<study::Metric> metrics;
};

struct OpeningResult {
  std::shared_ptr<const Game> game;
  std::string label;      // the variant measured
  long long games_per_move = 0;
  std::map<std::string, study::OpeningStats> stats;
};

struct AnalysisResult {
  std::string game_name;
  std::string ai;
  uint64_t seed = 1;
  long long games = 0;  // per setting
  std::vector<AnalyzedSetting> settings;
  std::optional<OpeningResult> opening;
  std::vector<study::SkillStep> skill;
  std::string skill_label;  // the variant the ladder played
};

void print_analysis(const AnalysisResult& result, std::ostream& out);
void print_analysis_json(const AnalysisResult& result, std::ostream& out);
// The lengths histogram and branching line of --plot.
std::string analysis_plot(const AnalysisResult& result);
std::string opening_map(const OpeningResult& opening, const std::string& ai);
// Writes DIR/index.html (creating DIR); throws LudusError when it cannot.
void write_report(const AnalysisResult& result, const std::string& dir);

}  // namespace ludus::study
