#pragma once
// Computer players of the server: one background thread that makes the AI seat's move on
// any board where an AI is to move, so requests never wait for a search.  Boards are
// queued when they change; at start every active board awaiting an AI is queued (moves
// owed before a restart are made).
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "server/service.h"

namespace ludus::server {

class AiWorker {
 public:
  using Logger = std::function<void(const std::string&)>;

  AiWorker(Service& service, Logger log);
  ~AiWorker();
  AiWorker(const AiWorker&) = delete;
  AiWorker& operator=(const AiWorker&) = delete;

  void start();
  void stop();  // finishes the search under way, then joins
  void enqueue(int64_t board);
  // Waits until nothing is queued or being searched; false on timeout (tests).
  bool wait_idle(std::chrono::milliseconds timeout);

 private:
  void run();

  Service* service_;
  Logger log_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<int64_t> queue_;
  std::set<int64_t> queued_;
  bool busy_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace ludus::server
