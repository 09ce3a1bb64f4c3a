// SPDX-License-Identifier: Apache-2.0
#include "core/conformance.h"

#include <algorithm>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/history.h"
#include "core/record.h"
#include "core/sgf.h"
#include "core/text.h"

namespace ludus {
namespace {

// Malformed input is reported by throwing a one-line LudusError, caught in checked().
[[noreturn]] void bad(const std::string& what) { throw LudusError(what); }

std::string join(const std::set<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : " ") + s;
  return out;
}

const nlohmann::json& required(const nlohmann::json& object, const char* name, const std::string& where = "") {
  auto it = object.find(name);
  if (it == object.end()) bad(where + "missing \"" + name + "\"");
  return *it;
}

std::set<std::string> legal_set(const nlohmann::json& ply, const std::string& where) {
  const auto& legal = required(ply, "legal", where);
  if (!legal.is_array() || !std::all_of(legal.begin(), legal.end(), [](const auto& m) { return m.is_string(); }))
    bad(where + "\"legal\" is not an array of strings");
  std::set<std::string> moves;
  for (const auto& m : legal) moves.insert(m.get<std::string>());
  return moves;
}

// The first difference between a conformance game and the rules, or "" when it replays.
std::string conformance_failure(const nlohmann::json& record) {
  History history(record_game(record));
  const auto& plies = required(record, "plies");
  if (!plies.is_array()) bad("\"plies\" is not an array");
  const auto& stated_result = required(record, "result");
  if (!stated_result.is_string()) bad("\"result\" is not a string");
  const std::string expected_result = stated_result.get<std::string>();
  for (size_t i = 0; i < plies.size(); ++i) {
    const std::string name = "ply " + std::to_string(i + 1);
    if (!plies[i].is_object()) bad(name + " is not an object");
    const std::set<std::string> expected = legal_set(plies[i], name + ": ");
    const auto& move = required(plies[i], "move", name + ": ");
    if (!move.is_string()) bad(name + ": \"move\" is not a string");
    const State& state = history.state();
    auto where = [&] { return name + " (" + describe_status(state) + ")\n" + state.render(); };
    if (state.is_terminal()) return "game over before " + where();
    std::set<std::string> actual;
    for (Action a : state.legal_actions()) actual.insert(state.action_to_text(a));
    if (expected != actual) {
      std::set<std::string> missing, extra;
      std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                          std::inserter(missing, missing.end()));
      std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                          std::inserter(extra, extra.end()));
      return "legal moves differ at " + where() + "missing: " + join(missing) + "\nextra: " + join(extra);
    }
    try {
      history.play(move.get<std::string>());
    } catch (const LudusError& e) {
      return std::string(e.what()) + " at " + where();
    }
  }
  if (!history.state().is_terminal())
    return "game not over after the last ply (expected " + expected_result + ")\n" + history.state().render();
  if (history.result_text() != expected_result)
    return "result " + history.result_text() + ", expected " + expected_result + " (" + history.status() + ")\n" +
           history.state().render();
  return "";
}

// A JSON game checked as a conformance game, or (unless `conformance_only`) as a ludus
// record when it has no "plies".
ConformanceGameResult checked(const std::string& text, bool conformance_only) {
  ConformanceGameResult result;
  try {
    const auto record = nlohmann::json::parse(text, nullptr, false);
    if (record.is_discarded()) bad("not valid JSON");
    if (!record.is_object()) bad("not a JSON object");
    if (auto game = record.find("game"); game != record.end() && game->is_string()) result.game = *game;
    if (conformance_only || record.contains("plies")) {
      result.failure = conformance_failure(record);
    } else {
      if (!record.contains("moves")) bad("neither \"plies\" (a conformance game) nor \"moves\" (a ludus record)");
      record_from_json(record);  // replays and checks the stated ending and result
    }
  } catch (const LudusError& e) {
    result.failure = e.what();
  } catch (const nlohmann::json::exception&) {
    result.failure = "malformed JSON value";  // never the library's own text
  }
  result.passed = result.failure.empty();
  return result;
}

void tally(ConformanceSummary& summary, std::ostream& out, const std::string& where, const ConformanceGameResult& r) {
  if (r.passed) {
    ++summary.passed;
    return;
  }
  ++summary.failed;
  out << where << ": " << (r.game.empty() ? "" : r.game + ": ") << r.failure << "\n";
}

ConformanceSummary verify_sgf(const std::string& path, const std::string& text, std::ostream& out) {
  ConformanceSummary summary;
  std::vector<SgfTree> trees;
  try {
    trees = parse_sgf(text);
  } catch (const LudusError& e) {
    tally(summary, out, path, {false, "", e.what()});
    return summary;
  }
  for (size_t i = 0; i < trees.size(); ++i) {
    ConformanceGameResult r;
    try {
      history_from_sgf(trees[i]);
      r.passed = true;
    } catch (const LudusError& e) {
      r.failure = e.what();
    }
    tally(summary, out, path + ": game " + std::to_string(i + 1), r);
  }
  return summary;
}

bool spans_several_lines(std::string_view text) { return trim(text).find('\n') != std::string_view::npos; }

}  // namespace

ConformanceGameResult verify_conformance_game(const std::string& json_line) { return checked(json_line, true); }

ConformanceGameResult verify_json_game(const std::string& json_text) { return checked(json_text, false); }

ConformanceSummary verify_conformance_file(const std::string& path, std::ostream& out) {
  ConformanceSummary summary;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    out << path << ": cannot open file\n";
    summary.failed = 1;
    return summary;
  }
  std::stringstream contents;
  contents << in.rdbuf();
  const std::string text = contents.str();
  if (looks_like_sgf(text)) return verify_sgf(path, text, out);
  if (spans_several_lines(text) && nlohmann::json::accept(text)) {  // one record over several lines
    tally(summary, out, path, verify_json_game(text));
    return summary;
  }
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number)
    if (!trim(line).empty()) tally(summary, out, path + ":" + std::to_string(number), verify_json_game(line));
  return summary;
}

}  // namespace ludus
