// SPDX-License-Identifier: Apache-2.0
// The outputs of `ludus analyze`: text tables, JSON, the --plot SVG, the opening map and
// the HTML report, all from an AnalysisResult.
#include <algorithm>
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

// Prints `t` as aligned columns, the caption first unless `with_caption` is false: the
// first column (and with `text_last` the last one) aligned left, the others right.
void print_table(const study::ReportTable& t, std::ostream& out, bool with_caption = true, bool text_last = false) {
  std::vector<size_t> widths(t.header.size(), 0);
  // Characters, not bytes ("±" is two bytes of UTF-8), as fmt pads them.
  auto width = [](const std::string& text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xc0) != 0x80; }));
  };
  auto measure = [&](const std::vector<std::string>& row) {
    for (size_t i = 0; i < row.size() && i < widths.size(); ++i) widths[i] = std::max(widths[i], width(row[i]));
  };
  measure(t.header);
  for (const auto& row : t.rows) measure(row);
  if (with_caption) out << "\n" << t.caption << ":\n";
  auto line = [&](const std::vector<std::string>& row) {
    std::string text = " ";
    for (size_t i = 0; i < row.size(); ++i)
      text += i == 0 || (text_last && i + 1 == row.size()) ? fmt::format("{}{:<{}}", i ? "  " : " ", row[i], widths[i])
                                                           : fmt::format("  {:>{}}", row[i], widths[i]);
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out << text << "\n";
  };
  line(t.header);
  for (const auto& row : t.rows) line(row);
}

// What the Ludii column shows for a metric: its value under Ludii's definition, "same"
// when the definitions agree, nothing for ludus's own metrics.
std::string ludii_column(const study::Metric& m) {
  if (m.ludii) return study::format_value(m.ludii->value, m.ludii->unit);
  return m.ludii_class.empty() ? "" : "same";
}

// One setting's metrics: ludus's value, Ludii's beside it, and Ludii's metric.
study::ReportTable metric_table(const AnalyzedSetting& setting) {
  study::ReportTable t;
  t.caption = "Metrics" + (setting.label.empty() ? std::string() : ", " + setting.label);
  t.header = {"metric", "ludus", "Ludii's definition", "Ludii metric"};
  for (const auto& m : setting.metrics) t.rows.push_back({m.title, study::format_metric(m), ludii_column(m), m.ludii_class});
  return t;
}

// Short column names of the aggregates for the terminal, in SeriesAggregate order.
constexpr const char* kShortAggregateNames[study::kSeriesAggregates] = {"avg",   "median", "max",   "min", "var", "chg",
                                                                          "sign", "slope",  "turns", "up",  "down"};

// Ludii's aggregates of the series along a game, one row per series metric measured;
// `short_names` for the terminal (print_setting explains them).
study::ReportTable aggregates_table(const AnalyzedSetting& setting, bool short_names) {
  study::ReportTable t;
  t.caption = "Series along a game, Ludii's aggregates" + (setting.label.empty() ? std::string() : ", " + setting.label);
  t.header = {"series"};
  for (int a = 0; a < study::kSeriesAggregates; ++a)
    t.header.push_back(short_names ? kShortAggregateNames[a] : study::aggregate_key(static_cast<study::SeriesAggregate>(a)));
  for (const auto& m : setting.metrics) {
    if (!m.aggregates || !known((*m.aggregates)[0])) continue;
    std::vector<std::string> row = {m.title};
    for (double v : *m.aggregates) row.push_back(study::format_value(v, study::MetricUnit::kNumber));
    t.rows.push_back(row);
  }
  return t;
}

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
  const SampleSummary len = summarize(s.lengths);
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
  out << "  metrics (docs/metrics.md; ± one standard deviation across games, [95% interval]; \"same\": Ludii's\n"
         "  definition agrees, so its value is ludus's):\n";
  print_table(metric_table(setting), out, false, true);
  const study::ReportTable series = aggregates_table(setting, true);
  if (!series.rows.empty()) {
    out << "  series along a game, each summarised within every game then averaged over the games as Ludii does\n"
           "  (values as they are, shares as fractions; chg: change_average, sign: change_sign, slope:\n"
           "  change_line_best_fit, turns: change_num_times, up/down: max_increase/max_decrease):\n";
    print_table(series, out, false);
  }
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
    const study::Metric* any = nullptr;
    for (const auto& s : r.settings)
      if ((any = study::find_metric(s.metrics, key))) break;
    std::vector<std::string> row = {any->title}, twin = {"  ... Ludii's definition"};
    bool differs = false;
    for (const auto& s : r.settings) {
      const study::Metric* m = study::find_metric(s.metrics, key);
      row.push_back(m ? study::format_metric(*m, with_spread) : "-");
      twin.push_back(m ? ludii_column(*m) : "-");
      differs = differs || (m && m->ludii);
    }
    t.rows.push_back(row);
    if (differs) t.rows.push_back(twin);
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

nlohmann::json number_or_null(double v) { return known(v) ? nlohmann::json(v) : nlohmann::json(); }

nlohmann::json metric_json(const study::Metric& m) {
  nlohmann::json j = {{"title", m.title}, {"value", number_or_null(m.value)}};
  if (known(m.spread)) j["spread"] = m.spread;
  if (known(m.low)) j["interval"] = {m.low, m.high};
  if (!m.ludii_class.empty()) j["ludii_metric"] = m.ludii_class;
  if (m.aggregates) {
    nlohmann::json aggregates = nlohmann::json::object();
    for (int a = 0; a < study::kSeriesAggregates; ++a)
      aggregates[study::aggregate_key(static_cast<study::SeriesAggregate>(a))] = number_or_null((*m.aggregates)[static_cast<size_t>(a)]);
    j["ludii_aggregates"] = aggregates;
  }
  return j;
}

nlohmann::json setting_json(const AnalyzedSetting& setting) {
  const study::GameSummary& s = setting.summary;
  const SampleSummary len = summarize(s.lengths);
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
  for (const auto& m : setting.metrics) {
    metrics[m.key] = metric_json(m);
    if (m.ludii) metrics[m.key + "_ludii"] = metric_json(study::ludii_twin(m));
  }
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
  std::vector<std::vector<std::pair<std::string, std::string>>> variants;  // colours go by variant
  for (const auto& s : r.settings) {
    auto it = std::find(variants.begin(), variants.end(), s.swept);
    if (it == variants.end()) it = variants.insert(variants.end(), s.swept);
    // The random baseline dashed, beside the AI's solid line of the same variant.
    const study::SeriesStyle style{static_cast<size_t>(it - variants.begin()), s.ai != r.ai};
    lengths.push_back({column_label(s, r), s.summary.lengths, style});
    branching.push_back({column_label(s, r), s.summary.branching_means(), style});
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
    charts.heading = r.settings.front().swept.empty() ? "Metrics compared across AIs" : "Metrics compared across variants";
    for (const auto& m : r.settings.front().metrics) {
      std::vector<study::ChartPoint> points;
      for (const auto& s : r.settings)
        if (const auto* found = study::find_metric(s.metrics, m.key)) points.push_back({s.swept, s.ai, *found});
      charts.figures.push_back({m.title, study::metric_chart_svg(m.title, points)});
    }
    sections.push_back(charts);
  }
  for (const auto& s : r.settings) {
    study::ReportSection details;
    details.heading = "Metrics of " + column_label(s, r) + (s.label.empty() ? " (AI " + s.ai + ")" : "");
    details.paragraphs.push_back("ludus's value, the value under Ludii's definition where it differs (\"same\" where it "
                                 "agrees), and the Ludii metric it corresponds to (docs/metrics.md).");
    details.tables.push_back(metric_table(s));
    if (study::ReportTable series = aggregates_table(s, false); !series.rows.empty()) details.tables.push_back(series);
    sections.push_back(details);
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
