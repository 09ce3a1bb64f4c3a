// SPDX-License-Identifier: Apache-2.0
#include "server/storage/schema.h"

#include <ctime>
#include <optional>
#include <string>
#include <vector>

#include "server/base/errors.h"

namespace ludus::server {
namespace {

// Migration N brings the schema from version N-1 to N.  Each engine has its own list of
// scripts (fixed text: no SQL is ever assembled at run time) and both lists have the same
// length: version N means the same tables and columns on either engine, which is what
// `ludus db export/import` relies on.  Never edit a released step; append a new one to
// BOTH lists (and its new tables to exported_tables() below).  SQLite's scripts end by
// setting PRAGMA user_version = N; PostgreSQL's version is the schema_version table's.
const std::vector<const char*>& sqlite_migrations() {
  static const std::vector<const char*> steps = {
      // 1: accounts, games, moves, comments, subscriptions, login tokens.
      R"sql(
CREATE TABLE IF NOT EXISTS schema_version (
  version    INTEGER PRIMARY KEY,
  applied_at INTEGER NOT NULL
);
CREATE TABLE users (
  id            TEXT PRIMARY KEY,          -- lowercase user id
  password_hash TEXT NOT NULL,             -- libsodium crypto_pwhash_str (Argon2id), never the password
  email         TEXT NOT NULL DEFAULT '',
  created_at    INTEGER NOT NULL
);
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,             -- BLAKE2b of the bearer token, never the token
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX tokens_by_user ON tokens(user_id);
CREATE TABLE games (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,   -- the board number
  game          TEXT NOT NULL,                       -- registry name
  options       TEXT NOT NULL,                       -- JSON object, canonical values
  seat0         TEXT NOT NULL,                       -- first player: user id or ai:SPEC
  seat1         TEXT NOT NULL,
  challenger    TEXT NOT NULL,
  -- How the game ended besides the rules: '' (on, or ended by the rules), 'resign',
  -- 'agreement' (draw).  With the moves this is the truth; the columns below are caches.
  ending        TEXT NOT NULL DEFAULT '' CHECK (ending IN ('', 'resign', 'agreement')),
  resigned_seat INTEGER CHECK (resigned_seat IN (0, 1)),
  proposal      TEXT NOT NULL DEFAULT '' CHECK (proposal IN ('', 'draw', 'undo')),
  proposal_seat INTEGER CHECK (proposal_seat IN (0, 1)),
  status        TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
  result        TEXT NOT NULL DEFAULT '',            -- winning colour, 'draw' or ''
  winner_seat   INTEGER,                             -- 0, 1, or NULL (draw / on)
  end_reason    TEXT NOT NULL DEFAULT '',
  num_moves     INTEGER NOT NULL DEFAULT 0,
  to_move_seat  INTEGER,                             -- NULL once finished
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
);
CREATE INDEX games_by_seat0 ON games(seat0, status);
CREATE INDEX games_by_seat1 ON games(seat1, status);
CREATE INDEX games_by_status ON games(status, updated_at);
CREATE TABLE moves (
  game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply       INTEGER NOT NULL,      -- 1, 2, ... : the move number
  turn      INTEGER NOT NULL,      -- plies typed as one move share a turn number
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1)),
  move      TEXT NOT NULL,         -- canonical notation
  played_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, ply)       -- one move per number: a second defence against races
) WITHOUT ROWID;
CREATE TABLE comments (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  user_id    TEXT NOT NULL,
  after_ply  INTEGER NOT NULL,     -- moves played when it was written
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX comments_by_game ON comments(game_id, id);
CREATE TABLE subscriptions (
  user_id TEXT NOT NULL,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, game_id)
) WITHOUT ROWID;
PRAGMA user_version = 1;
)sql",
      // 2: a revision per board, bumped by every change, so pages can wait for changes.
      R"sql(
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
PRAGMA user_version = 2;
)sql",
      // 3: failed logins per user id (shared by every process on the database, so
      // password guessing slows down whichever server it goes through), and an index for
      // counting the boards a user created lately.
      R"sql(
CREATE TABLE login_failures (
  user_id         TEXT PRIMARY KEY,        -- normalized id, whether or not the account exists
  failures        INTEGER NOT NULL,        -- failed attempts since the last success
  last_failure_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX games_by_challenger ON games(challenger, created_at);
PRAGMA user_version = 3;
)sql",
      // 4: AI move leases, so that of several server instances on one database exactly one
      // searches a board's AI move; a lease expires if its instance dies.
      R"sql(
CREATE TABLE ai_leases (
  game_id    INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  owner      TEXT NOT NULL,        -- the server instance searching (host:pid:random)
  expires_at INTEGER NOT NULL      -- Unix time in milliseconds; renewed while it searches
);
PRAGMA user_version = 4;
)sql",
      // 5: play by e-mail (docs/mail.md).  The games table is rebuilt only to let its
      // ending CHECK accept 'timeout' (SQLite cannot alter a CHECK; migrate() runs the
      // steps with foreign keys off, so dropping the old table cascades nowhere).  Then:
      // per-board time limits, the start of the current turn and whether its reminder
      // went out; each user's mail preference; the outbox of mails to send.
      R"sql(
CREATE TABLE games_v5 (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  game          TEXT NOT NULL,
  options       TEXT NOT NULL,
  seat0         TEXT NOT NULL,
  seat1         TEXT NOT NULL,
  challenger    TEXT NOT NULL,
  ending        TEXT NOT NULL DEFAULT '' CHECK (ending IN ('', 'resign', 'agreement', 'timeout')),
  resigned_seat INTEGER CHECK (resigned_seat IN (0, 1)),   -- the seat that resigned or lost on time
  proposal      TEXT NOT NULL DEFAULT '' CHECK (proposal IN ('', 'draw', 'undo')),
  proposal_seat INTEGER CHECK (proposal_seat IN (0, 1)),
  status        TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
  result        TEXT NOT NULL DEFAULT '',
  winner_seat   INTEGER,
  end_reason    TEXT NOT NULL DEFAULT '',
  num_moves     INTEGER NOT NULL DEFAULT 0,
  to_move_seat  INTEGER,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL,
  revision      INTEGER NOT NULL DEFAULT 0
);
INSERT INTO games_v5 (id, game, options, seat0, seat1, challenger, ending, resigned_seat, proposal, proposal_seat,
                      status, result, winner_seat, end_reason, num_moves, to_move_seat, created_at, updated_at, revision)
  SELECT id, game, options, seat0, seat1, challenger, ending, resigned_seat, proposal, proposal_seat,
         status, result, winner_seat, end_reason, num_moves, to_move_seat, created_at, updated_at, revision FROM games;
DROP TABLE games;
ALTER TABLE games_v5 RENAME TO games;
CREATE INDEX games_by_seat0 ON games(seat0, status);
CREATE INDEX games_by_seat1 ON games(seat1, status);
CREATE INDEX games_by_status ON games(status, updated_at);
CREATE INDEX games_by_challenger ON games(challenger, created_at);
ALTER TABLE games ADD COLUMN nag_days INTEGER NOT NULL DEFAULT 7;       -- remind the player to move after (0: never)
ALTER TABLE games ADD COLUMN forfeit_days INTEGER NOT NULL DEFAULT 21;  -- the player to move loses on time after (0: never)
ALTER TABLE games ADD COLUMN turn_started_at INTEGER NOT NULL DEFAULT 0;  -- when the seat to move got the move
ALTER TABLE games ADD COLUMN nagged INTEGER NOT NULL DEFAULT 0;        -- 1: this turn's reminder is queued
UPDATE games SET turn_started_at = updated_at;
ALTER TABLE users ADD COLUMN mail_pref TEXT NOT NULL DEFAULT 'every' CHECK (mail_pref IN ('every', 'digest', 'none'));
CREATE TABLE outbox (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient       TEXT NOT NULL,               -- envelope recipient and To: address
  user_id         TEXT NOT NULL DEFAULT '',    -- the account it goes to ('' for a stranger's error reply)
  board           INTEGER,                     -- the board it is about, NULL for none
  subject         TEXT NOT NULL,               -- one line of UTF-8 (CR and LF never stored)
  body            TEXT NOT NULL,               -- UTF-8 text
  in_reply_to     TEXT NOT NULL DEFAULT '',    -- Message-ID of the mail this answers
  -- queued: to send; digest: waits for the user's daily digest; merged: went into a
  -- digest; sent: the SMTP server accepted it (250) or sendmail exited 0; failed: refused for good.
  status          TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'digest', 'merged', 'sent', 'failed')),
  created_at      INTEGER NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,            -- retries back off exponentially
  claimed_by      TEXT NOT NULL DEFAULT '',    -- the sender working on it ('' when none) ...
  claimed_until   INTEGER NOT NULL DEFAULT 0,  -- ... until then (a crashed sender's claim runs out)
  sent_at         INTEGER,
  last_error      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox(status, next_attempt_at);
CREATE INDEX outbox_by_user ON outbox(user_id, status);
PRAGMA user_version = 5;
)sql",
      // 6: ratings (docs/ratings.md).  Whether a board is rated, and when it ended (the
      // order ratings are applied in; boards that ended earlier take their last change's
      // time).  Each player's Glicko-2 rating per game, in fixed point so that `ludus db
      // rerate` reproduces it exactly: rating and deviation in millionths of a point,
      // volatility in billionths.  And one row per player per rated game, in the order
      // applied.
      R"sql(
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN finished_at INTEGER;
UPDATE games SET finished_at = updated_at WHERE status = 'finished';
CREATE INDEX games_by_finish ON games(finished_at);
CREATE TABLE ratings (
  player      TEXT NOT NULL,               -- user id or ai:SPEC
  game        TEXT NOT NULL,               -- registry name
  rating      INTEGER NOT NULL,            -- millionths of a rating point
  deviation   INTEGER NOT NULL,            -- millionths, as of updated_at (it grows after)
  volatility  INTEGER NOT NULL,            -- billionths
  games       INTEGER NOT NULL DEFAULT 0,
  wins        INTEGER NOT NULL DEFAULT 0,
  losses      INTEGER NOT NULL DEFAULT 0,
  draws       INTEGER NOT NULL DEFAULT 0,
  updated_at  INTEGER NOT NULL,            -- when the player's latest rated game ended
  PRIMARY KEY (player, game)
) WITHOUT ROWID;
CREATE INDEX ratings_by_game ON ratings(game, rating);
CREATE TABLE rating_changes (
  id                INTEGER PRIMARY KEY AUTOINCREMENT,
  board             INTEGER NOT NULL,      -- no foreign key: the history outlives a deleted board
  player            TEXT NOT NULL,
  game              TEXT NOT NULL,
  opponent          TEXT NOT NULL,
  result            TEXT NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
  rating_before     INTEGER NOT NULL,
  deviation_before  INTEGER NOT NULL,
  volatility_before INTEGER NOT NULL,
  rating_after      INTEGER NOT NULL,
  deviation_after   INTEGER NOT NULL,
  volatility_after  INTEGER NOT NULL,
  at                INTEGER NOT NULL
);
CREATE INDEX rating_changes_by_player ON rating_changes(player, game, id);
CREATE INDEX rating_changes_by_board ON rating_changes(board);
PRAGMA user_version = 6;
)sql",
      // 7: challenges by consent (docs/community.md): who may challenge each user and how
      // many active boards they take on; offers to play (invitations and open seeks).
      R"sql(
ALTER TABLE users ADD COLUMN challenges TEXT NOT NULL DEFAULT 'ask' CHECK (challenges IN ('ask', 'all', 'none'));
ALTER TABLE users ADD COLUMN max_active INTEGER;   -- most active boards, NULL = no limit
CREATE TABLE offers (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  kind       TEXT NOT NULL CHECK (kind IN ('invitation', 'seek')),
  game       TEXT NOT NULL,
  options    TEXT NOT NULL,                     -- JSON: the game's options and the board's
  from_user  TEXT NOT NULL REFERENCES users(id),
  to_user    TEXT REFERENCES users(id),         -- the addressee; NULL for a seek
  seat       TEXT NOT NULL CHECK (seat IN ('first', 'second', 'random')),  -- the poster's
  min_rating INTEGER,                           -- a seek's range of the taker's rating
  max_rating INTEGER,
  rated      INTEGER NOT NULL DEFAULT 1,
  status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'taken', 'declined', 'withdrawn', 'expired')),
  board      INTEGER REFERENCES games(id),      -- the board it started
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  closed_at  INTEGER
);
CREATE INDEX offers_open ON offers(status, expires_at);
CREATE INDEX offers_by_poster ON offers(from_user, created_at);
CREATE INDEX offers_by_addressee ON offers(to_user, status);
PRAGMA user_version = 7;
)sql",
      // 8: mails received by `ludus mail`, counted by outcome where every process sees
      // them (the server's metrics read them; the mail processes are separate processes).
      R"sql(
CREATE TABLE mail_received (
  outcome TEXT PRIMARY KEY CHECK (outcome IN ('answered', 'refused', 'ignored')),
  count   INTEGER NOT NULL              -- a row appears with an outcome's first mail
);
PRAGMA user_version = 8;
)sql",
      // 9: tournaments (docs/tournaments.md): the event, its players (seeded by rating when
      // it starts) and its games, one row per pairing of a round (and per replay of a drawn
      // knockout game).  The games' primary key is the backstop of "each round starts once":
      // a second start of the same round fails on it.
      R"sql(
CREATE TABLE tournaments (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  game        TEXT NOT NULL,
  options     TEXT NOT NULL,                 -- JSON: the game's options and the boards' time limits
  rated       INTEGER NOT NULL DEFAULT 1,
  format      TEXT NOT NULL CHECK (format IN ('roundrobin', 'double-roundrobin', 'swiss', 'knockout')),
  rounds      INTEGER NOT NULL,              -- Swiss: as asked; others: set when it starts (0 before)
  min_players INTEGER NOT NULL,
  max_players INTEGER NOT NULL,
  starts_at   INTEGER,                       -- NULL: when the last place is taken
  creator     TEXT NOT NULL REFERENCES users(id),
  status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
  round       INTEGER NOT NULL DEFAULT 0,    -- the round being played
  created_at  INTEGER NOT NULL,
  started_at  INTEGER,
  finished_at INTEGER,
  revision    INTEGER NOT NULL DEFAULT 0     -- +1 with every change: concurrent ends of its boards conflict
);
CREATE INDEX tournaments_by_status ON tournaments(status, starts_at);
CREATE TABLE tournament_players (
  tournament  INTEGER NOT NULL REFERENCES tournaments(id),
  player      TEXT NOT NULL REFERENCES users(id),
  seed        INTEGER,                       -- 1 = the highest rating, once started
  rating      INTEGER,                       -- the rating it was seeded by (whole points)
  joined_at   INTEGER NOT NULL,
  withdrawn   INTEGER NOT NULL DEFAULT 0,    -- lost on time or withdrew: forfeits the rest
  PRIMARY KEY (tournament, player)
);
CREATE INDEX tournament_players_by_player ON tournament_players(player);
CREATE TABLE tournament_games (
  tournament    INTEGER NOT NULL REFERENCES tournaments(id),
  round         INTEGER NOT NULL,
  slot          INTEGER NOT NULL,
  replay        INTEGER NOT NULL DEFAULT 0,
  first_player  TEXT NOT NULL,
  second_player TEXT,                        -- NULL for a bye, or a withdrawn player's lost round
  kind          TEXT NOT NULL CHECK (kind IN ('board', 'bye', 'forfeit')),
  outcome       TEXT NOT NULL CHECK (outcome IN ('pending', 'first', 'second', 'draw', 'both-lose')),
  board         INTEGER UNIQUE REFERENCES games(id),
  PRIMARY KEY (tournament, round, slot, replay)
);
PRAGMA user_version = 9;
)sql",
      // 10: account recovery and community safety (docs/community.md, docs/security.md).
      // users.email is the verified address (the only one notifications go to; addresses
      // stored before this step count as verified), pending_email one waiting for its code.
      // Single-use codes, stored hashed; blocks; reports of comments; the moderators' log.
      R"sql(
ALTER TABLE users ADD COLUMN pending_email TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'admin'));
ALTER TABLE users ADD COLUMN suspended_at INTEGER;   -- NULL: not suspended
ALTER TABLE comments ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;  -- 1: hidden by a moderator
CREATE TABLE account_codes (
  code_hash  TEXT PRIMARY KEY,             -- BLAKE2b of the code, never the code
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose    TEXT NOT NULL CHECK (purpose IN ('reset', 'verify')),
  email      TEXT NOT NULL,                -- the address it was mailed to (verify: the one it verifies)
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX account_codes_by_user ON account_codes(user_id, purpose, created_at);
CREATE INDEX account_codes_by_email ON account_codes(email, created_at);
CREATE TABLE blocks (
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,  -- who blocks
  blocked    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,  -- whom
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, blocked)
) WITHOUT ROWID;
CREATE INDEX blocks_by_blocked ON blocks(blocked);
CREATE TABLE reports (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  comment_id INTEGER NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  reporter   TEXT NOT NULL,
  reason     TEXT NOT NULL,
  status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at INTEGER NOT NULL
);
CREATE INDEX reports_by_status ON reports(status, id);
CREATE TABLE audit_log (
  id     INTEGER PRIMARY KEY AUTOINCREMENT,
  at     INTEGER NOT NULL,
  actor  TEXT NOT NULL,                    -- the administrator (or 'console' for grant/revoke)
  action TEXT NOT NULL,
  target TEXT NOT NULL,                    -- a user id, 'comment N' ...
  reason TEXT NOT NULL DEFAULT ''
);
PRAGMA user_version = 10;
)sql",
      // 11: mails received counted by outcome and reason (docs/operations.md), so a graph
      // tells a flood of wrong passwords from a mail loop.  The table is rebuilt (a primary
      // key cannot change in place); the old counts are kept: an answered mail has one
      // reason, the others' reasons were not recorded.
      R"sql(
CREATE TABLE mail_received_by_reason (
  outcome TEXT NOT NULL CHECK (outcome IN ('answered', 'refused', 'ignored')),
  count   INTEGER NOT NULL,             -- a row appears with its first mail
  reason  TEXT NOT NULL,                -- mail_store.h: MailReason's names
  PRIMARY KEY (outcome, reason)
);
INSERT INTO mail_received_by_reason (outcome, count, reason)
  SELECT outcome, count, CASE outcome WHEN 'answered' THEN 'none' ELSE 'unrecorded' END FROM mail_received;
DROP TABLE mail_received;
ALTER TABLE mail_received_by_reason RENAME TO mail_received;
PRAGMA user_version = 11;
)sql",
      // 12: trust and safety (docs/security.md, "Account availability" and "Secrets at
      // rest").  Throttles and rate limits shared by every process on the database (a
      // `ludus mail` process per mail no longer starts its limits afresh); the devices an
      // account has signed in from, whose own failures never lock the account for them; the
      // outbox keeps a mailed code apart from the mail's text, dropped once sent or expired;
      // reset requests are answered by a queue, so the request's reply does the same work
      // for every name.
      R"sql(
CREATE TABLE throttles (
  scope     TEXT NOT NULL,     -- what is limited (rate_limits.h: ThrottleScope's names)
  subject   TEXT NOT NULL,     -- whom: a client address, 'mail:ADDRESS', a device's hash
  count     INTEGER NOT NULL,  -- failures in a row (failure counters; 0 for rates)
  mark      INTEGER NOT NULL,  -- rates: the bucket's theoretical arrival time in ms (GCRA); failures: the last one (s)
  forget_at INTEGER NOT NULL,  -- from then on the row holds nothing worth keeping (pruned)
  PRIMARY KEY (scope, subject)
) WITHOUT ROWID;
CREATE INDEX throttles_by_forget ON throttles(forget_at);
INSERT INTO throttles (scope, subject, count, mark, forget_at)
  SELECT 'account', user_id, failures, last_failure_at, last_failure_at + 86400 FROM login_failures;
DROP TABLE login_failures;
CREATE TABLE login_devices (
  device_hash  TEXT PRIMARY KEY,   -- BLAKE2b of the device key the client keeps, never the key
  user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL
);
CREATE INDEX login_devices_by_user ON login_devices(user_id, last_used_at);
ALTER TABLE outbox ADD COLUMN secret TEXT NOT NULL DEFAULT '';  -- a code the body names as {code}; '' once sent or expired
ALTER TABLE outbox ADD COLUMN secret_until INTEGER;             -- when that code expires (NULL: no code)
CREATE INDEX outbox_by_secret ON outbox(secret_until);
UPDATE outbox SET body = 'A code was mailed here; its text is no longer kept.',
  status = CASE WHEN status IN ('queued', 'digest') THEN 'failed' ELSE status END,
  last_error = CASE WHEN status IN ('queued', 'digest') THEN 'dropped unsent: it held a code in clear (schema 12)' ELSE last_error END
  WHERE body LIKE '%Your code: %';
CREATE TABLE reset_requests (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id      TEXT NOT NULL,      -- as asked, normalised ('-' for a malformed id): maybe no account
  requested_at INTEGER NOT NULL
);
PRAGMA user_version = 12;
)sql",
      // 13: rematches and leaving (docs/community.md).  An invitation made from a finished
      // board names that board, so its page shows the rematch and a rematch both players ask
      // for starts once; a player's comments are found by their author (their data export,
      // and the deletion of their account).
      R"sql(
ALTER TABLE offers ADD COLUMN rematch_of INTEGER;  -- the finished board (games.id) an invitation repeats
CREATE INDEX offers_by_rematch ON offers(rematch_of, status);
CREATE INDEX comments_by_user ON comments(user_id);
PRAGMA user_version = 13;
)sql",
      // 14: tournaments have a name (docs/tournaments.md): as their creator gave it, else
      // "GAME FORMAT #N" made at creation.  Those created before are named by their number.
      R"sql(
ALTER TABLE tournaments ADD COLUMN name TEXT NOT NULL DEFAULT '';
UPDATE tournaments SET name = 'Tournament ' || id;
PRAGMA user_version = 14;
)sql",
      // 15: correspondence play (docs/correspondence.md).  Whether a board allows its players
      // private exploration (their analysis engine and conditional moves): off for rated and
      // tournament boards, on for the others, as new boards get it.  And each player's tree of
      // conditional moves on a board, in the grammar's canonical text, never shown to the
      // opponent; `note` says why the last tree was dropped ("" for none).
      R"sql(
ALTER TABLE games ADD COLUMN exploration INTEGER NOT NULL DEFAULT 1;
UPDATE games SET exploration = 0
  WHERE rated = 1 OR id IN (SELECT board FROM tournament_games WHERE board IS NOT NULL);
CREATE TABLE conditional_moves (
  game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tree       TEXT NOT NULL,      -- "if T A T A; if T A" (canonical turns); '' once dropped
  note       TEXT NOT NULL,      -- why the tree was dropped, for its owner; '' for none
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX conditional_moves_by_user ON conditional_moves(user_id);
PRAGMA user_version = 15;
)sql",
      // 16: notifications (docs/notifications.md): each user's own list of what happened on
      // their boards, offers and tournaments, written in the transaction of the change, with
      // a revision per user that live pages wait on; and the hour of the daily digest.
      R"sql(
ALTER TABLE users ADD COLUMN digest_hour INTEGER NOT NULL DEFAULT 7 CHECK (digest_hour BETWEEN 0 AND 23);  -- UTC
CREATE TABLE notifications (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,  -- whose: nobody else reads it
  kind       TEXT NOT NULL CHECK (kind IN ('move', 'proposal', 'result', 'comment', 'invitation', 'tournament')),
  board      INTEGER,                      -- what it links to: a board, an offer or a tournament
  offer      INTEGER,
  tournament INTEGER,
  actor      TEXT NOT NULL DEFAULT '',     -- who caused it ('' for the server: time limits, rounds)
  body       TEXT NOT NULL,                -- one line, written by the server (no user's words)
  created_at INTEGER NOT NULL,
  read_at    INTEGER                       -- NULL while unread
);
CREATE INDEX notifications_by_user ON notifications(user_id, id);
CREATE INDEX notifications_by_time ON notifications(created_at);
CREATE TABLE notification_revisions (
  user_id  TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL                -- +1 with every change of the user's notifications
);
PRAGMA user_version = 16;
)sql",
      // 17: correspondence clocks (docs/turns.md, docs/mail.md).  The games table is rebuilt
      // only to let its CHECKs accept the proposal 'abort' and the ending 'aborted' (as step
      // 5; the sequence of board numbers is kept, so a deleted board's number is never
      // given again).  Then: the holidays players declare, during which the time limits of
      // their boards pause.
      R"sql(
CREATE TABLE games_v17 (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  game            TEXT NOT NULL,
  options         TEXT NOT NULL,
  seat0           TEXT NOT NULL,
  seat1           TEXT NOT NULL,
  challenger      TEXT NOT NULL,
  ending          TEXT NOT NULL DEFAULT '' CHECK (ending IN ('', 'resign', 'agreement', 'timeout', 'aborted')),
  resigned_seat   INTEGER CHECK (resigned_seat IN (0, 1)),   -- the seat that resigned or lost on time
  proposal        TEXT NOT NULL DEFAULT '' CHECK (proposal IN ('', 'draw', 'undo', 'abort')),
  proposal_seat   INTEGER CHECK (proposal_seat IN (0, 1)),
  status          TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
  result          TEXT NOT NULL DEFAULT '',
  winner_seat     INTEGER,
  end_reason      TEXT NOT NULL DEFAULT '',
  num_moves       INTEGER NOT NULL DEFAULT 0,
  to_move_seat    INTEGER,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  revision        INTEGER NOT NULL DEFAULT 0,
  nag_days        INTEGER NOT NULL DEFAULT 7,
  forfeit_days    INTEGER NOT NULL DEFAULT 21,
  turn_started_at INTEGER NOT NULL DEFAULT 0,
  nagged          INTEGER NOT NULL DEFAULT 0,
  rated           INTEGER NOT NULL DEFAULT 1,
  finished_at     INTEGER,
  exploration     INTEGER NOT NULL DEFAULT 1
);
INSERT INTO games_v17 (id, game, options, seat0, seat1, challenger, ending, resigned_seat, proposal, proposal_seat,
                       status, result, winner_seat, end_reason, num_moves, to_move_seat, created_at, updated_at,
                       revision, nag_days, forfeit_days, turn_started_at, nagged, rated, finished_at, exploration)
  SELECT id, game, options, seat0, seat1, challenger, ending, resigned_seat, proposal, proposal_seat,
         status, result, winner_seat, end_reason, num_moves, to_move_seat, created_at, updated_at,
         revision, nag_days, forfeit_days, turn_started_at, nagged, rated, finished_at, exploration FROM games;
DELETE FROM sqlite_sequence WHERE name = 'games_v17';
UPDATE sqlite_sequence SET name = 'games_v17' WHERE name = 'games';
DROP TABLE games;
ALTER TABLE games_v17 RENAME TO games;
CREATE INDEX games_by_seat0 ON games(seat0, status);
CREATE INDEX games_by_seat1 ON games(seat1, status);
CREATE INDEX games_by_status ON games(status, updated_at);
CREATE INDEX games_by_challenger ON games(challenger, created_at);
CREATE INDEX games_by_finish ON games(finished_at);
CREATE TABLE holidays (
  user_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  starts_at INTEGER NOT NULL,  -- Unix time: the clocks of the user's boards pause from then
  ends_at   INTEGER NOT NULL,  -- to then (exclusive); a cancelled holiday ends when cancelled
  PRIMARY KEY (user_id, starts_at)
);
CREATE INDEX tournament_games_by_board ON tournament_games(board);  -- a board's tournament, read with the board
PRAGMA user_version = 17;
)sql",
      // 18: game reviews (docs/review.md).  One review per finished board, computed once by
      // the AI workers from a queue (status), with who asked for it (their cap counts it; ''
      // when the players' setting asked for it); each user's setting for automatic reviews of
      // their finished boards; and notifications of the kind 'review' (the table is rebuilt
      // only to widen its CHECK, as step 17 rebuilt games; ids are never given again).
      R"sql(
CREATE TABLE reviews (
  game_id      INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,  -- the finished board
  status       TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  requested_by TEXT NOT NULL DEFAULT '',  -- the user who asked; '' when automatic
  requested_at INTEGER NOT NULL,
  started_at   INTEGER,                   -- when a worker took it (NULL while queued)
  finished_at  INTEGER,                   -- done or failed
  review       TEXT NOT NULL DEFAULT '',  -- the review's JSON (ai/review.h) once done
  note         TEXT NOT NULL DEFAULT ''   -- why it failed, for people
);
CREATE INDEX reviews_by_status ON reviews(status, requested_at);
CREATE INDEX reviews_by_requester ON reviews(requested_by, status);
ALTER TABLE users ADD COLUMN auto_review INTEGER NOT NULL DEFAULT 0 CHECK (auto_review IN (0, 1));
CREATE TABLE notifications_v18 (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind       TEXT NOT NULL CHECK (kind IN ('move', 'proposal', 'result', 'comment', 'invitation', 'tournament', 'review')),
  board      INTEGER,
  offer      INTEGER,
  tournament INTEGER,
  actor      TEXT NOT NULL DEFAULT '',
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  read_at    INTEGER
);
INSERT INTO notifications_v18 (id, user_id, kind, board, offer, tournament, actor, body, created_at, read_at)
  SELECT id, user_id, kind, board, offer, tournament, actor, body, created_at, read_at FROM notifications;
DELETE FROM sqlite_sequence WHERE name = 'notifications_v18';
UPDATE sqlite_sequence SET name = 'notifications_v18' WHERE name = 'notifications';
DROP TABLE notifications;
ALTER TABLE notifications_v18 RENAME TO notifications;
CREATE INDEX notifications_by_user ON notifications(user_id, id);
CREATE INDEX notifications_by_time ON notifications(created_at);
PRAGMA user_version = 18;
)sql",
      // 19: puzzles (docs/puzzles.md): the puzzles loaded (the starter sets of data/puzzles/
      // at start, others by `ludus puzzles load`), each user's one attempt at a puzzle, and
      // the puzzle ratings: Glicko-2 as for games, a user's per game and each puzzle's own.
      R"sql(
CREATE TABLE puzzles (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  game       TEXT NOT NULL,               -- registry name
  digest     TEXT NOT NULL,               -- the digest of its proof (ai/puzzles.h): one row per puzzle
  record     TEXT NOT NULL,               -- the puzzle's line of JSON (docs/puzzles.md)
  created_at INTEGER NOT NULL,
  UNIQUE (game, digest)
);
CREATE TABLE puzzle_attempts (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  puzzle_id   INTEGER NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
  user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  turns       INTEGER NOT NULL DEFAULT 0,  -- the solver's turns of the line played right so far
  status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'solved', 'failed')),
  started_at  INTEGER NOT NULL,
  finished_at INTEGER,
  UNIQUE (puzzle_id, user_id)              -- one attempt, the rated one, per puzzle and user
);
CREATE INDEX puzzle_attempts_by_user ON puzzle_attempts(user_id, status);
CREATE TABLE puzzle_ratings (
  player      TEXT NOT NULL,               -- user id, or puzzle:ID for a puzzle's own rating
  game        TEXT NOT NULL,
  rating      INTEGER NOT NULL,            -- as the ratings table's
  deviation   INTEGER NOT NULL,
  volatility  INTEGER NOT NULL,
  games       INTEGER NOT NULL DEFAULT 0,  -- attempts
  wins        INTEGER NOT NULL DEFAULT 0,  -- solved (for a puzzle: the solvers who failed it)
  losses      INTEGER NOT NULL DEFAULT 0,
  draws       INTEGER NOT NULL DEFAULT 0,
  updated_at  INTEGER NOT NULL,
  PRIMARY KEY (player, game)
) WITHOUT ROWID;
CREATE INDEX puzzle_ratings_by_game ON puzzle_ratings(game, rating);
PRAGMA user_version = 19;
)sql",
      // 20: a user's unread notifications found without walking the read ones: every turn
      // marks what the mover was told of that board as read, and every page asks the unread
      // count (a walk of up to 200 rows per turn before; docs/notifications.md).
      R"sql(
CREATE INDEX notifications_unread ON notifications(user_id, board) WHERE read_at IS NULL;
PRAGMA user_version = 20;
)sql",
      // 21: "your mistakes" (docs/puzzles.md): the puzzles made from a reviewed game's
      // mistakes, each owned by the player who erred, with the board and the review's turn
      // they played instead of the one winning turn.  A puzzle row may be owned by several
      // players (one position, the same digest), so ownership is a table of its own.
      R"sql(
CREATE TABLE mistake_puzzles (
  puzzle_id  INTEGER NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,  -- the player who erred
  board_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  turn       INTEGER NOT NULL,             -- the review's turn (1-based) played instead of the winning one
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, board_id, turn)
);
CREATE INDEX mistake_puzzles_by_board ON mistake_puzzles(board_id, turn);
CREATE INDEX mistake_puzzles_by_puzzle ON mistake_puzzles(puzzle_id);
PRAGMA user_version = 21;
)sql",
      // 22: bots (docs/bots.md).  A bot account, for good; each token's scope ('bot': a
      // token that may only play); the bots' event stream, one row per event, numbered per
      // bot from its head row (locked by the write until the commit, so a bot's ids commit
      // in their order and a resumed stream never skips one).
      R"sql(
ALTER TABLE users ADD COLUMN bot INTEGER NOT NULL DEFAULT 0 CHECK (bot IN (0, 1));
ALTER TABLE tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'all' CHECK (scope IN ('all', 'bot'));
CREATE TABLE bot_events (
  user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  id          INTEGER NOT NULL,            -- the bot's own numbering, 1, 2, 3 ...
  kind        TEXT NOT NULL CHECK (kind IN ('invitation', 'invitation_gone', 'game_start', 'your_turn', 'proposal', 'game_end')),
  board       INTEGER,
  offer       INTEGER,
  move_number INTEGER,                     -- your_turn: the ply the move gets
  detail      TEXT NOT NULL DEFAULT '',    -- invitation_gone: the status; proposal: its kind
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (user_id, id)
);
CREATE INDEX bot_events_by_time ON bot_events(created_at);
CREATE TABLE bot_event_heads (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  last_id INTEGER NOT NULL
);
PRAGMA user_version = 22;
)sql",
      // 23: the language a user chose (docs/translating.md): the page's today, their mail's
      // and command replies' once those are translated.  '' for none (the browser's).
      R"sql(
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '' CHECK (length(language) <= 8);
PRAGMA user_version = 23;
)sql",
  };
  return steps;
}


// The same schema in PostgreSQL's dialect: BIGINT for times and ids, identity columns for
// generated ids (AUTOINCREMENT's equivalent: an id is never reused).
const std::vector<const char*>& postgres_migrations() {
  static const std::vector<const char*> steps = {
      // 1: accounts, games, moves, comments, subscriptions, login tokens.
      R"sql(
CREATE TABLE IF NOT EXISTS schema_version (
  version    INTEGER PRIMARY KEY,
  applied_at BIGINT NOT NULL
);
CREATE TABLE users (
  id            TEXT PRIMARY KEY,
  password_hash TEXT NOT NULL,
  email         TEXT NOT NULL DEFAULT '',
  created_at    BIGINT NOT NULL
);
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX tokens_by_user ON tokens(user_id);
CREATE TABLE games (
  id            BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  game          TEXT NOT NULL,
  options       TEXT NOT NULL,
  seat0         TEXT NOT NULL,
  seat1         TEXT NOT NULL,
  challenger    TEXT NOT NULL,
  ending        TEXT NOT NULL DEFAULT '' CHECK (ending IN ('', 'resign', 'agreement')),
  resigned_seat INTEGER CHECK (resigned_seat IN (0, 1)),
  proposal      TEXT NOT NULL DEFAULT '' CHECK (proposal IN ('', 'draw', 'undo')),
  proposal_seat INTEGER CHECK (proposal_seat IN (0, 1)),
  status        TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
  result        TEXT NOT NULL DEFAULT '',
  winner_seat   INTEGER,
  end_reason    TEXT NOT NULL DEFAULT '',
  num_moves     INTEGER NOT NULL DEFAULT 0,
  to_move_seat  INTEGER,
  created_at    BIGINT NOT NULL,
  updated_at    BIGINT NOT NULL
);
CREATE INDEX games_by_seat0 ON games(seat0, status);
CREATE INDEX games_by_seat1 ON games(seat1, status);
CREATE INDEX games_by_status ON games(status, updated_at);
CREATE TABLE moves (
  game_id   BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  ply       INTEGER NOT NULL,
  turn      INTEGER NOT NULL,
  seat      INTEGER NOT NULL CHECK (seat IN (0, 1)),
  move      TEXT NOT NULL,
  played_at BIGINT NOT NULL,
  PRIMARY KEY (game_id, ply)
);
CREATE TABLE comments (
  id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  game_id    BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  user_id    TEXT NOT NULL,
  after_ply  INTEGER NOT NULL,
  body       TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX comments_by_game ON comments(game_id, id);
CREATE TABLE subscriptions (
  user_id TEXT NOT NULL,
  game_id BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, game_id)
);
)sql",
      // 2: a revision per board.
      R"sql(
ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
)sql",
      // 3: failed logins per user id; boards a user created lately.
      R"sql(
CREATE TABLE login_failures (
  user_id         TEXT PRIMARY KEY,
  failures        INTEGER NOT NULL,
  last_failure_at BIGINT NOT NULL
);
CREATE INDEX games_by_challenger ON games(challenger, created_at);
)sql",
      // 4: AI move leases.
      R"sql(
CREATE TABLE ai_leases (
  game_id    BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  owner      TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
)sql",
      // 5: play by e-mail (docs/mail.md): the ending 'timeout', per-board time limits,
      // each user's mail preference, the outbox.
      R"sql(
ALTER TABLE games DROP CONSTRAINT games_ending_check,
  ADD CONSTRAINT games_ending_check CHECK (ending IN ('', 'resign', 'agreement', 'timeout'));
ALTER TABLE games ADD COLUMN nag_days INTEGER NOT NULL DEFAULT 7,
  ADD COLUMN forfeit_days INTEGER NOT NULL DEFAULT 21,
  ADD COLUMN turn_started_at BIGINT NOT NULL DEFAULT 0,
  ADD COLUMN nagged INTEGER NOT NULL DEFAULT 0;
UPDATE games SET turn_started_at = updated_at;
ALTER TABLE users ADD COLUMN mail_pref TEXT NOT NULL DEFAULT 'every' CHECK (mail_pref IN ('every', 'digest', 'none'));
CREATE TABLE outbox (
  id              BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  recipient       TEXT NOT NULL,
  user_id         TEXT NOT NULL DEFAULT '',
  board           BIGINT,
  subject         TEXT NOT NULL,
  body            TEXT NOT NULL,
  in_reply_to     TEXT NOT NULL DEFAULT '',
  status          TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'digest', 'merged', 'sent', 'failed')),
  created_at      BIGINT NOT NULL,
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  claimed_by      TEXT NOT NULL DEFAULT '',
  claimed_until   BIGINT NOT NULL DEFAULT 0,
  sent_at         BIGINT,
  last_error      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_due ON outbox(status, next_attempt_at);
CREATE INDEX outbox_by_user ON outbox(user_id, status);
)sql",
      // 6: ratings (docs/ratings.md).
      R"sql(
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1,
  ADD COLUMN finished_at BIGINT;
UPDATE games SET finished_at = updated_at WHERE status = 'finished';
CREATE INDEX games_by_finish ON games(finished_at);
CREATE TABLE ratings (
  player      TEXT NOT NULL,
  game        TEXT NOT NULL,
  rating      BIGINT NOT NULL,
  deviation   BIGINT NOT NULL,
  volatility  BIGINT NOT NULL,
  games       INTEGER NOT NULL DEFAULT 0,
  wins        INTEGER NOT NULL DEFAULT 0,
  losses      INTEGER NOT NULL DEFAULT 0,
  draws       INTEGER NOT NULL DEFAULT 0,
  updated_at  BIGINT NOT NULL,
  PRIMARY KEY (player, game)
);
CREATE INDEX ratings_by_game ON ratings(game, rating);
CREATE TABLE rating_changes (
  id                BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  board             BIGINT NOT NULL,
  player            TEXT NOT NULL,
  game              TEXT NOT NULL,
  opponent          TEXT NOT NULL,
  result            TEXT NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
  rating_before     BIGINT NOT NULL,
  deviation_before  BIGINT NOT NULL,
  volatility_before BIGINT NOT NULL,
  rating_after      BIGINT NOT NULL,
  deviation_after   BIGINT NOT NULL,
  volatility_after  BIGINT NOT NULL,
  at                BIGINT NOT NULL
);
CREATE INDEX rating_changes_by_player ON rating_changes(player, game, id);
CREATE INDEX rating_changes_by_board ON rating_changes(board);
)sql",
      // 7: challenges by consent.
      R"sql(
ALTER TABLE users ADD COLUMN challenges TEXT NOT NULL DEFAULT 'ask' CHECK (challenges IN ('ask', 'all', 'none')),
  ADD COLUMN max_active INTEGER;
CREATE TABLE offers (
  id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  kind       TEXT NOT NULL CHECK (kind IN ('invitation', 'seek')),
  game       TEXT NOT NULL,
  options    TEXT NOT NULL,
  from_user  TEXT NOT NULL REFERENCES users(id),
  to_user    TEXT REFERENCES users(id),
  seat       TEXT NOT NULL CHECK (seat IN ('first', 'second', 'random')),
  min_rating INTEGER,
  max_rating INTEGER,
  rated      INTEGER NOT NULL DEFAULT 1,
  status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'taken', 'declined', 'withdrawn', 'expired')),
  board      BIGINT REFERENCES games(id),
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  closed_at  BIGINT
);
CREATE INDEX offers_open ON offers(status, expires_at);
CREATE INDEX offers_by_poster ON offers(from_user, created_at);
CREATE INDEX offers_by_addressee ON offers(to_user, status);
)sql",
      // 8: mails received, by outcome.
      R"sql(
CREATE TABLE mail_received (
  outcome TEXT PRIMARY KEY CHECK (outcome IN ('answered', 'refused', 'ignored')),
  count   BIGINT NOT NULL
);
)sql",
      // 9: tournaments (docs/tournaments.md).
      R"sql(
CREATE TABLE tournaments (
  id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  game        TEXT NOT NULL,
  options     TEXT NOT NULL,
  rated       INTEGER NOT NULL DEFAULT 1,
  format      TEXT NOT NULL CHECK (format IN ('roundrobin', 'double-roundrobin', 'swiss', 'knockout')),
  rounds      INTEGER NOT NULL,
  min_players INTEGER NOT NULL,
  max_players INTEGER NOT NULL,
  starts_at   BIGINT,
  creator     TEXT NOT NULL REFERENCES users(id),
  status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running', 'finished', 'cancelled')),
  round       INTEGER NOT NULL DEFAULT 0,
  created_at  BIGINT NOT NULL,
  started_at  BIGINT,
  finished_at BIGINT,
  revision    BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX tournaments_by_status ON tournaments(status, starts_at);
CREATE TABLE tournament_players (
  tournament  BIGINT NOT NULL REFERENCES tournaments(id),
  player      TEXT NOT NULL REFERENCES users(id),
  seed        INTEGER,
  rating      INTEGER,
  joined_at   BIGINT NOT NULL,
  withdrawn   INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (tournament, player)
);
CREATE INDEX tournament_players_by_player ON tournament_players(player);
CREATE TABLE tournament_games (
  tournament    BIGINT NOT NULL REFERENCES tournaments(id),
  round         INTEGER NOT NULL,
  slot          INTEGER NOT NULL,
  replay        INTEGER NOT NULL DEFAULT 0,
  first_player  TEXT NOT NULL,
  second_player TEXT,
  kind          TEXT NOT NULL CHECK (kind IN ('board', 'bye', 'forfeit')),
  outcome       TEXT NOT NULL CHECK (outcome IN ('pending', 'first', 'second', 'draw', 'both-lose')),
  board         BIGINT UNIQUE REFERENCES games(id),
  PRIMARY KEY (tournament, round, slot, replay)
);
)sql",
      // 10: account recovery and community safety.
      R"sql(
ALTER TABLE users ADD COLUMN pending_email TEXT NOT NULL DEFAULT '',
  ADD COLUMN role TEXT NOT NULL DEFAULT 'player' CHECK (role IN ('player', 'admin')),
  ADD COLUMN suspended_at BIGINT;
ALTER TABLE comments ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
CREATE TABLE account_codes (
  code_hash  TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose    TEXT NOT NULL CHECK (purpose IN ('reset', 'verify')),
  email      TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX account_codes_by_user ON account_codes(user_id, purpose, created_at);
CREATE INDEX account_codes_by_email ON account_codes(email, created_at);
CREATE TABLE blocks (
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, blocked)
);
CREATE INDEX blocks_by_blocked ON blocks(blocked);
CREATE TABLE reports (
  id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  comment_id BIGINT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  reporter   TEXT NOT NULL,
  reason     TEXT NOT NULL,
  status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at BIGINT NOT NULL
);
CREATE INDEX reports_by_status ON reports(status, id);
CREATE TABLE audit_log (
  id     BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  at     BIGINT NOT NULL,
  actor  TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  reason TEXT NOT NULL DEFAULT ''
);
)sql",
      // 11: mails received by outcome and reason (reason last, as SQLite's rebuilt table).
      R"sql(
ALTER TABLE mail_received ADD COLUMN reason TEXT NOT NULL DEFAULT 'unrecorded';
ALTER TABLE mail_received ALTER COLUMN reason DROP DEFAULT;
UPDATE mail_received SET reason = 'none' WHERE outcome = 'answered';
ALTER TABLE mail_received DROP CONSTRAINT mail_received_pkey;
ALTER TABLE mail_received ADD PRIMARY KEY (outcome, reason);
)sql",
      // 12: throttles, devices, the outbox's codes apart, reset requests (as SQLite's).
      R"sql(
CREATE TABLE throttles (
  scope     TEXT NOT NULL,
  subject   TEXT NOT NULL,
  count     BIGINT NOT NULL,
  mark      BIGINT NOT NULL,
  forget_at BIGINT NOT NULL,
  PRIMARY KEY (scope, subject)
);
CREATE INDEX throttles_by_forget ON throttles(forget_at);
INSERT INTO throttles (scope, subject, count, mark, forget_at)
  SELECT 'account', user_id, failures, last_failure_at, last_failure_at + 86400 FROM login_failures;
DROP TABLE login_failures;
CREATE TABLE login_devices (
  device_hash  TEXT PRIMARY KEY,
  user_id      TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at   BIGINT NOT NULL,
  last_used_at BIGINT NOT NULL
);
CREATE INDEX login_devices_by_user ON login_devices(user_id, last_used_at);
ALTER TABLE outbox ADD COLUMN secret TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN secret_until BIGINT;
CREATE INDEX outbox_by_secret ON outbox(secret_until);
UPDATE outbox SET body = 'A code was mailed here; its text is no longer kept.',
  status = CASE WHEN status IN ('queued', 'digest') THEN 'failed' ELSE status END,
  last_error = CASE WHEN status IN ('queued', 'digest') THEN 'dropped unsent: it held a code in clear (schema 12)' ELSE last_error END
  WHERE body LIKE '%Your code: %';
CREATE TABLE reset_requests (
  id           BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id      TEXT NOT NULL,
  requested_at BIGINT NOT NULL
);
)sql",
      // 13: rematches and leaving (as SQLite's).
      R"sql(
ALTER TABLE offers ADD COLUMN rematch_of BIGINT;
CREATE INDEX offers_by_rematch ON offers(rematch_of, status);
CREATE INDEX comments_by_user ON comments(user_id);
)sql",
      // 14: tournaments' names (as SQLite's).
      R"sql(
ALTER TABLE tournaments ADD COLUMN name TEXT NOT NULL DEFAULT '';
UPDATE tournaments SET name = 'Tournament ' || id;
)sql",
      // 15: exploration and conditional moves (as SQLite's).
      R"sql(
ALTER TABLE games ADD COLUMN exploration INTEGER NOT NULL DEFAULT 1;
UPDATE games SET exploration = 0
  WHERE rated = 1 OR id IN (SELECT board FROM tournament_games WHERE board IS NOT NULL);
CREATE TABLE conditional_moves (
  game_id    BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  tree       TEXT NOT NULL,
  note       TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (game_id, user_id)
);
CREATE INDEX conditional_moves_by_user ON conditional_moves(user_id);
)sql",
      // 16: notifications and the digest's hour (as SQLite's).
      R"sql(
ALTER TABLE users ADD COLUMN digest_hour INTEGER NOT NULL DEFAULT 7 CHECK (digest_hour BETWEEN 0 AND 23);
CREATE TABLE notifications (
  id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind       TEXT NOT NULL CHECK (kind IN ('move', 'proposal', 'result', 'comment', 'invitation', 'tournament')),
  board      BIGINT,
  offer      BIGINT,
  tournament BIGINT,
  actor      TEXT NOT NULL DEFAULT '',
  body       TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  read_at    BIGINT
);
CREATE INDEX notifications_by_user ON notifications(user_id, id);
CREATE INDEX notifications_by_time ON notifications(created_at);
CREATE TABLE notification_revisions (
  user_id  TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  revision BIGINT NOT NULL
);
)sql",
      // 17: correspondence clocks (as SQLite's).
      R"sql(
ALTER TABLE games DROP CONSTRAINT games_ending_check,
  ADD CONSTRAINT games_ending_check CHECK (ending IN ('', 'resign', 'agreement', 'timeout', 'aborted')),
  DROP CONSTRAINT games_proposal_check,
  ADD CONSTRAINT games_proposal_check CHECK (proposal IN ('', 'draw', 'undo', 'abort'));
CREATE TABLE holidays (
  user_id   TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  starts_at BIGINT NOT NULL,
  ends_at   BIGINT NOT NULL,
  PRIMARY KEY (user_id, starts_at)
);
CREATE INDEX tournament_games_by_board ON tournament_games(board);
)sql",
      // 18: game reviews (as SQLite's).
      R"sql(
CREATE TABLE reviews (
  game_id      BIGINT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
  status       TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  requested_by TEXT NOT NULL DEFAULT '',
  requested_at BIGINT NOT NULL,
  started_at   BIGINT,
  finished_at  BIGINT,
  review       TEXT NOT NULL DEFAULT '',
  note         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reviews_by_status ON reviews(status, requested_at);
CREATE INDEX reviews_by_requester ON reviews(requested_by, status);
ALTER TABLE users ADD COLUMN auto_review INTEGER NOT NULL DEFAULT 0 CHECK (auto_review IN (0, 1));
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check,
  ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('move', 'proposal', 'result', 'comment', 'invitation', 'tournament', 'review'));
)sql",
      // 19: puzzles (as SQLite's).
      R"sql(
CREATE TABLE puzzles (
  id         BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  game       TEXT NOT NULL,
  digest     TEXT NOT NULL,
  record     TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  UNIQUE (game, digest)
);
CREATE TABLE puzzle_attempts (
  id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  puzzle_id   BIGINT NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
  user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  turns       INTEGER NOT NULL DEFAULT 0,
  status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'solved', 'failed')),
  started_at  BIGINT NOT NULL,
  finished_at BIGINT,
  UNIQUE (puzzle_id, user_id)
);
CREATE INDEX puzzle_attempts_by_user ON puzzle_attempts(user_id, status);
CREATE TABLE puzzle_ratings (
  player      TEXT NOT NULL,
  game        TEXT NOT NULL,
  rating      BIGINT NOT NULL,
  deviation   BIGINT NOT NULL,
  volatility  BIGINT NOT NULL,
  games       INTEGER NOT NULL DEFAULT 0,
  wins        INTEGER NOT NULL DEFAULT 0,
  losses      INTEGER NOT NULL DEFAULT 0,
  draws       INTEGER NOT NULL DEFAULT 0,
  updated_at  BIGINT NOT NULL,
  PRIMARY KEY (player, game)
);
CREATE INDEX puzzle_ratings_by_game ON puzzle_ratings(game, rating);
)sql",
      // 20: the unread notifications' index (as SQLite's).
      R"sql(
CREATE INDEX notifications_unread ON notifications(user_id, board) WHERE read_at IS NULL;
)sql",
      // 21: "your mistakes" (as SQLite's).
      R"sql(
CREATE TABLE mistake_puzzles (
  puzzle_id  BIGINT NOT NULL REFERENCES puzzles(id) ON DELETE CASCADE,
  user_id    TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  board_id   BIGINT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  turn       INTEGER NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, board_id, turn)
);
CREATE INDEX mistake_puzzles_by_board ON mistake_puzzles(board_id, turn);
CREATE INDEX mistake_puzzles_by_puzzle ON mistake_puzzles(puzzle_id);
)sql",
      // 22: bots (as SQLite's).
      R"sql(
ALTER TABLE users ADD COLUMN bot INTEGER NOT NULL DEFAULT 0 CHECK (bot IN (0, 1));
ALTER TABLE tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'all' CHECK (scope IN ('all', 'bot'));
CREATE TABLE bot_events (
  user_id     TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  id          BIGINT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('invitation', 'invitation_gone', 'game_start', 'your_turn', 'proposal', 'game_end')),
  board       BIGINT,
  offer       BIGINT,
  move_number INTEGER,
  detail      TEXT NOT NULL DEFAULT '',
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (user_id, id)
);
CREATE INDEX bot_events_by_time ON bot_events(created_at);
CREATE TABLE bot_event_heads (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  last_id BIGINT NOT NULL
);
)sql",
      // 23: a user's language (as SQLite's).
      R"sql(
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT '' CHECK (length(language) <= 8);
)sql",
  };
  return steps;
}

const std::vector<const char*>& migrations(const sql::Connection& connection) {
  return connection.backend() == sql::Backend::Postgres ? postgres_migrations() : sqlite_migrations();
}

// Holds the migrators' lock (see sql::Connection::lock_schema) while it lives.
class SchemaLock {
 public:
  explicit SchemaLock(sql::Connection& connection) : connection_(connection) { connection_.lock_schema(); }
  ~SchemaLock() {
    try {
      connection_.unlock_schema();
    } catch (...) {
      // The connection is gone, and its session lock with it.
    }
  }
  SchemaLock(const SchemaLock&) = delete;
  SchemaLock& operator=(const SchemaLock&) = delete;

 private:
  sql::Connection& connection_;
};

}  // namespace

int current_schema_version() {
  return static_cast<int>(sqlite_migrations().size());
}

const std::vector<std::string>& exported_tables() {
  // Parents before children, so that an import never breaks a foreign key.
  static const std::vector<std::string> tables = {"users",    "tokens",        "games",          "moves",
                                                  "comments", "subscriptions", "ai_leases", "outbox",
                                                  "ratings",  "rating_changes", "offers", "mail_received",
                                                  "tournaments", "tournament_players", "tournament_games",
                                                  "account_codes", "blocks", "reports", "audit_log",
                                                  "login_devices", "throttles", "reset_requests",
                                                  "conditional_moves", "notifications", "notification_revisions",
                                                  "holidays", "reviews", "puzzles", "puzzle_attempts", "puzzle_ratings",
                                                  "mistake_puzzles", "bot_events", "bot_event_heads"};
  return tables;
}

bool secret_column(std::string_view table, std::string_view column) {
  return table == "outbox" && (column == "secret" || column == "secret_until");
}

namespace {

// PRAGMA foreign_keys only changes outside a transaction: off while the steps run (a
// rebuilt table is dropped and renamed), checked and back on afterwards.
class ForeignKeysOff {
 public:
  explicit ForeignKeysOff(sql::Connection& connection) : connection_(connection) {
    connection_.exec("PRAGMA foreign_keys=OFF");
  }
  ~ForeignKeysOff() {
    try {
      connection_.exec("PRAGMA foreign_keys=ON");
    } catch (...) {
      // Leaves this connection without foreign keys; it is closed with the failed Store.
    }
  }
  ForeignKeysOff(const ForeignKeysOff&) = delete;
  ForeignKeysOff& operator=(const ForeignKeysOff&) = delete;

 private:
  sql::Connection& connection_;
};

}  // namespace

void migrate(sql::Connection& connection) {
  const int target = current_schema_version();
  if (migrations(connection).size() != static_cast<size_t>(target))
    throw ServiceError(ErrorKind::Internal, "database", "this build's SQLite and PostgreSQL migrations differ in number");
  const bool sqlite = connection.backend() != sql::Backend::Postgres;
  std::optional<ForeignKeysOff> foreign_keys_off;  // SQLite rebuilds tables (see ForeignKeysOff)
  if (sqlite) foreign_keys_off.emplace(connection);
  SchemaLock lock(connection);
  for (;;) {
    sql::Transaction tx(connection, sql::Transaction::Kind::Write);
    int version = connection.schema_version();
    if (version > target)
      throw ServiceError(ErrorKind::Internal, "database",
                        "the database is at schema version " + std::to_string(version) +
                            ", newer than this build (" + std::to_string(target) + ")");
    if (version == target) return;  // rolls back the empty transaction
    connection.exec(migrations(connection)[version]);
    connection.query("INSERT INTO schema_version (version, applied_at) VALUES (?1, ?2)")
        .bind_all(version + 1, static_cast<int64_t>(std::time(nullptr)))
        .run();
    if (connection.schema_version() != version + 1)
      throw ServiceError(ErrorKind::Internal, "database", "schema migration " + std::to_string(version + 1) + " did not set its version");
    if (sqlite && connection.query("PRAGMA foreign_key_check").step())
      throw ServiceError(ErrorKind::Internal, "database", "schema migration " + std::to_string(version + 1) + " broke a foreign key");
    tx.commit();
  }
}

}  // namespace ludus::server
