// SPDX-License-Identifier: Apache-2.0
#pragma once
// The play server's operations, shared by the command interface and the JSON API.
// Callers authenticate first (Accounts) and pass the canonical user id.  Each change is
// one write transaction (Store::retrying) that replays the board, checks the request against the
// stored state (seat, turn, move number) and writes the result, so two concurrent moves
// on one board can never both be stored.
#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "server/domain/accounts/accounts.h"
#include "server/domain/analysis/reviews.h"
#include "server/domain/play/board.h"
#include "server/domain/play/ai_players.h"
#include "server/domain/play/board_cache.h"
#include "server/domain/play/board_events.h"
#include "server/domain/play/conditional_moves.h"
#include "server/domain/play/holidays.h"
#include "server/storage/mail_store.h"
#include "server/domain/play/offers.h"
#include "server/domain/play/ratings.h"
#include "server/domain/service_limits.h"
#include "server/domain/tournaments/tournament_service.h"
#include "server/storage/store.h"

namespace ludus::server {

struct PlayResult {
  int64_t board = 0;
  int first_ply = 0;                // number of the first move stored
  std::vector<std::string> moves;   // canonical text of each ply stored
  int turn = 0;                     // the turn they make (docs/turns.md: what players count)
  // The turns conditional moves played at once in answer, in the same transaction, in order
  // (the opponent's answer; then the mover's own answer to it, if their tree has one ...).
  std::vector<PlayResult> answers;
  std::string player;  // who played it
};

// What a player sees of their own conditional moves on a board (nobody else sees them).
struct ConditionalView {
  ConditionalTree tree;
  std::string note;  // why the last tree was dropped ("" for none)
  bool exploration = true;  // whether the board allows them at all
};

// What a mover says they are playing, so that a stale move is never played: the number its
// first ply gets (the JSON API's "move_number": moves played + 1), or the turn (the text
// grammar's #N: the number boards and mails show).
struct ExpectedMove {
  enum class Unit { Ply, Turn };
  Unit unit = Unit::Ply;
  int number = 0;
  static ExpectedMove ply(int n) { return {Unit::Ply, n}; }
  static ExpectedMove turn(int n) { return {Unit::Turn, n}; }
  bool operator==(const ExpectedMove&) const = default;
};

// A challenge's game and options, checked (400 bad_game with the reason otherwise).
struct BoardSpec {
  std::string game;                            // registry name
  std::map<std::string, std::string> options;  // the game's, canonical
  TimeLimits limits;
  bool rated = true;
  bool exploration = false;
  int to_move_seat = 0;
};
// `options` are the game's, plus the board's time limits "nagtime" and "forfeittime"
// (days, 0 = none; defaults 7 and 21), "rated" (yes|no; default: yes when the game's
// options are its standard ones, the only rated ones: ratings.h) and "exploration" (yes|no;
// default: no when rated, yes when not).
// With `bot_plays` (a bot holds a seat: docs/bots.md) the board is never rated.
BoardSpec board_spec(const std::string& game, const std::map<std::string, std::string>& options,
                     bool bot_plays = false);
// Why a board of the game's canonical `options` cannot be rated ("a bot plays", or the options
// that differ from the standard ones); nullopt when it may be.
std::optional<std::string> unrated_reason(const std::string& game, const std::map<std::string, std::string>& options,
                                          bool bot_plays);

// What a challenge started: the board at once, or an invitation the opponent must accept.
struct ChallengeOutcome {
  std::optional<int64_t> board;
  std::optional<OfferRecord> offer;
};

// What became of a proposal or an answer, for the reply.
struct ProposalResult {
  Message message;  // one line: "alice proposes a draw on board 7", "bob accepts ..."
};

class Service {
 public:
  static constexpr size_t kMaxMoveText = 200;
  static constexpr size_t kMaxComment = 2000;

  Service(Store& store, Accounts& accounts, ServiceLimits limits = {});

  Accounts& accounts() { return *accounts_; }
  Store& store() { return *store_; }
  // The tournaments (tournament_service.h), whose boards this service plays.
  Tournaments& tournaments() { return tournaments_; }
  // The reviews of finished boards (analysis/reviews.h), with limits().reviews.
  Reviews& reviews() { return reviews_; }

  // Called after every committed change of a board (the AI worker listens) with the
  // revision it gave the board, saying whether it created the board.
  using ChangeListener = std::function<void(int64_t board, int64_t revision, BoardChange change)>;
  void set_change_listener(ChangeListener listener) { listener_ = std::move(listener); }
  // Told after each committed change of a tournament (its live pages).
  using TournamentListener = std::function<void(int64_t tournament, int64_t revision)>;
  void set_tournament_listener(TournamentListener listener) { tournament_listener_ = std::move(listener); }
  // Called inside the transaction of every change, before its commit (the mail outbox).
  void set_event_sink(BoardEventSink sink) { event_sink_ = std::move(sink); }
  // When on, an AI seat replies at once, inside the request that gave it the move (the
  // one-shot `ludus pbm` command; the server uses a background worker instead).
  void set_inline_ai(bool on);

  // Seats: user ids (must exist) or "ai:SPEC"; the challenger must hold one of them;
  // options as board_spec() takes them.
  //
  // A challenge as the opponent's settings say (offers.h): against the computer, or a
  // player who accepts every challenge, the board starts at once; a player who asks gets
  // an invitation to accept or decline; one who accepts none refuses it (403
  // challenges_refused).  A player at their limit of active boards refuses it too (409
  // too_many_active), the challenger included.
  // `rematch_of`: the finished board this challenge repeats (rematch()), which its invitation
  // names.
  ChallengeOutcome challenge(const std::string& challenger, const std::string& game,
                             const std::map<std::string, std::string>& options, const std::string& first,
                             const std::string& second, std::optional<int64_t> rematch_of = std::nullopt);
  // A rematch of the finished `board`, asked by one of its players: the same game, options,
  // time limits and rating, the colours swapped (so they alternate from one rematch to the
  // next), as challenge() makes it: an invitation to the other player unless their settings
  // say otherwise, refused between players who block each other, at once against the
  // computer.  When the other player already asks for this rematch, asking too accepts it
  // (the board starts).  409 game_not_over while the board is on, rematch_pending when the
  // user already asks; 403 for someone who did not play on it; 409 account_deleted when the
  // other player deleted their account.
  ChallengeOutcome rematch(int64_t board, const std::string& user);
  // Starts the board at once, without asking the opponent or counting active boards:
  // for challenge() and join(), and for tools and tests that set boards up (a block between
  // the two still refuses it: 403 blocked).
  int64_t start_board(const std::string& challenger, const std::string& game,
                      const std::map<std::string, std::string>& options, const std::string& first,
                      const std::string& second);

  // --- offers (offers.h) ---------------------------------------------------------------
  // An open challenge anyone eligible may take: `seat` is the poster's; a taker's rating
  // in the game must lie in [min_rating, max_rating] when they are given.
  OfferRecord seek(const std::string& poster, const std::string& game,
                   const std::map<std::string, std::string>& options, SeatChoice seat, std::optional<int> min_rating,
                   std::optional<int> max_rating);
  // One page of the open offers, oldest first: every seek (of `game` when not ""); with a
  // `user`, only the seeks whose rating range admits them (and their own).  Invitations are
  // private to their two players: those to or from `user` are listed only when
  // `user_authenticated` (the caller proved to be `user`, by password or token), who is then
  // not shown the seeks of anyone a block stands between them and (moderation.h).
  std::vector<OfferRecord> offers(const std::string& game, const std::string& user, bool user_authenticated,
                                  const Page& page = {});
  // Accepts an invitation addressed to `user` or takes a seek: starts the board and
  // returns its number.  Exactly one board per offer, however many join at once (409
  // offer_closed for the others).
  int64_t join(int64_t offer, const std::string& user);
  // The addressee declines an invitation, or the poster withdraws an offer.
  OfferRecord decline(int64_t offer, const std::string& user);

  // --- bots (bot_accounts.cpp, docs/bots.md) ---------------------------------------------
  // Makes the account `user` a bot, for good (the caller checked its password: the owner's
  // request): only while it has no rated board and is in no tournament under way (409
  // bot_refused, with the reason).  Its open rated offers, and rated invitations to it, are
  // withdrawn or declined.  Asking again for a bot changes nothing.
  void become_bot(const std::string& user);
  // Whether a bot account holds either seat (user ids as typed; unknown ones and ai:SPEC are
  // no bots): a board of theirs is never rated.
  bool bot_among(const std::array<std::string, 2>& players);
  // The user's challenge settings, after changing what is given (max_active: a number
  // of boards from 1, or nullopt for no limit).
  ChallengeSettings challenge_settings(const std::string& user, std::optional<ChallengePolicy> policy = std::nullopt,
                                       std::optional<std::optional<int>> max_active = std::nullopt);
  // Marks offers past their expiry as expired (they are already refused and unlisted).
  int expire_offers();
  // Called inside the transaction of every offer event (the mail outbox).
  void set_offer_sink(OfferEventSink sink) { offer_sink_ = std::move(sink); }
  // Called after an offer was posted, declined, withdrawn or taken (the live lobby).
  void set_offers_listener(std::function<void()> listener) { offers_listener_ = std::move(listener); }

  // Plays a turn typed as one text (several plies for games whose turns have several:
  // "d3,e5-e7").  `expected`, when given, must be where the board is (the next ply's
  // number, or the turn to play) or the request is refused as stale (409).  A `comment`
  // (the body of a mailed move) is stored with the move, in its transaction.
  PlayResult play(int64_t board, const std::string& user, std::string_view text,
                  std::optional<ExpectedMove> expected = std::nullopt, std::string_view comment = {});
  void resign(int64_t board, const std::string& user);

  // --- conditional moves (conditional_moves.h, docs/correspondence.md) -----------------
  // The user's own tree on the board; 403 for someone who does not play on it.
  ConditionalView conditional(int64_t board, const std::string& user);
  // Replaces the user's tree with `text` (the grammar; "" or "clear" forgets it), checked by
  // playing every line from the board's position.  Only on the opponent's turn (409
  // your_turn), while the game is on (409 game_over), where the board allows exploration
  // (403 exploration_off); 400 bad_conditional or illegal_move naming the line.
  ConditionalView set_conditional(int64_t board, const std::string& user, std::string_view text);
  // The server's analysis engine for a signed-in `user`: 403 exploration_off for a live board
  // of theirs that forbids exploration, when `position` (the same game and options) is its
  // current position, or goes on from it (its moves first) and `board` names it (the page
  // does).  What it cannot see (another account, a copy of ludus) it cannot refuse.
  void check_may_analyse(const std::string& user, const History& position, std::optional<int64_t> board);
  // kind: "draw", "undo" (take back the proposer's latest turn and what followed; not on
  // rated or tournament boards) or "abort" (end with no result; only early, not in
  // tournaments): proposal_rules.h.
  ProposalResult propose(int64_t board, const std::string& user, std::string_view kind);
  ProposalResult answer(int64_t board, const std::string& user, bool accept);
  void comment(int64_t board, const std::string& user, std::string_view text);
  void subscribe(int64_t board, const std::string& user, bool on);
  // The user's mail preference and digest hour, after setting them to `wanted` and
  // `digest_hour` when given (an hour outside 0-23: 400 bad_field).
  MailAddressee mail_settings(const std::string& user, std::optional<MailPreference> wanted = std::nullopt,
                              std::optional<int> digest_hour = std::nullopt);
  // The user's holidays (holidays.h); declaring or cancelling one shows on every active
  // board they play (a new revision each).  404 for an unknown user.
  HolidayPlan holidays(const std::string& user);
  HolidayPlan declare_holiday(const std::string& user, std::string_view from, std::string_view to);
  HolidayPlan cancel_holiday(const std::string& user);

  // A consistent snapshot of a board with its comments; 404 when there is none.  Read from
  // the board cache when the stored revision is the cached one (no replay), else replayed
  // once and cached.
  std::shared_ptr<const Board> load_shared(int64_t board);
  Board load(int64_t board) { return *load_shared(board); }
  // The board's revision (bumped by every change); nullopt when there is no such board.
  std::optional<int64_t> revision(int64_t board);
  std::vector<GameRecord> list(const GameFilter& filter);

  // A game's standings (`game` by any spelling the registry accepts; 400 unknown_game).
  std::vector<Standing> standings(const std::string& game, int limit = kStandingsPage, int offset = 0);
  // A player's ratings and rated games (a user id or ai:SPEC; 404 for an unknown user).
  struct PlayerRatings {
    std::string player;
    std::vector<Standing> ratings;
    std::vector<RatingChange> history;
    bool bot = false;  // a bot account (docs/bots.md): it has no ratings
  };
  PlayerRatings player_ratings(const std::string& player);

  // Plays one move for the AI seat to move, if any; returns whether it played.  The
  // search runs outside any transaction; the store is guarded by the move number.
  bool play_ai_move(int64_t board);
  // The computer players kept across moves, and what their kept searches saved.
  const AiPlayers& ai_players() const { return ai_players_; }

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
  // Runs `change` on the board (cached or replayed) inside a write transaction and stores
  // it; the committed board goes into the cache, so the reply and the pushes replay nothing.
  // `change` fills in the event it reports (the sink gets it before the commit).
  template <class Fn>
  auto change_board(int64_t board, BoardEventKind kind, const std::string& actor, Fn&& change);
  // The board of `record` (just read in `session`'s transaction): the cached one at its
  // revision, or replayed from the session's rows.
  Board board_at(Session& session, GameRecord record);
  // Records a board's event in the change's transaction: the notifications, then the sink
  // (the mail outbox).
  void report(Session& session, const Board& board, const BoardEvent& event);
  // The same for an offer's event.
  void report_offer(Session& session, const OfferRecord& offer, const OfferEvent& event);
  // Plays `user`'s whole turn on `b` in `session` (seat, turn, the guard, the rules, the move
  // rows): the one way every turn is played, typed or answered by a conditional move.
  PlayResult play_turn_on(Board& b, Session& session, const std::string& user, const std::string& typed,
                          std::optional<ExpectedMove> expected);
  // After `played`: while the player to move has conditional moves answering the last turn,
  // plays their answer (same transaction); a tree that does not answer it is dropped and its
  // owner told privately.  Returns the answers played.
  std::vector<PlayResult> answer_conditionally(Board& b, Session& session, const PlayResult& played);
  // A seat as a challenger gives it: an existing user id or an AI spec this server allows.
  std::string checked_seat(Session& session, const std::string& given) const;
  // 429 too_many_boards when `user` started this server's limit of boards, offers and
  // tournaments in the last hour.
  void check_hourly_limit(Session& session, const std::string& user, int64_t now) const;
  // 409 too_many_active when a person holds their limit of active boards.
  void check_active_limit(Session& session, const std::string& user) const;
  // Inserts a board and reports it Started by `actor` (the challenger, or who took an
  // offer) with `summary` ("" : "CHALLENGER challenges: board N is ready").  403 blocked
  // when the two may not meet (moderation.h).
  int64_t insert_board(Session& session, const BoardSpec& spec, const std::string& challenger,
                       const std::array<std::string, 2>& seats, int64_t now, const std::string& actor = "",
                       const Message& summary = Message());
  // The two steps of enforce_time_limits for one board; each re-checks in its transaction
  // that the turn it found overdue is still on, and returns whether it acted.
  bool forfeit_on_time(const TurnClock& overdue);
  bool remind(const TurnClock& overdue, int64_t now);
  void notify(int64_t board, int64_t revision, BoardChange change = BoardChange::Changed);
  // Runs change(session, now) on a user's holidays in a write transaction; the plan after it.
  template <class Fn>
  HolidayPlan change_holidays(const std::string& user, Fn&& change);
  void notify_tournament(const TournamentChanged& change);
  // Tournaments start their boards with insert_board and tell the listeners with notify.
  friend class Tournaments;
  // A finished review is reported as the board's event (report, board_at).
  friend class Reviews;

  Store* store_;
  Accounts* accounts_;
  BoardCache cache_;
  AiPlayers ai_players_;
  ServiceLimits limits_;
  ChangeListener listener_;
  TournamentListener tournament_listener_;
  BoardEventSink event_sink_;
  OfferEventSink offer_sink_;
  std::function<void()> offers_listener_;
  bool inline_ai_ = false;
  bool in_inline_ai_ = false;
  Tournaments tournaments_{*this};
  Reviews reviews_{*this, limits_.reviews};
};

// "board 12" for messages.
std::string board_name(int64_t board);
// The user's seat on `board`; 403 when they do not play on it.
int seat_in(const Board& board, const std::string& user);
// 409 game_over once the board's game is over.
void require_on(const Board& board);
// "alice plays e5 on board 3 (turn 7)" (no full stop), and the conditional moves that answered
// it: "...; bob's conditional move answers d4 (turn 8)".
Message play_summary(const std::string& user, const PlayResult& result);

}  // namespace ludus::server
