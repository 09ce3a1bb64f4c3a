// The outputs of `ludus analyze`: text tables, JSON, the --plot SVG, the opening map and
// the HTML report, all from an AnalysisResult.
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "study/analysis.h"
#include "core/error.h"
#include "study/html_report.h"
#include "study/metric_chart.h"
#include "study/svg_plot.h"

namespace ludus::study {
namespace {

using study::known;

std::string column_label(const AnalyzedSetting& s, const AnalysisResult& r) { return s.label.empty() ? r.game_name : s.label; }

void print_setting(const AnalyzedSetting& setting, std::ostream& out) {
  const study::GameSummary& s = setting.summary;
  const Game& game = *setting.game;
  out << "\n" << (setting.label.empty() ? "Options" : "Setting " + setting.label) << ": " << game.options().to_string()
      << "  (" << s.games() << " games, AI " << setting.ai << ")\n";
  out << fmt::format("  {:<28}{}\n", "first player (seat)", s.first_seat.text());
  out << fmt::format("  {:<28}{}\n", "first colour (" + game.colour_name(0) + ")", s.first_colour.text());
  if (game.offers_pie()) {
    const double n = static_cast<double>(s.games());
    out << fmt::format("  swap taken in {} of {} games ({:.1f}%)\n", s.swaps, s.games(), 100 * s.swaps / n);
    out << fmt::format("    {:<26}{}\n", "first player, swap taken", s.first_seat_swap.text());
    out << fmt::format("    {:<26}{}\n", "first player, no swap", s.first_seat_no_swap.text());
  }
  const cli::SampleSummary len = cli::summarize(s.lengths);
  out << fmt::format("  {:<28}mean {:.1f}  stddev {:.1f}  min {:.0f}  median {:.1f}  max {:.0f}\n", "game length (plies)",
                     len.mean, len.stddev, len.min, len.median, len.max);
  out << "  end conditions:\n";
  std::vector<std::pair<std::string, study::EndCount>> ends(s.ends.begin(), s.ends.end());
  std::stable_sort(ends.begin(), ends.end(), [](const auto& a, const auto& b) { return a.second.games > b.second.games; });
  for (const auto& [reason, count] : ends)
    out << fmt::format("    {:<44} {:>6} {:5.1f}%   {} {}, {} {}, draw {}\n", reason, count.games,
                       100.0 * count.games / static_cast<double>(s.games()), game.colour_name(0), count.by_winner[0],
                       game.colour_name(1), count.by_winner[1], count.by_winner[2]);
  out << "  branching factor by ply (mean legal moves; games reaching the ply):\n";
  const auto means = s.branching_means();
  constexpr size_t kRow = 10, kMaxPlies = 300;
  for (size_t k = 0; k < means.size() && k < kMaxPlies; k += kRow) {
    std::string row = fmt::format("    {:>4}-{:<4}", k + 1, std::min(k + kRow, means.size()));
    for (size_t j = k; j < k + kRow && j < means.size(); ++j) row += fmt::format(" {:6.1f}", means[j]);
    out << row << fmt::format("   ({} games)\n", s.branching_games[k]);
  }
  if (means.size() > kMaxPlies) out << fmt::format("    ... up to ply {} (see --json)\n", means.size());
  out << "  metrics (docs/metrics.md; ± one standard deviation across games, [95% interval]):\n";
  for (const auto& m : setting.metrics) out << fmt::format("    {:<36}{}\n", m.title, study::format_metric(m));
}

// Metric rows, one column per setting.
study::ReportTable comparison_table(const AnalysisResult& r, bool with_spread) {
  study::ReportTable t;
  t.caption = "Metrics by variant";
  t.header.push_back("metric");
  for (const auto& s : r.settings) t.header.push_back(column_label(s, r));
  std::vector<std::string> keys;  // union, in first-seen order (pie metrics only where offered)
  for (const auto& s : r.settings)
    for (const auto& m : s.metrics)
      if (std::find(keys.begin(), keys.end(), m.key) == keys.end()) keys.push_back(m.key);
  for (const auto& key : keys) {
    std::vector<std::string> row;
    for (const auto& s : r.settings) {
      const study::Metric* m = study::find_metric(s.metrics, key);
      if (row.empty()) row.push_back(m ? m->title : key);
      row.push_back(m ? study::format_metric(*m, with_spread) : "-");
    }
    if (row.size() == 1) continue;
    // Title from any setting that has it.
    for (const auto& s : r.settings)
      if (const auto* m = study::find_metric(s.metrics, key)) row[0] = m->title;
    t.rows.push_back(row);
  }
  return t;
}

study::ReportTable skill_table(const AnalysisResult& r) {
  study::ReportTable t;
  t.caption = fmt::format("Skill trace{} (score of the stronger level; depth {})", r.skill_label.empty() ? "" : " on " + r.skill_label,
                          study::skill_depth(r.skill));
  t.header = {"weaker", "stronger", "games", "stronger's score", "95% interval"};
  for (const auto& s : r.skill) {
    const auto i = s.interval();
    t.rows.push_back({s.weaker, s.stronger, std::to_string(s.games), fmt::format("{:.1f}%", 100 * s.score()),
                      fmt::format("[{:.1f}%, {:.1f}%]", 100 * i.low, 100 * i.high)});
  }
  return t;
}

// Best and worst first moves with enough games.
study::ReportTable opening_table(const OpeningResult& o) {
  std::vector<std::pair<std::string, study::OpeningStats>> moves(o.stats.begin(), o.stats.end());
  std::stable_sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.second.score() > b.second.score(); });
  study::ReportTable t;
  t.caption = fmt::format("First moves by first-player score ({} games each{})", o.games_per_move,
                          o.label.empty() ? "" : ", " + o.label);
  t.header = {"first move", "games", "first-player score", "swapped"};
  auto add = [&t](const auto& entry) {
    t.rows.push_back({entry.first, std::to_string(entry.second.games), fmt::format("{:.0f}%", 100 * entry.second.score()),
                      std::to_string(entry.second.swaps)});
  };
  const size_t shown = 5;
  for (size_t i = 0; i < moves.size() && i < shown; ++i) add(moves[i]);
  if (moves.size() > 2 * shown) t.rows.push_back({"...", "", "", ""});
  for (size_t i = std::max(shown, moves.size() > shown ? moves.size() - shown : moves.size()); i < moves.size(); ++i) add(moves[i]);
  return t;
}

void print_table(const study::ReportTable& t, std::ostream& out) {
  std::vector<size_t> widths(t.header.size(), 0);
  auto measure = [&widths](const std::vector<std::string>& row) {
    for (size_t i = 0; i < row.size() && i < widths.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  };
  measure(t.header);
  for (const auto& row : t.rows) measure(row);
  out << "\n" << t.caption << ":\n";
  auto line = [&](const std::vector<std::string>& row) {
    std::string text = " ";
    for (size_t i = 0; i < row.size(); ++i)
      text += i == 0 ? fmt::format(" {:<{}}", row[i], widths[i]) : fmt::format("  {:>{}}", row[i], widths[i]);
    out << text << "\n";
  };
  line(t.header);
  for (const auto& row : t.rows) line(row);
}

nlohmann::json metric_json(const study::Metric& m) {
  auto number = [](double v) { return known(v) ? nlohmann::json(v) : nlohmann::json(); };
  nlohmann::json j = {{"title", m.title}, {"value", number(m.value)}};
  if (known(m.spread)) j["spread"] = m.spread;
  if (known(m.low)) j["interval"] = {m.low, m.high};
  return j;
}

nlohmann::json setting_json(const AnalyzedSetting& setting) {
  const study::GameSummary& s = setting.summary;
  const cli::SampleSummary len = cli::summarize(s.lengths);
  nlohmann::json j = {
      {"label", setting.label},
      {"ai", setting.ai},
      {"options", setting.game->options().values()},
      {"games", s.games()},
      {"first_player", s.first_seat.to_json()},
      {"first_colour", s.first_colour.to_json()},
      {"length", {{"mean", len.mean}, {"stddev", len.stddev}, {"min", len.min}, {"median", len.median}, {"max", len.max}}},
  };
  if (setting.game->offers_pie())
    j["swap"] = {{"taken", s.swaps},
                 {"rate", s.games() ? static_cast<double>(s.swaps) / static_cast<double>(s.games()) : 0.0},
                 {"first_player_with_swap", s.first_seat_swap.to_json()},
                 {"first_player_without_swap", s.first_seat_no_swap.to_json()}};
  nlohmann::json branching = nlohmann::json::array();
  const auto means = s.branching_means();
  for (size_t k = 0; k < means.size(); ++k) branching.push_back({{"ply", k + 1}, {"mean", means[k]}, {"games", s.branching_games[k]}});
  j["branching"] = branching;
  nlohmann::json ends = nlohmann::json::array();
  const Game& game = *setting.game;
  for (const auto& [reason, count] : s.ends)
    ends.push_back({{"reason", reason},
                    {"games", count.games},
                    {"winners", {{game.colour_name(0), count.by_winner[0]}, {game.colour_name(1), count.by_winner[1]}, {"draw", count.by_winner[2]}}}});
  j["end_reasons"] = ends;
  nlohmann::json metrics = nlohmann::json::object();
  for (const auto& m : setting.metrics) metrics[m.key] = metric_json(m);
  j["metrics"] = metrics;
  return j;
}

}  // namespace

void print_analysis(const AnalysisResult& r, std::ostream& out) {
  out << fmt::format("Analysis of {}: self-play by AI '{}', {} games per setting, seed {}\n", r.game_name, r.ai, r.games, r.seed);
  out << "Scores count a draw as 1/2; intervals are 95% Wilson score intervals.\n";
  for (const auto& s : r.settings) print_setting(s, out);
  if (r.settings.size() == 2 && r.settings[0].ai == r.settings[1].ai)
    out << fmt::format("\nFirst player score: {} {:.1f}% vs {} {:.1f}%\n", r.settings[0].label,
                       100 * r.settings[0].summary.first_seat.score(), r.settings[1].label,
                       100 * r.settings[1].summary.first_seat.score());
  if (r.settings.size() > 1) print_table(comparison_table(r, false), out);
  if (r.opening) print_table(opening_table(*r.opening), out);
  if (!r.skill.empty()) print_table(skill_table(r), out);
}

void print_analysis_json(const AnalysisResult& r, std::ostream& out) {
  nlohmann::json settings = nlohmann::json::array();
  for (const auto& s : r.settings) settings.push_back(setting_json(s));
  const Game& game = *r.settings.front().game;
  nlohmann::json j = {{"game", r.game_name}, {"ai", r.ai}, {"seed", r.seed}, {"games_per_setting", r.games},
                      {"colours", game.info().colours}, {"settings", settings}};
  if (r.opening) {
    nlohmann::json moves = nlohmann::json::array();
    for (const auto& [move, st] : r.opening->stats)
      moves.push_back({{"move", move}, {"games", st.games}, {"first_player_score", st.score()}, {"swaps", st.swaps}});
    j["opening"] = {{"label", r.opening->label}, {"moves", moves}};
  }
  if (!r.skill.empty()) {
    nlohmann::json steps = nlohmann::json::array();
    for (const auto& s : r.skill) {
      const auto i = s.interval();
      steps.push_back({{"weaker", s.weaker}, {"stronger", s.stronger}, {"games", s.games}, {"stronger_score", s.score()},
                       {"interval", {i.low, i.high}}});
    }
    j["skill_trace"] = {{"label", r.skill_label}, {"steps", steps}, {"depth", study::skill_depth(r.skill)}};
  }
  out << j.dump(2) << "\n";
}

std::string analysis_plot(const AnalysisResult& r) {
  std::vector<study::HistogramSeries> lengths;
  std::vector<study::LineSeries> branching;
  for (const auto& s : r.settings) {
    lengths.push_back({column_label(s, r), s.summary.lengths});
    branching.push_back({column_label(s, r), s.summary.branching_means()});
  }
  return study::analysis_plot_svg(fmt::format("{} self-play, AI {}, {} games", r.settings.front().game->info().title, r.ai, r.games),
                                  lengths, branching);
}

std::string opening_map(const OpeningResult& o, const std::string& ai) {
  return study::opening_map_svg(*o.game, o.stats, fmt::format("{}: first-player score by first move", o.game->info().title),
                                fmt::format("{}; AI {}, {} games per first move", o.game->options().to_string(), ai,
                                            o.games_per_move));
}

void write_report(const AnalysisResult& r, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw LudusError("cannot create report directory '" + dir + "': " + ec.message());
  std::vector<study::ReportSection> sections;
  study::ReportSection overview;
  overview.heading = "Overview";
  overview.paragraphs.push_back(fmt::format("Self-play by AI '{}' ({} games per setting, seed {}); every metric is defined in "
                                            "docs/metrics.md.  Shares are percentages; ± is one standard deviation across "
                                            "games; brackets are 95% Wilson intervals.",
                                            r.ai, r.games, r.seed));
  for (const auto& s : r.settings)
    overview.paragraphs.push_back(fmt::format("{}: {} (AI {})", column_label(s, r), s.game->options().to_string(), s.ai));
  overview.tables.push_back(comparison_table(r, true));
  overview.figures.push_back({"Game lengths and branching factor by ply", analysis_plot(r)});
  sections.push_back(overview);
  if (r.settings.size() > 1) {
    study::ReportSection charts;
    charts.heading = "Metrics compared across variants";
    for (const auto& m : r.settings.front().metrics) {
      std::vector<study::ChartPoint> points;
      for (const auto& s : r.settings)
        if (const auto* found = study::find_metric(s.metrics, m.key)) points.push_back({column_label(s, r), *found});
      charts.figures.push_back({m.title, study::metric_chart_svg(m.title, points)});
    }
    sections.push_back(charts);
  }
  if (r.opening) {
    study::ReportSection opening;
    opening.heading = "Opening map";
    opening.tables.push_back(opening_table(*r.opening));
    opening.figures.push_back({"Blue: the first player scores well after this first move; red: the second does.",
                               opening_map(*r.opening, r.ai)});
    sections.push_back(opening);
  }
  if (!r.skill.empty()) {
    study::ReportSection skill;
    skill.heading = "Skill trace";
    skill.tables.push_back(skill_table(r));
    sections.push_back(skill);
  }
  const auto path = std::filesystem::path(dir) / "index.html";
  std::ofstream file(path);
  file << study::html_report(fmt::format("ludus analyze: {}", r.settings.front().game->info().title), sections);
  if (!file) throw LudusError("cannot write report file '" + path.string() + "'");
}

}  // namespace ludus::study
