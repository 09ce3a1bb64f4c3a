// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tournaments' rows (docs/tournaments.md): typed queries on a Session held in a
// transaction (as offers.h).  The rules of pairing and scoring are tournament_pairing.h and
// tournament_standings.h; what the players ask for is tournament_service.h.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/base/paging.h"
#include "server/base/texts.h"
#include "server/domain/tournaments/tournament_pairing.h"
#include "server/storage/mail_store.h"
#include "server/storage/store.h"

namespace ludus::server {

enum class TournamentStatus { Open, Running, Finished, Cancelled };
std::string_view tournament_status_name(TournamentStatus status);  // "open", "running", ...
std::optional<TournamentStatus> tournament_status_by_name(std::string_view name);

// The most players a tournament takes (a Swiss pairing searches; a round robin's rounds).
constexpr int kMaxTournamentPlayers = 64;
// How far ahead a tournament's start time may be, in days (400 bad_tournament beyond).
constexpr int kMaxTournamentLeadDays = 90;

struct TournamentRecord {
  int64_t id = 0;
  // The name players know it by ("Friday blitz"; JSON "name", create's -name=): as its
  // creator gave it, else made up at its creation (default_tournament_name).
  std::string title;
  std::string game;                            // registry name
  std::map<std::string, std::string> options;  // the game's, canonical
  TimeLimits limits;                           // the boards'
  bool rated = true;
  TournamentFormat format = TournamentFormat::RoundRobin;
  int rounds = 0;  // Swiss: as asked; the others: from the number of players, once started
  int min_players = 2, max_players = 2;
  std::optional<int64_t> starts_at;  // nullopt: when the last place is taken
  std::string creator;
  TournamentStatus status = TournamentStatus::Open;
  int round = 0;  // the round being played (0 before the start)
  int64_t created_at = 0;
  std::optional<int64_t> started_at, finished_at;
  int64_t revision = 0;  // +1 with every change (update_tournament): what live pages compare

  // "tournament 3": how commands and messages refer to it (with its title where it is presented).
  std::string name() const { return "tournament " + std::to_string(id); }
  // The game's options and the boards' words (nagtime, forfeittime, rated).
  std::map<std::string, std::string> options_and_settings() const;
};

struct TournamentPlayer {
  std::string player;
  std::optional<int> seed;    // from 1, once started
  std::optional<int> rating;  // whole points, what it was seeded by
  int64_t joined_at = 0;
  bool withdrawn = false;
};

// What happened to a tournament, for the listeners that record it in the same transaction
// (the mail outbox): a round started (its boards are each reported as a board's Started
// event too), or the tournament finished or was cancelled.
enum class TournamentEventKind { RoundStarted, Finished, Cancelled };
struct TournamentEvent {
  TournamentEventKind kind = TournamentEventKind::RoundStarted;
  Message summary;   // one line, written in each reader's language (texts.h)
  std::string text;  // the standings (and the round's pairings), as `tournament show` gives them
};
using TournamentEventSink = std::function<void(Session& session, const TournamentRecord& tournament,
                                               const std::vector<TournamentPlayer>& players, const TournamentEvent& event)>;

// --- queries ----------------------------------------------------------------------------
int64_t insert_tournament(Session& session, const TournamentRecord& tournament);
// Sets the name (a default needs the tournament's number, known once it is inserted).
void name_tournament(Session& session, int64_t id, const std::string& title);
std::optional<TournamentRecord> find_tournament(Session& session, int64_t id);
// find_tournament for a transaction that will change it: on PostgreSQL the row is locked,
// so two transactions that end two of its boards at once take turns (the later one then
// fails to serialize and runs again, seeing the first's result).
std::optional<TournamentRecord> find_tournament_to_change(Session& session, int64_t id);
// Writes status, rounds, round, started_at, finished_at; bumps revision (and sets the new
// one in `tournament`) and tells the other processes' change feeds of it at commit.
void update_tournament(Session& session, TournamentRecord& tournament);
// Newest first, one page of them; `status` "" for any, `game` "" for every game.
std::vector<TournamentRecord> list_tournaments(Session& session, const std::string& status, const std::string& game,
                                               const Page& page);
// Open tournaments whose start time has come.
std::vector<int64_t> tournaments_due(Session& session, int64_t now);
// How many tournaments `creator` made that are open or running.
int live_tournaments_of(Session& session, const std::string& creator);
// How many tournaments `creator` made after `since`, and when the first of them was made.
std::pair<int, int64_t> tournaments_created_since(Session& session, const std::string& creator, int64_t since);

std::vector<TournamentPlayer> tournament_players(Session& session, int64_t tournament);
void add_tournament_player(Session& session, int64_t tournament, const std::string& player, int64_t now);
void remove_tournament_player(Session& session, int64_t tournament, const std::string& player);
void seed_tournament_player(Session& session, int64_t tournament, const std::string& player, int seed, int rating);
void withdraw_tournament_player(Session& session, int64_t tournament, const std::string& player);

// The games in round, slot, replay order.
std::vector<TournamentGame> tournament_games(Session& session, int64_t tournament);
// Inserts one game; a second insert of the same round, slot and replay fails (the
// primary key: a round never starts twice).
void insert_tournament_game(Session& session, int64_t tournament, const TournamentGame& game);
void set_tournament_outcome(Session& session, int64_t tournament, const TournamentGame& game);
// The tournament a board was started by, if any.
std::optional<int64_t> tournament_of_board(Session& session, int64_t board);

}  // namespace ludus::server
