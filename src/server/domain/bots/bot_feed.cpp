// SPDX-License-Identifier: Apache-2.0
#include "server/domain/bots/bot_feed.h"

#include <algorithm>
#include <map>
#include <memory>

#include "core/ending.h"
#include "server/base/errors.h"
#include "server/base/json_fields.h"
#include "server/domain/play/game_json.h"
#include "server/domain/play/offer_format.h"
#include "server/storage/bot_event_store.h"
#include "server/storage/bot_store.h"
#include "server/storage/mail_store.h"

namespace ludus::server {
namespace {

using nlohmann::json;

// What the events of one batch read: each board and offer once, from one read transaction.
class EventContext {
 public:
  EventContext(Service& service, Session& session, std::string bot)
      : service_(&service), session_(&session), bot_(std::move(bot)), now_(service.accounts().now()) {}

  int64_t now() const { return now_; }
  Session& session() { return *session_; }

  // The board, or null when it is gone (its players' accounts deleted).
  const Board* board(int64_t id) {
    auto found = boards_.find(id);
    if (found == boards_.end()) {
      std::shared_ptr<const Board> loaded;
      try {
        loaded = service_->load_shared(id);
      } catch (const ServiceError& e) {
        if (e.kind() != ErrorKind::NotFound) throw;
      }
      found = boards_.emplace(id, std::move(loaded)).first;
    }
    return found->second.get();
  }

  // [{"user", "bot", "ai"}] by seat.
  json players(const Board& b) {
    json out = json::array();
    for (int seat = 0; seat < 2; ++seat) {
      const std::string& user = b.player(seat);
      out.push_back({{"user", user}, {"bot", b.record().bots[static_cast<size_t>(seat)]}, {"ai", Accounts::is_ai(user)}});
    }
    return out;
  }

  // game_start's fields (and the snapshot's boards').
  void add_start(json& j, const Board& b) {
    const TimeLimits limits = time_limits(*session_, b.id());
    j["board"] = b.id();
    j["game"] = b.record().game;
    j["options"] = b.record().options;
    j["seat"] = b.seat_of(bot_);
    j["players"] = players(b);
    j["rated"] = b.record().rated;
    j["time_limits"] = {{"nagtime", limits.nag_days}, {"forfeittime", limits.forfeit_days}};
  }

  // your_turn's fields for the turn whose move gets `move_number`: the board's actions and
  // clock when that turn is still the board's ("current"), else only where it stood.
  void add_turn(json& j, const Board& b, int move_number) {
    const int seat = b.seat_of(bot_);
    const bool current = !b.is_over() && b.seat_to_move() == seat && b.num_moves() + 1 == move_number;
    j["board"] = b.id();
    j["seat"] = seat;
    j["colour"] = b.game().colour_name(b.colour_of_seat(seat));
    j["move_number"] = move_number;
    json moves = json::array();
    for (int ply = 0; ply < std::min(move_number - 1, b.num_moves()); ++ply) moves.push_back(b.history().moves()[static_cast<size_t>(ply)]);
    j["moves"] = moves;
    j["current"] = current;
    if (!current) return;
    json turn;
    add_turn_json(turn, b.history(), true);
    j["turn"] = turn["turn"];
    j["actions"] = turn["actions"];
    j["proposal"] = proposal_json(b);
    j["clock"] = clock(b);
  }

  void add_end(json& j, const Board& b) {
    const GameRecord& r = b.record();
    j["board"] = b.id();
    j["seat"] = b.seat_of(bot_);
    j["result"] = r.result;
    j["winner_seat"] = optional_json(r.winner_seat);
    j["reason"] = r.end_reason;
    j["ending"] = ending_name(r.ending);
  }

  const std::string& opponent(const Board& b) const { return b.player(1 - b.seat_of(bot_)); }

  json offer(int64_t id) {
    const auto found = find_offer(*session_, id);
    return found ? offer_json(*found) : json{{"id", id}};
  }

 private:
  // {"deadline", "seconds_left", "nag_at"}: when the turn is lost on time, the seconds left
  // until then, when the reminder goes (null: the board has no such limit).
  json clock(const Board& b) {
    const auto turn = turn_clock(*session_, b.id(), now_);
    json out = {{"deadline", nullptr}, {"seconds_left", nullptr}, {"nag_at", nullptr}};
    if (!turn) return out;
    if (turn->limits.forfeit_days > 0) {
      const int64_t deadline = turn->due_at(turn->limits.forfeit_days);
      out["deadline"] = deadline;
      out["seconds_left"] = std::max<int64_t>(0, deadline - now_);
    }
    if (turn->limits.nag_days > 0) out["nag_at"] = turn->due_at(turn->limits.nag_days);
    return out;
  }

  Service* service_;
  Session* session_;
  std::string bot_;
  int64_t now_;
  std::map<int64_t, std::shared_ptr<const Board>> boards_;
};

std::string line_of(const json& j) { return dump_json(j) + "\n"; }

json event_json(EventContext& context, const BotEventRow& row) {
  json j = {{"id", row.id}, {"type", bot_event_kind_name(row.kind)}, {"at", row.created_at}};
  switch (row.kind) {
    case BotEventKind::Invitation:
      j["offer"] = context.offer(row.offer.value_or(0));
      return j;
    case BotEventKind::InvitationGone:
      j["offer"] = row.offer.value_or(0);
      j["status"] = row.detail;
      return j;
    default:
      break;
  }
  const int64_t board_id = row.board.value_or(0);
  const Board* b = context.board(board_id);
  if (!b) {
    j["board"] = board_id;
    j["gone"] = true;  // its players' accounts were deleted since
    return j;
  }
  switch (row.kind) {
    case BotEventKind::GameStart:
      context.add_start(j, *b);
      break;
    case BotEventKind::YourTurn:
      context.add_turn(j, *b, row.move_number.value_or(b->num_moves() + 1));
      break;
    case BotEventKind::Proposal:
      j["board"] = board_id;
      j["kind"] = row.detail;
      j["user"] = context.opponent(*b);  // the bot hears of its opponent's proposals
      break;
    case BotEventKind::GameEnd:
      context.add_end(j, *b);
      break;
    default:
      break;
  }
  return j;
}

}  // namespace

std::string BotFeed::hello(std::optional<int64_t> since) {
  auto session = service_->store().session();
  auto tx = session.read();
  EventContext context(*service_, session, bot_);
  const int64_t last = last_bot_event_id(session, bot_);
  const std::optional<int64_t> oldest = oldest_bot_event_id(session, bot_);
  // A resume needs every event after `since` still kept: the next one is the oldest kept or
  // later, or there is none after it.
  const bool resumes = since && *since >= 0 && *since <= last && (*since == last || (oldest && *oldest <= *since + 1));
  cursor_ = resumes ? *since : last;
  json j = {{"id", cursor_}, {"type", "hello"}, {"at", context.now()}, {"bot", bot_}, {"cursor", cursor_},
            {"snapshot", !resumes}};
  if (resumes) return line_of(j);
  json offers = json::array();
  for (const OfferRecord& offer : open_offers_involving(session, context.now(), bot_))
    if (offer.kind == OfferKind::Invitation && offer.to == bot_) offers.push_back(offer_json(offer));
  json boards = json::array();
  GameFilter filter;
  filter.user = bot_;
  filter.status = "active";
  for (;; filter.offset += filter.limit) {
    const auto page = session.list_games(filter);
    for (const GameRecord& record : page) {
      const Board* b = context.board(record.id);
      if (!b || b->is_over()) continue;
      json board;
      context.add_start(board, *b);
      const bool bots_turn = b->seat_to_move() == b->seat_of(bot_);
      board["to_move_seat"] = b->seat_to_move();
      board["your_turn"] = bots_turn;
      if (bots_turn) context.add_turn(board, *b, b->num_moves() + 1);
      boards.push_back(std::move(board));
    }
    if (static_cast<int>(page.size()) < filter.limit) break;
  }
  j["offers"] = std::move(offers);
  j["boards"] = std::move(boards);
  return line_of(j);
}

std::vector<std::string> BotFeed::next() {
  auto session = service_->store().session();
  auto tx = session.read();
  EventContext context(*service_, session, bot_);
  std::vector<std::string> lines;
  for (const BotEventRow& row : bot_events_after(session, bot_, cursor_, kBatch)) {
    lines.push_back(line_of(event_json(context, row)));
    cursor_ = row.id;
  }
  return lines;
}

bool BotFeed::pending() {
  auto session = service_->store().session();
  auto tx = session.read();
  return last_bot_event_id(session, bot_) > cursor_;
}

}  // namespace ludus::server
