// SPDX-License-Identifier: Apache-2.0
#include "ai/solver/spill_table.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "core/error.h"

namespace ludus::ai::solver {
namespace {

constexpr char kMagic[16] = "ludus-spill-2\n";
constexpr size_t kHeaderBytes = 4096;  // one page, so the entries start page-aligned
constexpr size_t kIdentityBytes = 1024;

uint32_t saturated_work(uint64_t work) { return static_cast<uint32_t>(std::clamp<uint64_t>(work, 1, 0xffffffffu)); }

}  // namespace

struct SpillTable::Header {
  char magic[16];
  uint64_t buckets;
  uint64_t used;  // entries, as of the last close
  char identity[kIdentityBytes];
};

struct SpillTable::Counters {
  std::atomic<int64_t> used{0};
  std::atomic<uint64_t> hits{0};
  std::atomic<uint64_t> writes{0};
};

SpillTable::SpillTable(const std::string& path, size_t bytes, const std::string& identity)
    : path_(path), stripes_(new std::mutex[kStripes]), counters_(std::make_unique<Counters>()) {
  auto fail = [&](const std::string& why) {
    if (map_) munmap(map_, map_bytes_);
    if (fd_ >= 0) close(fd_);
    map_ = nullptr;
    fd_ = -1;
    throw LudusError(fmt::format("spill table '{}': {}", path, why));
  };
  static_assert(sizeof(Header) <= kHeaderBytes);
  if (identity.size() >= kIdentityBytes) fail("the identity is too long");
  fd_ = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd_ < 0) fail(errno == ELOOP ? "a symbolic link (give the file itself)" : std::strerror(errno));
  struct stat st{};
  if (fstat(fd_, &st) != 0) fail(std::strerror(errno));
  if (!S_ISREG(st.st_mode)) fail("not a regular file");
  const bool fresh = st.st_size == 0;
  if (fresh) {
    buckets_ = std::max<size_t>(1, bytes / (kWays * sizeof(Entry)));
    map_bytes_ = kHeaderBytes + buckets_ * kWays * sizeof(Entry);
    // The blocks are reserved now: a disk that fills up during a run would otherwise end
    // the process (SIGBUS on a write into the mapping), and writes into reserved blocks
    // fault faster than writes into holes.
    if (const int error = posix_fallocate(fd_, 0, static_cast<off_t>(map_bytes_)); error != 0) {
      unlink(path.c_str());
      fail(fmt::format("cannot reserve {} MB on its disk: {}", map_bytes_ >> 20, std::strerror(error)));
    }
  } else {
    if (static_cast<size_t>(st.st_size) < kHeaderBytes) fail("not a spill table (too short)");
    Header h{};
    if (pread(fd_, &h, sizeof h, 0) != static_cast<ssize_t>(sizeof h)) fail(std::strerror(errno));
    if (std::memcmp(h.magic, kMagic, sizeof kMagic) != 0) fail("not a spill table");
    if (h.buckets == 0 || h.buckets > (uint64_t{1} << 40) ||
        static_cast<uint64_t>(st.st_size) != kHeaderBytes + h.buckets * kWays * sizeof(Entry))
      fail("damaged (its size does not match its header)");
    if (std::strncmp(h.identity, identity.c_str(), kIdentityBytes) != 0)
      fail(fmt::format("made for another game or build ({}), not {}",
                       std::string(h.identity, strnlen(h.identity, kIdentityBytes)), identity));
    buckets_ = h.buckets;
    map_bytes_ = static_cast<size_t>(st.st_size);
  }
  map_ = mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, 0);
  if (map_ == MAP_FAILED) {
    map_ = nullptr;
    fail(std::strerror(errno));
  }
  header_ = static_cast<Header*>(map_);
  entries_ = reinterpret_cast<Entry*>(static_cast<char*>(map_) + kHeaderBytes);
  if (fresh) {
    std::memcpy(header_->magic, kMagic, sizeof kMagic);
    header_->buckets = buckets_;
    header_->used = 0;
    std::memset(header_->identity, 0, kIdentityBytes);
    std::memcpy(header_->identity, identity.data(), identity.size());
  } else {
    inherited_ = static_cast<size_t>(header_->used);
    counters_->used = static_cast<int64_t>(inherited_);
  }
  madvise(entries_, map_bytes_ - kHeaderBytes, MADV_RANDOM);  // no read-ahead: lookups are scattered
}

SpillTable::~SpillTable() {
  if (!map_) return;
  header_->used = static_cast<uint64_t>(std::max<int64_t>(0, counters_->used.load()));
  msync(map_, map_bytes_, MS_SYNC);
  munmap(map_, map_bytes_);
  close(fd_);
}

size_t SpillTable::bucket_index(uint64_t key) const {
  // The low bits pick the RAM table's cluster; these use the high ones.
  return ((key >> 23) * 0x9e3779b97f4a7c15ull >> 20) % buckets_;
}

void SpillTable::put(uint64_t key, ProofNumbers numbers, uint64_t work) {
  const uint32_t w = saturated_work(work);
  const size_t index = bucket_index(key);
  std::lock_guard lock(stripes_[index % kStripes]);
  Entry* bucket = entries_ + index * kWays;
  Entry* victim = nullptr;
  for (int i = 0; i < kWays; ++i) {
    Entry& e = bucket[i];
    if (e.work != 0 && e.key == key) {
      e.numbers = numbers;
      e.work = std::max(e.work, w);
      counters_->writes.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    if (!victim || e.work < victim->work) victim = &e;
  }
  if (victim->work == 0) counters_->used.fetch_add(1, std::memory_order_relaxed);
  *victim = Entry{key, numbers, w, 0};
  counters_->writes.fetch_add(1, std::memory_order_relaxed);
}

std::optional<ProofNumbers> SpillTable::find(uint64_t key, uint32_t* work) const {
  const size_t index = bucket_index(key);
  std::lock_guard lock(stripes_[index % kStripes]);
  const Entry* bucket = entries_ + index * kWays;
  for (int i = 0; i < kWays; ++i)
    if (bucket[i].work != 0 && bucket[i].key == key) {
      counters_->hits.fetch_add(1, std::memory_order_relaxed);
      if (work) *work = bucket[i].work;
      return bucket[i].numbers;
    }
  return std::nullopt;
}

size_t SpillTable::used() const { return static_cast<size_t>(std::max<int64_t>(0, counters_->used.load())); }
uint64_t SpillTable::hits() const { return counters_->hits.load(); }
uint64_t SpillTable::writes() const { return counters_->writes.load(); }

std::string spill_identity(const std::string& game_label, const std::vector<uint64_t>& sample_keys) {
  std::string id = game_label + "; keys";
  for (uint64_t k : sample_keys) id += fmt::format(" {:016x}", k);
  return id;
}

}  // namespace ludus::ai::solver
