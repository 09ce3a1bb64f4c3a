// SPDX-License-Identifier: Apache-2.0
#include "server/domain/play/ai_worker.h"

#include <unistd.h>

#include <algorithm>
#include <random>

#include "server/base/errors.h"

namespace ludus::server {

namespace {
constexpr size_t kMaxStartedRecord = 10000;

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string instance_name() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  std::random_device random;
  return std::string(host) + ":" + std::to_string(getpid()) + ":" + std::to_string(random() % 1000000);
}
}  // namespace

int default_ai_threads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1); }

AiWorker::AiWorker(Service& service, Logger log, AiPoolSettings settings)
    : service_(&service), log_(std::move(log)), settings_(settings), owner_(instance_name()) {
  settings_.threads = std::max(1, settings_.threads);
}

AiWorker::~AiWorker() { stop(); }

void AiWorker::start() {
  if (!threads_.empty()) return;
  {
    std::lock_guard lock(mutex_);
    stopping_ = false;
  }
  try {
    sweep();
  } catch (const std::exception& e) {
    if (log_) log_(std::string("AI: looking for boards awaiting a move failed: ") + e.what());
  }
  for (int i = 0; i < settings_.threads; ++i) threads_.emplace_back([this] { run(); });
  sweeps_.start(settings_.sweep_interval, [this] { sweep_and_renew(); }, [this](const std::exception& e) {
    if (log_) log_(std::string("AI sweep failed: ") + e.what());
  });
}

void AiWorker::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  idle_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
  sweeps_.stop();
}

void AiWorker::enqueue(int64_t board) {
  {
    std::lock_guard lock(mutex_);
    if (running_.count(board)) {
      changed_while_running_.insert(board);
      return;
    }
    if (retry_at_.count(board) || !queued_.insert(board).second) return;
    queue_.push_back(board);
  }
  wake_.notify_one();
}

int AiWorker::sweep() {
  std::vector<int64_t> owed = service_->store().session().games_awaiting_ai();
  int queued = 0;
  {
    std::lock_guard lock(mutex_);
    for (int64_t board : owed) {
      if (running_.count(board) || retry_at_.count(board) || !queued_.insert(board).second) continue;
      queue_.push_back(board);
      ++queued;
    }
  }
  if (queued > 0) wake_.notify_all();
  return queued;
}

bool AiWorker::wait_idle(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return idle_.wait_for(lock, timeout, [this] { return idle() || stopping_; }) && idle();
}

std::vector<int64_t> AiWorker::started_order() const {
  std::lock_guard lock(mutex_);
  return started_;
}

size_t AiWorker::waiting() const {
  std::lock_guard lock(mutex_);
  return queue_.size() + retry_at_.size();
}

void AiWorker::queue_due_retries(std::chrono::steady_clock::time_point now) {
  for (auto it = retry_at_.begin(); it != retry_at_.end();) {
    if (it->second > now) {
      ++it;
      continue;
    }
    if (queued_.insert(it->first).second) queue_.push_back(it->first);
    it = retry_at_.erase(it);
  }
}

void AiWorker::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    queue_due_retries(std::chrono::steady_clock::now());
    if (stopping_) break;
    if (queue_.empty()) {
      if (retry_at_.empty()) {
        wake_.wait(lock);
      } else {
        auto next = std::min_element(retry_at_.begin(), retry_at_.end(),
                                     [](const auto& a, const auto& b) { return a.second < b.second; });
        // A copy: wait_until reads its deadline again after waking, when another worker
        // may have erased this entry (queue_due_retries) while the lock was released.
        const auto deadline = next->second;
        wake_.wait_until(lock, deadline);
      }
      continue;
    }
    int64_t board = queue_.front();
    queue_.pop_front();
    queued_.erase(board);
    running_.insert(board);
    if (started_.size() < kMaxStartedRecord) started_.push_back(board);
    lock.unlock();
    bool failed = false;
    try {
      // One move per pass; the change it commits queues the board again (at the back)
      // if the AI is still to move.
      search_if_claimed(board);
    } catch (const std::exception& e) {
      failed = true;
      if (log_) log_("AI on " + board_name(board) + " failed (will retry): " + e.what());
    }
    lock.lock();
    finish(board, failed);
  }
  idle_.notify_all();
}

void AiWorker::search_if_claimed(int64_t board) {
  {
    // Most changes are of boards without an AI to move: a read of the row, no claim.
    const auto record = service_->store().session().find_game(board);
    if (!record || record->finished() || !record->to_move_seat ||
        !Accounts::is_ai(record->seats[static_cast<size_t>(*record->to_move_seat)]))
      return;
  }
  const int64_t now = now_ms();
  // Another instance searching this board: its change notice brings the board back if
  // the AI is still to move afterwards, and the sweep does if that instance dies.
  if (!service_->store().session().claim_ai_lease(board, owner_, now, now + settings_.lease.count())) return;
  {
    std::lock_guard lock(mutex_);
    leased_.insert(board);
  }
  auto release = [&] {
    {
      std::lock_guard lock(mutex_);
      leased_.erase(board);
    }
    service_->store().session().release_ai_lease(board, owner_);
  };
  try {
    service_->play_ai_move(board);
  } catch (...) {
    release();
    throw;
  }
  release();
}

void AiWorker::renew_leases() {
  std::vector<int64_t> running;
  {
    std::lock_guard lock(mutex_);
    running.assign(leased_.begin(), leased_.end());
  }
  if (running.empty()) return;
  auto session = service_->store().session();
  for (int64_t board : running)
    if (!session.renew_ai_lease(board, owner_, now_ms() + settings_.lease.count()) && log_)
      log_("AI on " + board_name(board) + ": lease lost (the move number guard keeps the board consistent)");
}

void AiWorker::finish(int64_t board, bool failed) {
  running_.erase(board);
  const bool changed = changed_while_running_.erase(board) > 0;
  if (failed) {
    const int failures = ++failures_[board];
    auto backoff = kFirstBackoff * (1 << std::min(failures - 1, 10));
    retry_at_[board] = std::chrono::steady_clock::now() + std::min<std::chrono::milliseconds>(backoff, kMaxBackoff);
    wake_.notify_one();  // a waiting thread recomputes its deadline
  } else {
    failures_.erase(board);
    if (changed && queued_.insert(board).second) {
      queue_.push_back(board);
      wake_.notify_one();
    }
  }
  if (idle()) idle_.notify_all();
}

void AiWorker::sweep_and_renew() {
  renew_leases();
  const int found = sweep();
  if (found > 0 && log_) log_("AI sweep: " + std::to_string(found) + " board(s) awaiting a move queued");
}

}  // namespace ludus::server
