// SPDX-License-Identifier: Apache-2.0
#pragma once
// Plain reference version of the enmeshment test, written straight from the rule text
// (a search from every stone, knight connections found pair by pair).  Slow; only the
// tests use it, to cross-check the bitboard flood fill of n_mesh_enmesh.cpp.
#include <vector>

#include "games/n-mesh/n_mesh_state.h"

namespace ludus::nmesh {

// For every site: true iff it holds a stone of `colour` that is enmeshed.
std::vector<bool> reference_enmeshed(const NMeshState& state, int colour);

}  // namespace ludus::nmesh
