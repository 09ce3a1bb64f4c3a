// SPDX-License-Identifier: Apache-2.0
#pragma once
// A live connection the WatchHub pushes to: a WebSocket (transport/websocket_session.h).
// The hub knows watchers only through this, so live updates do not depend on the transport.
#include <memory>
#include <string>

namespace ludus::server {

class Watcher {
 public:
  virtual ~Watcher() = default;
  // Queues a text message; safe from any thread, in the order of the calls.
  virtual void send(std::shared_ptr<const std::string> text) = 0;
  // Closes the connection because the server stops (clients should come back: WebSocket
  // close code 1012, Service Restart); safe from any thread.
  virtual void close() = 0;
};

}  // namespace ludus::server
