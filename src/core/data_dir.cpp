// SPDX-License-Identifier: Apache-2.0
#include "core/data_dir.h"

#include <cstdlib>

namespace ludus {
namespace {

namespace fs = std::filesystem;

// The subdirectory of `kind` in a data directory ($LUDUS_DATA_DIR, share/ludus).
const char* installed_name(DataKind kind) {
  switch (kind) {
    case DataKind::kConformance: return "conformance";
    case DataKind::kWeb: return "web";
    case DataKind::kEngine: return "engine";
  }
  return "";
}

// The same data where a binary run from its build finds it: the games sit with the tests in
// the source tree, the engine is built under the build directory (cmake/wasm.cmake).
fs::path uninstalled_path(DataKind kind, const DataSearch& search) {
  switch (kind) {
    case DataKind::kConformance: return search.source_dir / "tests/conformance";
    case DataKind::kWeb: return search.source_dir / "web";
    case DataKind::kEngine: return search.build_dir / "wasm/engine";
  }
  return {};
}

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
  const fs::path& tree = kind == DataKind::kEngine ? search.build_dir : search.source_dir;
  if (is_existing_directory(tree)) return existing(uninstalled_path(kind, search));
  return std::nullopt;
}

std::optional<fs::path> find_data_dir(DataKind kind) {
  DataSearch search;
  if (const char* env = std::getenv("LUDUS_DATA_DIR")) search.env_data_dir = env;
  std::error_code ec;
  search.executable = fs::read_symlink("/proc/self/exe", ec);
  search.source_dir = LUDUS_SOURCE_DIR;
  search.build_dir = LUDUS_BINARY_DIR;
  return find_data_dir(kind, search);
}

}  // namespace ludus
