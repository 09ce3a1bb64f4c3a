// SPDX-License-Identifier: Apache-2.0
#pragma once
// The thread that computes the queued reviews (reviews.h), apart from the AI players'
// pool so that a review (seconds of search and proofs) never delays a computer's move.
// It takes reviews one after the other until none waits, then sleeps `interval` (the
// poll that finds the requests of other server processes and the reviews whose worker is
// gone) or until poke() (a request of this process).
#include <chrono>
#include <functional>
#include <string>

#include "server/base/background_loop.h"
#include "server/domain/analysis/reviews.h"

namespace ludus::server {

class ReviewWorker {
 public:
  using Logger = std::function<void(const std::string&)>;

  ReviewWorker(Reviews& reviews, Logger log) : reviews_(&reviews), log_(std::move(log)) {}
  void start(std::chrono::milliseconds interval = std::chrono::seconds(10));
  void stop();  // after the review under way
  void poke() { loop_.poke(); }

 private:
  Reviews* reviews_;
  Logger log_;
  BackgroundLoop loop_;
};

}  // namespace ludus::server
