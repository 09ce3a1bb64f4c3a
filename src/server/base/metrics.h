// SPDX-License-Identifier: Apache-2.0
#pragma once
// The server's Prometheus metrics (docs/operations.md lists them all): one registry per
// process (prometheus-cpp), updated by every layer through the small functions below and
// exposed by the transport layer as GET /metrics in the text exposition format.
//
// Counters and histograms are updated where things happen; gauges of state held by one
// object (open WebSockets, queue lengths, active boards) are read when scraped, by the
// probes registered with add_probe().  Label values come from small fixed sets (route
// templates, status codes, engines, game names), never from what a client wrote.
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>

namespace prometheus {
class Registry;
}

namespace ludus::server::metrics {

// --- the transport ---------------------------------------------------------------
// One answered request: `route` a route template ("/api/games/{id}", "static", "none").
void http_request(std::string_view route, std::string_view method, int status, double seconds);
void rate_limited();  // refused by the per-address rate limit (429)

// --- the domain --------------------------------------------------------------------
void moves_accepted(std::string_view game, size_t plies);  // plies stored by a move or turn (0: the series exists)
void board_changed();                                      // a change announced (once per revision)
void ai_search(double seconds);                            // one AI move searched

// --- storage -----------------------------------------------------------------------
// `engine`: "sqlite" or "postgresql".  `kind`: "read" or "write"; `outcome`: "commit" or
// "rollback" (a read transaction that ended normally counts as a commit).
void db_transaction(std::string_view engine, std::string_view kind, std::string_view outcome);
// Makes the engine's retry and error series exist at 0 (a graph starts at 0, not at the first error).
void db_engine_in_use(std::string_view engine);
void db_retry(std::string_view engine);  // a unit of work run again after a conflict
void db_error(std::string_view engine);  // an error the driver reported

// --- mail ----------------------------------------------------------------------------
void mail_sent(size_t sent, size_t retried, size_t failed);

// --- gauges read at scrape time ---------------------------------------------------------
// Sets gauge `name` (declared in metrics.cpp; unknown names throw std::logic_error) with
// the one label `label`=`value` ("" for none) to `amount`.
void set_gauge(std::string_view name, double amount, std::string_view label = "", std::string_view value = "");
// A label of a series set at scrape time: its name and value.
struct Label {
  std::string_view name;
  std::string_view value;
};
// Raises counter `name` (declared in metrics.cpp), with `labels`, to `total`, a count kept
// elsewhere (board replays since the process started, mails received in the database);
// never lowers it.
void set_counter_total(std::string_view name, double total, std::initializer_list<Label> labels = {});

// A function run before each scrape to set gauges; removed when the handle is destroyed.
class Probe {
 public:
  explicit Probe(std::function<void()> run);
  ~Probe();
  Probe(const Probe&) = delete;
  Probe& operator=(const Probe&) = delete;

 private:
  uint64_t id_;
};

// Runs the probes and writes every metric in the text exposition format 0.0.4.
std::string scrape();
// The Content-Type of scrape()'s text.
inline constexpr std::string_view kContentType = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace ludus::server::metrics
