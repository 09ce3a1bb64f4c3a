// SPDX-License-Identifier: Apache-2.0
#include "server/domain/tournaments/tournament_service.h"

#include <algorithm>
#include <charconv>
#include <chrono>

#include "core/registry.h"
#include "core/text.h"
#include "server/base/errors.h"
#include "server/domain/accounts/bot_rules.h"
#include "server/domain/community/moderation.h"
#include "server/domain/play/ratings.h"
#include "server/domain/community/notifications.h"
#include "server/domain/service.h"
#include "server/domain/tournaments/tournament_text.h"
#include "server/domain/community/user_text.h"

namespace ludus::server {
namespace {

int parse_count(const std::string& given, const char* what) {
  int value = 0;
  auto [end, ec] = std::from_chars(given.data(), given.data() + given.size(), value);
  if (ec != std::errc() || end != given.data() + given.size() || given.empty())
    bad_request(text("{what} must be a whole number, not '{given}'", {{"what", what}, {"given", given.substr(0, 20)}}),
                "bad_tournament");
  return value;
}

// Takes `key` out of `words`; "" when absent.
std::string take(std::map<std::string, std::string>& words, const std::string& key) {
  auto it = words.find(key);
  if (it == words.end()) return "";
  std::string value = it->second;
  words.erase(it);
  return value;
}

TournamentField field_of(const TournamentRecord& t, const std::vector<TournamentPlayer>& players) {
  TournamentField field{t.format, t.rounds, {}, {}, {}};
  for (const TournamentPlayer& p : players) {
    field.seeds.push_back(p.player);
    if (p.withdrawn) field.withdrawn.insert(p.player);
  }
  return field;
}

// A tournament's name as given (-name=, JSON "name"): users' text (user_text.h), one line of
// at most kMaxTournamentNameChars characters; "" when blank (the default is made once the
// number is known).
std::string checked_tournament_name(std::string_view given) {
  return checked_user_text(given, {N_("the name"), TextLines::One, kMaxTournamentNameChars * 4, true,
                                   kMaxTournamentNameChars});
}

// "tournament 3 is running: it takes no more players", a whole sentence for each status.
Message closed_tournament(const TournamentRecord& t) {
  const TextArgs args = {{"tournament", t.id}};
  switch (t.status) {
    case TournamentStatus::Open: return text("tournament {tournament} is open: it takes no more players", args);
    case TournamentStatus::Running: return text("tournament {tournament} is running: it takes no more players", args);
    case TournamentStatus::Finished: return text("tournament {tournament} is finished: it takes no more players", args);
    case TournamentStatus::Cancelled: break;
  }
  return text("tournament {tournament} is cancelled: it takes no more players", args);
}

bool plays_in(const std::vector<TournamentPlayer>& players, const std::string& user) {
  return std::any_of(players.begin(), players.end(), [&](const TournamentPlayer& p) { return p.player == user; });
}

}  // namespace

std::optional<int64_t> parse_utc_time(std::string_view text) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0;
  auto number = [&](size_t at, size_t len, int& out) {
    if (at + len > text.size()) return false;
    auto [end, ec] = std::from_chars(text.data() + at, text.data() + at + len, out);
    return ec == std::errc() && end == text.data() + at + len;
  };
  const bool date = text.size() >= 10 && number(0, 4, y) && text[4] == '-' && number(5, 2, mo) && text[7] == '-' &&
                    number(8, 2, d);
  if (!date) return std::nullopt;
  if (text.size() != 10 &&
      !(text.size() == 16 && (text[10] == 'T' || text[10] == ' ') && number(11, 2, h) && text[13] == ':' && number(14, 2, mi)))
    return std::nullopt;
  using namespace std::chrono;
  const year_month_day ymd{year(y), month(static_cast<unsigned>(mo)), day(static_cast<unsigned>(d))};
  if (!ymd.ok() || h > 23 || mi > 59) return std::nullopt;
  return sys_days(ymd).time_since_epoch().count() * int64_t{86400} + h * 3600 + mi * 60;
}

template <class Fn>
auto Tournaments::changing(int64_t id, Fn&& work) {
  std::vector<int64_t> started;
  int64_t revision = 0;
  auto result = service_->store().retrying([&](Session& session) {
    started.clear();  // a retried unit decides afresh
    auto tx = session.write();
    auto t = find_tournament_to_change(session, id);
    if (!t) not_found(text("no tournament {tournament}", {{"tournament", id}}));
    auto out = work(session, *t, started);
    revision = t->revision;  // every change bumps it (update_tournament)
    tx.commit();
    return out;
  });
  for (int64_t board : started) service_->notify(board, 0, BoardChange::Created);
  service_->notify_tournament({id, revision});
  return result;
}

TournamentRecord Tournaments::create(const std::string& creator, const std::string& game_name,
                                     std::map<std::string, std::string> words) {
  TournamentRecord t;
  const std::string given_name = checked_tournament_name(take(words, "name"));
  const std::string format_word = lowercase(take(words, "format"));
  if (format_word.empty())
    bad_request(text("-format is needed: roundrobin, double-roundrobin, swiss or knockout"), "bad_tournament");
  const auto format = tournament_format_by_name(format_word);
  if (!format)
    bad_request(text("unknown format '{format}' (roundrobin, double-roundrobin, swiss, knockout)",
                     {{"format", format_word.substr(0, 30)}}),
                "bad_tournament");
  t.format = *format;
  const std::string players = take(words, "players");
  const auto dash = players.find('-');
  if (players.empty() || dash == std::string::npos) bad_request(text("-players must be MIN-MAX, e.g. 4-8"), "bad_tournament");
  t.min_players = parse_count(players.substr(0, dash), "-players' MIN");
  t.max_players = parse_count(players.substr(dash + 1), "-players' MAX");
  if (t.min_players < 2 || t.max_players < t.min_players || t.max_players > kMaxTournamentPlayers)
    bad_request(text("-players must be MIN-MAX with 2 <= MIN <= MAX <= {max}", {{"max", kMaxTournamentPlayers}}),
                "bad_tournament");
  const std::string rounds = take(words, "rounds");
  if (t.format == TournamentFormat::Swiss) {
    if (rounds.empty()) bad_request(text("a Swiss tournament needs -rounds=N"), "bad_tournament");
    t.rounds = parse_count(rounds, "-rounds");
    const int most = max_swiss_rounds(t.min_players);
    if (t.rounds < 1 || t.rounds > most)
      bad_request(text("-rounds must be from 1 to {max} for a Swiss of at least {players} players (no rematches)",
                       {{"max", most}, {"players", t.min_players}}),
                  "bad_tournament");
  } else if (!rounds.empty()) {
    bad_request(text("-rounds is for Swiss tournaments only (the format fixes the rounds)"), "bad_tournament");
  }
  const std::string start = take(words, "start");
  const int64_t now = service_->accounts().now();
  if (start.empty()) bad_request(text("-start must be full or a UTC time YYYY-MM-DD[THH:MM]"), "bad_tournament");
  if (lowercase(start) != "full") {
    t.starts_at = parse_utc_time(start);
    if (!t.starts_at)
      bad_request(text("-start must be full or a UTC time YYYY-MM-DD[THH:MM], not '{given}'",
                       {{"given", start.substr(0, 30)}}),
                  "bad_tournament");
    if (*t.starts_at <= now) bad_request(text("-start must be in the future"), "bad_tournament");
    if (*t.starts_at > now + int64_t{kMaxTournamentLeadDays} * 86400)
      bad_request(textn("-start must be within {n} day", "-start must be within {n} days", kMaxTournamentLeadDays),
                  "bad_tournament");
  }
  const BoardSpec spec = board_spec(game_name, words);  // the game's options and the boards' settings
  if (words.contains("exploration") && spec.exploration)
    bad_request(text("tournament boards never allow exploration (their players meet on equal terms)"), "bad_tournament");
  t.game = spec.game;
  t.options = spec.options;
  t.limits = spec.limits;
  t.rated = spec.rated;
  t.creator = creator;
  t.created_at = now;
  t.id = service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    if (!session.find_user(creator)) not_found(text("no user '{user}'", {{"user", creator}}));
    refuse_bot(session, creator, N_("a bot creates no tournament"));
    t.title = given_name;
    // One account cannot fill the lists (ServiceLimits::tournaments_per_user).
    const int most = service_->limits_.tournaments_per_user;
    if (most > 0 && live_tournaments_of(session, creator) >= most)
      conflict(textn("you ({user}) have {n} tournament open or running, this server's limit; wait for one to finish",
                     "you ({user}) have {n} tournaments open or running, this server's limit; wait for one to finish",
                     most, {{"user", creator}}),
               "too_many_tournaments");
    service_->check_hourly_limit(session, creator, now);
    const int64_t id = insert_tournament(session, t);
    if (t.title.empty()) {
      t.title = default_tournament_name(t.game, t.format, id);
      name_tournament(session, id, t.title);
    }
    tx.commit();
    return id;
  });
  service_->notify_tournament({t.id, t.revision});
  return t;
}

TournamentView Tournaments::join(int64_t id, const std::string& user) {
  return changing(id, [&](Session& session, TournamentRecord& t, std::vector<int64_t>& started) {
    if (t.status != TournamentStatus::Open)
      conflict(closed_tournament(t), "tournament_closed");
    auto players = tournament_players(session, id);
    if (plays_in(players, user))
      conflict(text("{user} has already joined tournament {tournament}", {{"user", user}, {"tournament", t.id}}),
               "already_joined");
    refuse_bot(session, user, N_("a bot joins no tournament"));
    if (static_cast<int>(players.size()) >= t.max_players)
      conflict(textn("tournament {tournament} is full ({n} player)", "tournament {tournament} is full ({n} players)",
                     t.max_players, {{"tournament", t.id}}),
               "tournament_full");
    // Joining is consent to a board against every player: none may stand behind a block.
    for (const TournamentPlayer& p : players) check_not_blocked(session, user, p.player, N_("games"));
    add_tournament_player(session, id, user, service_->accounts().now());
    if (!t.starts_at && static_cast<int>(players.size()) + 1 == t.max_players) start_in(session, t, started);
    else update_tournament(session, t);
    return view_in(session, t);
  });
}

void Tournaments::leave(int64_t id, const std::string& user) {
  changing(id, [&](Session& session, TournamentRecord& t, std::vector<int64_t>&) {
    if (!plays_in(tournament_players(session, id), user))
      conflict(text("{user} is not in tournament {tournament}", {{"user", user}, {"tournament", t.id}}), "not_joined");
    if (t.status != TournamentStatus::Open)
      conflict(text("tournament {tournament} has started: to give up your games use 'tournament withdraw'",
                    {{"tournament", t.id}}),
               "tournament_started");
    remove_tournament_player(session, id, user);
    update_tournament(session, t);
    return 0;
  });
}

void Tournaments::withdraw(int64_t id, const std::string& user) {
  std::vector<int64_t> to_resign;
  changing(id, [&](Session& session, TournamentRecord& t, std::vector<int64_t>& started) {
    to_resign.clear();
    const auto players = tournament_players(session, id);
    auto me = std::find_if(players.begin(), players.end(), [&](const TournamentPlayer& p) { return p.player == user; });
    if (me == players.end())
      conflict(text("{user} is not in tournament {tournament}", {{"user", user}, {"tournament", t.id}}), "not_joined");
    if (t.status == TournamentStatus::Open)
      conflict(text("tournament {tournament} has not started: use 'tournament leave'", {{"tournament", t.id}}),
               "not_started");
    if (t.status != TournamentStatus::Running)
      conflict(text("tournament {tournament} is over", {{"tournament", t.id}}), "tournament_over");
    if (me->withdrawn)
      conflict(text("{user} has already withdrawn from tournament {tournament}", {{"user", user}, {"tournament", t.id}}),
               "already_withdrawn");
    withdraw_tournament_player(session, id, user);
    for (const TournamentGame& g : tournament_games(session, id))
      if (!g.decided() && g.board && (g.first == user || g.second == user)) to_resign.push_back(*g.board);
    advance(session, t, started);
    return 0;
  });
  // Each board the player was playing ends in its own change (which then moves the
  // tournament on, as any finished board does).
  for (int64_t board : to_resign) {
    try {
      service_->resign(board, user);
    } catch (const ServiceError& e) {
      if (e.kind() != ErrorKind::Conflict) throw;  // already over
    }
  }
}

TournamentView Tournaments::start(int64_t id, const std::string& user) {
  return changing(id, [&](Session& session, TournamentRecord& t, std::vector<int64_t>& started) {
    if (t.creator != user)
      forbidden(text("only {user}, who created tournament {tournament}, may start it",
                     {{"user", t.creator}, {"tournament", t.id}}));
    if (t.status != TournamentStatus::Open)
      conflict(text("tournament {tournament} has already started", {{"tournament", t.id}}), "tournament_started");
    const int joined = static_cast<int>(tournament_players(session, id).size());
    if (joined < t.min_players)
      conflict(textn("tournament {tournament} has {joined} of the {n} player it needs to start",
                     "tournament {tournament} has {joined} of the {n} players it needs to start", t.min_players,
                     {{"tournament", t.id}, {"joined", joined}}),
               "too_few_players");
    start_in(session, t, started);
    return view_in(session, t);
  });
}

int Tournaments::start_due() {
  std::vector<int64_t> due;
  {
    auto session = service_->store().session();
    auto tx = session.read();
    due = tournaments_due(session, service_->accounts().now());
  }
  int done = 0;
  for (int64_t id : due) {
    done += changing(id, [&](Session& session, TournamentRecord& t, std::vector<int64_t>& started) {
      if (t.status != TournamentStatus::Open || !t.starts_at || *t.starts_at > service_->accounts().now()) return 0;
      const int joined = static_cast<int>(tournament_players(session, t.id).size());
      if (joined >= t.min_players) {
        start_in(session, t, started);
        return 1;
      }
      t.status = TournamentStatus::Cancelled;
      t.finished_at = service_->accounts().now();
      update_tournament(session, t);
      report(session, t, TournamentEventKind::Cancelled,
             textn("{tournament} is cancelled: {joined} of the {n} player it needed joined",
                   "{tournament} is cancelled: {joined} of the {n} players it needed joined", t.min_players,
                   {{"tournament", display_name(t)}, {"joined", joined}}));
      return 0;
    });
  }
  return done;
}

std::optional<int64_t> Tournaments::revision(int64_t id) {
  auto session = service_->store().session();
  auto tx = session.read();
  const auto t = find_tournament(session, id);
  if (!t) return std::nullopt;
  return t->revision;
}

TournamentView Tournaments::view(int64_t id) {
  auto session = service_->store().session();
  auto tx = session.read();
  auto t = find_tournament(session, id);
  if (!t) not_found(text("no tournament {tournament}", {{"tournament", id}}));
  return view_in(session, *t);
}

std::vector<TournamentRecord> Tournaments::list(const std::string& status, const std::string& game, const Page& page) {
  if (!status.empty() && status != "all" && !tournament_status_by_name(status))
    bad_request(text("list which? open, running, finished, cancelled or all"), "usage");
  std::string name;
  if (!game.empty()) {
    try {
      name = find_game(game).info->name;
    } catch (const LudusError& e) {
      bad_request(e.what(), "unknown_game");
    }
  }
  auto session = service_->store().session();
  auto tx = session.read();
  return list_tournaments(session, status == "all" ? "" : status, name, page);
}

TournamentView Tournaments::view_in(Session& session, const TournamentRecord& t) {
  TournamentView v{t, tournament_players(session, t.id), tournament_games(session, t.id), {}};
  if (t.status != TournamentStatus::Open) v.standings = tournament_standings(field_of(t, v.players), v.games);
  return v;
}

void Tournaments::start_in(Session& session, TournamentRecord& t, std::vector<int64_t>& started) {
  auto players = tournament_players(session, t.id);
  std::vector<std::pair<int, const TournamentPlayer*>> by_rating;
  for (const TournamentPlayer& p : players)
    by_rating.emplace_back(static_cast<int>(rating_of(session, p.player, t.game).rating_points() + 0.5), &p);
  // Highest rating first; equal ratings by who joined first.
  std::stable_sort(by_rating.begin(), by_rating.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (size_t i = 0; i < by_rating.size(); ++i)
    seed_tournament_player(session, t.id, by_rating[i].second->player, static_cast<int>(i) + 1, by_rating[i].first);
  t.status = TournamentStatus::Running;
  t.started_at = service_->accounts().now();
  t.rounds = rounds_for(t.format, static_cast<int>(players.size()), t.rounds);
  advance(session, t, started);
}

void Tournaments::advance(Session& session, TournamentRecord& t, std::vector<int64_t>& started) {
  const auto players = tournament_players(session, t.id);
  TournamentField field = field_of(t, players);
  field.refusals = tournament_refusals(session, t.id);  // blocks made since the players joined
  auto games = tournament_games(session, t.id);
  const int round_before = t.round;
  const int64_t now = service_->accounts().now();
  for (;;) {
    const TournamentStep step = next_step(field, games);
    if (step.finished) {
      t.status = TournamentStatus::Finished;
      t.finished_at = now;
      break;
    }
    if (step.games.empty()) break;
    BoardSpec spec;
    bool have_spec = false;
    for (TournamentGame g : step.games) {
      t.round = std::max(t.round, g.round);
      if (g.kind == TournamentGameKind::Board) {
        if (!have_spec) spec = board_spec(t.game, t.options_and_settings()), have_spec = true;
        const Message summary = pairing_summary(t, g);
        g.board = service_->insert_board(session, spec, g.first, {g.first, g.second}, now, "", summary);
        started.push_back(*g.board);
      }
      insert_tournament_game(session, t.id, g);
      games.push_back(g);
    }
  }
  update_tournament(session, t);
  if (t.round != round_before && t.status == TournamentStatus::Running)
    report(session, t, TournamentEventKind::RoundStarted,
           text("{tournament}: round {round} has started", {{"tournament", display_name(t)}, {"round", t.round}}));
  if (t.status == TournamentStatus::Finished) {
    const auto table = tournament_standings(field, games);
    report(session, t, TournamentEventKind::Finished,
           // TRANSLATORS: {winner} is the first place in English yet ("alice wins").
           text("{tournament} is over: {winner}", {{"tournament", display_name(t)}, {"winner", first_place_text(table)}}));
  }
}

void Tournaments::report(Session& session, const TournamentRecord& t, TournamentEventKind kind, const Message& summary) {
  const TournamentView v = view_in(session, t);
  const TournamentEvent event{kind, summary, format_tournament(v)};
  notify_tournament_event(session, t, v.players, event, service_->accounts().now());
  if (sink_) sink_(session, t, v.players, event);
}

std::optional<TournamentChanged> Tournaments::board_finished(Session& session, const Board& board,
                                                            std::vector<int64_t>& started) {
  const auto id = tournament_of_board(session, board.id());
  if (!id) return std::nullopt;
  auto t = find_tournament_to_change(session, *id);
  if (!t || t->status != TournamentStatus::Running) return std::nullopt;
  auto games = tournament_games(session, *id);
  auto it = std::find_if(games.begin(), games.end(), [&](const TournamentGame& g) { return g.board == board.id(); });
  if (it == games.end() || it->decided()) return std::nullopt;
  const int winner = board.winner_seat();
  it->outcome = winner == 0 ? GameOutcome::FirstWins : winner == 1 ? GameOutcome::SecondWins : GameOutcome::Draw;
  set_tournament_outcome(session, *id, *it);
  // A loss on time forfeits the rest of the tournament.
  const GameRecord& record = board.record();
  if (record.ending == Ending::Timeout && record.losing_seat)
    withdraw_tournament_player(session, *id, board.player(*record.losing_seat));
  advance(session, *t, started);
  return TournamentChanged{t->id, t->revision};
}

}  // namespace ludus::server
