// The drawn outputs: the opening map on each board family, the per-metric comparison
// chart, the skill trace's arithmetic and the offline HTML report.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/registry.h"
#include "study/html_report.h"
#include "study/metric_chart.h"
#include "study/opening_map.h"
#include "study/skill_trace.h"

namespace ludus::study {
namespace {

size_t count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

GameTrace opened_with(const std::string& move, int winner, bool swap = false) {
  GameTrace t;
  t.first_move = move;
  t.winning_seat = winner;
  t.swap_taken = swap;
  return t;
}

TEST(OpeningMap, StatsPerFirstMove) {
  auto stats = opening_stats({opened_with("a1", 0), opened_with("a1", kDraw), opened_with("b2", 1, true)});
  ASSERT_EQ(stats.size(), 2u);
  EXPECT_EQ(stats["a1"].games, 2);
  EXPECT_DOUBLE_EQ(stats["a1"].score(), 0.75);  // a win and a draw
  EXPECT_DOUBLE_EQ(stats["b2"].score(), 0.0);
  EXPECT_EQ(stats["b2"].swaps, 1);
}

TEST(OpeningMap, SquareBoardCellsColouredByScore) {
  auto game = make_game("n-mesh", {{"size", "4"}});
  auto stats = opening_stats({opened_with("a1", 0), opened_with("d4", 1, true)});
  const std::string svg = opening_map_svg(*game, stats, "N-Mesh <4>");
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_EQ(count(svg, "<rect x="), 16u + 21u);  // 16 cells, 21 legend swatches
  EXPECT_EQ(count(svg, "fill=\"#1f77b4\""), 2u);  // a1 (first player won) and the legend's end
  EXPECT_EQ(count(svg, "fill=\"#d62728\""), 2u);  // d4 (second player won) and the legend's start
  EXPECT_NE(svg.find("a1: first player 100% in 1 games"), std::string::npos);
  EXPECT_NE(svg.find("d4: first player 0% in 1 games, swapped 1 times"), std::string::npos);
  EXPECT_NE(svg.find("N-Mesh &lt;4&gt;"), std::string::npos);  // the title is escaped
  EXPECT_EQ(count(svg, "<circle"), 2u);  // the swap dot on d4 and the legend's (N-Mesh offers the pie)
}

TEST(OpeningMap, HexBoardsDrawHexagons) {
  auto game = make_game("ndengrod", {{"size", "3"}, {"swap", "off"}});
  const std::string svg = opening_map_svg(*game, {}, "t");
  EXPECT_EQ(count(svg, "<polygon"), 19u);  // hex-hex of side 3
  EXPECT_EQ(count(svg, "not measured"), 19u);
  EXPECT_EQ(count(svg, "<circle"), 0u);  // no pie, no legend dot
}

TEST(MetricChart, OnePointPerVariantAndNaForUnknown) {
  Metric a{"balance", "Balance", MetricUnit::kShare, 0.8, kUnknown, 0.7, 0.9};
  Metric b = a;
  b.value = kUnknown;
  const std::string svg = metric_chart_svg("Balance", {{"size=5", a}, {"size=7", b}});
  EXPECT_EQ(count(svg, "<circle"), 1u);
  EXPECT_NE(svg.find(">n/a<"), std::string::npos);
  EXPECT_NE(svg.find("size=5: 80.0% [70-90]"), std::string::npos);
  EXPECT_NE(svg.find(">size=7<"), std::string::npos);
}

TEST(SkillTrace, StrongerLevelAlternatesSeats) {
  // The stronger level holds seats 0, 1, 0, 1; winners 0, 0, 1, 1: it wins games 1 and 4.
  std::vector<GameTrace> games = {opened_with("", 0), opened_with("", 0), opened_with("", 1), opened_with("", 1)};
  SkillStep step = skill_step("random", "easy", games);
  EXPECT_EQ(step.games, 4);
  EXPECT_DOUBLE_EQ(step.score(), 0.5);
  EXPECT_EQ(skill_depth({step}), 0);
  SkillStep sure{"random", "easy", 40, 40};
  EXPECT_EQ(skill_depth({sure, step, sure}), 1);  // counted until the first step that does not pay
  EXPECT_EQ(parse_ladder("random, easy,mcts:iters=100,c=0.5,medium"),
            (std::vector<std::string>{"random", "easy", "mcts:iters=100,c=0.5", "medium"}));
  EXPECT_THROW(parse_ladder("easy"), LudusError);
}

TEST(HtmlReport, OnePageWithTablesAndInlineFigures) {
  ReportSection s;
  s.heading = "Overview & more";
  s.paragraphs = {"a < b"};
  s.tables = {{"Metrics", {"metric", "size=5"}, {{"Balance", "80.0%"}}}};
  s.figures = {{"chart", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>\n"}};
  const std::string html = html_report("Report", {s});
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<h2>Overview &amp; more</h2>"), std::string::npos);
  EXPECT_NE(html.find("<p>a &lt; b</p>"), std::string::npos);
  EXPECT_NE(html.find("<th>size=5</th>"), std::string::npos);
  EXPECT_NE(html.find("<td>80.0%</td>"), std::string::npos);
  EXPECT_NE(html.find("<figure>\n<svg"), std::string::npos);
  for (const char* outside : {"<script", "src=", "href=", "@import", "<link"}) EXPECT_EQ(html.find(outside), std::string::npos);
}

}  // namespace
}  // namespace ludus::study
