// SPDX-License-Identifier: Apache-2.0
#include "server/storage/postgres.h"

#include <pqxx/pqxx>

#include <charconv>

#include "server/base/metrics.h"

#if defined(__SANITIZE_ADDRESS__)
// LeakSanitizer's suppressions in an ASan build (docs/fuzzing.md, "Sanitizer builds of the
// suite"). libpqxx 6.4 (Debian 12) leaks the PGresult of a statement run on a connection
// that has just broken: connection_base::make_result evaluates encoding_id(), which throws
// broken_connection, before the pqxx::result takes ownership of the PGresult (libpqxx 7
// wraps it first). ludus never handles a PGresult itself, so every leaked one is that.
extern "C" const char* __lsan_default_suppressions() { return "leak:PQmakeEmptyPGresult\n"; }
#endif

namespace ludus::server::sql {

namespace {

constexpr const char* kChannel = "ludus_changes";
constexpr int64_t kSchemaLockKey = 0x6c75647573;  // "ludus": the migrators' advisory lock

std::string first_line(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.pop_back();
  return line;
}

bool is_integer_type(pqxx::oid type) { return type == 20 || type == 21 || type == 23; }  // int8, int2, int4

}  // namespace

std::string postgres_placeholders(std::string_view sql) {
  std::string out;
  out.reserve(sql.size());
  char quote = 0;
  for (char c : sql) {
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '?') {
      c = '$';
    }
    out += c;
  }
  return out;
}

struct PostgresStatement::Result {
  pqxx::result rows;
};

// --- connections ---------------------------------------------------------------------------

class PostgresConnection::Listener final : public pqxx::notification_receiver {
 public:
  Listener(pqxx::connection_base& conn, std::vector<ChangeNotice>& out) : notification_receiver(conn, kChannel), out_(&out) {}
  // "BOARD:REVISION", or "BOARD" from a server of before revisions were sent; a
  // tournament's "tTOURNAMENT:REVISION".
  void operator()(const std::string& payload, int) override {
    ChangeNotice notice;
    const char* start = payload.data();
    const char* const stop = payload.data() + payload.size();
    if (start != stop && *start == 't') {
      notice.subject = ChangeSubject::Tournament;
      ++start;
    }
    auto [end, ec] = std::from_chars(start, stop, notice.id);
    if (ec != std::errc()) return;
    if (end != stop) {
      if (*end != ':') return;
      auto [rest, rc] = std::from_chars(end + 1, stop, notice.revision);
      if (rc != std::errc() || rest != stop) return;
    }
    out_->push_back(notice);
  }

 private:
  std::vector<ChangeNotice>* out_;
};

PostgresConnection::PostgresConnection(const DatabaseUrl& url) : display_(url.display()) {
  try {
    conn_ = std::make_unique<pqxx::connection>(url.target);
  } catch (const std::exception& e) {
    throw ServiceError(ErrorKind::Internal, "database", "cannot connect to the database " + display_ + ": " + first_line(e.what()));
  }
}

PostgresConnection::~PostgresConnection() {
  listener_.reset();
  tx_.reset();
  statements_.clear();
}

template <class Fn>
auto PostgresConnection::in_transaction(Fn&& work) {
  if (tx_) return work(*tx_);
  pqxx::nontransaction single(*conn_);
  return work(single);
}

template <class Fn>
auto PostgresConnection::run(std::string_view what, Fn&& work) {
  try {
    try {
      return work();
    } catch (const pqxx::failure&) {
      metrics::db_error("postgresql");
      throw;
    }
  } catch (const pqxx::broken_connection& e) {
    broken_ = true;
    throw ServiceError(ErrorKind::Busy, "busy",
                       text("the database {database} is unreachable: {detail}",
                            {{"database", display_}, {"detail", first_line(e.what())}}));
  } catch (const pqxx::in_doubt_error& e) {
    broken_ = true;
    throw ServiceError(ErrorKind::Busy, "busy",
                       text("the database connection was lost during a commit: {detail}", {{"detail", first_line(e.what())}}));
  } catch (const pqxx::serialization_failure& e) {
    throw RetryableConflict(first_line(e.what()));  // libpqxx 6 leaves sqlstate() empty for these
  } catch (const pqxx::deadlock_detected& e) {
    throw RetryableConflict(first_line(e.what()));
  } catch (const pqxx::sql_error& e) {
    const std::string& state = e.sqlstate();
    if (state == "40001" || state == "40P01") throw RetryableConflict(first_line(e.what()));
    if (state.rfind("23", 0) == 0)
      throw ServiceError(ErrorKind::Conflict, "conflict",
                         text("conflicting concurrent change ({detail}), try again", {{"detail", first_line(e.what())}}));
    if (state.rfind("08", 0) == 0 || state.rfind("57P", 0) == 0) {
      broken_ = true;
      throw ServiceError(ErrorKind::Busy, "busy",
                         text("the database {database} is unavailable: {detail}",
                              {{"database", display_}, {"detail", first_line(e.what())}}));
    }
    throw ServiceError(ErrorKind::Internal, "database", "database error: " + first_line(e.what()) + " (in: " + std::string(what.substr(0, 80)) + ")");
  } catch (const pqxx::failure& e) {
    broken_ = !conn_->is_open();
    throw ServiceError(ErrorKind::Internal, "database", "database error: " + first_line(e.what()));
  }
}

Statement& PostgresConnection::prepare(const char* sql) {
  auto it = statements_.find(std::string_view(sql));
  if (it == statements_.end()) {
    const std::string name = "q" + std::to_string(statements_.size());
    run(sql, [&] {
      conn_->prepare(name, postgres_placeholders(sql));
      return 0;
    });
    it = statements_.emplace(sql, std::make_unique<PostgresStatement>(*this, name, sql)).first;
  }
  return *it->second;
}

void PostgresConnection::exec(const char* sql) {
  run(sql, [&] { return in_transaction([&](pqxx::transaction_base& tx) { return tx.exec(sql); }); });
}

void PostgresConnection::begin(TransactionKind kind) {
  if (tx_) throw ServiceError(ErrorKind::Internal, "database", "a transaction is already open on this connection");
  run("BEGIN", [&] {
    if (kind == TransactionKind::Write)
      tx_ = std::make_unique<pqxx::transaction<pqxx::serializable>>(*conn_);
    else
      tx_ = std::make_unique<pqxx::transaction<pqxx::repeatable_read, pqxx::read_only>>(*conn_);
    return 0;
  });
}

void PostgresConnection::commit() {
  if (!tx_) return;
  try {
    run("COMMIT", [&] {
      tx_->commit();
      return 0;
    });
  } catch (...) {
    tx_.reset();
    throw;
  }
  tx_.reset();
}

void PostgresConnection::rollback() {
  if (!tx_) return;
  auto tx = std::move(tx_);
  try {
    tx->abort();
  } catch (const std::exception&) {
    broken_ = !conn_->is_open();
  }
}

int PostgresConnection::schema_version() {
  {
    auto q = query("SELECT to_regclass('schema_version') IS NOT NULL");
    if (!q.step() || q.text(0) != "t") return 0;
  }
  auto q = query("SELECT coalesce(max(version), 0) FROM schema_version");
  return q.step() ? q.integer(0) : 0;
}

void PostgresConnection::lock_schema() {
  query("SELECT pg_advisory_lock(?1)").bind(1, kSchemaLockKey).run();
}

void PostgresConnection::unlock_schema() {
  query("SELECT pg_advisory_unlock(?1)").bind(1, kSchemaLockKey).run();
}

std::vector<std::string> PostgresConnection::table_names() {
  auto q = query(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
      "AND table_type = 'BASE TABLE' ORDER BY table_name");
  std::vector<std::string> names;
  while (q.step()) names.push_back(q.text(0));
  return names;
}

void PostgresConnection::after_import(const std::string& table) {
  std::string sequence;
  {
    auto q = query(
        "SELECT pg_get_serial_sequence(?1, 'id') FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = ?2 AND column_name = 'id'");
    q.bind_all(conn_->quote_name(table), table);
    if (!q.step() || q.is_null(0)) return;  // no generated id column
    sequence = q.text(0);
  }
  const std::string sql = "SELECT setval(" + conn_->quote(sequence) + ", (SELECT coalesce(max(id), 0) + 1 FROM " +
                          conn_->quote_name(table) + "), false)";
  exec(sql.c_str());
}

void PostgresConnection::notify_change(int64_t board, int64_t revision) {
  query("SELECT pg_notify('ludus_changes', ?1)").bind(1, std::to_string(board) + ":" + std::to_string(revision)).run();
}

void PostgresConnection::notify_tournament_change(int64_t tournament, int64_t revision) {
  query("SELECT pg_notify('ludus_changes', ?1)").bind(1, "t" + std::to_string(tournament) + ":" + std::to_string(revision)).run();
}

std::optional<std::vector<ChangeNotice>> PostgresConnection::await_changes(std::chrono::milliseconds timeout) {
  // libpqxx 6 quietly opens a lost connection again (and LISTENs again) inside
  // await_notification, and its get_notifs() returns "nothing" on a closed one. Either
  // would hide the loss from the feed, which must learn of it: notices sent while the
  // connection was down are gone, so only a fresh connection and a scan see those changes.
  // A reopened connection shows as a new backend process id.
  const auto still_open = [&, backend = conn_->backendpid()] {
    if (!conn_->is_open() || conn_->backendpid() != backend)
      throw pqxx::broken_connection("the change feed's connection was lost");
  };
  run("LISTEN", [&] {
    still_open();
    if (!listener_) listener_ = std::make_unique<Listener>(*conn_, notified_);
    if (conn_->get_notifs() == 0) {
      still_open();
      const auto us = std::chrono::duration_cast<std::chrono::microseconds>(timeout).count();
      conn_->await_notification(static_cast<long>(us / 1000000), static_cast<long>(us % 1000000));
      conn_->get_notifs();
    }
    still_open();
    return 0;
  });
  std::vector<ChangeNotice> notices;
  notices.swap(notified_);
  return notices;
}

// --- statements ------------------------------------------------------------------------------

PostgresStatement::PostgresStatement(PostgresConnection& connection, std::string name, const char* sql)
    : connection_(&connection), name_(std::move(name)), sql_(sql) {}

PostgresStatement::~PostgresStatement() = default;

void PostgresStatement::bind_int64(int index, int64_t value) { bind_text(index, std::to_string(value)); }

void PostgresStatement::bind_text(int index, std::string_view text) {
  if (index < 1 || index > 100) throw ServiceError(ErrorKind::Internal, "database", "bad parameter number " + std::to_string(index));
  if (params_.size() < static_cast<size_t>(index)) params_.resize(index);
  params_[index - 1] = std::string(text);
}

void PostgresStatement::bind_null(int index) {
  if (index < 1 || index > 100) throw ServiceError(ErrorKind::Internal, "database", "bad parameter number " + std::to_string(index));
  if (params_.size() < static_cast<size_t>(index)) params_.resize(index);
  params_[index - 1].reset();
}

bool PostgresStatement::step() {
  if (!result_) {
    std::vector<const char*> values;
    for (const auto& p : params_) values.push_back(p ? p->c_str() : nullptr);
    result_ = std::make_unique<Result>();
    result_->rows = connection_->run(sql_, [&] {
      return connection_->in_transaction([&](pqxx::transaction_base& tx) {
        return tx.exec_prepared(name_, pqxx::prepare::make_dynamic_params(values));
      });
    });
    connection_->changes_ = static_cast<int>(result_->rows.affected_rows());
    row_ = -1;
  }
  return ++row_ < static_cast<long>(result_->rows.size());
}

void PostgresStatement::reset() {
  params_.clear();
  result_.reset();
  row_ = -1;
}

int PostgresStatement::column_count() const { return result_ ? static_cast<int>(result_->rows.columns()) : 0; }

std::string PostgresStatement::column_name(int column) const { return result_->rows.column_name(column); }

bool PostgresStatement::is_null(int column) const { return result_->rows[row_][column].is_null(); }

bool PostgresStatement::is_integer(int column) const {
  return !is_null(column) && is_integer_type(result_->rows.column_type(column));
}

int64_t PostgresStatement::int64(int column) const {
  const auto field = result_->rows[row_][column];
  if (field.is_null()) return 0;
  const char* text = field.c_str();
  int64_t value = 0;
  std::from_chars(text, text + field.size(), value);
  return value;
}

std::string PostgresStatement::text(int column) const {
  const auto field = result_->rows[row_][column];
  return field.is_null() ? std::string() : std::string(field.c_str(), field.size());
}

}  // namespace ludus::server::sql
