// SPDX-License-Identifier: Apache-2.0
#include "server/base/metrics.h"

#include <unistd.h>

#include <charconv>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

namespace ludus::server::metrics {
namespace {

using prometheus::BuildCounter;
using prometheus::BuildGauge;
using prometheus::BuildHistogram;
using prometheus::Counter;
using prometheus::Family;
using prometheus::Gauge;
using prometheus::Histogram;

// The one label a gauge read at scrape time may have, by gauge name.
struct GaugeSpec {
  const char* name;
  const char* help;
};
constexpr GaugeSpec kGauges[] = {
    {"ludus_ready", "1 while the server takes requests (GET /api/ready answers 200), 0 while starting or draining"},
    {"ludus_http_requests_in_flight", "Requests read and not yet answered (waiting long polls included)"},
    {"ludus_websocket_connections", "Open WebSocket connections (GET /api/ws)"},
    {"ludus_long_polls_waiting", "Long polls (GET /api/games/N?wait=S) waiting for a change"},
    {"ludus_boards_active", "Boards being played, by game"},
    {"ludus_ai_queue_length", "Boards waiting for an AI search of this instance"},
    {"ludus_mail_outbox_messages", "Mails in the outbox, by status (queued, digest, failed)"},
    {"ludus_uptime_seconds", "Seconds since the process started"},
    {"process_start_time_seconds", "Start time of the process since the Unix epoch in seconds"},
    {"process_resident_memory_bytes", "Resident memory size in bytes"},
    {"process_virtual_memory_bytes", "Virtual memory size in bytes"},
    {"process_open_fds", "Open file descriptors"},
};

// Counters kept elsewhere and copied in at scrape time.
constexpr GaugeSpec kCopiedCounters[] = {
    {"ludus_mail_received_total",
     "Mails read by `ludus mail` on this database, by outcome (answered, refused: an error reply, ignored: no reply) "
     "and reason; every instance reports the same database-wide count"},
    {"ludus_board_replays_total", "Boards replayed from their stored moves (see ludus_board_changes_total: replays per change)"},
    {"process_cpu_seconds_total", "Total user and system CPU time spent in seconds"},
};

const Histogram::BucketBoundaries kRequestBuckets{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                                   0.25,  0.5,    1,     2.5,  5,     10,   30, 60};
const Histogram::BucketBoundaries kSearchBuckets{0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120};

// The children of a family by their label values, kept: a request used to build a map of
// label strings and look the series up in the family (a hash and a lock) for each of its
// metrics.  The values come from small fixed sets, so the children are few.
template <class Metric>
class Children {
 public:
  template <class... Args>
  Children(Family<Metric>& family, std::vector<std::string> names, Args... args)
      : family_(&family), names_(std::move(names)), add_([args...](Family<Metric>& f, const prometheus::Labels& l) -> Metric& {
          return f.Add(l, args...);
        }) {}

  // The child with these label values (in the order of the names), made on first use.
  Metric& get(std::initializer_list<std::string_view> values) {
    thread_local std::string key;  // reused: no allocation once it is long enough
    key.clear();
    for (std::string_view v : values) key.append(v).push_back('\x1f');
    std::lock_guard lock(mutex_);
    if (auto it = children_.find(key); it != children_.end()) return *it->second;
    prometheus::Labels labels;
    auto name = names_.begin();
    for (std::string_view v : values) labels.emplace(*name++, std::string(v));
    Metric& child = add_(*family_, labels);
    children_.emplace(key, &child);
    return child;
  }

 private:
  Family<Metric>* family_;
  std::vector<std::string> names_;
  std::function<Metric&(Family<Metric>&, const prometheus::Labels&)> add_;
  std::mutex mutex_;
  std::unordered_map<std::string, Metric*> children_;
};

std::string_view bounded_method(std::string_view method) {
  for (std::string_view known : {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"})
    if (method == known) return known;
  return "other";
}

class Metrics {
  // First: the families below are registered in it as they are made.
  std::shared_ptr<prometheus::Registry> registry_;

 public:
  Metrics()
      : registry_(std::make_shared<prometheus::Registry>()),
        requests_(BuildCounter()
                      .Name("ludus_http_requests_total")
                      .Help("HTTP requests answered, by route template, method and status")
                      .Register(*registry_)),
        request_seconds_(BuildHistogram()
                             .Name("ludus_http_request_duration_seconds")
                             .Help("Time from a request's header to its reply, by route template (long polls: route .../{id}?wait)")
                             .Register(*registry_)),
        rate_limited_(BuildCounter()
                          .Name("ludus_http_rate_limited_total")
                          .Help("Requests refused by the per-address rate limit (429)")
                          .Register(*registry_)
                          .Add({})),
        moves_(BuildCounter()
                   .Name("ludus_moves_accepted_total")
                   .Help("Moves (plies) stored, by game: players' and the computer's")
                   .Register(*registry_)),
        changes_(BuildCounter()
                     .Name("ludus_board_changes_total")
                     .Help("Board changes announced (each revision once)")
                     .Register(*registry_)
                     .Add({})),
        ai_seconds_(BuildHistogram()
                        .Name("ludus_ai_search_duration_seconds")
                        .Help("Time the computer spent choosing one move")
                        .Register(*registry_)
                        .Add({}, kSearchBuckets)),
        transactions_(BuildCounter()
                          .Name("ludus_db_transactions_total")
                          .Help("Database transactions, by engine, kind (read, write) and outcome (commit, rollback)")
                          .Register(*registry_)),
        retries_(BuildCounter()
                     .Name("ludus_db_retries_total")
                     .Help("Units of work run again after a conflict with a concurrent transaction, by engine")
                     .Register(*registry_)),
        db_errors_(BuildCounter()
                       .Name("ludus_db_errors_total")
                       .Help("Errors reported by the database driver, by engine")
                       .Register(*registry_)),
        mail_(BuildCounter()
                  .Name("ludus_mail_deliveries_total")
                  .Help("Outgoing mail delivery attempts, by result (sent, retried, failed: refused for good)")
                  .Register(*registry_)) {
    for (const auto& g : kGauges)
      gauges_.emplace(g.name, &BuildGauge().Name(g.name).Help(g.help).Register(*registry_));
    for (const auto& c : kCopiedCounters)
      copied_.emplace(c.name, &BuildCounter().Name(c.name).Help(c.help).Register(*registry_));
    start_ = std::chrono::system_clock::now();
    steady_start_ = std::chrono::steady_clock::now();
    // Every series named in the documentation exists from the start, at 0.
    for (const char* result : {"sent", "retried", "failed"}) mail_.Add({{"result", result}});
  }

  Family<Counter>& requests_;
  Family<Histogram>& request_seconds_;
  Children<Counter> request_counts_{requests_, {"route", "method", "status"}};
  Children<Histogram> request_times_{request_seconds_, {"route"}, kRequestBuckets};
  Counter& rate_limited_;
  Family<Counter>& moves_;
  Children<Counter> move_counts_{moves_, {"game"}};
  Counter& changes_;
  Histogram& ai_seconds_;
  Family<Counter>& transactions_;
  Children<Counter> transaction_counts_{transactions_, {"engine", "kind", "outcome"}};
  Family<Counter>& retries_;
  Family<Counter>& db_errors_;
  Family<Counter>& mail_;

  Family<Gauge>& gauge(std::string_view name) {
    auto it = gauges_.find(std::string(name));
    if (it == gauges_.end()) throw std::logic_error("no such gauge: " + std::string(name));
    return *it->second;
  }
  Family<Counter>& copied(std::string_view name) {
    auto it = copied_.find(std::string(name));
    if (it == copied_.end()) throw std::logic_error("no such counter: " + std::string(name));
    return *it->second;
  }

  uint64_t add_probe(std::function<void()> run) {
    std::lock_guard lock(probes_mutex_);
    probes_.emplace(++next_probe_, std::move(run));
    return next_probe_;
  }
  void remove_probe(uint64_t id) {
    std::lock_guard lock(probes_mutex_);
    probes_.erase(id);
  }

  std::string scrape() {
    {
      std::lock_guard lock(probes_mutex_);  // one scrape at a time runs the probes
      process_probe();
      for (auto& [id, run] : probes_) {
        try {
          run();
        } catch (...) {
          // A probe that cannot read its state (the database away) leaves its gauges as they were.
        }
      }
    }
    std::ostringstream out;
    prometheus::TextSerializer().Serialize(out, registry_->Collect());
    return out.str();
  }

 private:
  void process_probe() {
    const double since_epoch = std::chrono::duration<double>(start_.time_since_epoch()).count();
    gauge("process_start_time_seconds").Add({}).Set(since_epoch);
    gauge("ludus_uptime_seconds").Add({}).Set(std::chrono::duration<double>(std::chrono::steady_clock::now() - steady_start_).count());
    const double page = static_cast<double>(sysconf(_SC_PAGESIZE));
    std::ifstream statm("/proc/self/statm");
    double size = 0, resident = 0;
    if (statm >> size >> resident) {
      gauge("process_virtual_memory_bytes").Add({}).Set(size * page);
      gauge("process_resident_memory_bytes").Add({}).Set(resident * page);
    }
    std::error_code ec;
    double fds = 0;
    for (auto it = std::filesystem::directory_iterator("/proc/self/fd", ec); !ec && it != std::filesystem::directory_iterator();
         it.increment(ec))
      ++fds;
    gauge("process_open_fds").Add({}).Set(fds);
    // /proc/self/stat: utime and stime are fields 14 and 15, in clock ticks; the command
    // name (field 2) may hold spaces, so count from the ')' that ends it.
    std::ifstream stat("/proc/self/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const size_t paren = text.rfind(')');
    if (paren != std::string::npos) {
      std::istringstream fields(text.substr(paren + 2));
      std::string field;
      double utime = 0, stime = 0;
      for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14) utime = std::stod(field);
        if (i == 15) stime = std::stod(field);
      }
      raise(copied("process_cpu_seconds_total").Add({}), (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK)));
    }
  }

 public:
  static void raise(Counter& counter, double total) {
    if (total > counter.Value()) counter.Increment(total - counter.Value());
  }

 private:
  std::map<std::string, Family<Gauge>*> gauges_;
  std::map<std::string, Family<Counter>*> copied_;
  std::mutex probes_mutex_;
  std::map<uint64_t, std::function<void()>> probes_;
  uint64_t next_probe_ = 0;
  std::chrono::system_clock::time_point start_;
  std::chrono::steady_clock::time_point steady_start_;
};

Metrics& the_metrics() {
  static Metrics* metrics = new Metrics();  // never destroyed: threads may update it while the process exits
  return *metrics;
}

// The labels of a series read at scrape time: none when `label` is "".
prometheus::Labels one_label(std::string_view label, std::string_view value) {
  prometheus::Labels labels;
  if (!label.empty()) labels.emplace(std::string(label), std::string(value));
  return labels;
}

// The metrics are made when the process starts, so process_start_time_seconds is its start.
[[maybe_unused]] const bool kMadeAtStart = (the_metrics(), true);

}  // namespace

void http_request(std::string_view route, std::string_view method, int status, double seconds) {
  Metrics& m = the_metrics();
  char digits[12];
  const auto end = std::to_chars(digits, digits + sizeof digits, status).ptr;
  m.request_counts_.get({route, bounded_method(method), std::string_view(digits, static_cast<size_t>(end - digits))}).Increment();
  m.request_times_.get({route}).Observe(seconds);
}

void rate_limited() { the_metrics().rate_limited_.Increment(); }

void moves_accepted(std::string_view game, size_t plies) {
  the_metrics().move_counts_.get({game}).Increment(static_cast<double>(plies));
}

void board_changed() { the_metrics().changes_.Increment(); }

void ai_search(double seconds) { the_metrics().ai_seconds_.Observe(seconds); }

void db_transaction(std::string_view engine, std::string_view kind, std::string_view outcome) {
  the_metrics().transaction_counts_.get({engine, kind, outcome}).Increment();
}

void db_retry(std::string_view engine) { the_metrics().retries_.Add({{"engine", std::string(engine)}}).Increment(); }

void db_engine_in_use(std::string_view engine) {
  the_metrics().retries_.Add({{"engine", std::string(engine)}});
  the_metrics().db_errors_.Add({{"engine", std::string(engine)}});
}

void db_error(std::string_view engine) { the_metrics().db_errors_.Add({{"engine", std::string(engine)}}).Increment(); }

void mail_sent(size_t sent, size_t retried, size_t failed) {
  Metrics& m = the_metrics();
  m.mail_.Add({{"result", "sent"}}).Increment(static_cast<double>(sent));
  m.mail_.Add({{"result", "retried"}}).Increment(static_cast<double>(retried));
  m.mail_.Add({{"result", "failed"}}).Increment(static_cast<double>(failed));
}

void set_gauge(std::string_view name, double amount, std::string_view label, std::string_view value) {
  auto& family = the_metrics().gauge(name);
  family.Add(one_label(label, value)).Set(amount);
}

void set_counter_total(std::string_view name, double total, std::initializer_list<Label> labels) {
  prometheus::Labels named;
  for (const Label& label : labels) named.emplace(std::string(label.name), std::string(label.value));
  Metrics::raise(the_metrics().copied(name).Add(named), total);
}

Probe::Probe(std::function<void()> run) : id_(the_metrics().add_probe(std::move(run))) {}
Probe::~Probe() { the_metrics().remove_probe(id_); }

std::string scrape() { return the_metrics().scrape(); }

}  // namespace ludus::server::metrics
