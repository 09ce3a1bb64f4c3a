// SPDX-License-Identifier: Apache-2.0
#include "server/transport/http_server.h"

#include <sys/resource.h>

#include <chrono>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>

#include "core/error.h"

namespace ludus::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

HttpServer::HttpServer(HttpLimits limits, RequestHandler handler, QuickHandler quick, UpgradeHandler upgrade,
                       RequestLog log)
    : context_(std::make_shared<EdgeContext>(limits, std::move(handler), std::move(quick), std::move(upgrade),
                                             std::move(log))),
      io_(static_cast<int>(std::max<size_t>(1, limits.io_threads))),
      acceptor_(asio::make_strand(io_)),
      workers_(std::max<size_t>(1, limits.workers)),
      keep_running_(asio::make_work_guard(io_)) {
  context_->post_work = [this](std::function<void()> job) { return post_work(std::move(job)); };
}

HttpServer::~HttpServer() {
  stop();
  finish_work();
}

void HttpServer::finish_work() {
  std::call_once(workers_finished_, [this] { workers_.join(); });
}

Listener::Listener(const std::string& host, int port) : acceptor_(io_) {
  try {
    tcp::endpoint endpoint(asio::ip::make_address(host), static_cast<unsigned short>(port));
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
    port_ = acceptor_.local_endpoint().port();
  } catch (const std::exception&) {
    throw LudusError("cannot listen on " + host + ":" + std::to_string(port) + " (address in use or not available)");
  }
}

Listener::~Listener() { stop_answering(); }

void Listener::answer_while_starting() {
  if (starting_.joinable()) return;
  accept_while_starting();
  starting_ = std::thread([this] { io_.run(); });
}

void Listener::accept_while_starting() {
  acceptor_.async_accept([this](boost::system::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
    if (!ec) {
      struct Exchange {
        beast::tcp_stream stream;
        beast::flat_buffer buffer;
        http::request<http::string_body> request;
        Response response;
      };
      auto exchange = std::make_shared<Exchange>(Exchange{beast::tcp_stream(std::move(socket)), {}, {}, {}});
      exchange->stream.expires_after(std::chrono::seconds(5));
      http::async_read(exchange->stream, exchange->buffer, exchange->request, [exchange](beast::error_code read_ec, size_t) {
        if (read_ec) return;
        const auto target = exchange->request.target();
        const bool health = target == "/api/health" && (exchange->request.method() == http::verb::get ||
                                                          exchange->request.method() == http::verb::head);
        exchange->response =
            health ? json_response(200, {{"ok", true}, {"starting", true}})
                   : json_response(503, {{"ready", false}, {"error", "the server is starting (opening its database)"},
                                         {"code", "starting"}, {"status", 503}});
        if (!health) exchange->response.set(http::field::retry_after, "2");
        exchange->response.keep_alive(false);
        exchange->response.prepare_payload();
        if (exchange->request.method() == http::verb::head) exchange->response.body().clear();
        http::async_write(exchange->stream, exchange->response, [exchange](beast::error_code, size_t) {
          beast::error_code ignored;
          exchange->stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
        });
      });
    }
    accept_while_starting();
  });
}

void Listener::stop_answering() {
  if (!starting_.joinable()) return;
  asio::post(io_, [this] {
    boost::system::error_code ignored;
    acceptor_.cancel(ignored);
    io_.stop();
  });
  starting_.join();
}

int HttpServer::listen(Listener& listener) {
  listener.stop_answering();  // the socket changes hands between two accepts, losing none
  const auto protocol = listener.acceptor_.local_endpoint().protocol();
  acceptor_.assign(protocol, listener.acceptor_.release());
  accept();
  return listener.port();
}

void HttpServer::accept() {
  acceptor_.async_accept(asio::make_strand(io_), [this](boost::system::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
    if (!ec) {
      boost::system::error_code addr_ec;
      const auto remote = socket.remote_endpoint(addr_ec);
      const std::string address = addr_ec ? std::string("?") : remote.address().to_string();
      if (context_->connections->try_open(address))
        start_http_session(context_, std::move(socket), ConnectionSlot(context_->connections, address));
      // else: the socket closes here; that address has its share of connections
    }
    accept();  // errors such as "too many open files" pass; the next accept retries
  });
}

void HttpServer::run() {
  std::vector<std::thread> extra;
  for (size_t i = 1; i < context_->limits.io_threads; ++i) extra.emplace_back([this] { io_.run(); });
  io_.run();
  for (auto& t : extra) t.join();
}

void HttpServer::stop() {
  if (stopping_.exchange(true)) {
    io_.stop();
    return;
  }
  asio::post(acceptor_.get_executor(), [this] {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
  });
  // Requests under way (handlers, long polls just woken) get a moment to be answered.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  while (context_->in_flight > 0 && std::chrono::steady_clock::now() < deadline && !io_.stopped())
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  keep_running_.reset();
  io_.stop();
}

void raise_open_file_limit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
  }
}

bool HttpServer::post_work(std::function<void()> job) {
  if (queued_ >= context_->limits.max_queued) return false;
  ++queued_;
  asio::post(workers_, [this, job = std::move(job)] {
    --queued_;
    try {
      job();
    } catch (...) {
      // jobs answer their own errors; nothing may end a worker thread
    }
  });
  return true;
}

}  // namespace ludus::server
