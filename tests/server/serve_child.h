// SPDX-License-Identifier: Apache-2.0
#pragma once
// `ludus serve` as a child process on a database, for the tests of several processes.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <map>
#include <thread>

#include "http_test_support.h"

namespace ludus::server::testing {

// A `ludus serve` child on `db`; its port is read from its stderr.
struct ServeChild {
  pid_t pid = -1;
  int port = 0;

  // Its stderr goes to `log` (a file, so it never blocks on or dies of a closed pipe).
  // `options` are more `ludus serve` options.
  ServeChild(const std::string& db, const std::string& log, std::vector<std::string> options = {}) {
    std::vector<std::string> args = {LUDUS_BINARY, "serve",           "--db",       db, "--port", "0", "--quiet",
                                     "--test-hashing", "--rate-limit", "0", "--signups-per-hour", "0"};
    args.insert(args.end(), options.begin(), options.end());
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid = fork();
    if (pid == 0) {
      if (!std::freopen(log.c_str(), "w", stderr)) _exit(126);
      execv(LUDUS_BINARY, argv.data());
      _exit(127);
    }
    const std::string marker = "serving on http://127.0.0.1:";
    for (int i = 0; i < 500 && port == 0; ++i) {  // at most 10 s
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      std::ifstream in(log);
      std::string err((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (auto at = err.find(marker); at != std::string::npos && err.find('/', at + marker.size()) != std::string::npos)
        port = std::atoi(err.c_str() + at + marker.size());
    }
  }
  void kill_hard() {
    if (pid <= 0) return;
    ::kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    pid = -1;
  }
  ~ServeChild() { kill_hard(); }
};

inline HttpReply json_reply(HttpResult r) {
  HttpReply out;
  out.status = r.status;
  out.body = r.body;
  out.json = nlohmann::json::parse(r.body, nullptr, false);
  return out;
}

// A JSON request to the server on `port`, with the bearer `token` when not "".
inline HttpReply serve_call(int port, http::verb verb, const std::string& path, const nlohmann::json& body,
                            const std::string& token) {
  HttpClient c("127.0.0.1", port);
  HeaderList headers;
  if (!token.empty()) headers.push_back({"Authorization", "Bearer " + token});
  return json_reply(c.request(verb, path, verb == http::verb::get ? "" : body.dump(), headers));
}

// Signs `users` up on the server on `port` (password "secret-pw"), each accepting every
// challenge (boards start at once); their tokens by user.
inline std::map<std::string, std::string> serve_players(int port, const std::vector<std::string>& users) {
  std::map<std::string, std::string> tokens;
  for (const std::string& user : users) {
    EXPECT_EQ(serve_call(port, http::verb::post, "/api/signup", {{"user", user}, {"password", "secret-pw"}}, "").status, 201);
    tokens[user] =
        serve_call(port, http::verb::post, "/api/login", {{"user", user}, {"password", "secret-pw"}}, "").json.value("token", "");
    EXPECT_EQ(serve_call(port, http::verb::post, "/api/me/limits", {{"challenges", "all"}}, tokens[user]).status, 200);
  }
  return tokens;
}

// A move a server acknowledged with 200, in the tests that kill a server under load.
struct AcknowledgedMove {
  int64_t board;
  int ply;
  std::string move;
};

// Reads every board of `acks` back from the server on `port`: each acknowledged move must
// be stored at its ply.
inline void expect_acknowledged_moves_stored(const std::vector<AcknowledgedMove>& acks, int port) {
  std::map<int64_t, nlohmann::json> games;
  for (const auto& ack : acks) {
    if (!games.count(ack.board)) {
      HttpClient c("127.0.0.1", port);
      games[ack.board] = json_reply(c.get("/api/games/" + std::to_string(ack.board))).json;
    }
    const nlohmann::json& moves = games[ack.board]["moves"];
    ASSERT_TRUE(moves.is_array());
    ASSERT_GE(static_cast<int>(moves.size()), ack.ply) << "acknowledged move lost: board " << ack.board << " #" << ack.ply;
    EXPECT_EQ(moves[static_cast<size_t>(ack.ply - 1)]["move"], ack.move);
  }
}

}  // namespace ludus::server::testing
