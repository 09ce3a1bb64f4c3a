// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ludus::server::glicko2 {
namespace {

// Glicko-2's internal scale: mu = (r - 1500) / kScale, phi = RD / kScale.
constexpr double kScale = 173.7178;

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

double expected(double mu, double mu_opponent, double phi_opponent) {
  return 1.0 / (1.0 + std::exp(-g(phi_opponent) * (mu - mu_opponent)));
}

// Step 5: the new volatility, by the Illinois variant of regula falsi on f(x) = 0.
double new_volatility(double sigma, double phi, double v, double delta, const Constants& c) {
  const double a = std::log(sigma * sigma);
  const double tau2 = c.tau * c.tau;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2;
  };
  double A = a;
  double B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * c.tau) < 0) ++k;
    B = a - k * c.tau;
  }
  double fA = f(A), fB = f(B);
  // Bounded: the iteration converges in a few dozen steps; the bound only guards NaNs.
  for (int i = 0; i < 200 && std::abs(B - A) > c.convergence; ++i) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2.0;
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2.0);
}

}  // namespace

double deviation_after(const Rating& player, double periods, const Constants& constants) {
  const double phi = player.deviation / kScale;
  const double grown = std::sqrt(phi * phi + std::max(0.0, periods) * player.volatility * player.volatility) * kScale;
  return std::min(grown, constants.max_deviation);
}

Rating update(const Rating& player, std::span<const Game> games, double periods, const Constants& constants) {
  if (games.empty()) return {player.rating, deviation_after(player, periods, constants), player.volatility};
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - 1500.0) / kScale;
  const double phi = player.deviation / kScale;
  // Steps 3 and 4: the estimated variance v and improvement delta.
  double inverse_v = 0.0, sum = 0.0;
  for (const Game& game : games) {
    const double mu_j = (game.opponent_rating - 1500.0) / kScale;
    const double phi_j = game.opponent_deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    inverse_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
    sum += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / inverse_v;
  const double delta = v * sum;
  // Step 5: volatility; step 6: the pre-period deviation (over `periods` periods).
  const double sigma = new_volatility(player.volatility, phi, v, delta, constants);
  const double phi_star = std::sqrt(phi * phi + std::max(0.0, periods) * sigma * sigma);
  // Step 7: the new deviation and rating; step 8: back to the Glicko scale.
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  return {mu_new * kScale + 1500.0, std::min(phi_new * kScale, constants.max_deviation), sigma};
}

}  // namespace ludus::server::glicko2
