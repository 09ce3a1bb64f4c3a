// SPDX-License-Identifier: Apache-2.0
#include "core/data_dir.h"

#include <cstdlib>

namespace ludus {
namespace {

namespace fs = std::filesystem;

// The subdirectory of `kind` in a data directory ($LUDUS_DATA_DIR, share/ludus).
const char* installed_name(DataKind kind) { return kind == DataKind::kConformance ? "conformance" : "web"; }

// The same data in the source tree, where the games sit with the tests.
fs::path source_name(DataKind kind) { return kind == DataKind::kConformance ? fs::path("tests/conformance") : fs::path("web"); }

bool is_existing_directory(const fs::path& path) {
  std::error_code ec;
  return !path.empty() && fs::is_directory(path, ec);
}

std::optional<fs::path> existing(const fs::path& path) {
  if (is_existing_directory(path)) return path;
  return std::nullopt;
}

}  // namespace

std::optional<fs::path> find_data_dir(DataKind kind, const DataSearch& search) {
  if (!search.env_data_dir.empty()) return existing(fs::path(search.env_data_dir) / installed_name(kind));
  if (!search.executable.empty()) {
    const fs::path installed = search.executable.parent_path() / ".." / "share" / "ludus";
    if (is_existing_directory(installed)) return existing((installed / installed_name(kind)).lexically_normal());
  }
  if (is_existing_directory(search.source_dir)) return existing(search.source_dir / source_name(kind));
  return std::nullopt;
}

std::optional<fs::path> find_data_dir(DataKind kind) {
  DataSearch search;
  if (const char* env = std::getenv("LUDUS_DATA_DIR")) search.env_data_dir = env;
  std::error_code ec;
  search.executable = fs::read_symlink("/proc/self/exe", ec);
  search.source_dir = LUDUS_SOURCE_DIR;
  return find_data_dir(kind, search);
}

}  // namespace ludus
