// SPDX-License-Identifier: Apache-2.0
#include "core/record.h"

#include <ctime>
#include <fstream>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/registry.h"
#include "core/sgf.h"
#include "core/text.h"

namespace ludus {

nlohmann::json record_to_json(const History& history) {
  nlohmann::json j;
  j["game"] = history.game().name();
  j["options"] = history.game().options().values();
  const auto& players = history.players();
  if (!players[0].empty() || !players[1].empty()) j["players"] = players;
  if (!history.date().empty()) j["date"] = history.date();
  j["moves"] = history.moves();
  j["result"] = history.result_text();
  if (history.is_over()) {
    j["ending"] = std::string(ending_name(history.ending()));
    if (history.winning_seat() != kDraw) j["winner_seat"] = history.winning_seat();
    j["reason"] = history.end_reason();
  }
  return j;
}

namespace {

// Field errors name the field; record_from_json adds the "bad record: " prefix.
[[noreturn]] void bad(const std::string& what) { throw LudusError(what); }

const nlohmann::json* field(const nlohmann::json& record, const char* name) {
  auto it = record.find(name);
  return it == record.end() || it->is_null() ? nullptr : &*it;
}

std::string string_field(const nlohmann::json& record, const char* name) {
  const auto* value = field(record, name);
  if (!value) return {};
  if (!value->is_string()) bad(std::string("\"") + name + "\" is not a string");
  return value->get<std::string>();
}

std::map<std::string, std::string> options_of(const nlohmann::json& record) {
  std::map<std::string, std::string> options;
  const auto* given = field(record, "options");
  if (!given) return options;
  if (!given->is_object()) bad("\"options\" is not an object");
  for (const auto& [name, value] : given->items())
    options[name] = value.is_string() ? value.get<std::string>() : value.dump();
  return options;
}

std::array<std::string, 2> players_of(const nlohmann::json& record) {
  const auto* given = field(record, "players");
  if (!given) return {};
  if (!given->is_array() || given->size() != 2 || !(*given)[0].is_string() || !(*given)[1].is_string())
    bad("\"players\" is not a list of two names");
  return {(*given)[0].get<std::string>(), (*given)[1].get<std::string>()};
}

// The ending a record states, with the older spellings of one.
StatedEnding stated_ending_of(const nlohmann::json& record, const History& history, bool resigned_by_move) {
  StatedEnding stated;
  stated.ending = string_field(record, "ending");
  stated.result = lowercase(string_field(record, "result"));
  stated.reason = string_field(record, "reason");
  if (const auto* seat = field(record, "winner_seat")) {
    if (!seat->is_number_integer() || (*seat != 0 && *seat != 1)) bad("\"winner_seat\" is not 0 or 1");
    stated.winner_seat = seat->get<int>();
  }
  if (stated.ending.empty() && resigned_by_move) {
    stated.ending = "resign";  // the player to move resigned
    stated.winner_seat = 1 - history.state().seat_to_move();
  }
  if (stated.ending.empty() && string_field(record, "adjudicated") == "draw") stated.ending = "adjudicated";
  return stated;
}

// The seat that lost a resigned or timed-out game, from the winner by seat or by colour.
int losing_seat_of(const StatedEnding& stated, const History& history) {
  if (stated.winner_seat == 0 || stated.winner_seat == 1) return 1 - stated.winner_seat;
  const int colour = history.game().colour_by_name(stated.result);
  if (colour < 0) bad("ending '" + stated.ending + "' needs the winner");
  return history.state().seat_of_colour(1 - colour);
}

History replay_record(const nlohmann::json& record) {
  History history(record_game(record));
  history.set_players(players_of(record));
  history.set_date(string_field(record, "date"));
  bool resigned_by_move = false;
  if (const auto* moves = field(record, "moves")) {
    if (!moves->is_array()) bad("\"moves\" is not an array");
    int number = 0;
    for (const auto& m : *moves) {
      ++number;
      if (!m.is_string()) bad("move " + std::to_string(number) + " is not a string");
      const std::string text = m.get<std::string>();
      if (lowercase_trimmed(text) == "resign" && number == static_cast<int>(moves->size())) {
        resigned_by_move = true;  // an older record's way to say it
        break;
      }
      try {
        history.play(text);
      } catch (const LudusError& e) {
        bad("move " + std::to_string(number) + ": " + e.what());
      }
    }
  }
  apply_stated_ending(history, stated_ending_of(record, history, resigned_by_move));
  return history;
}

}  // namespace

std::shared_ptr<const Game> record_game(const nlohmann::json& record) {
  if (!record.is_object()) bad("not a JSON object");
  const std::string game = string_field(record, "game");
  if (game.empty()) bad("missing \"game\"");
  return make_game(game, options_of(record));
}

void apply_stated_ending(History& history, const StatedEnding& stated) {
  if (!stated.ending.empty()) {
    const auto ending = ending_by_name(stated.ending);
    if (!ending || *ending == Ending::None) bad("unknown ending '" + stated.ending + "'");
    if (*ending == Ending::Rules && !history.is_over()) bad("ending 'rules' but the moves do not end the game");
    if (*ending != Ending::Rules && history.is_over())
      bad("ending '" + stated.ending + "' but the moves already end the game (" + history.status() + ")");
    switch (*ending) {
      case Ending::Resignation: history.resign(losing_seat_of(stated, history)); break;
      case Ending::Timeout: history.lose_on_time(losing_seat_of(stated, history)); break;
      case Ending::Agreement: history.agree_draw(); break;
      case Ending::Aborted: history.abort_game(); break;
      case Ending::Adjudication: {
        const bool draw = stated.result == "draw" || stated.result.empty();
        const int colour = draw ? kDraw : history.game().colour_by_name(stated.result);
        if (!draw && colour < 0) bad("unknown result '" + stated.result + "'");
        history.adjudicate(colour, stated.reason.empty() ? "adjudicated" : stated.reason);
        break;
      }
      default: break;
    }
  }
  if (!stated.result.empty() && stated.result != history.result_text())
    bad("result '" + stated.result + "' but the moves give '" +
        (history.result_text().empty() ? "unfinished" : history.result_text()) + "'");
}

History record_from_json(const nlohmann::json& record) {
  try {
    return replay_record(record);
  } catch (const LudusError& e) {
    throw LudusError(std::string("bad record: ") + e.what());
  } catch (const nlohmann::json::exception&) {
    throw LudusError("bad record: malformed field");
  }
}

RecordFormat record_format_of(std::string_view path) {
  const std::string name = lowercase(path);
  return name.size() >= 4 && name.ends_with(".sgf") ? RecordFormat::Sgf : RecordFormat::Json;
}

std::string record_text(const History& history, RecordFormat format) {
  return format == RecordFormat::Sgf ? sgf_game_tree(history) : record_to_json(history).dump() + "\n";
}

std::vector<History> read_records(std::string_view text) {
  const std::string_view body = trim(text);
  if (body.empty()) throw LudusError("bad record: empty");
  if (looks_like_sgf(body)) return read_sgf(body);
  // One record, possibly over several lines.
  nlohmann::json whole = nlohmann::json::parse(body, nullptr, false);
  if (!whole.is_discarded()) return {record_from_json(whole)};
  std::vector<History> records;
  std::istringstream lines{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    if (trim(line).empty()) continue;
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    try {
      if (j.is_discarded()) throw LudusError("bad record: not valid JSON");
      records.push_back(record_from_json(j));
    } catch (const LudusError& e) {
      throw LudusError("line " + std::to_string(number) + ": " + e.what());
    }
  }
  return records;
}

std::vector<History> read_record_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw LudusError("cannot open record '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad()) throw LudusError("cannot read record '" + path + "'");
  return read_records(text.str());
}

std::string today_utc() { return utc_date(static_cast<int64_t>(std::time(nullptr))); }

std::string utc_date(int64_t unix_seconds) {
  const std::time_t when = static_cast<std::time_t>(unix_seconds);
  std::tm parts{};
  gmtime_r(&when, &parts);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &parts);
  return text;
}

}  // namespace ludus
