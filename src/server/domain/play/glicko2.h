// SPDX-License-Identifier: Apache-2.0
#pragma once
// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2012): a rating, its
// deviation (how uncertain the rating is) and a volatility (how erratic the player's
// results are), updated from the results of a rating period.  Pure arithmetic: the
// server (ratings.h) decides what a period is and stores the numbers.
#include <span>

namespace ludus::server::glicko2 {

// The system's constants, on the Glicko scale (1500-centred).
struct Constants {
  double initial_rating = 1500.0;
  double initial_deviation = 350.0;   // a new player: anything from about 800 to 2200
  double initial_volatility = 0.06;
  double max_deviation = 350.0;       // inactivity never makes a player less known than new
  double tau = 0.5;                   // how fast volatility may change (Glickman: 0.3 to 1.2)
  double convergence = 0.000001;      // of the volatility iteration (Glickman's epsilon)
};

struct Rating {
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;
};

// One game of the period: the opponent's rating and deviation, and the score (1 win,
// 0.5 draw, 0 loss).
struct Game {
  double opponent_rating = 1500.0;
  double opponent_deviation = 350.0;
  double score = 0.0;
};

// The deviation after `periods` rating periods (may be fractional) without games:
// sqrt(RD^2 + periods * (173.7178 * volatility)^2), at most constants.max_deviation.
double deviation_after(const Rating& player, double periods, const Constants& constants = {});

// The player's rating after one rating period with `games` (Glickman's steps 1-8).
// `periods` is how long the period was, in rating periods: 1 is Glickman's system
// exactly; the server passes the time since the player's previous rated game, so a
// deviation grows with inactivity.  With no games only the deviation grows.
Rating update(const Rating& player, std::span<const Game> games, double periods = 1.0, const Constants& constants = {});

}  // namespace ludus::server::glicko2
