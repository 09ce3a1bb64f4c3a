// SPDX-License-Identifier: Apache-2.0
#pragma once
// A file embedded in the binary at build time (cmake/embed_files.cmake generates the
// tables), so that what it holds is there without any file at run time.
#include <cstddef>
#include <string_view>

namespace ludus {

struct EmbeddedFile {
  const char* name;  // file name without its extension: "n-mesh" for n-mesh.md
  const unsigned char* bytes;
  std::size_t size;

  std::string_view text() const { return {reinterpret_cast<const char*>(bytes), size}; }
};

}  // namespace ludus
