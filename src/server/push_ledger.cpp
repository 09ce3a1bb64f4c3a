#include "server/push_ledger.h"

namespace ludus::server {

PushLedger::Sends PushLedger::loaded(int64_t board, int64_t revision, bool created) {
  std::lock_guard lock(mutex_);
  Entry& entry = entries_[board];
  Sends sends;
  sends.state = revision > entry.revision;
  if (sends.state) entry.revision = revision;
  sends.created = created && !entry.created;
  if (sends.created) entry.created = true;
  return sends;
}

}  // namespace ludus::server
