// SPDX-License-Identifier: Apache-2.0
// The drawn outputs: the opening map on each board family, the per-metric comparison
// chart of a sweep, the board graph behind BoardCoverageFull, the skill trace's
// arithmetic and the offline HTML report.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/registry.h"
#include "core/geometry.h"
#include "study/board_graph.h"
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

Metric balance_of(double value, double low, double high) { return Metric{"balance", "Balance", MetricUnit::kShare, value, kUnknown, low, high}; }

// The x coordinates of the chart's points, in drawing order.
std::vector<double> circle_xs(const std::string& svg) {
  std::vector<double> xs;
  for (size_t at = svg.find("<circle cx=\""); at != std::string::npos; at = svg.find("<circle cx=\"", at + 1))
    xs.push_back(std::stod(svg.substr(at + 12)));
  return xs;
}

TEST(MetricChart, SweptOptionToScaleOneLinePerAiWithBandsAndLegend) {
  // Sizes 4, 5 and 7 (not evenly spaced) played by easy and by the random baseline.
  std::vector<ChartPoint> points;
  for (const char* size : {"4", "5", "7"})
    for (const char* ai : {"easy", "random"})
      points.push_back({{{"size", size}}, ai, balance_of(ai[0] == 'e' ? 0.8 : 0.5, 0.7, 0.9)});
  const std::string svg = metric_chart_svg("Balance", points);
  EXPECT_EQ(count(svg, "<polyline"), 2u);  // one line per AI, never one through every point
  EXPECT_EQ(count(svg, "<polygon"), 2u);   // a 95% band per line
  EXPECT_EQ(count(svg, "stroke-dasharray"), 2u);  // the baseline, in the legend and as a line
  EXPECT_NE(svg.find(">easy<"), std::string::npos);
  EXPECT_NE(svg.find(">random<"), std::string::npos);
  EXPECT_NE(svg.find("bands: 95% interval"), std::string::npos);
  EXPECT_NE(svg.find(">size<"), std::string::npos);  // the x axis is the swept option
  EXPECT_NE(svg.find("easy size=5: 80.0% [70-90]"), std::string::npos);
  // To scale: 5 -> 7 is twice as far as 4 -> 5.
  const auto xs = circle_xs(svg);
  ASSERT_EQ(xs.size(), 6u);  // easy 4 5 7, then random 4 5 7
  EXPECT_NEAR(xs[2] - xs[1], 2 * (xs[1] - xs[0]), 0.2);
  EXPECT_NEAR(xs[3], xs[0], 1e-9);  // both AIs at the same x
}

TEST(MetricChart, SecondSweptOptionGivesSmallMultiplesAndWordsGiveWhiskers) {
  std::vector<ChartPoint> points;
  for (const char* size : {"4", "5"})
    for (const char* swap : {"on", "off"}) points.push_back({{{"size", size}, {"swap", swap}}, "easy", balance_of(0.6, 0.5, 0.7)});
  const std::string grid = metric_chart_svg("Balance", points);
  EXPECT_EQ(count(grid, "fill=\"none\" stroke=\"#444\""), 2u);  // two panels
  EXPECT_NE(grid.find(">swap=on<"), std::string::npos);
  EXPECT_NE(grid.find(">swap=off<"), std::string::npos);
  EXPECT_EQ(count(grid, "<polyline"), 2u);  // a line in each panel
  // Words on the x axis: evenly spaced, each interval a whisker, no band.
  std::vector<ChartPoint> words = {{{{"swap", "on"}}, "easy", balance_of(0.6, 0.5, 0.7)},
                                   {{{"swap", "off"}}, "easy", balance_of(0.4, 0.3, 0.5)}};
  const std::string svg = metric_chart_svg("Balance", words);
  EXPECT_EQ(count(svg, "<polygon"), 0u);
  EXPECT_EQ(count(svg, "<path d="), 2u);
  EXPECT_NE(svg.find("whiskers: 95% interval"), std::string::npos);
}

TEST(MetricChart, UnknownValuesBreakTheLineAndAnEmptyPanelSaysNa) {
  Metric unknown = balance_of(kUnknown, kUnknown, kUnknown);
  std::vector<ChartPoint> points = {{{{"size", "4"}}, "easy", balance_of(0.8, 0.7, 0.9)},
                                    {{{"size", "5"}}, "easy", unknown},
                                    {{{"size", "6"}}, "easy", balance_of(0.6, 0.5, 0.7)}};
  const std::string svg = metric_chart_svg("Balance", points);
  EXPECT_EQ(count(svg, "<circle"), 2u);
  EXPECT_EQ(count(svg, "<polyline"), 0u);  // no line across the unknown value
  EXPECT_EQ(count(svg, "<path d="), 2u);   // lone points keep their whiskers
  const std::string none = metric_chart_svg("Balance", {{{}, "random", unknown}});
  EXPECT_NE(none.find(">n/a<"), std::string::npos);
}

TEST(BoardGraph, VerticesEdgesAndFacesOfEachKindOfBoard) {
  // Square cells 6 x 6: 7 x 7 corners, 2 * 6 * 7 sides, 36 cells.
  const BoardGraph mesh = board_graph(Geometry::square(6, 6), StoneSites::Cells);
  EXPECT_EQ(mesh.vertices, 49);
  EXPECT_EQ(mesh.edges, 84);
  EXPECT_EQ(mesh.faces, 36);
  // Square points 3 x 3: 9 points, 12 lines, 4 squares.
  const BoardGraph grid = board_graph(Geometry::square(3, 3), StoneSites::Points);
  EXPECT_EQ(grid.elements(), 9 + 12 + 4);
  // Hex-hex of side 5 as cells: 6 s^2 corners, 9 s^2 - 3 s sides, 61 cells.
  const BoardGraph hexes = board_graph(Geometry::hexhex(5), StoneSites::Cells);
  EXPECT_EQ(hexes.vertices, 150);
  EXPECT_EQ(hexes.edges, 210);
  EXPECT_EQ(hexes.faces, 61);
  // Limping hexagon n = 3: 18 cells; sides of 2 and 4 cells have 3 and 7 boundary edges,
  // so 30 boundary edges, (6 * 18 + 30) / 2 = 69 edges and, by Euler, 1 + 69 - 18 = 52 corners.
  const BoardGraph limping = board_graph(Geometry::limping(3), StoneSites::Cells);
  EXPECT_EQ(limping.faces, 18);
  EXPECT_EQ(limping.edges, 69);
  EXPECT_EQ(limping.vertices, 52);
  // Hex-hex of side 2 as points: 7 points, 12 lines, 6 triangles.
  const BoardGraph star = board_graph(Geometry::hexhex(2), StoneSites::Points);
  EXPECT_EQ(star.vertices, 7);
  EXPECT_EQ(star.edges, 12);
  EXPECT_EQ(star.faces, 6);
  EXPECT_EQ(make_game("trellis")->info().stones_on, StoneSites::Points);
  EXPECT_EQ(make_game("epoxy")->info().stones_on, StoneSites::Points);
  EXPECT_EQ(make_game("n-mesh")->info().stones_on, StoneSites::Cells);
  EXPECT_EQ(metric_context(*make_game("n-mesh", {{"size", "6"}})).board_elements, 169);
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
