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
// "adjudicated": "draw".  docs/records.md documents the format.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/history.h"

namespace ludus {

nlohmann::json record_to_json(const History& history);

// Replays a record; throws LudusError("bad record: ...") naming the first bad move
// ("move 7 'd4': ...") or the field that is wrong, and when a stated result disagrees
// with the replay.
History record_from_json(const nlohmann::json& record);

// The records in a text: one JSON record (which may span lines) or JSON Lines, one
// record per non-blank line (what `match --record` and `random` write).  Throws
// LudusError naming the line of the first bad record.
std::vector<History> read_records(std::string_view text);

// read_records of a file's contents; throws LudusError when it cannot be read.
std::vector<History> read_record_file(const std::string& path);

// A date as records write it, "YYYY-MM-DD" (UTC), from Unix seconds; and today's.
std::string utc_date(int64_t unix_seconds);
std::string today_utc();

}  // namespace ludus
