// SPDX-License-Identifier: Apache-2.0
#include "ai/spec_parser.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>
#include <vector>

#include "ai/game_profiles.h"
#include "core/error.h"
#include "core/number_text.h"
#include "core/text.h"

namespace ludus::ai {
namespace {

// Strength levels.  Iteration budgets are deterministic for a seed and independent of the
// machine; the time budgets use every core (tree parallelism, see mcts_player.cpp).
//   level    budget per move        threads   typical use
//   beginner 200 iterations, but    config    people new to the game: loses to a random
//            slips (slipping_player.h)        mover 30-40% of games; book off
//   easy     200 iterations         config    novices; takes wins in one and blocks them
//   medium   2000 iterations        config    casual play, quick tests
//   hard     1 s                    all       default opponent
//   max      5 s                    all       strongest; analysis
struct Level {
  const char* name;
  int64_t iterations;
  double seconds;
  bool all_threads;
  bool beginner = false;  // slips as the game's beginner_slip says, no opening book
};
constexpr Level kLevels[] = {
    {"beginner", 200, 0, false, true},
    {"easy", 200, 0, false},
    {"medium", 2000, 0, false},
    {"hard", 0, 1.0, true},
    {"max", 0, 5.0, true},
};
constexpr const Level& kMediumLevel = kLevels[2];

const char* kKeys = "iters, time, total, clock, threads, c, rave, solver, book, seed, par, nodes, expand, bias, playout, priors, pw, pv, extend, threats, tv, opening, pie, im, imd, tempo, profile, slip";

template <typename Int>
bool parse_int(const std::string& text, Int& out) {
  return parse_number(text, out);
}

bool parse_double(const std::string& text, double& out) { return parse_number(text, out) && std::isfinite(out); }

struct SpecError {
  std::string reason;
};

bool parse_switch(const std::string& key, const std::string& value) {
  if (value == "on" || value == "true" || value == "1" || value == "yes") return true;
  if (value == "off" || value == "false" || value == "0" || value == "no") return false;
  throw SpecError{key + " must be on or off, not '" + value + "'"};  // (rave also: board, traced)
}

void apply_setting(const std::string& key, const std::string& value, PlayerSpec& spec, bool& threads_set) {
  MctsConfig& m = spec.mcts;
  if (spec.random && key != "seed") throw SpecError{"the random player only takes seed=N"};
  if (key == "iters" || key == "iterations") {
    if (!parse_int(value, m.iterations) || m.iterations <= 0)
      throw SpecError{"iters must be a positive integer, not '" + value + "'"};
  } else if (key == "time") {
    m.move_seconds = parse_duration(value);
  } else if (key == "total") {
    m.total_seconds = parse_duration(value);
  } else if (key == "clock") {
    if (value == "wall") m.budget_clock = BudgetClock::kWall;
    else if (value == "cpu") m.budget_clock = BudgetClock::kThreadCpu;
    else throw SpecError{"clock must be wall or cpu, not '" + value + "'"};
  } else if (key == "threads") {
    if (!parse_int(value, m.threads) || m.threads < 0 || m.threads > 1024)
      throw SpecError{"threads must be an integer from 0 (all cores) to 1024, not '" + value + "'"};
    threads_set = true;
  } else if (key == "c") {
    if (!parse_double(value, m.exploration) || m.exploration < 0 || m.exploration > 100)
      throw SpecError{"c must be a number from 0 to 100, not '" + value + "'"};
    m.exploration_chosen = true;
  } else if (key == "rave") {
    m.rave_chosen = true;
    if (value == "board" || value == "traced") {
      m.rave = true;
      m.amaf_source = value == "board" ? AmafSource::kBoard : AmafSource::kTraced;
    } else {
      m.rave = parse_switch(key, value);
    }
  } else if (key == "solver") {
    m.solver = parse_switch(key, value);
  } else if (key == "book") {
    m.opening_book = parse_switch(key, value);
  } else if (key == "seed") {
    if (!parse_int(value, m.seed)) throw SpecError{"seed must be a non-negative integer, not '" + value + "'"};
  } else if (key == "par") {
    if (value == "tree") m.parallelism = Parallelism::kTree;
    else if (value == "root") m.parallelism = Parallelism::kRoot;
    else throw SpecError{"par must be tree or root, not '" + value + "'"};
  } else if (key == "expand") {
    if (!parse_int(value, m.expand_threshold) || m.expand_threshold < 1 || m.expand_threshold > 1000000)
      throw SpecError{"expand must be an integer from 1 to 1000000, not '" + value + "'"};
  } else if (key == "bias") {
    if (!parse_double(value, m.rave_bias) || m.rave_bias < 0 || m.rave_bias > 1)
      throw SpecError{"bias must be a number from 0 to 1, not '" + value + "'"};
    m.rave_bias_chosen = true;
  } else if (key == "playout") {
    if (value == "guided") m.guided_playouts = true;
    else if (value == "random") m.guided_playouts = false;
    else throw SpecError{"playout must be guided or random, not '" + value + "'"};
    m.playout_chosen = true;
  } else if (key == "priors") {
    m.priors = value;  // on, off or a weights file (read and checked when the game is known)
  } else if (key == "pw") {
    if (!parse_double(value, m.prior_weight) || m.prior_weight < 0 || m.prior_weight > 1000)
      throw SpecError{"pw must be a number from 0 to 1000, not '" + value + "'"};
    m.prior_weight_chosen = true;
  } else if (key == "pv") {
    if (!parse_int(value, m.prior_visits) || m.prior_visits < 0 || m.prior_visits > 1000000)
      throw SpecError{"pv must be an integer from 0 to 1000000, not '" + value + "'"};
  } else if (key == "extend") {
    if (!parse_double(value, m.time_extension) || m.time_extension < 1 || m.time_extension > 10)
      throw SpecError{"extend must be a number from 1 to 10, not '" + value + "'"};
  } else if (key == "threats") {
    if (value == "on") m.threat_budget = MctsConfig{}.threat_budget;
    else if (value == "off") m.threat_budget = 0;
    else if (!parse_int(value, m.threat_budget) || m.threat_budget < 0 || m.threat_budget > 100000000)
      throw SpecError{"threats must be on, off or a budget from 0 to 100000000, not '" + value + "'"};
  } else if (key == "tv") {
    if (!parse_int(value, m.threat_visits) || m.threat_visits < 0 || m.threat_visits > 1000000)
      throw SpecError{"tv must be an integer from 0 to 1000000, not '" + value + "'"};
    m.threat_visits_chosen = true;
  } else if (key == "opening") {
    if (value == "table") m.opening_table = true;
    else if (value == "search") m.opening_table = false;
    else throw SpecError{"opening must be table or search, not '" + value + "'"};
  } else if (key == "pie") {
    if (value == "value") m.pie_by_value = true;
    else if (value == "search") m.pie_by_value = false;
    else throw SpecError{"pie must be value or search, not '" + value + "'"};
  } else if (key == "im") {
    if (!parse_double(value, m.minimax_weight) || m.minimax_weight < 0 || m.minimax_weight > 1)
      throw SpecError{"im must be a number from 0 to 1, not '" + value + "'"};
    m.minimax_chosen = true;
  } else if (key == "imd") {
    if (!parse_double(value, m.minimax_decay) || m.minimax_decay < 0 || m.minimax_decay > 1e9)
      throw SpecError{"imd must be a number from 0 to 1000000000, not '" + value + "'"};
    m.minimax_decay_chosen = true;
  } else if (key == "tempo") {
    if (!parse_double(value, m.tempo) || m.tempo < 0.1 || m.tempo > 10)
      throw SpecError{"tempo must be a number from 0.1 to 10, not '" + value + "'"};
    m.tempo_chosen = true;
  } else if (key == "slip") {
    if (!parse_double(value, m.slip) || m.slip < 0 || m.slip > 1)
      throw SpecError{"slip must be a number from 0 to 1, not '" + value + "'"};
  } else if (key == "nodes") {
    if (!parse_int(value, m.max_nodes) || m.max_nodes < 1000 || m.max_nodes > (int64_t{1} << 31))
      throw SpecError{"nodes must be an integer from 1000 to 2147483648, not '" + value + "'"};
  } else {
    throw SpecError{"unknown setting '" + key + "' (settings: " + kKeys + ")"};
  }
}

}  // namespace

double parse_duration(const std::string& text) {
  std::string t = lowercase_trimmed(text);
  double scale = 1.0;
  std::string number = t;
  auto ends_with = [&](std::string_view suffix) {
    return t.size() > suffix.size() && t.compare(t.size() - suffix.size(), suffix.size(), suffix) == 0;
  };
  if (ends_with("ms")) scale = 0.001, number = t.substr(0, t.size() - 2);
  else if (ends_with("s")) number = t.substr(0, t.size() - 1);
  else if (ends_with("m")) scale = 60.0, number = t.substr(0, t.size() - 1);
  double value = 0;
  if (!parse_double(number, value) || value <= 0 || value * scale > 1e7)
    throw LudusError("bad duration '" + text + "' (expected e.g. 500ms, 2s or 1.5m)");
  return value * scale;
}

bool is_plain_level(const std::string& spec) {
  return spec == "random" ||
         std::any_of(std::begin(kLevels), std::end(kLevels), [&](const Level& l) { return spec == l.name; });
}

std::vector<std::string> plain_level_names() {
  std::vector<std::string> names{"random"};
  for (const Level& level : kLevels) names.emplace_back(level.name);
  return names;
}

PlayerSpec parse_player_spec(const std::string& spec_text, const PlayerConfig& config) {
  auto fail = [&](const std::string& reason) -> LudusError {
    return LudusError("bad AI spec '" + spec_text + "': " + reason);
  };
  const std::string text = lowercase_trimmed(spec_text);
  const size_t colon = text.find(':');
  const std::string head = text.substr(0, colon);
  PlayerSpec spec;
  spec.mcts.seed = config.seed;
  spec.mcts.threads = config.threads;
  bool all_threads = false;
  if (head == "random") {
    spec.random = true;
  } else if (head != "mcts") {
    auto level = std::find_if(std::begin(kLevels), std::end(kLevels), [&](const Level& l) { return head == l.name; });
    if (level == std::end(kLevels))
      throw fail("unknown player '" + head + "' (expected random, beginner, easy, medium, hard, max or mcts:KEY=VALUE,...)");
    spec.mcts.iterations = level->iterations;
    spec.mcts.move_seconds = level->seconds;
    all_threads = level->all_threads;
    if (level->beginner) {
      spec.mcts.slip = MctsConfig::kGameBeginnerSlip;
      spec.mcts.opening_book = false;  // a beginner knows no proven wins
    }
  }
  bool threads_set = false;
  if (colon != std::string::npos) {
    // Split the text as typed: a file name (priors=FILE) keeps its case; the rest is folded.
    std::string_view rest = trim(spec_text);
    rest.remove_prefix(colon + 1);
    if (rest.empty()) throw fail("nothing after ':'");
    std::vector<std::pair<std::string, std::string>> settings;
    while (true) {
      size_t comma = rest.find(',');
      const std::string_view typed = trim(rest.substr(0, comma));
      std::string item = lowercase_trimmed(typed);
      size_t eq = item.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == item.size())
        throw fail("expected KEY=VALUE, not '" + item + "'");
      std::string key = lowercase_trimmed(item.substr(0, eq)), value = lowercase_trimmed(item.substr(eq + 1));
      if (key == "priors" && value != "on" && value != "off") value = std::string(trim(typed.substr(eq + 1)));
      settings.emplace_back(std::move(key), std::move(value));
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    // The profile first, wherever it stands: the other settings adjust it.
    for (const auto& [key, value] : settings) {
      if (key != "profile") continue;
      if (spec.random) throw fail("the random player only takes seed=N");
      if (value == "v1") spec.mcts = v1_config(spec.mcts);
      else if (value == "v2") spec.mcts = v2_config(spec.mcts);
      else if (value == "latest") spec.mcts.generation = SearchGeneration::kLatest;
      else throw fail("profile must be v1, v2 or latest, not '" + value + "'");
    }
    for (const auto& [key, value] : settings) {
      if (key == "profile") continue;
      try {
        apply_setting(key, value, spec, threads_set);
      } catch (const SpecError& e) {
        throw fail(e.reason);
      } catch (const LudusError& e) {
        throw fail(e.what());
      }
    }
  }
  if (all_threads && !threads_set) spec.mcts.threads = 0;
  // A raw spec without any budget searches like `medium`.
  if (!spec.random && spec.mcts.iterations == 0 && spec.mcts.move_seconds == 0 && spec.mcts.total_seconds == 0)
    spec.mcts.iterations = kMediumLevel.iterations;
  return spec;
}

}  // namespace ludus::ai
