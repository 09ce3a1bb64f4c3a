// SPDX-License-Identifier: Apache-2.0
// The service's challenges by consent (offers.h): challenges as the opponent's settings
// say, seeks, joining and declining offers, each user's challenge settings.
#include <map>
#include <random>

#include <fmt/format.h>

#include "core/text.h"
#include "server/base/errors.h"
#include "server/domain/accounts/bot_rules.h"
#include "server/domain/bots/bot_events.h"
#include "server/domain/play/board_settings.h"
#include "server/domain/play/ratings.h"
#include "server/domain/community/moderation.h"
#include "server/domain/service.h"
#include "server/storage/bot_store.h"

namespace ludus::server {
namespace {

// "alice plays first": the poster and their seat, in a summary.
Message seat_text(const std::string& poster, SeatChoice seat) {
  switch (seat) {
    case SeatChoice::First: return text("{user} plays first", {{"user", poster}});
    case SeatChoice::Second: return text("{user} plays second", {{"user", poster}});
    case SeatChoice::Random: return text("{user} seats at random", {{"user", poster}});
  }
  return Message::verbatim(poster);
}

// The poster's seat (0 or 1) when the offer is taken.
int poster_seat(SeatChoice seat) {
  if (seat == SeatChoice::First) return 0;
  if (seat == SeatChoice::Second) return 1;
  static thread_local std::mt19937 random{std::random_device{}()};
  return static_cast<int>(random() & 1);
}

void check_range(std::optional<int> min_rating, std::optional<int> max_rating) {
  for (auto bound : {min_rating, max_rating})
    if (bound && (*bound < 0 || *bound > 4000)) bad_request(text("a rating bound must be from 0 to 4000"), "bad_rating_range");
  if (min_rating && max_rating && *min_rating > *max_rating)
    bad_request(text("the lowest rating is above the highest"), "bad_rating_range");
}

// "offer 4 is taken (board 9)": why an offer of `status` can no longer be taken or declined,
// a whole sentence for each status; the board it made only when `name_board`.
Message closed_offer(const OfferRecord& offer, OfferStatus status, bool name_board) {
  switch (status) {
    case OfferStatus::Open: return text("offer {offer} is open", {{"offer", offer.id}});
    case OfferStatus::Taken:
      if (offer.board && name_board) return text("offer {offer} is taken (board {board})", {{"offer", offer.id}, {"board", *offer.board}});
      return text("offer {offer} is taken", {{"offer", offer.id}});
    case OfferStatus::Declined: return text("offer {offer} is declined", {{"offer", offer.id}});
    case OfferStatus::Withdrawn: return text("offer {offer} is withdrawn", {{"offer", offer.id}});
    case OfferStatus::Expired: break;
  }
  return text("offer {offer} is expired", {{"offer", offer.id}});
}

// Whether the offer is a seek whose rating range leaves out `rating` (the taker's, rounded).
bool outside_range(const OfferRecord& offer, int rating) {
  return offer.kind == OfferKind::Seek &&
         ((offer.min_rating && rating < *offer.min_rating) || (offer.max_rating && rating > *offer.max_rating));
}

int rounded_rating(Session& session, const std::string& user, const std::string& game) {
  return static_cast<int>(std::lround(rating_of(session, user, game).rating_points()));
}

// The user's rating in the seek's game, rounded, when it lies outside the seek's range;
// nullopt when the user may take it (no range, or an invitation).
std::optional<int> rating_outside_range(Session& session, const OfferRecord& offer, const std::string& user) {
  if (offer.kind != OfferKind::Seek || (!offer.min_rating && !offer.max_rating)) return std::nullopt;
  const int rating = rounded_rating(session, user, offer.game);
  return outside_range(offer, rating) ? std::optional<int>(rating) : std::nullopt;
}

// Fills in what every offer takes from its board and the time, once its poster is known to
// have room for one more open offer, and stores it.
OfferRecord store_offer(Session& session, OfferRecord offer, const BoardSpec& spec, int64_t now) {
  if (open_offers_of(session, offer.from, now) >= kMaxOpenOffersPerUser)
    conflict(textn("you ({user}) have {n} open offer, the most; withdraw one first",
                   "you ({user}) have {n} open offers, the most; withdraw one first", kMaxOpenOffersPerUser,
                   {{"user", offer.from}}),
             "too_many_offers");
  offer.game = spec.game;
  offer.options = spec.options;
  offer.limits = spec.limits;
  offer.rated = spec.rated;
  offer.exploration = spec.exploration;
  offer.created_at = now;
  offer.expires_at = now + kOfferLifetimeSeconds;
  offer.from_bot = is_bot(session, offer.from);
  offer.to_bot = offer.to && is_bot(session, *offer.to);
  offer.id = insert_offer(session, offer);
  return offer;
}

}  // namespace

void Service::check_active_limit(Session& session, const std::string& user) const {
  if (Accounts::is_ai(user)) return;
  const auto settings = ludus::server::challenge_settings(session, user);
  if (!settings || !settings->max_active) return;
  const int active = active_boards_of(session, user);
  if (active >= *settings->max_active)
    conflict(textn("{user} plays {n} active board, their limit of {limit}",
                   "{user} plays {n} active boards, their limit of {limit}", active,
                   {{"user", user}, {"limit", *settings->max_active}}),
             "too_many_active");
}

ChallengeOutcome Service::challenge(const std::string& challenger, const std::string& game,
                                    const std::map<std::string, std::string>& options, const std::string& first,
                                    const std::string& second, std::optional<int64_t> rematch_of) {
  board_spec(game, options);  // a bad option is refused before anything is read
  const int64_t now = accounts_->now();
  std::optional<int64_t> accept;  // the other player's invitation to the same rematch
  ChallengeOutcome outcome = store_->retrying([&](Session& session) {
    accept.reset();
    auto tx = session.write();
    const std::array<std::string, 2> seats = {checked_seat(session, first), checked_seat(session, second)};
    if (seats[0] == seats[1]) bad_request(text("the two players must differ"), "bad_players");
    if (seats[0] != challenger && seats[1] != challenger)
      forbidden(text("you ({user}) can only challenge on a board where you play", {{"user", challenger}}));
    const BoardSpec spec = board_spec(game, options, ludus::server::bot_among(session, seats));
    const int challenger_seat = seats[0] == challenger ? 0 : 1;
    const std::string& opponent = seats[1 - challenger_seat];
    check_not_blocked(session, challenger, opponent);
    if (rematch_of) {
      // In the transaction, so two players asking at once make one rematch, not two.
      if (const auto theirs = open_rematch(session, *rematch_of, opponent, now)) {
        accept = theirs->id;
        return ChallengeOutcome{};
      }
      if (const auto mine = open_rematch(session, *rematch_of, challenger, now))
        conflict(text("you already ask {user} for a rematch of board {board} (offer {offer}); decline withdraws it",
                      {{"user", opponent}, {"board", *rematch_of}, {"offer", mine->id}}),
                 "rematch_pending");
    }
    ChallengePolicy policy = ChallengePolicy::All;
    if (!Accounts::is_ai(opponent)) policy = ludus::server::challenge_settings(session, opponent)->policy;
    if (policy == ChallengePolicy::None) forbidden(text("{user} accepts no challenges", {{"user", opponent}}), "challenges_refused");
    check_active_limit(session, challenger);
    check_active_limit(session, opponent);
    check_hourly_limit(session, challenger, now);
    ChallengeOutcome result;
    if (policy == ChallengePolicy::All) {
      result.board = insert_board(session, spec, challenger, seats, now);
    } else {
      OfferRecord invitation;
      invitation.kind = OfferKind::Invitation;
      invitation.from = challenger;
      invitation.to = opponent;
      invitation.seat = challenger_seat == 0 ? SeatChoice::First : SeatChoice::Second;
      invitation.rematch_of = rematch_of;
      OfferRecord offer = store_offer(session, std::move(invitation), spec, now);
      report_offer(session, offer,
                    OfferEvent{OfferEventKind::Invited, challenger,
                               rematch_of ? text("{user} invites {opponent} to a rematch of board {board} (offer {offer})",
                                                 {{"user", challenger}, {"opponent", opponent}, {"board", *rematch_of}, {"offer", offer.id}})
                                          : text("{user} invites {opponent} to {game} (offer {offer})",
                                                 {{"user", challenger}, {"opponent", opponent}, {"game", spec.game}, {"offer", offer.id}})});
      result.offer = std::move(offer);
    }
    tx.commit();
    return result;
  });
  if (accept) return ChallengeOutcome{join(*accept, challenger), std::nullopt};
  if (outcome.board) notify(*outcome.board, 0, BoardChange::Created);
  if (outcome.offer && offers_listener_) offers_listener_();
  return outcome;
}

ChallengeOutcome Service::rematch(int64_t board, const std::string& user) {
  const std::shared_ptr<const Board> finished = load_shared(board);
  const Board& b = *finished;
  const int seat = b.seat_of(user);
  if (seat < 0)
    forbidden(text("{user} does not play on board {board}: only its players ask for a rematch",
                   {{"user", user}, {"board", board}}));
  if (!b.is_over())
    conflict(text("board {board} is still being played: a rematch follows a finished game", {{"board", board}}),
             "game_not_over");
  const std::string& opponent = b.player(1 - seat);
  if (Accounts::is_deleted(opponent))
    conflict(text("no rematch of board {board}: its other player deleted their account", {{"board", board}}),
             "account_deleted");
  std::map<std::string, std::string> options = b.record().options;
  {
    auto session = store_->session();
    // Rated as it was (a board stored rated before options were checked is not, if they are not standard).
    const bool rated = b.record().rated && standard_options(b.record().game, b.record().options);
    options.merge(board_setting_words(time_limits(session, board), rated, b.record().exploration));
  }
  // The colours swapped: whoever played second plays first.
  return challenge(user, b.record().game, options, b.player(1), b.player(0), board);
}

OfferRecord Service::seek(const std::string& poster, const std::string& game,
                          const std::map<std::string, std::string>& options, SeatChoice seat,
                          std::optional<int> min_rating, std::optional<int> max_rating) {
  board_spec(game, options);  // a bad option is refused before anything is read
  check_range(min_rating, max_rating);
  const int64_t now = accounts_->now();
  OfferRecord posted = store_->retrying([&](Session& session) {
    auto tx = session.write();
    const BoardSpec spec = board_spec(game, options, is_bot(session, poster));
    check_active_limit(session, poster);
    check_hourly_limit(session, poster, now);
    OfferRecord offer;
    offer.kind = OfferKind::Seek;
    offer.from = poster;
    offer.seat = seat;
    offer.min_rating = min_rating;
    offer.max_rating = max_rating;
    offer = store_offer(session, std::move(offer), spec, now);
    tx.commit();
    return offer;
  });
  if (offers_listener_) offers_listener_();
  return posted;
}

std::vector<OfferRecord> Service::offers(const std::string& game, const std::string& user, bool user_authenticated,
                                         const Page& page) {
  auto session = store_->session();
  auto tx = session.read();
  // A user is offered only the seeks they may take (their own stay, theirs to withdraw): not
  // one out of their rating range, and, to the user themself, not one of someone a block
  // stands between (a block is private: others asking for the user's list see those).
  // Each of the user's ratings and each poster's block is read once, however long the lobby.
  std::map<std::string, int> rating_in;  // game -> the user's rating there
  std::map<std::string, bool> meets;     // poster -> may_meet
  auto shown = [&](const OfferRecord& o) {
    if (user.empty() || o.kind != OfferKind::Seek || o.from == user) return true;
    if (o.min_rating || o.max_rating) {
      auto rating = rating_in.find(o.game);
      if (rating == rating_in.end()) rating = rating_in.emplace(o.game, rounded_rating(session, user, o.game)).first;
      if (outside_range(o, rating->second)) return false;
    }
    if (!user_authenticated) return true;
    auto meet = meets.find(o.from);
    if (meet == meets.end()) meet = meets.emplace(o.from, may_meet(session, user, o.from)).first;
    return meet->second;
  };
  // The page is counted among the offers shown, read from the table a batch at a time.
  std::vector<OfferRecord> out;
  int skipped = 0;
  int64_t after = 0;
  const int64_t now = accounts_->now();
  for (;;) {
    const auto batch = open_offers(session, now, game, user_authenticated ? user : "", after, Page::kMaxLimit);
    for (const OfferRecord& o : batch) {
      after = o.id;
      if (!shown(o)) continue;
      if (skipped < page.offset) {
        ++skipped;
        continue;
      }
      out.push_back(o);
      if (static_cast<int>(out.size()) == page.limit) return out;
    }
    if (static_cast<int>(batch.size()) < Page::kMaxLimit) return out;
  }
}

int64_t Service::join(int64_t offer_id, const std::string& user) {
  const int64_t now = accounts_->now();
  const int64_t board = store_->retrying([&](Session& session) {
    auto tx = session.write();
    const auto offer = find_offer(session, offer_id);
    if (!offer) not_found(text("no offer {offer}", {{"offer", offer_id}}));
    if (offer->status != OfferStatus::Open) conflict(closed_offer(*offer, offer->status, true), "offer_closed");
    if (!offer->open_at(now)) conflict(text("offer {offer} has expired", {{"offer", offer->id}}), "offer_closed");
    if (offer->from == user)
      conflict(text("you posted offer {offer}; decline withdraws it", {{"offer", offer->id}}), "own_offer");
    if (offer->kind == OfferKind::Invitation && offer->to != user)
      forbidden(text("offer {offer} invites {user}, not you", {{"offer", offer->id}, {"user", offer->to.value_or("")}}),
                "not_invited");
    check_not_blocked(session, user, offer->from);
    if (offer->rated) refuse_bot(session, user, N_("a rated seek is for players"));
    if (const auto rating = rating_outside_range(session, *offer, user))
      forbidden(text("your {game} rating {rating} is outside offer {offer}'s range",
                     {{"game", offer->game}, {"rating", *rating}, {"offer", offer->id}}),
                "rating_out_of_range");
    check_active_limit(session, user);
    check_active_limit(session, offer->from);
    BoardSpec spec = board_spec(offer->game, offer->options);
    spec.limits = offer->limits;  // checked when the offer was posted
    spec.rated = offer->rated;
    spec.exploration = offer->exploration;
    const int seat = poster_seat(offer->seat);
    std::array<std::string, 2> seats;
    seats[seat] = offer->from;
    seats[1 - seat] = user;
    const TextArgs taken{{"user", user}, {"poster", offer->from}, {"offer", offer->id}};
    const Message summary = offer->kind == OfferKind::Invitation
                                ? text("{user} accepts {poster}'s invitation (offer {offer})", taken)
                                : text("{user} takes {poster}'s open challenge (offer {offer})", taken);
    record_bot_invitation_gone(session, *offer, "taken", now);  // before its board's game_start
    const int64_t id = insert_board(session, spec, offer->from, seats, now, user, summary);
    // Two joins at once: the second finds the offer taken here (SQLite runs writers one at
    // a time; PostgreSQL's serializable transactions make one of them fail and retry).
    if (!close_offer(session, offer->id, OfferStatus::Taken, id, now))
      conflict(text("offer {offer} was just taken", {{"offer", offer->id}}), "offer_closed");
    tx.commit();
    return id;
  });
  notify(board, 0, BoardChange::Created);
  if (offers_listener_) offers_listener_();
  return board;
}

OfferRecord Service::decline(int64_t offer_id, const std::string& user) {
  const int64_t now = accounts_->now();
  OfferRecord closed = store_->retrying([&](Session& session) {
    auto tx = session.write();
    auto offer = find_offer(session, offer_id);
    if (!offer) not_found(text("no offer {offer}", {{"offer", offer_id}}));
    const bool poster = offer->from == user;
    if (!poster && offer->to != user)
      forbidden(offer->to ? text("only {user} or {invited} may decline offer {offer}",
                                 {{"user", offer->from}, {"invited", *offer->to}, {"offer", offer->id}})
                          : text("only {user} may decline offer {offer}", {{"user", offer->from}, {"offer", offer->id}}),
                "not_invited");
    if (!offer->open_at(now))
      conflict(closed_offer(*offer, offer->status == OfferStatus::Open ? OfferStatus::Expired : offer->status, false),
               "offer_closed");
    offer->status = poster ? OfferStatus::Withdrawn : OfferStatus::Declined;
    if (!close_offer(session, offer->id, offer->status, std::nullopt, now))
      conflict(text("offer {offer} was just taken", {{"offer", offer->id}}), "offer_closed");
    offer->closed_at = now;
    const TextArgs closed{{"user", user}, {"offer", offer->id}, {"game", offer->game},
                          {"seat", seat_text(offer->from, offer->seat)}};
    report_offer(session, *offer,
                  OfferEvent{poster ? OfferEventKind::Withdrawn : OfferEventKind::Declined, user,
                             poster ? text("{user} withdraws offer {offer} ({game}, {seat})", closed)
                                    : text("{user} declines offer {offer} ({game}, {seat})", closed)});
    tx.commit();
    return *offer;
  });
  if (offers_listener_) offers_listener_();
  return closed;
}

ChallengeSettings Service::challenge_settings(const std::string& user, std::optional<ChallengePolicy> policy,
                                              std::optional<std::optional<int>> max_active) {
  if (max_active && *max_active && (**max_active < 1 || **max_active > 10000))
    bad_request(text("the most active boards must be from 1 to 10000 (or none for no limit)"), "bad_limit");
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    auto settings = ludus::server::challenge_settings(session, user);
    if (!settings) not_found(text("no user '{user}'", {{"user", user}}));
    if (!policy && !max_active) return *settings;
    if (policy) settings->policy = *policy;
    if (max_active) settings->max_active = *max_active;
    set_challenge_settings(session, user, *settings);
    tx.commit();
    return *settings;
  });
}

int Service::expire_offers() {
  return store_->retrying([&](Session& session) {
    auto tx = session.write();
    record_expiring_bot_invitations(session, accounts_->now());
    const int expired = ludus::server::expire_offers(session, accounts_->now());
    tx.commit();
    return expired;
  });
}

}  // namespace ludus::server
