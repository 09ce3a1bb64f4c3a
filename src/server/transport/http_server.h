// SPDX-License-Identifier: Apache-2.0
#pragma once
// The HTTP server: an acceptor and a small pool of threads running the Asio event loop,
// and a bounded pool of worker threads for the handlers (they touch the database), so a
// slow request never blocks the event loop and a waiting client holds no thread.
// Connections are sessions (http_session.h); upgrades go to the UpgradeHandler.
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/thread_pool.hpp>

#include "core/error.h"
#include "server/transport/http_session.h"

namespace ludus::server {

// A listening socket, bound before anything else is set up (the play server binds before it
// opens its database, so a busy port leaves nothing behind); an HttpServer takes it over.
class Listener {
 public:
  // Binds `host`:`port` (0 = any free port) and listens.  Throws LudusError
  // "cannot listen on HOST:PORT (...)" when the address cannot be bound.
  Listener(const std::string& host, int port);
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  int port() const { return port_; }

  // Until an HttpServer takes the socket, answers every request on a thread of its own:
  // GET /api/health 200 (the process is alive), anything else, /api/ready included, 503
  // `starting` with Retry-After, each on a connection that is then closed.  So a probe or
  // a player sees "starting" while the database is opened and migrated, not a silent port.
  void answer_while_starting();

 private:
  friend class HttpServer;
  void stop_answering();
  void accept_while_starting();

  boost::asio::io_context io_;  // owns the socket only until an HttpServer takes it
  boost::asio::ip::tcp::acceptor acceptor_;
  std::thread starting_;
  int port_ = 0;
};

class HttpServer {
 public:
  HttpServer(HttpLimits limits, RequestHandler handler, QuickHandler quick, UpgradeHandler upgrade, RequestLog log);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Takes over the listener's socket and starts accepting on it; returns its port.
  int listen(Listener& listener);
  // Runs the event loop on limits.io_threads threads (this one included) until stop().
  void run();
  // Stops accepting, gives requests under way a moment to be answered, then ends run().
  // Safe from any thread, more than once, also before run().
  void stop();

  // After stop(): waits until the worker pool has run what was posted to it and its threads
  // have ended, so the objects its jobs use may be destroyed.  Once; later calls return.
  void finish_work();

  boost::asio::io_context& io() { return io_; }
  size_t in_flight() const { return context_->in_flight; }  // requests read and not yet answered
  // Runs `job` on the worker pool; false (job dropped) when limits.max_queued wait already.
  bool post_work(std::function<void()> job);
  // The worker pool itself, for continuations of requests already admitted (no queue limit).
  boost::asio::thread_pool& workers() { return workers_; }

 private:
  void accept();

  std::shared_ptr<EdgeContext> context_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::thread_pool workers_;
  // The loop runs even while no connection has an operation pending (every request is
  // with a worker), until stop().
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> keep_running_;
  std::atomic<size_t> queued_{0};
  std::atomic<bool> stopping_{false};
  std::once_flag workers_finished_;
};

// Lifts the soft limit of open files to the hard limit (each connection is a descriptor;
// thousands of idle WebSockets are cheap otherwise).
void raise_open_file_limit();

}  // namespace ludus::server
