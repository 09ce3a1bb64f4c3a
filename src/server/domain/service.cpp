// SPDX-License-Identifier: Apache-2.0
#include "server/domain/service.h"

#include <algorithm>
#include <charconv>
#include <chrono>

#include <fmt/format.h>

#include "ai/player.h"
#include "core/error.h"
#include "core/text.h"
#include "core/notation.h"
#include "core/registry.h"
#include "server/base/errors.h"
#include "server/base/metrics.h"
#include "server/domain/accounts/bot_rules.h"
#include "server/domain/bots/bot_events.h"
#include "server/storage/bot_store.h"
#include "server/storage/conditional_store.h"
#include "server/storage/mail_store.h"
#include "server/storage/throttle_store.h"
#include "server/domain/community/moderation.h"
#include "server/domain/play/board_news.h"
#include "server/domain/play/board_settings.h"
#include "server/domain/play/ratings.h"
#include "server/domain/community/user_text.h"
#include "server/domain/community/notifications.h"
#include "server/domain/play/proposal_rules.h"

namespace ludus::server {

std::string board_name(int64_t board) { return "board " + std::to_string(board); }

Message play_summary(const std::string& user, const PlayResult& result) {
  if (result.first_ply == 0) return text("{user} resigns board {board}", {{"user", user}, {"board", result.board}});
  std::string moves;
  for (const auto& m : result.moves) moves += (moves.empty() ? "" : ",") + m;
  // TRANSLATORS: {moves} is the move notation as played ("e5" or "d4,d5"); a turn is a player's go.
  Message out = text("{user} plays {moves} on board {board} (turn {turn})",
                     {{"user", user}, {"moves", moves}, {"board", result.board}, {"turn", result.turn}});
  for (const PlayResult& answer : result.answers)
    out = text("{summary}; {player}'s conditional move answers {moves} (turn {turn})",
               {{"summary", out}, {"player", answer.player}, {"moves", join_plies(answer.moves)}, {"turn", answer.turn}});
  return out;
}

int seat_in(const Board& board, const std::string& user) {
  int seat = board.seat_of(user);
  if (seat < 0) forbidden(text("{user} does not play on board {board}", {{"user", user}, {"board", board.id()}}));
  return seat;
}

void require_on(const Board& board) {
  if (board.is_over())
    conflict(text("board {board} is over ({reason})", {{"board", board.id()}, {"reason", board.end_reason()}}), "game_over");
}

namespace {

// A draw is offered only where the rules have draws (GameInfo::may_draw): Epoxy, N-Mesh
// and Netted always end with a winner, so nobody may propose or accept one there.
void require_draws(const Board& board) {
  const GameInfo& info = board.game().info();
  if (!info.may_draw)
    bad_request(text("{game} has no draws: its rules always end with a winner", {{"game", info.title}}), "no_draws");
}

// "bob has proposed a draw on board 3: accept or reject that first", one sentence per kind
// (proposal_words' English, whole in every language).
Message pending_proposal(const std::string& kind, const std::string& proposer, int64_t board) {
  const TextArgs args = {{"user", proposer}, {"board", board}};
  if (kind == "abort") return text("{user} has proposed to abort the game on board {board}: accept or reject that first", args);
  if (kind == "draw") return text("{user} has proposed a draw on board {board}: accept or reject that first", args);
  return text("{user} has proposed to take back their last move on board {board}: accept or reject that first", args);
}

// The rules a proposal of `kind` must meet on `board` beyond the board being on (they are
// checked again on the answer: a proposal stored before a rule was kept).
void require_may_propose(const Board& board, const std::string& kind) {
  if (kind == "draw") require_draws(board);
  if (kind == "undo")
    if (auto refusal = takeback_refusal(board)) refuse(*refusal);
  if (kind == "abort")
    if (auto refusal = abort_refusal(board)) refuse(*refusal);
}

// A comment as stored: the rule of all users' text, lines kept, not empty, bounded.
std::string checked_comment(std::string_view text) {
  return checked_user_text(text, {N_("the comment"), TextLines::Several, Service::kMaxComment, false});
}

}  // namespace

Service::Service(Store& store, Accounts& accounts, ServiceLimits limits)
    : store_(&store), accounts_(&accounts), limits_(std::move(limits)) {}

void Service::set_inline_ai(bool on) { inline_ai_ = on; }

void Service::notify(int64_t board, int64_t revision, BoardChange change) {
  if (inline_ai_ && !in_inline_ai_) {
    in_inline_ai_ = true;
    try {
      while (play_ai_move(board)) {
      }
    } catch (...) {
      in_inline_ai_ = false;
      throw;
    }
    in_inline_ai_ = false;
  }
  if (listener_) listener_(board, revision, change);
}

void Service::notify_tournament(const TournamentChanged& change) {
  if (tournament_listener_) tournament_listener_(change.tournament, change.revision);
}

void Service::report(Session& session, const Board& board, const BoardEvent& event) {
  // Whom it reaches is asked once (subscribers, blocks) for the notifications and the mail.
  const std::vector<BoardReader> readers =
      event.summary.empty() ? std::vector<BoardReader>{} : board_event_readers(session, board, event);
  notify_board_event(session, board, event, readers, accounts_->now());
  record_bot_board_events(session, board, event, accounts_->now());
  if (event_sink_) event_sink_(session, board, event, readers);
}

void Service::report_offer(Session& session, const OfferRecord& offer, const OfferEvent& event) {
  notify_offer_event(session, offer, event, accounts_->now());
  if (event.kind == OfferEventKind::Invited) record_bot_invitation(session, offer, accounts_->now());
  else record_bot_invitation_gone(session, offer, offer_status_name(offer.status), accounts_->now());
  if (offer_sink_) offer_sink_(session, offer, event);
}

template <class Fn>
auto Service::change_board(int64_t board, BoardEventKind kind, const std::string& actor, Fn&& change) {
  // The whole unit, the event report (the outbox) included, runs again after a serialization
  // failure: the rolled-back try leaves no mail behind, so every change queues its mails once.
  int64_t revision = 0;
  std::vector<int64_t> started;  // boards of a tournament's next round
  std::optional<TournamentChanged> tournament;  // the tournament of a board that ended
  bool review_queued = false;  // its players' automatic review
  auto result = store_->retrying([&](Session& session) {
    started.clear();
    tournament.reset();
    review_queued = false;
    auto tx = session.write();
    auto record = session.find_game_to_change(board);
    if (!record) not_found(text("no board {board}", {{"board", board}}));
    const int moves_before = record->num_moves;
    const bool finished_before = record->finished();
    const std::optional<int> to_move_before = record->to_move_seat;
    Board b = board_at(session, std::move(*record));
    BoardEvent event{kind, actor, {}, ""};
    auto result = change(b, session, event);
    const int64_t now = accounts_->now();
    const GameRecord& changed = b.refreshed_record(now);
    session.update_game(changed);
    if (!finished_before && changed.finished()) {
      rate_finished_game(session, b);
      tournament = tournaments_.board_finished(session, b, started);
      review_queued = reviews_.queue_if_automatic(session, b, now);
    }
    if (changed.num_moves != moves_before || changed.to_move_seat != to_move_before) start_turn(session, board, now);
    // Conditional moves answer turns still to come from this position: none once it is over
    // or turns were taken back.
    if (changed.finished() || changed.num_moves < moves_before) delete_conditionals(session, board);
    report(session, b, event);
    revision = b.record().revision;
    ExpectedRevision expected(cache_, board, revision);  // readers woken by the commit wait for it
    const bool finished = changed.finished();
    tx.commit();
    expected.stored(std::make_shared<const Board>(std::move(b)));
    if (finished) ai_players_.forget(board);
    return result;
  });
  notify(board, revision);
  for (int64_t created : started) notify(created, 0, BoardChange::Created);
  if (tournament) notify_tournament(*tournament);
  if (review_queued) reviews_.queued();
  return result;
}

Board Service::board_at(Session& session, GameRecord record) {
  if (auto cached = cache_.find(record.id, record.revision)) return *cached;
  const int64_t id = record.id;
  return Board(std::move(record), session.moves(id), session.comments(id));
}

std::optional<std::string> unrated_reason(const std::string& game, const std::map<std::string, std::string>& options,
                                          bool bot_plays) {
  if (bot_plays) return std::string(kBotPlaysReason);
  return nonstandard_options_reason(game, options);
}

BoardSpec board_spec(const std::string& game, const std::map<std::string, std::string>& given, bool bot_plays) {
  std::map<std::string, std::string> options = given;
  BoardSpec spec;
  const BoardSettings settings = take_board_settings(options);
  spec.limits = settings.limits;
  const std::optional<bool> rated = settings.rated;
  std::optional<History> history;
  try {
    history.emplace(new_history(game, options));
  } catch (const LudusError& e) {
    bad_request(e.what(), "bad_game");
  }
  spec.game = history->game().name();
  spec.options = history->game().options().values();
  const auto unrated = unrated_reason(spec.game, spec.options, bot_plays);
  if (rated.value_or(false) && unrated)
    bad_request(text("{reason}: play it unrated (-rated=no)", {{"reason", *unrated}}), "bad_game");
  spec.rated = rated.value_or(!unrated);
  spec.exploration = settings.exploration.value_or(!spec.rated);
  spec.to_move_seat = history->state().seat_to_move();
  return spec;
}


std::string Service::checked_seat(Session& session, const std::string& given) const {
  const std::string prefix = lowercase(given.substr(0, 3));
  if (prefix == "ai:") return limits_.ai.checked_seat(given.substr(3));
  std::string id = Accounts::normalize_user_id(given);
  if (!session.find_user(id)) not_found(text("no user '{user}'", {{"user", id}}));
  return id;
}

void Service::check_hourly_limit(Session& session, const std::string& user, int64_t now) const {
  if (limits_.boards_per_hour <= 0) return;
  // Boards challenged, offers posted and tournaments created: each count and its first time.
  const std::pair<int, int64_t> made[] = {session.games_challenged_since(user, now - 3600),
                                          offers_posted_since(session, user, now - 3600),
                                          tournaments_created_since(session, user, now - 3600)};
  int started = 0;
  int64_t earliest = now;
  for (const auto& [count, first] : made)
    if (count > 0) started += count, earliest = std::min(earliest, first);
  if (started < limits_.boards_per_hour) return;
  const int wait = static_cast<int>(std::max<int64_t>(1, earliest + 3600 - now));
  too_many(text("you ({user}) started {started} boards, challenges and tournaments in the last hour, this server's "
                "limit; try again in {seconds} s",
                {{"user", user}, {"started", started}, {"seconds", wait}}),
           "too_many_boards", wait);
}

int64_t Service::insert_board(Session& session, const BoardSpec& spec, const std::string& challenger,
                              const std::array<std::string, 2>& seats, int64_t now, const std::string& actor,
                              const Message& summary) {
  GameRecord record;
  record.game = spec.game;
  record.options = spec.options;
  record.rated = spec.rated;
  record.exploration = spec.exploration;
  record.challenger = challenger;
  record.seats = seats;
  record.bots = {is_bot(session, seats[0]), is_bot(session, seats[1])};
  record.to_move_seat = spec.to_move_seat;
  record.created_at = record.updated_at = now;
  if (record.seats[0] == record.seats[1]) bad_request(text("the two players must differ"), "bad_players");
  // Every board is born here: the backstop of the rule each way in checks first, with its
  // own words (a tournament pairs such players as a forfeit instead).
  if (!may_meet(session, seats[0], seats[1])) forbidden(text("a block stands between the two players"), "blocked");
  const int64_t id = session.insert_game(record);
  record.id = id;
  set_time_limits(session, id, spec.limits, now);
  for (const auto& seat : record.seats)
    if (!Accounts::is_ai(seat)) session.set_subscription(seat, id, true);
  report(session, Board(record, {}),
         BoardEvent{BoardEventKind::Started, actor.empty() ? challenger : actor,
                    summary.empty() ? text("{user} challenges: board {board} is ready", {{"user", challenger}, {"board", id}})
                                    : text("{summary}: board {board} is ready", {{"summary", summary}, {"board", id}}),
                    ""});
  return id;
}

int64_t Service::start_board(const std::string& challenger, const std::string& game,
                             const std::map<std::string, std::string>& options, const std::string& first,
                             const std::string& second) {
  const BoardSpec spec = board_spec(game, options);
  const int64_t now = accounts_->now();
  const int64_t id = store_->retrying([&](Session& session) {
    auto tx = session.write();
    const std::array<std::string, 2> seats = {checked_seat(session, first), checked_seat(session, second)};
    if (seats[0] != challenger && seats[1] != challenger)
      forbidden(text("you ({user}) can only challenge on a board where you play", {{"user", challenger}}));
    check_hourly_limit(session, challenger, now);
    const int64_t board = insert_board(session, spec, challenger, seats, now);
    tx.commit();
    return board;
  });
  notify(id, 0, BoardChange::Created);
  return id;
}

PlayResult Service::play(int64_t board, const std::string& user, std::string_view text,
                         std::optional<ExpectedMove> expected, std::string_view comment) {
  const std::string note = comment.empty() ? std::string() : checked_comment(comment);
  std::string typed = normalize_move_text(text);
  if (typed.empty()) bad_request(ludus::server::text("no move given"), "illegal_move");
  if (typed.size() > kMaxMoveText) bad_request(ludus::server::text("the move text is too long"), "illegal_move");
  if (move_word(typed) == MoveWord::Resign) {
    resign(board, user);
    return {board, 0, {"resign"}};
  }
  std::string game;
  PlayResult played_turn = change_board(board, BoardEventKind::Moved, user, [&](Board& b, Session& session, BoardEvent& event) {
    game = b.record().game;
    PlayResult result = play_turn_on(b, session, user, typed, expected);
    const int seat = b.seat_of(user);
    // A mailed move's words go with it unless a block stands between the two (the move counts).
    const bool silenced = !note.empty() && !may_meet(session, b.player(1 - seat), user);
    if (!note.empty() && !silenced) {
      CommentRecord row{0, user, b.num_moves(), note, accounts_->now()};
      row.id = session.insert_comment(board, row);
      b.add_comment(std::move(row));
    }
    if (!silenced) event.comment = note;
    result.answers = answer_conditionally(b, session, result);
    event.summary = play_summary(user, result);
    return result;
  });
  metrics::moves_accepted(game, played_turn.moves.size());
  for (const PlayResult& answer : played_turn.answers) metrics::moves_accepted(game, answer.moves.size());
  return played_turn;
}

PlayResult Service::play_turn_on(Board& b, Session& session, const std::string& user, const std::string& typed,
                                 std::optional<ExpectedMove> expected) {
  const int64_t board = b.id();
  const int seat = seat_in(b, user);
  require_on(b);
  const int next = b.num_moves() + 1;
  const int turn = b.history().current_turn();
  if (expected && expected->number != (expected->unit == ExpectedMove::Unit::Turn ? turn : next))
    conflict(expected->unit == ExpectedMove::Unit::Turn
                 ? text("stale move: you sent it for turn {sent}, and board {board} is at turn {turn} (someone moved "
                        "meanwhile; look at the board again)",
                        {{"sent", expected->number}, {"board", board}, {"turn", turn}})
                 : text("stale move: you sent it for move number #{sent}, and board {board} is at turn {turn} (someone "
                        "moved meanwhile; look at the board again)",
                        {{"sent", expected->number}, {"board", board}, {"turn", turn}}),
             "stale_move");
  if (b.seat_to_move() != seat)
    conflict(text("it is {user}'s turn on board {board} (turn {turn})",
                  {{"user", b.player(b.seat_to_move())}, {"board", board}, {"turn", turn}}),
             "not_your_turn");
  PlayResult result{board, next, {}, turn, {}, user};
  std::vector<MoveRecord> played;
  try {
    played = b.play_turn(typed, accounts_->now());
  } catch (const LudusError& e) {
    bad_request(e.what(), "illegal_move");
  }
  for (const MoveRecord& stored : played) {
    session.insert_move(board, stored);
    result.moves.push_back(stored.move);
  }
  // A proposal is about the position it was made in; any move withdraws it.
  b.clear_proposal();
  return result;
}

void Service::resign(int64_t board, const std::string& user) {
  change_board(board, BoardEventKind::Resigned, user, [&](Board& b, Session&, BoardEvent& event) {
    int seat = seat_in(b, user);
    require_on(b);
    b.resign(seat);
    event.summary = text("{user} resigns board {board}", {{"user", user}, {"board", board}});
    return 0;
  });
}

ProposalResult Service::propose(int64_t board, const std::string& user, std::string_view kind_text) {
  std::string kind = normalize_move_text(kind_text);
  if (kind != "draw" && kind != "undo" && kind != "abort")
    bad_request(text("propose what? expected 'draw', 'undo' or 'abort'"));
  return change_board(board, BoardEventKind::Proposed, user, [&](Board& b, Session& session, BoardEvent& event) {
    const ProposalResult result = [&] {
      int seat = seat_in(b, user);
      require_on(b);
      require_may_propose(b, kind);
      const GameRecord& record = b.record();
      if (!record.proposal.empty() && record.proposal_seat != seat)
        conflict(pending_proposal(record.proposal, b.player(1 - seat), board), "proposal_pending");
      if (kind == "undo" && b.history().latest_turn_start(seat) < 0)
        conflict(text("you have no move to take back on board {board}", {{"board", board}}), "nothing_to_undo");
      const std::string& opponent = b.player(1 - seat);
      if (Accounts::is_ai(opponent)) {
        // The computer always allows a take-back or an abort and always plays on instead of drawing.
        b.clear_proposal();
        if (kind == "draw")
          return ProposalResult{text("{user} declines the draw on board {board}", {{"user", opponent}, {"board", board}})};
        if (kind == "abort") {
          b.abort_game();
          return ProposalResult{
              text("{user} agrees: board {board} is aborted (no result)", {{"user", opponent}, {"board", board}})};
        }
        const int keep = b.history().latest_turn_start(seat);
        b.truncate(keep);
        session.truncate_moves(board, keep);
        return ProposalResult{text("{user} agrees: board {board} is back at turn {turn}",
                                   {{"user", opponent}, {"board", board}, {"turn", b.history().current_turn()}})};
      }
      b.set_proposal(kind, seat);
      const TextArgs args{{"user", user}, {"board", board}, {"opponent", opponent}};
      if (kind == "draw") return ProposalResult{text("{user} proposes a draw on board {board}; {opponent} may accept or reject", args)};
      if (kind == "abort")
        return ProposalResult{
            text("{user} proposes to abort the game on board {board}; {opponent} may accept or reject", args)};
      return ProposalResult{
          text("{user} proposes to take back their last move on board {board}; {opponent} may accept or reject", args)};
    }();
    event.summary = result.message;
    return result;
  });
}

ProposalResult Service::answer(int64_t board, const std::string& user, bool accept) {
  return change_board(board, BoardEventKind::Answered, user, [&](Board& b, Session& session, BoardEvent& event) {
    const ProposalResult result = [&] {
      int seat = seat_in(b, user);
      require_on(b);
      const GameRecord& record = b.record();
      if (record.proposal.empty())
        conflict(text("there is no proposal to answer on board {board}", {{"board", board}}), "no_proposal");
      if (record.proposal_seat == seat)
        conflict(text("you cannot answer your own proposal (wait for {user})", {{"user", b.player(1 - seat)}}),
                 "own_proposal");
      const std::string kind = record.proposal;
      const int proposer = 1 - seat;
      b.clear_proposal();
      const TextArgs args{{"user", user}, {"board", board}};
      if (!accept) {
        if (kind == "draw") return ProposalResult{text("{user} rejects a draw on board {board}", args)};
        if (kind == "abort") return ProposalResult{text("{user} rejects to abort the game on board {board}", args)};
        return ProposalResult{text("{user} rejects to take back their last move on board {board}", args)};
      }
      require_may_propose(b, kind);
      if (kind == "abort") {
        b.abort_game();
        return ProposalResult{text("{user} accepts: board {board} is aborted (no result)", args)};
      }
      if (kind == "draw") {
        b.agree_draw();
        return ProposalResult{text("{user} accepts the draw: board {board} is drawn", args)};
      }
      const int keep = b.history().latest_turn_start(proposer);
      b.truncate(keep);
      session.truncate_moves(board, keep);
      return ProposalResult{text("{user} accepts: board {board} is back at turn {turn}",
                                 {{"user", user}, {"board", board}, {"turn", b.history().current_turn()}})};
    }();
    event.summary = result.message;
    return result;
  });
}

void Service::comment(int64_t board, const std::string& user, std::string_view text) {
  const std::string body = checked_comment(text);
  change_board(board, BoardEventKind::Commented, user, [&](Board& b, Session& session, BoardEvent& event) {
    check_may_comment(session, b.record().seats, user);
    CommentRecord row{0, user, b.num_moves(), body, accounts_->now()};
    row.id = session.insert_comment(board, row);
    b.add_comment(std::move(row));
    event.summary = server::text("{user} comments on board {board}", {{"user", user}, {"board", board}});
    event.comment = body;
    return 0;
  });
}

void Service::subscribe(int64_t board, const std::string& user, bool on) {
  store_->retrying([&](Session& session) {
    auto tx = session.write();
    if (!session.find_game(board)) not_found(text("no board {board}", {{"board", board}}));
    session.set_subscription(user, board, on);
    tx.commit();
  });
}

MailAddressee Service::mail_settings(const std::string& user, std::optional<MailPreference> wanted,
                                     std::optional<int> digest_hour) {
  if (digest_hour && (*digest_hour < 0 || *digest_hour > 23))
    bad_request(text("the digest hour must be 0 to 23 (UTC)"), "bad_field");
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    auto addressee = mail_addressee(session, user);
    if (!addressee) not_found(text("no user '{user}'", {{"user", user}}));
    if (wanted) set_mail_preference(session, user, addressee->preference = *wanted);
    if (digest_hour) set_digest_hour(session, user, addressee->digest_hour = *digest_hour);
    tx.commit();
    return *addressee;
  });
}

HolidayPlan Service::holidays(const std::string& user) {
  auto session = store_->session();
  auto tx = session.read();
  if (!mail_addressee(session, user)) not_found(text("no user '{user}'", {{"user", user}}));
  return holiday_plan(session, user, accounts_->now());
}

template <class Fn>
HolidayPlan Service::change_holidays(const std::string& user, Fn&& change) {
  std::vector<std::pair<int64_t, int64_t>> touched;
  HolidayPlan plan = store_->retrying([&](Session& session) {
    auto tx = session.write();
    if (!mail_addressee(session, user)) not_found(text("no user '{user}'", {{"user", user}}));
    const int64_t now = accounts_->now();
    change(session, now);
    // Each change pushes every active board of the player anew, and a declared-then-cancelled
    // holiday gives its days back: without a bound it would churn the opponents' pages.  A
    // refused change rolls back, so only changes made are counted.
    if (const int wait = admit_event(session, "holiday_changes", user, kHolidayChangesPerDay / 86400.0,
                                     kHolidayChangesPerDay, now * 1000))
      too_many(textn("at most {n} holiday change a day: try again in {seconds} s",
                     "at most {n} holiday changes a day: try again in {seconds} s", kHolidayChangesPerDay,
                     {{"seconds", wait}}),
               "too_many_holiday_changes", wait);
    touched = touch_active_boards(session, user);
    HolidayPlan result = holiday_plan(session, user, now);
    tx.commit();
    return result;
  });
  for (const auto& [board, revision] : touched) notify(board, revision);
  return plan;
}

HolidayPlan Service::declare_holiday(const std::string& user, std::string_view from, std::string_view to) {
  return change_holidays(user, [&](Session& session, int64_t now) { ludus::server::declare_holiday(session, user, from, to, now); });
}

HolidayPlan Service::cancel_holiday(const std::string& user) {
  return change_holidays(user, [&](Session& session, int64_t now) { ludus::server::cancel_holiday(session, user, now); });
}

std::shared_ptr<const Board> Service::load_shared(int64_t board) {
  auto session = store_->session();
  auto tx = session.read();
  auto record = session.find_game(board);
  if (!record) not_found(text("no board {board}", {{"board", board}}));
  if (auto cached = cache_.find(board, record->revision)) return cached;
  Board loaded(std::move(*record), session.moves(board), session.comments(board));
  // The players' holidays not over now (declaring or cancelling one counts a revision).
  std::vector<Holiday> holidays;
  const auto& seats = loaded.record().seats;
  for (size_t seat = 0; seat < seats.size(); ++seat)
    if (!Accounts::is_ai(seats[seat]) && !(seat == 1 && seats[1] == seats[0]))
      for (Holiday& h : holidays_of(session, seats[seat], accounts_->now())) holidays.push_back(std::move(h));
  loaded.set_holidays(std::move(holidays));
  auto shared = std::make_shared<const Board>(std::move(loaded));
  cache_.put(shared);
  return shared;
}

std::optional<int64_t> Service::revision(int64_t board) {
  auto session = store_->session();
  return session.game_revision(board);
}

std::vector<GameRecord> Service::list(const GameFilter& filter) {
  auto session = store_->session();
  auto tx = session.read();
  return session.list_games(filter);
}

std::vector<Standing> Service::standings(const std::string& game, int limit, int offset) {
  std::string name;
  try {
    name = find_game(game).info->name;
  } catch (const LudusError& e) {
    bad_request(e.what(), "unknown_game");
  }
  auto session = store_->session();
  auto tx = session.read();
  return ludus::server::standings(session, name, limit, offset);
}

Service::PlayerRatings Service::player_ratings(const std::string& given) {
  // Computer players and the names deleted accounts leave are no user ids, but they play.
  const bool computer = Accounts::is_ai(given) || Accounts::is_deleted(lowercase(given.substr(0, 40)));
  if (computer && given.size() > 64) not_found(text("no player '{player}...'", {{"player", given.substr(0, 40)}}));
  PlayerRatings out{computer ? lowercase(given) : Accounts::normalize_user_id(given), {}, {}};
  auto session = store_->session();
  auto tx = session.read();
  out.ratings = ratings_of(session, out.player);
  if (!computer && out.ratings.empty() && !session.find_user(out.player)) not_found(text("no user '{user}'", {{"user", out.player}}));
  out.history = rating_history(session, out.player);
  out.bot = !computer && is_bot(session, out.player);
  return out;
}

bool Service::play_ai_move(int64_t board) {
  Board b = load(board);
  if (b.is_over()) return false;
  const std::string& who = b.player(b.seat_to_move());
  if (!Accounts::is_ai(who)) return false;
  const uint64_t seed = static_cast<uint64_t>(board) * 1000003u + static_cast<uint64_t>(b.num_moves());
  // The whole turn at once (Epoxy's two actions): a move is a whole turn.  The seat's
  // player is kept across moves, so its search goes on from the subtree of what was played.
  const auto search_began = std::chrono::steady_clock::now();
  const std::string text = join_plies(ai_players_.choose_turn(board, b.seat_to_move(), who.substr(3), seed, b.history()));
  metrics::ai_search(std::chrono::duration<double>(std::chrono::steady_clock::now() - search_began).count());
  try {
    play(board, who, text, ExpectedMove::ply(b.num_moves() + 1));
  } catch (const ServiceError& e) {
    if (e.kind() != ErrorKind::Conflict) throw;  // the board changed meanwhile: the caller looks again
  }
  return true;
}

Service::TimeLimitReport Service::enforce_time_limits() {
  TimeLimitReport done;
  const int64_t now = accounts_->now();
  std::vector<TurnClock> overdue;
  {
    auto session = store_->session();
    auto tx = session.read();
    overdue = overdue_boards(session, now);
  }
  for (const TurnClock& o : overdue) {
    try {
      const bool forfeit = o.limits.forfeit_days > 0 && o.due_at(o.limits.forfeit_days) <= now;
      if (forfeit ? forfeit_on_time(o) : remind(o, now)) ++(forfeit ? done.forfeited : done.reminded);
    } catch (const ServiceError&) {
      // A board that cannot be loaded (corrupt) is reported by every other path; skip it here.
    }
  }
  return done;
}

namespace {

// The turn `seen` found overdue at `now` is still the board's turn (no move came
// meanwhile) and still overdue (no holiday began meanwhile).
bool same_turn(Session& session, const TurnClock& seen, int64_t now) {
  const auto clock = turn_clock(session, seen.board, now);
  return clock && clock->turn_started_at == seen.turn_started_at && clock->paused == seen.paused;
}

}  // namespace

bool Service::forfeit_on_time(const TurnClock& o) {
  bool forfeited = false;
  change_board(o.board, BoardEventKind::TimedOut, "", [&](Board& b, Session& session, BoardEvent& event) {
    forfeited = false;  // a retried unit decides afresh
    if (b.is_over() || Accounts::is_ai(b.player(b.seat_to_move())) || !same_turn(session, o, accounts_->now())) return 0;
    const int seat = b.seat_to_move();
    b.lose_on_time(seat);
    event.summary = textn("{user} loses board {board} on time (no move for {n} day)",
                          "{user} loses board {board} on time (no move for {n} days)", o.limits.forfeit_days,
                          {{"user", b.player(seat)}, {"board", o.board}});
    forfeited = true;
    return 0;
  });
  return forfeited;
}

bool Service::remind(const TurnClock& o, int64_t now) {
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    auto record = session.find_game(o.board);
    if (!record || record->finished() || !same_turn(session, o, now)) return false;
    if (turn_clock(session, o.board, now)->nagged) return false;
    const Board b = board_at(session, std::move(*record));
    const std::string& player = b.player(b.seat_to_move());
    if (Accounts::is_ai(player)) return false;
    mark_nagged(session, o.board);
    Message summary = textn("{user} has not moved on board {board} for {n} day",
                            "{user} has not moved on board {board} for {n} days", o.elapsed(now) / 86400,
                            {{"user", player}, {"board", o.board}});
    if (o.limits.forfeit_days > 0) {
      const int64_t deadline = o.due_at(o.limits.forfeit_days);
      const int64_t days_left = std::max<int64_t>(1, (deadline - now + 86399) / 86400);
      summary = textn("{summary}; the game is lost on time in {n} day", "{summary}; the game is lost on time in {n} days",
                      days_left, {{"summary", summary}});
    }
    report(session, b, BoardEvent{BoardEventKind::Reminded, "", summary, ""});
    tx.commit();
    return true;
  });
}

}  // namespace ludus::server
