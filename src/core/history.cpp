#include "core/history.h"

#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/text.h"
#include "core/registry.h"

namespace ludus {

History::History(std::shared_ptr<const Game> game) : game_(std::move(game)), state_(game_->new_initial_state()) {}

History::History(const History& other)
    : game_(other.game_),
      state_(other.state_->clone()),
      actions_(other.actions_),
      moves_(other.moves_),
      resigned_colour_(other.resigned_colour_) {}

History& History::operator=(const History& other) {
  if (this != &other) {
    game_ = other.game_;
    state_ = other.state_->clone();
    actions_ = other.actions_;
    moves_ = other.moves_;
    resigned_colour_ = other.resigned_colour_;
  }
  return *this;
}

int History::winner() const {
  if (resigned_colour_ >= 0) return 1 - resigned_colour_;
  return state_->winner();
}

std::string History::status() const {
  if (resigned_colour_ >= 0) {
    std::string w = game_->colour_name(1 - resigned_colour_);
    w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
    return w + " wins: " + game_->colour_name(resigned_colour_) + " resigned";
  }
  return describe_status(*state_);
}

Action History::play(std::string_view text) {
  if (is_over()) throw LudusError("illegal move '" + std::string(text) + "': the game is over");
  const std::string lowered = lowercase(text);
  if (lowered == "resign") {
    // By seat: in Trellis's opening the first player also plays White's turn.
    resign(state_->colour_of_seat(state_->seat_to_move()));
    return kNoAction;
  }
  Action action = state_->parse_action(text);
  play(action);
  return action;
}

void History::play(Action action) {
  if (is_over()) throw LudusError("illegal move: the game is over");
  if (!state_->is_legal(action)) throw LudusError("illegal move: action " + std::to_string(action));
  moves_.push_back(state_->action_to_text(action));
  state_->apply(action);
  actions_.push_back(action);
}

void History::resign(int colour) {
  if (is_over()) throw LudusError("cannot resign: the game is over");
  resigned_colour_ = colour;
}

bool History::undo() {
  if (resigned_colour_ >= 0) {
    resigned_colour_ = -1;
    return true;
  }
  if (actions_.empty()) return false;
  actions_.pop_back();
  moves_.pop_back();
  state_ = game_->new_initial_state();
  for (Action a : actions_) state_->apply(a);
  return true;
}

std::string History::result_text() const {
  if (!is_over()) return "";
  int w = winner();
  return w == kDraw ? "draw" : game_->colour_name(w);
}

nlohmann::json History::to_json() const {
  nlohmann::json j;
  j["game"] = game_->name();
  j["options"] = game_->options().values();
  auto moves = moves_;
  if (resigned_colour_ >= 0) moves.push_back("resign");
  j["moves"] = moves;
  j["result"] = result_text();
  return j;
}

History History::from_json(const nlohmann::json& record) {
  if (!record.is_object() || !record.contains("game") || !record["game"].is_string())
    throw LudusError("bad record: missing \"game\"");
  std::map<std::string, std::string> options;
  if (record.contains("options")) {
    if (!record["options"].is_object()) throw LudusError("bad record: \"options\" is not an object");
    for (const auto& [k, v] : record["options"].items())
      options[k] = v.is_string() ? v.get<std::string>() : v.dump();
  }
  History history(make_game(record["game"].get<std::string>(), options));
  const char* key = record.contains("moves") ? "moves" : nullptr;
  if (key) {
    if (!record[key].is_array()) throw LudusError("bad record: \"moves\" is not an array");
    int number = 0;
    for (const auto& m : record[key]) {
      ++number;
      if (!m.is_string()) throw LudusError("bad record: move " + std::to_string(number) + " is not a string");
      try {
        history.play(m.get<std::string>());
      } catch (const LudusError& e) {
        throw LudusError("bad record: move " + std::to_string(number) + ": " + e.what());
      }
    }
  }
  if (record.contains("result") && record["result"].is_string()) {
    std::string stated = record["result"].get<std::string>();
    if (!stated.empty() && stated != history.result_text())
      throw LudusError("bad record: result '" + stated + "' but the moves give '" +
                       (history.result_text().empty() ? "unfinished" : history.result_text()) + "'");
  }
  return history;
}

History History::from_json_text(const std::string& text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    throw LudusError("bad record: not valid JSON");
  }
  return from_json(j);
}

}  // namespace ludus
