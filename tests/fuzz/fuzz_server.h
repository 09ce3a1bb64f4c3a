// SPDX-License-Identifier: Apache-2.0
#pragma once
// The play server's objects for the server's fuzz targets: a Store on a fresh SQLite
// database in a temporary directory (removed at exit), Accounts with cheap hashing and a
// fixed clock, a Service, and alice and bob (password "secret-pw") playing board 1, an
// Ndengrod game, so that commands, mails and requests reach past "no such board".
#include <filesystem>
#include <memory>
#include <string>

#include "server/domain/accounts/accounts.h"
#include "server/domain/service.h"
#include "server/storage/store.h"
#include "support/files.h"

namespace ludus::fuzz {

class FuzzServer {
 public:
  FuzzServer() {
    dir_ = testing::scratch_dir();
    store_ = std::make_unique<server::Store>((dir_ / "fuzz.db").string());
    accounts_ = std::make_unique<server::Accounts>(*store_, server::PasswordPolicy::fast(), [] { return int64_t{1700000000}; });
    service_ = std::make_unique<server::Service>(*store_, *accounts_);
    accounts_->signup("alice", "secret-pw", "alice@example.org");
    accounts_->signup("bob", "secret-pw", "bob@example.org");
    service_->start_board("alice", "ndengrod", {}, "alice", "bob");
  }
  ~FuzzServer() {
    service_.reset();
    accounts_.reset();
    store_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  FuzzServer(const FuzzServer&) = delete;
  FuzzServer& operator=(const FuzzServer&) = delete;

  server::Service& service() { return *service_; }
  server::Store& store() { return *store_; }
  const std::filesystem::path& dir() const { return dir_; }

  // One per process: built at the first input, removed at exit.
  static FuzzServer& instance() {
    static FuzzServer server;
    return server;
  }

 private:
  std::filesystem::path dir_;
  std::unique_ptr<server::Store> store_;
  std::unique_ptr<server::Accounts> accounts_;
  std::unique_ptr<server::Service> service_;
};

}  // namespace ludus::fuzz
