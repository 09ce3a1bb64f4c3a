// SPDX-License-Identifier: Apache-2.0
#include "server/transport/websocket_session.h"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/websocket.hpp>

namespace ludus::server {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

WebSocketSession::WebSocketSession(WatchHub& hub, beast::tcp_stream stream, ConnectionSlot slot, const HttpLimits& limits)
    : hub_(&hub), ws_(std::move(stream)), slot_(std::move(slot)), limits_(limits) {}

void WebSocketSession::start(RawRequest request) {
  id_ = hub_->add(shared_from_this());
  if (id_ == 0) {  // the server is stopping
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().close(ignored);
    finished_ = true;
    return;
  }
  websocket::stream_base::timeout timeouts;
  timeouts.handshake_timeout = limits_.header_timeout;
  timeouts.idle_timeout = limits_.websocket_idle;
  timeouts.keep_alive_pings = true;  // a ping at half the idle time; no answer by then: closed
  ws_.set_option(timeouts);
  ws_.read_message_max(kMaxMessage);
  ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
    res.set(http::field::server, "ludus");
    res.set("X-Content-Type-Options", "nosniff");
    res.set("X-Frame-Options", "DENY");
  }));
  auto self = shared_from_this();
  auto held = std::make_shared<RawRequest>(std::move(request));
  asio::dispatch(ws_.get_executor(), [self, held] {
    self->ws_.async_accept(*held, [self, held](beast::error_code ec) {
      if (ec) return self->finish();
      self->open_ = true;
      self->write_next();  // pushes queued before the handshake ended
      self->read();
    });
  });
}

void WebSocketSession::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
    if (ec) return self->finish();
    std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    if (!self->ws_.got_text()) {
      self->send(std::make_shared<const std::string>(
          dump_json({{"error", "send JSON text messages"}, {"code", "bad_message"}})));
    } else {
      self->hub_->on_message(self->id_, std::move(text));
    }
    self->read();
  });
}

void WebSocketSession::send(std::shared_ptr<const std::string> text) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text)] {
    if (self->finished_) return;
    // It does not read: let it go (1008, policy violation).
    if (self->queue_.size() >= kMaxQueued) return self->close_with(websocket::close_code::policy_error);
    self->queue_.push_back(text);
    if (self->queue_.size() == 1 && self->open_) self->write_next();
  });
}

void WebSocketSession::write_next() {
  if (queue_.empty() || finished_) return;
  ws_.text(true);
  ws_.async_write(asio::buffer(*queue_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
    if (ec) return self->finish();
    self->queue_.pop_front();
    self->write_next();
  });
}

void WebSocketSession::close() { close_with(websocket::close_code::service_restart); }

void WebSocketSession::close_with(websocket::close_code code) {
  asio::post(ws_.get_executor(), [self = shared_from_this(), code] {
    if (self->finished_ || !self->open_) {
      beast::error_code ignored;
      beast::get_lowest_layer(self->ws_).socket().close(ignored);
      return self->finish();
    }
    self->open_ = false;
    self->ws_.async_close(code, [self](beast::error_code) { self->finish(); });
  });
}

void WebSocketSession::finish() {
  if (finished_) return;
  finished_ = true;
  queue_.clear();
  hub_->remove(id_);
}

}  // namespace ludus::server
