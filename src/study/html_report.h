// SPDX-License-Identifier: Apache-2.0
#pragma once
// The `ludus analyze --report DIR` page: one self-contained HTML file (styles inline, SVG
// figures inline, nothing fetched) holding the analysis's tables and plots in order.
#include <string>
#include <vector>

namespace ludus::study {

struct ReportTable {
  std::string caption;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};

struct ReportFigure {
  std::string caption;
  std::string svg;  // a complete <svg> element
};

// A block of the page: a heading, paragraphs of plain text, tables, then figures.
struct ReportSection {
  std::string heading;
  std::vector<std::string> paragraphs;
  std::vector<ReportTable> tables;
  std::vector<ReportFigure> figures;
};

std::string html_report(const std::string& title, const std::vector<ReportSection>& sections);

}  // namespace ludus::study
