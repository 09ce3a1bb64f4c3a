#include "server/ai_worker.h"

#include "server/errors.h"

namespace ludus::server {

AiWorker::AiWorker(Service& service, Logger log) : service_(&service), log_(std::move(log)) {}

AiWorker::~AiWorker() { stop(); }

void AiWorker::start() {
  if (thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = false;
  }
  std::vector<int64_t> owed;
  {
    auto session = service_->store().session();
    owed = session.games_awaiting_ai();
  }
  for (int64_t board : owed) enqueue(board);
  thread_ = std::thread([this] { run(); });
}

void AiWorker::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void AiWorker::enqueue(int64_t board) {
  {
    std::lock_guard lock(mutex_);
    if (!queued_.insert(board).second) return;
    queue_.push_back(board);
  }
  wake_.notify_one();
}

bool AiWorker::wait_idle(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return idle_.wait_for(lock, timeout, [this] { return queue_.empty() && !busy_; });
}

void AiWorker::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) break;
    int64_t board = queue_.front();
    queue_.pop_front();
    queued_.erase(board);
    busy_ = true;
    lock.unlock();
    try {
      // One move per pass; the change it commits queues the board again if the AI is
      // still to move (games where one seat plays several turns in a row).
      service_->play_ai_move(board);
    } catch (const std::exception& e) {
      if (log_) log_("AI on " + board_name(board) + " failed: " + e.what());
    }
    lock.lock();
    busy_ = false;
    if (queue_.empty()) idle_.notify_all();
  }
  busy_ = false;
  idle_.notify_all();
}

}  // namespace ludus::server
