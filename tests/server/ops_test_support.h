// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the operations tests share (metrics, Prometheus, backups, restarts): two players on
// a server reached over HTTP, moves played through the API, and a scrape's samples read back.
#include <optional>
#include <sstream>
#include <string>

#include "http_test_support.h"

namespace ludus::server::testing {

// alice and bob with accounts on the server at `port` (they accept every challenge).
struct TwoPlayers {
  int port;
  std::string alice, bob;  // tokens

  explicit TwoPlayers(int port_, const std::string& prefix = "") : port(port_) {
    alice = account(prefix + "alice");
    bob = account(prefix + "bob");
  }

  HttpResult post(const std::string& path, const nlohmann::json& body, const std::string& token) {
    HttpClient c("127.0.0.1", port);
    return c.request(http::verb::post, path, body.dump(), {{"Authorization", "Bearer " + token}});
  }

  // A new Ndengrod board, alice first; 0 when refused.
  int64_t new_board(const std::string& prefix = "") {
    const auto r = post("/api/games", {{"game", "ndengrod"}, {"players", {prefix + "alice", prefix + "bob"}}}, alice);
    return r.status == 201 ? r.json().value("board", int64_t{0}) : 0;
  }

  // Plays the first legal move of `board` as move number `ply` for whoever is to move then
  // (alice on odd plies); returns the reply, and the move in `played`.
  HttpResult play(int64_t board, int ply, std::string* played = nullptr) {
    HttpClient c("127.0.0.1", port);
    const auto now = c.get("/api/games/" + std::to_string(board)).json();
    const std::string move = now["legal_moves"].empty() ? "" : now["legal_moves"][0].get<std::string>();
    if (played) *played = move;
    return post("/api/games/" + std::to_string(board) + "/move", {{"move", move}, {"move_number", ply}},
                ply % 2 == 1 ? alice : bob);
  }

 private:
  std::string account(const std::string& user) {
    HttpClient c("127.0.0.1", port);
    c.request(http::verb::post, "/api/signup", nlohmann::json{{"user", user}, {"password", "pw-" + user + "-1234"}}.dump());
    const std::string token =
        c.request(http::verb::post, "/api/login", nlohmann::json{{"user", user}, {"password", "pw-" + user + "-1234"}}.dump())
            .json()
            .value("token", "");
    c.request(http::verb::post, "/api/me/limits", nlohmann::json{{"challenges", "all"}}.dump(),
              {{"Authorization", "Bearer " + token}});
    return token;
  }
};

// The value of one series of a scrape in Prometheus' text format: `series` as it is written
// there, name and labels ("ludus_moves_accepted_total{game=\"ndengrod\"}"); nullopt when absent.
inline std::optional<double> sample(const std::string& scrape, const std::string& series) {
  std::istringstream lines(scrape);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind(series + " ", 0) == 0) return std::stod(line.substr(series.size() + 1));
  return std::nullopt;
}

}  // namespace ludus::server::testing
