// SPDX-License-Identifier: Apache-2.0
#pragma once
// A ServerFixture with two players: alice and bob (password secret-pw); bob takes every
// challenge, so a board starts at once.
#include "server_test_support.h"

namespace ludus::server::testing {

class TwoPlayerFixture : public ServerFixture {
 protected:
  void SetUp() override {
    ServerFixture::SetUp();
    signup("alice");
    signup("bob");
    run("limit bob secret-pw all");
  }
};

}  // namespace ludus::server::testing
