// SPDX-License-Identifier: Apache-2.0
// The C++ half of ludus.study (python/ludus/study.py): a designer's analysis or a match cut
// into chunks of games that any machine can play (the same games wherever they are played:
// study/analysis_plan.h, study/match.h), and the merge of every chunk's games into the same
// JSON, text and HTML report as `ludus analyze` and `ludus match` write.  Games travel
// between machines as JSON text (a GameTrace, a MatchGame).
#include <sstream>

#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include "core/error.h"
#include "core/registry.h"
#include "handles.h"
#include "study/analysis_plan.h"
#include "study/match.h"

namespace ludus::python {
namespace {

void check_range(long long first, long long count, long long games) {
  if (first < 0 || count < 0 || first + count > games)
    throw LudusError("games [" + std::to_string(first) + ", " + std::to_string(first + count) + ") are not in [0, " +
                     std::to_string(games) + ")");
}

class AnalysisStudy {
 public:
  explicit AnalysisStudy(const study::AnalysisRequest& request) : plan_(study::plan_analysis(request)) {}

  py::list batches() const {
    py::list out;
    for (const auto& b : plan_.batches) {
      py::dict d;
      d["kind"] = b.key.kind;
      d["options"] = b.key.options;
      d["seats"] = py::make_tuple(b.key.seat_specs[0], b.key.seat_specs[1]);
      d["games"] = b.games;
      out.append(d);
    }
    return out;
  }
  long long total_games() const { return plan_.total_games(); }

  std::vector<std::string> play(size_t batch, long long first, long long count) const {
    const study::GameBatch& b = plan_.batches.at(batch);
    check_range(first, count, b.games);
    std::vector<std::string> traces;
    py::gil_scoped_release release;
    for (long long i = first; i < first + count; ++i) traces.push_back(study::trace_to_json(study::play_batch_game(b, i, true)).dump());
    return traces;
  }

  // Every batch's traces, in game order.
  void finish(const std::vector<std::vector<std::string>>& texts) {
    std::vector<std::vector<study::GameTrace>> traces(texts.size());
    for (size_t b = 0; b < texts.size(); ++b)
      for (const auto& text : texts[b]) {
        nlohmann::json j;
        try {
          j = nlohmann::json::parse(text);
        } catch (const nlohmann::json::exception&) {
          throw LudusError("bad game trace: not JSON");
        }
        traces[b].push_back(study::trace_from_json(j));
      }
    result_ = study::analysis_result(plan_, std::move(traces));
    finished_ = true;
  }

  const study::AnalysisResult& result() const {
    if (!finished_) throw LudusError("the study has no result yet");
    return result_;
  }
  std::string json() const {
    std::ostringstream out;
    study::print_analysis_json(result(), out);
    return out.str();
  }
  std::string text() const {
    std::ostringstream out;
    study::print_analysis(result(), out);
    return out.str();
  }

 private:
  study::AnalysisPlan plan_;
  study::AnalysisResult result_;
  bool finished_ = false;
};

class MatchStudy {
 public:
  MatchStudy(const std::string& game, const std::map<std::string, std::string>& options, const std::string& a,
             const std::string& b, long long games, uint64_t seed, int max_plies) {
    request_.game = make_game(game, options);
    request_.a = a;
    request_.b = b;
    request_.games = games;
    request_.seed = seed;
    request_.max_plies = max_plies;
    study::check_match(request_);
  }
  long long games() const { return request_.games; }
  std::vector<std::string> play(long long first, long long count) const {
    check_range(first, count, request_.games);
    std::vector<std::string> out;
    py::gil_scoped_release release;
    for (long long i = first; i < first + count; ++i) out.push_back(study::match_game_to_json(study::play_match_game(request_, i, true)).dump());
    return out;
  }
  // (JSON, text) of the match from every game's JSON, in any order.
  std::pair<std::string, std::string> summary(const std::vector<std::string>& texts, int threads) const {
    std::vector<study::MatchGame> games;
    for (const auto& text : texts) {
      nlohmann::json j;
      try {
        j = nlohmann::json::parse(text);
      } catch (const nlohmann::json::exception&) {
        throw LudusError("bad match game: not JSON");
      }
      games.push_back(study::match_game_from_json(j));
    }
    if (static_cast<long long>(games.size()) != request_.games)
      throw LudusError("the match has " + std::to_string(games.size()) + " games, not " + std::to_string(request_.games));
    const auto summary = study::summarize_match(games);
    std::ostringstream text;
    study::print_match_summary(request_, summary, text);
    return {study::match_summary_json(request_, summary, threads).dump(2) + "\n", text.str()};
  }

 private:
  study::MatchRequest request_;
};

}  // namespace

void bind_study(py::module_& m) {
  py::class_<AnalysisStudy>(m, "_AnalysisStudy")
      .def(py::init([](const std::string& game, const std::vector<std::string>& options, const std::string& ai, long long games,
                       uint64_t seed, int max_plies, bool baseline, bool opening_map, long long opening_games,
                       const std::string& skill_ladder, long long skill_games) {
             study::AnalysisRequest r;
             r.game = game;
             r.options = options;
             r.ai = ai;
             r.games = games;
             r.seed = seed;
             r.max_plies = max_plies;
             r.baseline = baseline;
             r.opening_map = opening_map;
             r.opening_games = opening_games;
             r.skill_ladder = skill_ladder;
             r.skill_games = skill_games;
             return AnalysisStudy(r);
           }),
           py::arg("game"), py::arg("options"), py::arg("ai"), py::arg("games"), py::arg("seed"), py::arg("max_plies"),
           py::arg("baseline"), py::arg("opening_map"), py::arg("opening_games"), py::arg("skill_ladder"),
           py::arg("skill_games"))
      .def("batches", &AnalysisStudy::batches)
      .def("total_games", &AnalysisStudy::total_games)
      .def("play", &AnalysisStudy::play, py::arg("batch"), py::arg("first"), py::arg("count"))
      .def("finish", &AnalysisStudy::finish, py::arg("traces"))
      .def("json", &AnalysisStudy::json)
      .def("text", &AnalysisStudy::text)
      .def("write_report", [](const AnalysisStudy& s, const std::string& dir) { study::write_report(s.result(), dir); }, py::arg("dir"))
      .def("plot_svg", [](const AnalysisStudy& s) { return study::analysis_plot(s.result()); })
      .def("opening_map_svg", [](const AnalysisStudy& s) {
        const auto& r = s.result();
        if (!r.opening) throw LudusError("the study has no opening map (opening_map=True)");
        return study::opening_map(*r.opening, r.ai);
      });
  py::class_<MatchStudy>(m, "_MatchStudy")
      .def(py::init<const std::string&, const std::map<std::string, std::string>&, const std::string&, const std::string&,
                    long long, uint64_t, int>(),
           py::arg("game"), py::arg("options"), py::arg("a"), py::arg("b"), py::arg("games"), py::arg("seed"), py::arg("max_plies"))
      .def("games", &MatchStudy::games)
      .def("play", &MatchStudy::play, py::arg("first"), py::arg("count"))
      .def("summary", &MatchStudy::summary, py::arg("games"), py::arg("threads"));
}

}  // namespace ludus::python
