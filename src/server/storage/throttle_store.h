// SPDX-License-Identifier: Apache-2.0
#pragma once
// The tables of trust and safety (schema migration 12): the throttles and rate limits every
// process on the database shares, the devices an account signed in from, and the queue of
// password reset requests.  Every query of those features is here, on a Session the caller
// holds in a transaction.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/storage/store.h"

namespace ludus::server {

// --- failure counters (throttles) -----------------------------------------------------------
// Failures in a row of one subject in one scope, and when the last was.
struct FailureCount {
  int count = 0;
  int64_t last = 0;  // seconds
};
FailureCount failure_count(Session& session, std::string_view scope, const std::string& subject);
// One more failure at `now`; the row is forgotten `forget_after` seconds after it.
void add_failure(Session& session, std::string_view scope, const std::string& subject, int64_t now,
                 int64_t forget_after);
void clear_failures(Session& session, std::string_view scope, const std::string& subject);

// --- rate limits (a token bucket per subject, kept as GCRA's one timestamp) --------------------
// Admits one event of `subject` at `now_ms` when the bucket (`per_second` on average, bursts
// of `burst`) has room, recording it; returns 0 then, else the seconds to wait (>= 1) and
// records nothing.  Run in a write transaction: concurrent processes serialise on the row.
int admit_event(Session& session, std::string_view scope, const std::string& subject, double per_second, double burst,
                int64_t now_ms);

// Deletes the rows that hold nothing worth keeping at `now` (seconds); returns how many.
int prune_throttles(Session& session, int64_t now);

// --- devices ----------------------------------------------------------------------------------
// The account a device (by its key's hash) belongs to, if any.
std::optional<std::string> device_user(Session& session, const std::string& device_hash);
void insert_device(Session& session, const std::string& device_hash, const std::string& user, int64_t now);
void touch_device(Session& session, const std::string& device_hash, int64_t now);
// Keeps the `keep` devices of `user` used last; deletes the others.
void trim_devices(Session& session, const std::string& user, int keep);
// Every device of `user` (a new password forgets them all).
void delete_devices_of(Session& session, const std::string& user);
int count_devices(Session& session, const std::string& user);

// --- reset requests ---------------------------------------------------------------------------
struct ResetRequest {
  int64_t id = 0;
  std::string user;  // normalised as asked; no account may have it
  int64_t requested_at = 0;
};
void insert_reset_request(Session& session, const std::string& user, int64_t now);
bool reset_requests_waiting(Session& session);
// Takes (deletes and returns) up to `limit` requests, oldest first; a request is taken once
// even when two processes take at the same moment.
std::vector<ResetRequest> take_reset_requests(Session& session, int limit);

}  // namespace ludus::server
