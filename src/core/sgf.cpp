// SPDX-License-Identifier: Apache-2.0
#include "core/sgf.h"

#include <optional>

#include "core/error.h"
#include "core/options.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/text.h"

namespace ludus {
namespace {

// SGF names the first colour Black and the second White, in every game.
const char* colour_letter(int colour) { return colour == 0 ? "B" : "W"; }

std::string property(const char* id, std::string_view value) { return std::string(id) + "[" + sgf_escape(value) + "]"; }

// RE as this writer spells it: B+, B+R, B+T, W+..., 0, Void (aborted: no result).
std::string result_of(const History& history) {
  if (history.ending() == Ending::Aborted) return "Void";
  const int winner = history.winner();
  if (winner == kDraw) return "0";
  std::string result = std::string(colour_letter(winner)) + "+";
  if (history.ending() == Ending::Resignation) result += "R";
  if (history.ending() == Ending::Timeout) result += "T";
  return result;
}

// --- reading -----------------------------------------------------------------------

// The only value of a property, as SimpleText.
std::string text_of(const SgfProperty& property) { return sgf_simple_text(property.values.front()); }

std::string text_of(const SgfNode& node, std::string_view id) {
  const SgfProperty* p = node.find(id);
  return p ? text_of(*p) : std::string();
}

// The game RU names: "ndengrod size=5 swap=on".
std::shared_ptr<const Game> game_of(const SgfNode& root) {
  const SgfProperty* ru = root.find("RU");
  if (!ru) throw LudusError("no RU property naming the ludus game (e.g. RU[ndengrod size=5])");
  const std::string rules(trim(text_of(*ru)));
  std::vector<std::string> words = split_words(rules);
  try {
    if (words.empty()) throw LudusError("empty");
    find_game(words.front());
  } catch (const LudusError&) {
    throw LudusError("RU[" + rules + "] names no ludus game (games: " + registered_game_names() + ")");
  }
  const std::string name = words.front();
  words.erase(words.begin());
  return make_game(name, parse_option_assignments(words));
}

// What RE says, in this writer's spelling.
struct StatedResult {
  std::string re;     // "B+", "B+R", "B+T", "W+...", "0"
  int winner = kDraw; // colour or kDraw
  char how = 0;       // 'R' resignation, 'T' time or forfeit, 0 otherwise
};

// nullopt for no result ("", "?", "Void"); throws on a form SGF does not define.
std::optional<StatedResult> result_from(std::string_view given) {
  const std::string re = lowercase_trimmed(given);
  if (re.empty() || re == "?" || re == "void") return std::nullopt;
  if (re == "0" || re == "draw") return StatedResult{"0", kDraw, 0};
  if (re.size() >= 2 && (re[0] == 'b' || re[0] == 'w') && re[1] == '+') {
    StatedResult stated{"", re[0] == 'b' ? 0 : 1, 0};
    const std::string how = re.substr(2);
    if (how == "r" || how == "resign") stated.how = 'R';
    else if (how == "t" || how == "time" || how == "f" || how == "forfeit") stated.how = 'T';
    else if (!how.empty() && how.find_first_not_of("0123456789.") != std::string::npos)
      throw LudusError("unknown result RE[" + std::string(trim(given)) + "]");
    stated.re = std::string(colour_letter(stated.winner)) + "+" + (stated.how ? std::string(1, stated.how) : "");
    return stated;
  }
  throw LudusError("unknown result RE[" + std::string(trim(given)) + "]");
}

// The ending LE states, or else the one RE implies for the replayed moves.
StatedEnding ending_of(const SgfNode& root, const std::optional<StatedResult>& result, const History& history) {
  StatedEnding stated;
  if (result) stated.result = result->winner == kDraw ? "draw" : history.game().colour_name(result->winner);
  if (const SgfProperty* le = root.find("LE")) {
    stated.ending = lowercase_trimmed(text_of(*le));
    if (le->values.size() > 1) stated.reason = sgf_simple_text(le->values[1]);
  } else if (result) {
    if (result->how == 'R') stated.ending = std::string(ending_name(Ending::Resignation));
    else if (result->how == 'T') stated.ending = std::string(ending_name(Ending::Timeout));
    else if (history.is_over()) stated.ending = std::string(ending_name(Ending::Rules));
    else stated.ending = std::string(ending_name(result->winner == kDraw ? Ending::Agreement : Ending::Adjudication));
  }
  return stated;
}

void play_node(History& history, const SgfNode& node, int& number) {
  for (const char* setup : {"AB", "AW", "AE"})
    if (node.find(setup))
      throw LudusError(std::string("setup property ") + setup + " (ludus games start from the empty board)");
  const SgfProperty* black = node.find("B");
  const SgfProperty* white = node.find("W");
  if (black && white) throw LudusError("move " + std::to_string(number + 1) + ": a node with both B and W");
  if (!black && !white) return;
  const int colour = black ? 0 : 1;
  const SgfProperty& move = black ? *black : *white;
  std::string text(trim(text_of(move)));
  if (text.empty()) text = "pass";  // B[] is a pass in SGF
  const std::string where = "move " + std::to_string(++number) + " '" + text + "': ";
  if (move.values.size() != 1) throw LudusError(where + std::string(colour_letter(colour)) + " has several values");
  try {
    if (!history.is_over() && history.next_mover().colour != colour)
      throw LudusError(std::string(colour_letter(history.next_mover().colour)) + " is to move, not " +
                       colour_letter(colour));
    history.play(text);
  } catch (const LudusError& e) {
    throw LudusError(where + e.what());
  }
}

History replay(const SgfTree& tree) {
  const std::vector<const SgfNode*> nodes = main_line(tree);
  const SgfNode& root = *nodes.front();
  History history(game_of(root));
  history.set_players({text_of(root, "PB"), text_of(root, "PW")});
  history.set_date(std::string(trim(text_of(root, "DT"))));
  int number = 0;
  for (const SgfNode* node : nodes) play_node(history, *node, number);
  const SgfProperty* re = root.find("RE");
  const std::optional<StatedResult> result = re ? result_from(text_of(*re)) : std::nullopt;
  apply_stated_ending(history, ending_of(root, result, history));
  if (result && result->re != result_of(history))
    throw LudusError("RE[" + text_of(*re) + "] but the game ends " + result_of(history) + " (" + history.status() + ")");
  return history;
}

}  // namespace

std::string sgf_game_tree(const History& history) {
  const Game& game = history.game();
  std::string rules = game.name();
  if (!game.options().values().empty()) rules += " " + game.options().to_string();
  std::string out = "(;FF[4]CA[UTF-8]" + property("AP", "ludus:" LUDUS_VERSION) + property("GN", game.info().title) +
                    property("RU", rules);
  const auto& players = history.players();
  if (!players[0].empty() || !players[1].empty()) out += property("PB", players[0]) + property("PW", players[1]);
  if (!history.date().empty()) out += property("DT", history.date());
  if (history.is_over()) {
    out += property("RE", result_of(history)) + property("LE", ending_name(history.ending()));
    if (history.ending() == Ending::Adjudication) out += "[" + sgf_escape(history.end_reason()) + "]";
  }
  constexpr int kNodesPerLine = 12;
  for (int ply = 0; ply < history.num_moves(); ++ply) {
    if (ply % kNodesPerLine == 0) out += "\n";
    out += ";" + property(colour_letter(history.mover(ply).colour), history.moves()[static_cast<size_t>(ply)]);
  }
  return out + ")\n";
}

History history_from_sgf(const SgfTree& tree) {
  try {
    return replay(tree);
  } catch (const LudusError& e) {
    throw LudusError(std::string("bad SGF: ") + e.what());
  }
}

std::vector<History> read_sgf(std::string_view text) {
  const std::vector<SgfTree> trees = parse_sgf(text);
  std::vector<History> games;
  for (size_t i = 0; i < trees.size(); ++i) {
    try {
      games.push_back(history_from_sgf(trees[i]));
    } catch (const LudusError& e) {
      if (trees.size() == 1) throw;
      throw LudusError("game " + std::to_string(i + 1) + ": " + e.what());
    }
  }
  return games;
}

bool looks_like_sgf(std::string_view text) {
  const std::string_view body = trim(text);
  return !body.empty() && body.front() == '(';
}

}  // namespace ludus
