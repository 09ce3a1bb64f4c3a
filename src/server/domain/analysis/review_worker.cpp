// SPDX-License-Identifier: Apache-2.0
#include "server/domain/analysis/review_worker.h"

namespace ludus::server {

void ReviewWorker::start(std::chrono::milliseconds interval) {
  loop_.start(
      interval,
      [this] {
        // Until none waits, or the server stops (pause(0) is false then).
        while (reviews_->run_next() && loop_.pause(std::chrono::milliseconds(0))) {
        }
      },
      [this](const std::exception& e) {
        if (log_) log_(std::string("review worker: ") + e.what());
      });
}

void ReviewWorker::stop() { loop_.stop(); }

}  // namespace ludus::server
