// SPDX-License-Identifier: Apache-2.0
#pragma once
// Union-find over a fixed number of elements with path halving and union by size.
// Fixed storage (no allocation after construction) so it can live inside game states
// that are copied during search.
#include <array>
#include <cstdint>
#include <numeric>

namespace ludus {

template <int kCapacity>
class UnionFind {
 public:
  explicit UnionFind(int size = kCapacity) { reset(size); }

  void reset(int size) {
    for (int i = 0; i < size; ++i) {
      parent_[i] = static_cast<int16_t>(i);
      size_[i] = 1;
    }
  }

  int find(int x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }

  // Returns the new root.
  int unite(int a, int b) {
    a = find(a);
    b = find(b);
    if (a == b) return a;
    if (size_[a] < size_[b]) std::swap(a, b);
    parent_[b] = static_cast<int16_t>(a);
    size_[a] = static_cast<int16_t>(size_[a] + size_[b]);
    return a;
  }

  bool same(int a, int b) { return find(a) == find(b); }
  int set_size(int x) { return size_[find(x)]; }

 private:
  static_assert(kCapacity <= 32767, "indices are stored as int16_t");
  std::array<int16_t, kCapacity> parent_;
  std::array<int16_t, kCapacity> size_;
};

}  // namespace ludus
