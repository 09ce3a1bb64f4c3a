#pragma once
// The play server's operations, shared by the command interface and the JSON API.
// Callers authenticate first (Accounts) and pass the canonical user id.  Each change is
// one write transaction (Store::retrying) that replays the board, checks the request against the
// stored state (seat, turn, move number) and writes the result, so two concurrent moves
// on one board can never both be stored.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/accounts.h"
#include "server/board.h"
#include "server/board_events.h"
#include "server/mail_store.h"
#include "server/ratings.h"
#include "server/service_limits.h"
#include "server/store.h"

namespace ludus::server {

struct PlayResult {
  int64_t board = 0;
  int first_ply = 0;                // number of the first move stored
  std::vector<std::string> moves;   // canonical text of each ply stored
};

// What became of a proposal or an answer, for the reply.
struct ProposalResult {
  std::string message;  // one line: "alice proposes a draw on board 7", "bob accepts ..."
};

class Service {
 public:
  static constexpr size_t kMaxMoveText = 200;
  static constexpr size_t kMaxComment = 2000;

  Service(Store& store, Accounts& accounts, ServiceLimits limits = {});

  Accounts& accounts() { return *accounts_; }
  Store& store() { return *store_; }

  // Called after every committed change of a board (the AI worker listens).
  void set_change_listener(std::function<void(int64_t board)> listener) { listener_ = std::move(listener); }
  // Called inside the transaction of every change, before its commit (the mail outbox).
  void set_event_sink(BoardEventSink sink) { event_sink_ = std::move(sink); }
  // When on, an AI seat replies at once, inside the request that gave it the move (the
  // one-shot `ludus pbm` command; the server uses a background worker instead).
  void set_inline_ai(bool on);

  // Seats: user ids (must exist) or "ai:SPEC"; the challenger must hold one of them.
  // `options` are the game's, plus the board's time limits "nagtime" and "forfeittime"
  // (days, 0 = none; defaults 7 and 21) and "rated" (yes|no; default: yes when the game's
  // options are its standard ones, the only rated ones: ratings.h).
  int64_t challenge(const std::string& challenger, const std::string& game,
                    const std::map<std::string, std::string>& options, const std::string& first,
                    const std::string& second);

  // Plays a turn typed as one text (several plies for games whose turns have several:
  // "d3,e5-e7").  `move_number`, when given, must be the number the first ply gets
  // (moves played + 1) or the request is refused as stale (409).  A `comment` (the body
  // of a mailed move) is stored with the move, in its transaction.
  PlayResult play(int64_t board, const std::string& user, std::string_view text,
                  std::optional<int> move_number = std::nullopt, std::string_view comment = {});
  void resign(int64_t board, const std::string& user);
  // kind: "draw" or "undo" (take back the proposer's latest turn and what followed).
  ProposalResult propose(int64_t board, const std::string& user, std::string_view kind);
  ProposalResult answer(int64_t board, const std::string& user, bool accept);
  void comment(int64_t board, const std::string& user, std::string_view text);
  void subscribe(int64_t board, const std::string& user, bool on);
  // The user's mail preference, after setting it to `wanted` when given.
  MailPreference mail_preference(const std::string& user, std::optional<MailPreference> wanted = std::nullopt);

  // A consistent snapshot of a board with its comments; 404 when there is none.
  Board load(int64_t board);
  // The board's revision (bumped by every change); nullopt when there is no such board.
  std::optional<int64_t> revision(int64_t board);
  std::vector<GameRecord> list(const GameFilter& filter);

  // A game's standings (`game` by any spelling the registry accepts; 400 unknown_game).
  std::vector<Standing> standings(const std::string& game, int limit = 500, int offset = 0);
  // A player's ratings and rated games (a user id or ai:SPEC; 404 for an unknown user).
  struct PlayerRatings {
    std::string player;
    std::vector<Standing> ratings;
    std::vector<RatingChange> history;
  };
  PlayerRatings player_ratings(const std::string& player);

  // Plays one move for the AI seat to move, if any; returns whether it played.  The
  // search runs outside any transaction; the store is guarded by the move number.
  bool play_ai_move(int64_t board);

  // The boards' time limits at accounts().now(): reports a Reminded event (once a turn)
  // for a human player to move past the board's nag time, and ends the game as a loss on
  // time (ending "timeout") for one past its forfeit time.  Each board in its own
  // transaction.
  struct TimeLimitReport {
    int reminded = 0;
    int forfeited = 0;
  };
  TimeLimitReport enforce_time_limits();

 private:
  // Runs `change` on the replayed board inside a write transaction and stores it.
  // `change` fills in the event it reports (the sink gets it before the commit).
  template <class Fn>
  auto change_board(int64_t board, BoardEventKind kind, const std::string& actor, Fn&& change);
  void report(Session& session, const Board& board, const BoardEvent& event);
  // The two steps of enforce_time_limits for one board; each re-checks in its transaction
  // that the turn it found overdue is still on, and returns whether it acted.
  bool forfeit_on_time(const TurnClock& overdue);
  bool remind(const TurnClock& overdue, int64_t now);
  void notify(int64_t board);

  Store* store_;
  Accounts* accounts_;
  ServiceLimits limits_;
  std::function<void(int64_t)> listener_;
  BoardEventSink event_sink_;
  bool inline_ai_ = false;
  bool in_inline_ai_ = false;
};

// "board 12" for messages.
std::string board_name(int64_t board);
// "alice plays e5 on board 3 (move #7)" (no full stop).
std::string play_summary(const std::string& user, const PlayResult& result);

}  // namespace ludus::server
