// SPDX-License-Identifier: Apache-2.0
#pragma once
// A bot's event stream as lines of JSON (docs/bots.md "The event stream"): the `hello` that
// starts every connection, with the snapshot of its open invitations and active boards when
// the stream starts fresh, then its stored events (bot_event_store.h) in order, each made
// whole (the offer, the board's actions and clock) when it is sent.  One per connection;
// not thread-safe (the connection's steps run one at a time).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/domain/service.h"

namespace ludus::server {

class BotFeed {
 public:
  // Events sent in one batch at most.
  static constexpr int kBatch = 100;

  // `bot`: a bot account's id (the caller checked it is one).
  BotFeed(Service& service, std::string bot) : service_(&service), bot_(std::move(bot)) {}

  // The hello line.  `since`: the last event id the bot has; without it, or when it is older
  // than the oldest kept event or beyond the newest, the hello carries a snapshot and the
  // stream goes on after the newest event; else the stream goes on after `since`.
  std::string hello(std::optional<int64_t> since);
  // The lines of the next events after the cursor (up to kBatch), moving the cursor past
  // them; none when there are none yet.
  std::vector<std::string> next();
  // Whether an event after the cursor has been stored (one read of the bot's head row).
  bool pending();
  int64_t cursor() const { return cursor_; }

 private:
  Service* service_;
  std::string bot_;
  int64_t cursor_ = 0;
};

}  // namespace ludus::server
