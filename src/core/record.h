// SPDX-License-Identifier: Apache-2.0
#pragma once
// Game records: the one reader and writer of ludus's JSON record, used by every front end
// (show, play, match, random, gtp, the server).  A record is a History serialised:
//
//   {"game": "ndengrod", "options": {"size": "5", ...},
//    "players": ["alice", "ai:hard"],        // by seat: first player, second player
//    "date": "2026-11-23",
//    "moves": ["e5", "swap", ...],           // canonical notation, one entry per ply
//    "ending": "resign",                     // rules|resign|agreement|timeout|adjudicated
//    "result": "x",                          // winning colour, "draw", or "" while on
//    "winner_seat": 1,                       // 0 first player, 1 second (absent: draw / on)
//    "reason": "o resigned"}
//
// "players", "date", "ending", "winner_seat" and "reason" are optional on input.  Older
// records are read too: a final "resign" move (the player to move resigned) and
// "adjudicated": "draw".  The same games are also read and written as SGF (core/sgf.h).
// docs/records.md documents both formats.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/history.h"

namespace ludus {

nlohmann::json record_to_json(const History& history);

// The file formats of records.
enum class RecordFormat { Json, Sgf };

// The format a record file's name asks for: SGF when it ends in ".sgf" (any case), else JSON.
RecordFormat record_format_of(std::string_view path);

// One game as record text ending with a newline: a JSON record on one line, or one SGF
// game tree.  Texts appended to one file make JSON Lines or an SGF collection.  Every
// command that writes records to files writes them with this.
std::string record_text(const History& history, RecordFormat format);

// Replays a record; throws LudusError("bad record: ...") naming the first bad move
// ("move 7 'd4': ...") or the field that is wrong, and when a stated result disagrees
// with the replay.
History record_from_json(const nlohmann::json& record);

// The game a JSON record or a conformance line names by "game" and "options" (option
// values given as strings or numbers).  Throws LudusError naming the bad field, without
// the "bad record: " prefix.
std::shared_ptr<const Game> record_game(const nlohmann::json& record);

// What a record states beside its moves, as read from JSON or SGF.
struct StatedEnding {
  std::string ending;    // ending_name(), or "" when none is stated
  std::string result;    // winning colour name, "draw", or "" when none is stated
  int winner_seat = -1;  // 0 or 1 when stated
  std::string reason;    // an adjudication's reason ("" gives "adjudicated")
};

// Ends `history`, whose moves are played, as `stated` says (a resignation or a loss on
// time needs the winner by seat or colour) and checks the stated result against it.
// Throws LudusError, without a prefix, when the statement is unknown or disagrees with
// the moves ("ending 'rules' but the moves do not end the game").
void apply_stated_ending(History& history, const StatedEnding& stated);

// The records in a text: SGF (first non-blank character '(', one game per game tree),
// one JSON record (which may span lines) or JSON Lines, one record per non-blank line
// (what `match --record` and `random` write).  Throws LudusError naming the line (or
// game tree) of the first bad record.
std::vector<History> read_records(std::string_view text);

// read_records of a file's contents; throws LudusError when it cannot be read.
std::vector<History> read_record_file(const std::string& path);

// A date as records write it, "YYYY-MM-DD" (UTC), from Unix seconds; and today's.
std::string utc_date(int64_t unix_seconds);
std::string today_utc();

}  // namespace ludus
