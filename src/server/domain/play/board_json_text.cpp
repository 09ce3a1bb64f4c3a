// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/board_json_text.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "core/geometry.h"
#include "core/text.h"
#include "core/turn_count.h"
#include "server/base/json_fields.h"
#include "server/domain/play/board_text.h"

namespace ludus::server {
namespace {

// RapidJSON's writer, with the keys and strings of this file.  Every object's keys are
// written in the order dump_json writes them (nlohmann sorts them), so the text is the
// reference's byte for byte.
class Writer {
 public:
  Writer() : out_(buffer_) {}

  void key(std::string_view k) { out_.Key(k.data(), static_cast<rapidjson::SizeType>(k.size())); }
  // A string as dump_json writes it: RapidJSON escapes like nlohmann except the rare
  // control characters without a short escape (upper- vs lowercase hex) and passes invalid
  // UTF-8 through where dump_json writes U+FFFD; those strings go through dump_json.
  void string(std::string_view s) {
    if (plain(s)) {
      out_.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
    } else {
      raw(dump_json(nlohmann::json(std::string(s))), rapidjson::kStringType);
    }
  }
  void integer(int64_t v) { out_.Int64(v); }
  void boolean(bool v) { out_.Bool(v); }
  void null() { out_.Null(); }
  template <class T>
  void optional(const std::optional<T>& v) { v ? integer(*v) : null(); }
  // A value built by nlohmann (the cold parts), written by dump_json.
  void tree(const nlohmann::json& value) {
    const auto type = value.is_object() ? rapidjson::kObjectType
                      : value.is_array() ? rapidjson::kArrayType
                      : value.is_null()  ? rapidjson::kNullType
                                         : rapidjson::kStringType;
    raw(dump_json(value), type);
  }
  // JSON text written elsewhere in this file.
  void json(const std::string& text, rapidjson::Type type) { raw(text, type); }
  void start_object() { out_.StartObject(); }
  void end_object() { out_.EndObject(); }
  void start_array() { out_.StartArray(); }
  void end_array() { out_.EndArray(); }

  std::string result() const { return std::string(buffer_.GetString(), buffer_.GetSize()); }

 private:
  static bool plain(std::string_view s) {
    for (unsigned char c : s)
      if (c < 0x20 && c != '\n' && c != '\t' && c != '\r' && c != '\b' && c != '\f') return false;
    return valid_utf8(s);
  }
  void raw(const std::string& json, rapidjson::Type type) { out_.RawValue(json.data(), json.size(), type); }

  rapidjson::StringBuffer buffer_;
  rapidjson::Writer<rapidjson::StringBuffer> out_;
};

void write_names(Writer& w, const Geometry* g, const std::vector<int>& sites) {
  w.start_array();
  if (g)
    for (int site : sites) w.string(g->name(site));
  w.end_array();
}

// move_json of game_json.cpp.
void write_move(Writer& w, const Board& board, int index) {
  const MoveRecord& m = board.moves()[static_cast<size_t>(index)];
  w.start_object();
  w.key("action"), w.integer(action_in_turn(board.history(), index));
  w.key("colour"), w.string(board.game().colour_name(board.colour_of_move(index)));
  w.key("move"), w.string(m.move);
  w.key("number"), w.integer(m.ply);
  w.key("played_at"), w.integer(m.played_at);
  w.key("seat"), w.integer(m.seat);
  w.key("turn"), w.integer(board.history().turn_number(index));
  w.key("user"), w.string(board.player(m.seat));
  w.end_object();
}

// geometry_json of game_json.cpp.
void write_geometry(Writer& w, const History& history) {
  const Game& game = history.game();
  const Geometry* g = game.board_geometry();
  if (!g) return w.null();
  w.start_object();
  w.key("cols"), w.integer(g->num_cols());
  w.key("features"), w.start_array();
  for (const BoardFeature& feature : game.board_features()) {
    w.start_object();
    w.key("name"), w.string(feature.name);
    w.key("sites"), write_names(w, g, feature.sites);
    w.end_object();
  }
  w.end_array();
  w.key("rows"), w.integer(g->num_rows());
  w.key("sites"), w.start_array();
  for (int s = 0; s < g->num_sites(); ++s) {
    const Coord c = g->coord(s);
    w.start_object();
    w.key("col"), w.integer(c.col);
    w.key("name"), w.string(g->name(s));
    w.key("row"), w.integer(c.row);
    w.end_object();
  }
  w.end_array();
  w.key("stones"), w.start_array();
  for (int s = 0; s < g->num_sites(); ++s) {
    const int colour = history.state().site_colour(s);
    colour >= 0 ? w.string(game.colour_name(colour)) : w.null();
  }
  w.end_array();
  w.key("stones_on"), w.string(stone_sites_name(game.info().stones_on));
  w.key("topology"), w.string(g->topology() == Topology::Hex ? "hex" : "square");
  w.end_object();
}

// The "actions" and "legal_moves" of add_turn_json (one pass over the legal actions).
void write_actions(Writer& w, const History& history, bool playable, std::vector<std::string>& texts) {
  const State& state = history.state();
  const Geometry* g = history.game().board_geometry();
  w.start_array();
  if (playable) {
    for (Action a : state.legal_actions()) {
      texts.push_back(state.action_to_text(a));
      const ActionShape shape = state.action_shape(a);
      w.start_object();
      w.key("ends_turn"), w.boolean(state.ends_turn(a));
      w.key("kind"), w.string(action_kind_name(shape.kind));
      w.key("sites"), write_names(w, g, shape.sites);
      w.key("text"), w.string(texts.back());
      w.end_object();
    }
  }
  w.end_array();
}

}  // namespace

std::string board_json_text(const Board& board, std::optional<int> ply, BoardDetail detail, std::string_view message) {
  // The same view as board_json(): see there for what each field means.
  const ViewedPosition view(board, ply);
  const History& history = view.history();
  const State& state = history.state();
  const GameRecord& r = board.record();
  const GameInfo& info = board.game().info();
  const Geometry* g = board.game().board_geometry();
  std::vector<std::string> legal;

  Writer w;
  w.start_object();
  w.key("abort_refused"), w.string(proposal_refusal_text(board, "abort"));
  w.key("actions"), write_actions(w, history, view.playable(), legal);
  w.key("board"), w.integer(r.id);
  w.key("board_text"), w.string(state.render());
  w.key("bots"), w.start_array();
  for (const bool bot : r.bots) w.boolean(bot);
  w.end_array();
  w.key("challenger"), w.string(r.challenger);
  w.key("colours"), w.start_array();
  for (const std::string& colour : info.colours) w.string(colour);
  w.end_array();
  w.key("comments"), w.tree(comments_json(board));
  w.key("created_at"), w.integer(r.created_at);
  w.key("deciding_sites"), write_names(w, g, state.deciding_sites());
  w.key("end_reason"), w.string(r.end_reason);
  w.key("exploration"), w.boolean(r.exploration);
  w.key("finished_at"), w.optional(r.finished_at);
  w.key("game"), w.string(r.game);
  w.key("geometry"), write_geometry(w, history);
  w.key("holidays"), w.tree(holidays_json(board));
  w.key("last_move");
  view.plies > 0 ? write_move(w, board, view.plies - 1) : w.null();
  w.key("latest"), w.boolean(view.latest);
  w.key("legal_moves"), w.start_array();
  for (const std::string& text : legal) w.string(text);
  w.end_array();
  if (detail == BoardDetail::Full) w.key("mail"), w.string(format_board(board, view.plies, history));
  if (!message.empty()) w.key("message"), w.string(message);
  w.key("mid_turn"), w.boolean(history.mid_turn());
  w.key("moves"), w.start_array();
  for (int i = 0; i < board.num_moves(); ++i) write_move(w, board, i);
  w.end_array();
  w.key("moves_played"), w.integer(r.num_moves);
  w.key("next_move_number"), w.integer(r.num_moves + 1);
  w.key("options"), w.start_object();
  for (const auto& [name, value] : r.options) w.key(name), w.string(value);
  w.end_object();
  w.key("outcome"), w.tree(view.latest ? outcome_json(board.history(), &r.seats) : nlohmann::json());
  w.key("players"), w.start_array();
  for (const std::string& seat : r.seats) w.string(seat);
  w.end_array();
  w.key("position_move_number"), w.integer(view.plies);
  w.key("position_turn"), w.tree(turn_point_json(turn_point(history, history.num_moves())));
  w.key("proposal"), w.tree(proposal_json(board));
  w.key("rated"), w.boolean(r.rated);
  if (detail == BoardDetail::Full) w.key("record"), w.tree(record_json(board));
  w.key("result"), w.string(r.result);
  w.key("revision"), w.integer(r.revision);
  w.key("seats"), w.tree(seats_json(board, state));
  w.key("status"), w.string(r.status());
  w.key("status_text"), w.string(view.latest ? status_line(board) : history.status());
  w.key("takeback_refused"), w.string(proposal_refusal_text(board, "undo"));
  w.key("title"), w.string(info.title);
  w.key("to_move"), w.tree(to_move_json(board, state, view.over()));
  w.key("to_move_seat"), w.optional(r.to_move_seat);
  w.key("to_move_user");
  r.to_move_seat ? w.string(r.seats[static_cast<size_t>(*r.to_move_seat)]) : w.null();
  w.key("tournament"), w.optional(r.tournament);
  w.key("turn"), w.integer(history.current_turn());
  w.key("turns_played"), w.integer(r.num_turns);
  w.key("updated_at"), w.integer(r.updated_at);
  w.key("winner_seat"), w.optional(r.winner_seat);
  w.end_object();
  return w.result();
}

std::string board_state_push_text(const Board& board) {
  Writer w;
  w.start_object();
  w.key("board"), w.integer(board.id());
  w.key("revision"), w.integer(board.record().revision);
  w.key("state"), w.json(board_json_text(board, std::nullopt, BoardDetail::Live), rapidjson::kObjectType);
  w.end_object();
  return w.result();
}

}  // namespace ludus::server
