// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/offers.h"

#include <array>

#include "server/base/enum_names.h"
#include "server/base/errors.h"
#include "server/domain/play/board_settings.h"
#include "server/storage/returned_id.h"

namespace ludus::server {
namespace {

constexpr std::array<std::string_view, 2> kKindNames = {"invitation", "seek"};
constexpr std::array<std::string_view, 5> kStatusNames = {"open", "taken", "declined", "withdrawn", "expired"};
constexpr std::array<std::string_view, 3> kSeatNames = {"first", "second", "random"};
constexpr std::array<std::string_view, 3> kPolicyNames = {"ask", "all", "none"};

#define LUDUS_OFFER_COLUMNS                                                                              \
  "id, kind, game, options, from_user, to_user, seat, min_rating, max_rating, rated, status, board, " \
  "created_at, expires_at, closed_at, rematch_of, "                                                    \
  "(SELECT u.bot FROM users u WHERE u.id = offers.from_user), (SELECT u.bot FROM users u WHERE u.id = offers.to_user)"

OfferRecord read_offer(const sql::Query& q) {
  OfferRecord o;
  o.id = q.int64(0);
  o.kind = enum_by_name<OfferKind>(q.text(1), kKindNames).value_or(OfferKind::Invitation);
  o.game = q.text(2);
  o.options = options_from_json(q.text(3));
  std::optional<bool> exploration;
  try {
    const BoardSettings settings = take_board_settings(o.options);  // "rated" has its own column
    o.limits = settings.limits;
    exploration = settings.exploration;
  } catch (const ServiceError&) {
    throw ServiceError(ErrorKind::Internal, "corrupt_offer", "offer " + std::to_string(o.id) + " has bad settings");
  }
  o.from = q.text(4);
  if (!q.is_null(5)) o.to = q.text(5);
  o.seat = enum_by_name<SeatChoice>(q.text(6), kSeatNames).value_or(SeatChoice::First);
  o.min_rating = q.optional_int(7);
  o.max_rating = q.optional_int(8);
  o.rated = q.int64(9) != 0;
  o.exploration = exploration.value_or(!o.rated);  // offers stored before schema 15: the default
  o.status = enum_by_name<OfferStatus>(q.text(10), kStatusNames).value_or(OfferStatus::Expired);
  if (!q.is_null(11)) o.board = q.int64(11);
  o.created_at = q.int64(12);
  o.expires_at = q.int64(13);
  if (!q.is_null(14)) o.closed_at = q.int64(14);
  if (!q.is_null(15)) o.rematch_of = q.int64(15);
  o.from_bot = !q.is_null(16) && q.int64(16) != 0;
  o.to_bot = !q.is_null(17) && q.int64(17) != 0;
  return o;
}

}  // namespace

std::string_view offer_kind_name(OfferKind kind) { return kKindNames[static_cast<size_t>(kind)]; }
std::string_view offer_status_name(OfferStatus status) { return kStatusNames[static_cast<size_t>(status)]; }
std::string_view seat_choice_name(SeatChoice seat) { return kSeatNames[static_cast<size_t>(seat)]; }
std::optional<SeatChoice> seat_choice_by_name(std::string_view name) { return enum_by_name<SeatChoice>(name, kSeatNames); }
std::string_view challenge_policy_name(ChallengePolicy policy) { return kPolicyNames[static_cast<size_t>(policy)]; }
std::optional<ChallengePolicy> challenge_policy_by_name(std::string_view name) {
  return enum_by_name<ChallengePolicy>(name, kPolicyNames);
}

std::map<std::string, std::string> OfferRecord::options_and_settings() const {
  std::map<std::string, std::string> all = options;
  all.merge(board_setting_words(limits, rated, exploration));
  return all;
}

int64_t insert_offer(Session& session, const OfferRecord& o) {
  auto q = session.connection().query(
      "INSERT INTO offers (kind, game, options, from_user, to_user, seat, min_rating, max_rating, rated, status, "
      "created_at, expires_at, rematch_of) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open', ?10, ?11, ?12) RETURNING id");
  q.bind_all(offer_kind_name(o.kind), o.game, options_to_json(o.options_and_settings()), o.from, o.to, seat_choice_name(o.seat),
             o.min_rating, o.max_rating, o.rated ? 1 : 0, o.created_at, o.expires_at, o.rematch_of);
  return returned_id(q, "a new offer");
}

std::optional<OfferRecord> find_offer(Session& session, int64_t id) {
  auto q = session.connection().query("SELECT " LUDUS_OFFER_COLUMNS " FROM offers WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return read_offer(q);
}

std::optional<OfferRecord> open_rematch(Session& session, int64_t board, const std::string& from, int64_t now) {
  auto q = session.connection().query("SELECT " LUDUS_OFFER_COLUMNS
                                      " FROM offers WHERE rematch_of = ?1 AND status = 'open' AND from_user = ?2"
                                      " AND expires_at > ?3 ORDER BY id LIMIT 1");
  q.bind_all(board, from, now);
  if (!q.step()) return std::nullopt;
  return read_offer(q);
}

std::vector<OfferRecord> open_offers(Session& session, int64_t now, const std::string& game, const std::string& invited,
                                     int64_t after, int limit) {
  auto q = session.connection().query(
      "SELECT " LUDUS_OFFER_COLUMNS
      " FROM offers WHERE status = 'open' AND expires_at > ?1"
      " AND (CAST(?2 AS TEXT) IS NULL OR game = ?2)"
      " AND (kind = 'seek' OR from_user = ?3 OR to_user = ?3)"
      " AND id > ?4 ORDER BY id LIMIT ?5");
  std::optional<std::string> only_game;
  if (!game.empty()) only_game = game;
  q.bind_all(now, only_game, invited, after, limit);
  std::vector<OfferRecord> out;
  while (q.step()) out.push_back(read_offer(q));
  return out;
}

std::vector<OfferRecord> open_offers_involving(Session& session, int64_t now, const std::string& user) {
  auto q = session.connection().query("SELECT " LUDUS_OFFER_COLUMNS
                                      " FROM offers WHERE status = 'open' AND expires_at > ?1"
                                      " AND (from_user = ?2 OR to_user = ?2) ORDER BY id");
  q.bind_all(now, user);
  std::vector<OfferRecord> out;
  while (q.step()) out.push_back(read_offer(q));
  return out;
}

bool close_offer(Session& session, int64_t id, OfferStatus status, std::optional<int64_t> board, int64_t now) {
  session.connection()
      .query("UPDATE offers SET status = ?2, board = ?3, closed_at = ?4 WHERE id = ?1 AND status = 'open'")
      .bind_all(id, offer_status_name(status), board, now)
      .run();
  return session.connection().changes() == 1;
}

int expire_offers(Session& session, int64_t now) {
  session.connection()
      .query("UPDATE offers SET status = 'expired', closed_at = expires_at WHERE status = 'open' AND expires_at <= ?1")
      .bind(1, now)
      .run();
  return session.connection().changes();
}

std::pair<int, int64_t> offers_posted_since(Session& session, const std::string& user, int64_t since) {
  auto q = session.connection().query(
      "SELECT count(*), min(created_at) FROM offers WHERE from_user = ?1 AND created_at > ?2 AND board IS NULL");
  q.bind_all(user, since);
  if (!q.step() || q.integer(0) == 0) return {0, 0};
  return {q.integer(0), q.int64(1)};
}

int open_offers_of(Session& session, const std::string& user, int64_t now) {
  auto q = session.connection().query(
      "SELECT count(*) FROM offers WHERE from_user = ?1 AND status = 'open' AND expires_at > ?2");
  q.bind_all(user, now);
  return q.step() ? q.integer(0) : 0;
}

std::vector<OfferRecord> offers_of(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT " LUDUS_OFFER_COLUMNS
                                      " FROM offers WHERE from_user = ?1 OR to_user = ?1 ORDER BY id");
  q.bind(1, user);
  std::vector<OfferRecord> out;
  while (q.step()) out.push_back(read_offer(q));
  return out;
}

std::optional<ChallengeSettings> challenge_settings(Session& session, const std::string& user) {
  auto q = session.connection().query("SELECT challenges, max_active FROM users WHERE id = ?1");
  q.bind(1, user);
  if (!q.step()) return std::nullopt;
  return ChallengeSettings{challenge_policy_by_name(q.text(0)).value_or(ChallengePolicy::Ask), q.optional_int(1)};
}

void set_challenge_settings(Session& session, const std::string& user, const ChallengeSettings& settings) {
  session.connection()
      .query("UPDATE users SET challenges = ?2, max_active = ?3 WHERE id = ?1")
      .bind_all(user, challenge_policy_name(settings.policy), settings.max_active)
      .run();
}

int active_boards_of(Session& session, const std::string& user) {
  auto q = session.connection().query(
      "SELECT count(*) FROM games WHERE status = 'active' AND (seat0 = ?1 OR seat1 = ?1)");
  q.bind(1, user);
  return q.step() ? q.integer(0) : 0;
}

}  // namespace ludus::server
