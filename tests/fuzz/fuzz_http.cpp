// SPDX-License-Identifier: Apache-2.0
// HTTP requests (server/transport/): raw bytes read by Beast's request parser under the
// server's size limits, then what a session does with a request, without a socket: the
// Origin check, decode_request (path, query, form, UTF-8), the quick replies (health,
// static files of web/) and the API routes against a real database.  Every request is
// answered once with a valid status and JSON or the page's files; nothing escapes.
// Long polls (wait=) are left out: they wait on the I/O loop this target does not run.
#include <optional>

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>

#include "fuzz/fuzz_server.h"
#include "fuzz/fuzz_support.h"
#include "server/base/errors.h"
#include "server/live/board_signal.h"
#include "server/transport/api_routes.h"
#include "server/transport/error_status.h"
#include "server/transport/http_limits.h"
#include "server/transport/http_session.h"
#include "server/transport/long_poll.h"

namespace {

using namespace ludus::server;

struct Routes {
  boost::asio::io_context io;
  boost::asio::thread_pool workers{1};
  BoardSignal signal;
  LongPolls polls{io, workers, signal, ludus::fuzz::FuzzServer::instance().service()};
  BotStreams bot_streams{workers, std::chrono::seconds(30)};
  ApiRoutes routes{ludus::fuzz::FuzzServer::instance().service(), polls, bot_streams,
                   StaticFiles::snapshot(LUDUS_SOURCE_DIR "/web")};
};

void check_reply(const Response& response) {
  FUZZ_CHECK(response.result_int() >= 200 && response.result_int() < 600, std::to_string(response.result_int()));
  FUZZ_CHECK(response.result_int() != 500, response.body());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static Routes server;
  const HttpLimits limits;
  http::request_parser<http::string_body> parser;
  parser.header_limit(static_cast<uint32_t>(limits.max_header));
  parser.body_limit(limits.max_body);
  parser.eager(true);
  boost::beast::error_code ec;
  parser.put(boost::asio::buffer(data, size), ec);
  if (!ec && !parser.is_done()) parser.put_eof(ec);
  if (ec || !parser.is_done()) return 0;  // the session answers 400/413/431 and closes

  Request request;
  request.raw = parser.release();
  request.remote = client_address(request.raw, "192.0.2.1", limits.trusted_proxies);
  (void)loggable_target(std::string_view(request.raw.target().data(), request.raw.target().size()));
  if (cross_origin_write(request.raw)) return 0;
  try {
    decode_request(request);
  } catch (const ServiceError& e) {
    FUZZ_CHECK(http_status(e) >= 400 && http_status(e) < 500, e.what());
    return 0;
  }
  if (request.has_param("wait")) return 0;
  if (auto quick = server.routes.quick(request)) {
    check_reply(*quick);
    return 0;
  }
  int replies = 0;
  server.routes.handle(request, [&](Response response) {
    ++replies;
    check_reply(response);
  });
  FUZZ_CHECK(replies == 1, std::to_string(replies));
  return 0;
}
