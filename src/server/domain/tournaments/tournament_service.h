// SPDX-License-Identifier: Apache-2.0
#pragma once
// What players ask of tournaments (docs/tournaments.md), shared by the command grammar,
// the JSON API and mail.  Each request is one write transaction (Store::retrying).  The
// boards of a round start in the transaction that decides the last game of the round
// before (Service calls board_finished from inside the change that ended the board), with
// the tournament's row locked: exactly once, however many instances end boards at once
// (and tournament_games' primary key refuses a second start of the same round).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/domain/play/board.h"
#include "server/domain/tournaments/tournament_standings.h"
#include "server/domain/tournaments/tournaments.h"

namespace ludus::server {

class Service;

// The longest name a tournament may have, in characters.
constexpr int kMaxTournamentNameChars = 60;

// A tournament and the revision a change gave it, for the listeners told after the commit
// (live pages).
struct TournamentChanged {
  int64_t tournament = 0;
  int64_t revision = 0;
};

// A tournament with its players, games and standings: what `show` and the page present.
struct TournamentView {
  TournamentRecord tournament;
  std::vector<TournamentPlayer> players;  // by seed once started, else by joining
  std::vector<TournamentGame> games;
  std::vector<TournamentStanding> standings;  // empty before the start
};

class Tournaments {
 public:
  explicit Tournaments(Service& service) : service_(&service) {}

  // `words` are create's -key=value words: name (one line of plain text; without it, or
  // blank, "GAME FORMAT #N"), format, rounds (Swiss), players (MIN-MAX), start (full, or a
  // UTC time YYYY-MM-DD[THH:MM]), and the boards' (the game's options, nagtime,
  // forfeittime, rated: board_spec).  400 with a one-line reason for a bad one.  The
  // creator does not join by creating.
  TournamentRecord create(const std::string& creator, const std::string& game, std::map<std::string, std::string> words);
  // Joining is consent to every board the tournament will start.  A tournament that starts
  // when full starts in the transaction of the join that fills it.
  TournamentView join(int64_t id, const std::string& user);
  // Before the start only.
  void leave(int64_t id, const std::string& user);
  // After the start: forfeits every game still to come (the board being played is
  // resigned).
  void withdraw(int64_t id, const std::string& user);
  // The creator starts an open tournament early (with at least its minimum of players).
  TournamentView start(int64_t id, const std::string& user);
  // Starts the open tournaments whose time has come, or cancels those short of players;
  // returns how many it started.
  int start_due();

  TournamentView view(int64_t id);
  // The tournament's revision (what live pages compare), or nullopt when there is none.
  std::optional<int64_t> revision(int64_t id);
  // One page of them, newest first.  `status`: "" | open | running | finished | cancelled;
  // `game` "" for every game.
  std::vector<TournamentRecord> list(const std::string& status, const std::string& game, const Page& page = {});

  // Called by Service inside the transaction that finished `board`: records the result in
  // its tournament (if any) and starts what comes next.  The boards it starts are added to
  // `started`; the tournament changed is returned (the caller tells the listeners of both
  // after the commit).
  std::optional<TournamentChanged> board_finished(Session& session, const Board& board, std::vector<int64_t>& started);
  void set_event_sink(TournamentEventSink sink) { sink_ = std::move(sink); }

 private:
  TournamentView view_in(Session& session, const TournamentRecord& tournament);
  // Seeds the players by rating, fixes the rounds and starts round 1.
  void start_in(Session& session, TournamentRecord& tournament, std::vector<int64_t>& started);
  // Adds the games next_step gives until a round is under way or the tournament is over.
  void advance(Session& session, TournamentRecord& tournament, std::vector<int64_t>& started);
  void report(Session& session, const TournamentRecord& tournament, TournamentEventKind kind, const Message& summary);
  // Runs `work` in a write transaction on the locked tournament (404 when there is none),
  // then tells the listeners about the boards it started and the tournament's new revision.
  template <class Fn>
  auto changing(int64_t id, Fn&& work);

  Service* service_;
  TournamentEventSink sink_;
};

// "2026-12-01" or "2026-12-01T18:30" (UTC) -> Unix time; nullopt when malformed.
std::optional<int64_t> parse_utc_time(std::string_view text);

}  // namespace ludus::server
