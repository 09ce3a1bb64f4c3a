// SPDX-License-Identifier: Apache-2.0
// `ludus db import` (server/domain/db_transfer.h): export lines read into an empty
// database.  Any text is imported whole or refused with a one-line error, and a refused
// import leaves the database empty (it runs in one transaction).
#include <filesystem>
#include <memory>
#include <sstream>

#include "fuzz/fuzz_support.h"
#include "server/base/errors.h"
#include "server/domain/db_transfer.h"
#include "server/storage/store.h"
#include "support/files.h"

namespace {

// A fresh empty database; a new one after each import that succeeded.
class Target {
 public:
  Target() {
    dir_ = ludus::testing::scratch_dir();
    renew();
  }
  ~Target() {
    store_.reset();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }
  ludus::server::Store& store() { return *store_; }
  void renew() {
    store_.reset();
    std::error_code ignored;
    std::filesystem::remove(dir_ / "import.db", ignored);
    store_ = std::make_unique<ludus::server::Store>((dir_ / "import.db").string());
  }

 private:
  std::filesystem::path dir_;
  std::unique_ptr<ludus::server::Store> store_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace ludus;
  static Target target;
  std::istringstream in{std::string(fuzz::input_text(data, size))};
  try {
    server::import_database(target.store(), in);
  } catch (const server::ServiceError& e) {
    FUZZ_CHECK(std::string(e.what()).find('\n') == std::string::npos, e.what());
    return 0;
  }
  target.renew();
  return 0;
}
