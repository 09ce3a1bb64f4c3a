// SPDX-License-Identifier: Apache-2.0
#include "study/html_report.h"

#include "study/svg_plot.h"

namespace ludus::study {

std::string html_report(const std::string& title, const std::vector<ReportSection>& sections) {
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + xml_escape(title) +
                  "</title>\n<style>\n"
                  "body{font-family:sans-serif;margin:2em auto;max-width:1100px;color:#222}\n"
                  "table{border-collapse:collapse;margin:1em 0}\n"
                  "th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}\n"
                  "th:first-child,td:first-child{text-align:left}\n"
                  "caption{text-align:left;font-weight:bold;padding:4px 0}\n"
                  "figure{display:inline-block;margin:8px;vertical-align:top}\n"
                  "figcaption{font-size:small;color:#555}\n"
                  "</style>\n</head>\n<body>\n<h1>" +
                  xml_escape(title) + "</h1>\n";
  for (const auto& section : sections) {
    h += "<section>\n<h2>" + xml_escape(section.heading) + "</h2>\n";
    for (const auto& p : section.paragraphs) h += "<p>" + xml_escape(p) + "</p>\n";
    for (const auto& table : section.tables) {
      h += "<table>\n<caption>" + xml_escape(table.caption) + "</caption>\n<tr>";
      for (const auto& cell : table.header) h += "<th>" + xml_escape(cell) + "</th>";
      h += "</tr>\n";
      for (const auto& row : table.rows) {
        h += "<tr>";
        for (const auto& cell : row) h += "<td>" + xml_escape(cell) + "</td>";
        h += "</tr>\n";
      }
      h += "</table>\n";
    }
    for (const auto& figure : section.figures)
      h += "<figure>\n" + figure.svg + "<figcaption>" + xml_escape(figure.caption) + "</figcaption>\n</figure>\n";
    h += "</section>\n";
  }
  return h + "</body>\n</html>\n";
}

}  // namespace ludus::study
