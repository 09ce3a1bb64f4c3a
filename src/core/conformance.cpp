#include "core/conformance.h"

#include <algorithm>
#include <fstream>
#include <ostream>
#include <set>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/history.h"
#include "core/registry.h"

namespace ludus {
namespace {

std::string join(const std::set<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : " ") + s;
  return out;
}

}  // namespace

ConformanceGameResult verify_conformance_game(const std::string& json_line) {
  ConformanceGameResult result;
  try {
    auto record = nlohmann::json::parse(json_line);
    result.game = record.at("game").get<std::string>();
    std::map<std::string, std::string> options;
    if (record.contains("options"))
      for (const auto& [k, v] : record.at("options").items()) options[k] = v.get<std::string>();
    History history(make_game(result.game, options));
    const auto& plies = record.at("plies");
    for (size_t i = 0; i < plies.size(); ++i) {
      const State& state = history.state();
      auto where = [&] {
        return "ply " + std::to_string(i + 1) + " (" + describe_status(state) + ")\n" + state.render();
      };
      if (state.is_terminal()) {
        result.failure = "game over before " + where();
        return result;
      }
      std::set<std::string> expected, actual;
      for (const auto& m : plies[i].at("legal")) expected.insert(m.get<std::string>());
      for (Action a : state.legal_actions()) actual.insert(state.action_to_text(a));
      if (expected != actual) {
        std::set<std::string> missing, extra;
        std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                            std::inserter(missing, missing.end()));
        std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                            std::inserter(extra, extra.end()));
        result.failure = "legal moves differ at " + where() + "missing: " + join(missing) +
                         "\nextra: " + join(extra);
        return result;
      }
      std::string move = plies[i].at("move").get<std::string>();
      try {
        history.play(move);
      } catch (const LudusError& e) {
        result.failure = std::string(e.what()) + " at " + where();
        return result;
      }
    }
    std::string expected_result = record.at("result").get<std::string>();
    if (!history.state().is_terminal()) {
      result.failure = "game not over after the last ply (expected " + expected_result + ")\n" +
                       history.state().render();
      return result;
    }
    if (history.result_text() != expected_result) {
      result.failure = "result " + history.result_text() + ", expected " + expected_result + " (" +
                       history.status() + ")\n" + history.state().render();
      return result;
    }
    result.passed = true;
  } catch (const LudusError& e) {
    result.failure = e.what();
  } catch (const nlohmann::json::exception& e) {
    result.failure = std::string("malformed record: ") + e.what();
  }
  return result;
}

ConformanceSummary verify_conformance_file(const std::string& path, std::ostream& out) {
  ConformanceSummary summary;
  std::ifstream in(path);
  if (!in) {
    out << path << ": cannot open file\n";
    summary.failed = 1;
    return summary;
  }
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto r = verify_conformance_game(line);
    if (r.passed) {
      ++summary.passed;
    } else {
      ++summary.failed;
      out << path << ":" << number << ": " << (r.game.empty() ? "" : r.game + ": ") << r.failure << "\n";
    }
  }
  return summary;
}

}  // namespace ludus
