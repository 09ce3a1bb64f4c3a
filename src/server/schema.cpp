#include "server/schema.h"

#include <ctime>
#include <string>
#include <vector>

#include "server/errors.h"

namespace ludus::server {
namespace {

// Migration N brings the schema from version N-1 to N and ends by setting
// PRAGMA user_version = N (fixed text: no SQL is ever assembled at run time).  Never edit
// a released step; append a new one.
const std::vector<const char*>& migrations() {
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
  };
  return steps;
}

int user_version(sql::Connection& connection) {
  auto q = connection.query("PRAGMA user_version");
  return q.step() ? q.integer(0) : 0;
}

}  // namespace

int current_schema_version() { return static_cast<int>(migrations().size()); }

void migrate(sql::Connection& connection) {
  const int target = current_schema_version();
  for (;;) {
    // The write lock makes concurrent migrators take turns; each re-reads the version.
    sql::Transaction tx(connection, sql::Transaction::Kind::Write);
    int version = user_version(connection);
    if (version > target)
      throw ServerError(500, "database",
                        "the database is at schema version " + std::to_string(version) +
                            ", newer than this build (" + std::to_string(target) + ")");
    if (version == target) return;  // rolls back the empty transaction
    connection.exec(migrations()[version]);
    connection.query("INSERT INTO schema_version (version, applied_at) VALUES (?1, ?2)")
        .bind_all(version + 1, static_cast<int64_t>(std::time(nullptr)))
        .run();
    if (user_version(connection) != version + 1)
      throw ServerError(500, "database", "schema migration " + std::to_string(version + 1) + " did not set its version");
    tx.commit();
  }
}

}  // namespace ludus::server
