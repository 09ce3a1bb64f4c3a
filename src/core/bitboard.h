// SPDX-License-Identifier: Apache-2.0
#pragma once
// Fixed-size bitset over board sites with the operations the rule code needs (set
// algebra, population count, iteration over set bits).  Sized at compile time so it
// never allocates; games pick the smallest word count that holds their largest board.
#include <array>
#include <bit>
#include <cstdint>

namespace ludus {

// Word loops are unrolled explicitly: at -O2 g++ keeps loops of three or more words
// rolled, with the words in memory, which made a 6-word flood fill five times slower
// per word than a 2-word one.
#define LUDUS_UNROLL_WORDS _Pragma("GCC unroll 8")

template <int kWords>
class Bitboard {
 public:
  static constexpr int kBits = 64 * kWords;

  constexpr Bitboard() : w_{} {}

  static Bitboard first_n(int n) {
    Bitboard b;
    for (int i = 0; i < kWords; ++i) {
      int lo = i * 64;
      if (n >= lo + 64) b.w_[i] = ~0ull;
      else if (n > lo) b.w_[i] = (1ull << (n - lo)) - 1;
    }
    return b;
  }

  bool test(int i) const { return (w_[i >> 6] >> (i & 63)) & 1; }
  void set(int i) { w_[i >> 6] |= 1ull << (i & 63); }
  void reset(int i) { w_[i >> 6] &= ~(1ull << (i & 63)); }
  void assign(int i, bool v) { v ? set(i) : reset(i); }
  void clear() { w_.fill(0); }

  int count() const {
    int c = 0;
    LUDUS_UNROLL_WORDS for (auto w : w_) c += std::popcount(w);
    return c;
  }
  bool any() const {
    LUDUS_UNROLL_WORDS for (auto w : w_)
      if (w) return true;
    return false;
  }
  bool none() const { return !any(); }

  // Index of the lowest set bit; requires any().
  int lowest() const {
    for (int i = 0; i < kWords; ++i)
      if (w_[i]) return i * 64 + std::countr_zero(w_[i]);
    return -1;
  }

  Bitboard& operator|=(const Bitboard& o) { LUDUS_UNROLL_WORDS for (int i = 0; i < kWords; ++i) w_[i] |= o.w_[i]; return *this; }
  Bitboard& operator&=(const Bitboard& o) { LUDUS_UNROLL_WORDS for (int i = 0; i < kWords; ++i) w_[i] &= o.w_[i]; return *this; }
  Bitboard& operator^=(const Bitboard& o) { LUDUS_UNROLL_WORDS for (int i = 0; i < kWords; ++i) w_[i] ^= o.w_[i]; return *this; }
  friend Bitboard operator|(Bitboard a, const Bitboard& b) { return a |= b; }
  friend Bitboard operator&(Bitboard a, const Bitboard& b) { return a &= b; }
  friend Bitboard operator^(Bitboard a, const Bitboard& b) { return a ^= b; }
  Bitboard operator~() const { Bitboard r; LUDUS_UNROLL_WORDS for (int i = 0; i < kWords; ++i) r.w_[i] = ~w_[i]; return r; }
  Bitboard and_not(const Bitboard& o) const { Bitboard r; LUDUS_UNROLL_WORDS for (int i = 0; i < kWords; ++i) r.w_[i] = w_[i] & ~o.w_[i]; return r; }
  bool operator==(const Bitboard& o) const = default;
  bool intersects(const Bitboard& o) const {
    LUDUS_UNROLL_WORDS for (int i = 0; i < kWords; ++i)
      if (w_[i] & o.w_[i]) return true;
    return false;
  }

  // Calls f(index) for each set bit in increasing order.
  template <typename F>
  void for_each(F&& f) const {
    for (int i = 0; i < kWords; ++i) {
      uint64_t w = w_[i];
      while (w) {
        f(i * 64 + std::countr_zero(w));
        w &= w - 1;
      }
    }
  }

  uint64_t word(int i) const { return w_[i]; }
  uint64_t& word(int i) { return w_[i]; }

 private:
  std::array<uint64_t, kWords> w_;
};

}  // namespace ludus
