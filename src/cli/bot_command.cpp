// SPDX-License-Identifier: Apache-2.0
// `ludus bot --server URL --token T [--games ...] [--accept RULE...] -- ENGINE COMMAND...`:
// any GTP 2 engine plays on a ludus server as a bot account (docs/bots.md, "ludus bot").
// One connection reads the bot's event stream; each event is answered in turn (bot_bridge.h).
// A dropped stream is opened again with `since` = the last event id (nothing lost, nothing
// twice), after a backoff of 1, 2, 4 ... 60 s while the server is away.
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <iostream>
#include <thread>

#include <fmt/format.h>

#include "cli/bot_bridge.h"
#include "cli/command.h"
#include "core/error.h"
#include "core/registry.h"
#include "core/text.h"

namespace ludus::cli {
namespace {

std::atomic<bool> g_stop{false};
extern "C" void on_stop_signal(int) { g_stop = true; }

struct BotArgs {
  std::string server;
  std::string token;
  std::vector<std::string> games;
  std::vector<std::string> accept;
  double move_time = 5;
  std::vector<std::string> engine;
};

struct ServerAddress {
  std::string host;
  int port = 80;
};

// http://HOST[:PORT][/]; anything else is a LudusError naming the form.
ServerAddress parse_server(const std::string& url) {
  const std::string prefix = "http://";
  if (url.rfind("https://", 0) == 0)
    throw LudusError(fmt::format("--server {}: ludus bot speaks plain HTTP; reach a TLS server through a local "
                                 "proxy (e.g. stunnel) or run it beside the server", url));
  if (url.rfind(prefix, 0) != 0) throw LudusError(fmt::format("--server {}: write http://HOST[:PORT]", url));
  std::string rest = url.substr(prefix.size());
  while (!rest.empty() && rest.back() == '/') rest.pop_back();
  ServerAddress address;
  const size_t colon = rest.rfind(':');
  if (colon != std::string::npos && rest.find(']', colon) == std::string::npos) {
    const std::string port = rest.substr(colon + 1);
    if (port.empty() || port.size() > 5 || !std::all_of(port.begin(), port.end(), ::isdigit) || std::stoi(port) < 1 ||
        std::stoi(port) > 65535)
      throw LudusError(fmt::format("--server {}: the port is 1-65535", url));
    address.port = std::stoi(port);
    rest = rest.substr(0, colon);
  }
  if (rest.size() > 2 && rest.front() == '[' && rest.back() == ']') rest = rest.substr(1, rest.size() - 2);
  if (rest.empty() || rest.find('/') != std::string::npos)
    throw LudusError(fmt::format("--server {}: write http://HOST[:PORT] (no path)", url));
  address.host = rest;
  return address;
}

BotConfig config_of(const BotArgs& args) {
  BotConfig config;
  config.token = args.token;
  for (const std::string& list : args.games)
    for (size_t start = 0; start <= list.size();) {
      const size_t end = std::min(list.find(',', start), list.size());
      const std::string name = std::string(trim(list.substr(start, end - start)));
      if (!name.empty()) config.games.insert(find_game(name).info->name);
      start = end + 1;
    }
  for (const std::string& rule : args.accept) config.accept.push_back(AcceptRule::parse(rule));
  if (!(args.move_time > 0 && args.move_time <= 3600)) throw LudusError("--move-time is 0-3600 seconds");
  config.move_time = std::chrono::milliseconds(static_cast<long long>(args.move_time * 1000));
  config.engine = args.engine;
  return config;
}

// Reads the stream until it ends or the bot stops; returns false when the server refuses
// the token (nothing to retry), true to reconnect.
bool follow_stream(const ServerAddress& address, const BotConfig& config, BotBridge& bridge,
                   std::optional<long long>& since, std::chrono::seconds& backoff) {
  server::HttpLineStream stream(address.host, address.port);
  const std::string target = "/api/bot/stream" + (since ? fmt::format("?since={}", *since) : "");
  const int status = stream.open(target, {{"Authorization", "Bearer " + config.token},
                                         {"Accept", "application/x-ndjson"}});
  if (status == 401 || status == 403) {
    const nlohmann::json reply = nlohmann::json::parse(stream.body(), nullptr, false);
    std::cerr << "ludus bot: the server refuses the token: "
              << terminal_safe(reply.is_object() ? reply.value("error", stream.body()) : stream.body()) << "\n";
    return false;
  }
  if (status != 200) {
    std::cerr << "ludus bot: the stream: " << (status ? fmt::format("HTTP {}", status) : stream.error())
              << fmt::format("; again in {} s\n", backoff.count());
    for (auto waited = std::chrono::seconds(0); waited < backoff && !g_stop; waited += std::chrono::seconds(1))
      std::this_thread::sleep_for(std::chrono::seconds(1));
    backoff = std::min(backoff * 2, std::chrono::seconds(60));
    return true;
  }
  backoff = std::chrono::seconds(1);
  std::cerr << "ludus bot: connected to " << address.host << ":" << address.port
            << (since ? fmt::format(" (after event {})", *since) : "") << "\n";
  // The server writes an empty line every 20 s: a minute of silence is a dead connection.
  constexpr auto kSilence = std::chrono::seconds(60);
  auto quiet = std::chrono::milliseconds(0);
  std::string line;
  while (!g_stop) {
    const auto read = stream.next_line(line, std::chrono::seconds(1));
    if (read == server::HttpLineStream::Read::Idle) {
      quiet += std::chrono::seconds(1);
      if (quiet >= kSilence) {
        std::cerr << "ludus bot: the stream fell silent; reconnecting\n";
        return true;
      }
      continue;
    }
    if (read == server::HttpLineStream::Read::Ended) {
      std::cerr << "ludus bot: the stream ended" << (stream.error().empty() ? "" : ": " + stream.error())
                << "; reconnecting\n";
      std::this_thread::sleep_for(std::chrono::seconds(1));
      return true;
    }
    quiet = std::chrono::milliseconds(0);
    if (trim(line).empty()) continue;  // the keep-alive
    const nlohmann::json event = nlohmann::json::parse(line, nullptr, false);
    if (!event.is_object()) {
      std::cerr << "ludus bot: skipped a line that is not a JSON object\n";
      continue;
    }
    bridge.handle(event);
    if (event.contains("id") && event["id"].is_number_integer()) since = event["id"].get<long long>();
  }
  return false;
}

int run_bot(const BotArgs& args) {
  const ServerAddress address = parse_server(args.server);
  const BotConfig config = config_of(args);
  if (config.engine.empty()) throw LudusError("name the engine after --, e.g. ludus bot ... -- ludus gtp --ai easy");
  signal(SIGPIPE, SIG_IGN);  // a dead engine's pipe is an error reply, not the end of the bot
  signal(SIGINT, on_stop_signal);
  signal(SIGTERM, on_stop_signal);
  server::HttpClient api(address.host, address.port);
  BotBridge bridge(config, api);
  try {
    bridge.start_engine();
  } catch (const GtpEngineFailure& failure) {
    std::cerr << "ludus bot: " << failure.what() << "\n";
    return kExitFailure;
  }
  std::optional<long long> since;
  auto backoff = std::chrono::seconds(1);
  while (!g_stop)
    if (!follow_stream(address, config, bridge, since, backoff)) break;
  return g_stop ? 0 : kExitFailure;
}

const bool kBot = register_command({"bot", "Play on a ludus server as a bot account with any GTP engine", 62, [](CLI::App& app) {
  auto args = std::make_shared<BotArgs>();
  app.add_option("--server", args->server, "The server, http://HOST[:PORT]")->required();
  app.add_option("--token", args->token, "The bot's token (POST /api/me/bot-tokens; docs/bots.md)")->required();
  // One value an occurrence: a list would end at `--` and leave the engine's own options to us.
  app.add_option("--games", args->games, "Games to accept invitations to, e.g. ndengrod,n-mesh (default: every game)")
      ->allow_extra_args(false);
  app.add_option("--accept", args->accept,
                 "[GAME:]OPTION=VALUE|VALUE...: invitations naming OPTION only with these values (repeatable)")
      ->allow_extra_args(false);
  app.add_option("--move-time", args->move_time, "Most seconds the engine thinks on a move")->capture_default_str();
  app.add_option("engine", args->engine, "The GTP engine's command and arguments, after --")->expected(-1);
  app.footer(
      "Examples:\n"
      "  ludus bot --server http://127.0.0.1:8080 --token $BOT -- ludus gtp --ai easy\n"
      "  ludus bot --server http://play.example:8080 --token $BOT --games ndengrod --accept size=3|4 -- my-engine --gtp\n"
      "Accepts the invitations of its games and options and declines the others; for each turn it sets the\n"
      "engine's game (ludus-game, or boardsize and clear_board), replays the board's moves, gives the\n"
      "engine the time (time_settings, time_left), asks genmove and posts the move. A crashed or hung\n"
      "engine is restarted and the board replayed into it; a lost connection is resumed after the last\n"
      "event. Draws and take-backs proposed are refused, aborts granted. SIGINT/SIGTERM stop it.\n"
      "The protocol and the bridge: docs/bots.md.");
  return [args] { return run_bot(*args); };
}});

}  // namespace
}  // namespace ludus::cli
