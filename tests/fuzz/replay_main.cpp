// SPDX-License-Identifier: Apache-2.0
// The corpus replay of a fuzz target in a build without libFuzzer (cmake/fuzz.cmake): feeds
// every file of the directories (or files) named on the command line to the target's
// LLVMFuzzerTestOneInput once, in name order.  A crash, a sanitizer report or an escaped
// exception fails the test, as it would stop the fuzzer.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <vector>

#include "support/files.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    if (fs::is_directory(argv[i])) {
      for (const auto& entry : fs::directory_iterator(argv[i]))
        if (entry.is_regular_file()) inputs.push_back(entry.path());
    } else if (fs::is_regular_file(argv[i])) {
      inputs.push_back(argv[i]);
    } else {
      std::cerr << argv[0] << ": no such corpus: " << argv[i] << "\n";
      return 2;
    }
  }
  if (inputs.empty()) {
    std::cerr << argv[0] << ": the corpus is empty\n";
    return 2;
  }
  std::sort(inputs.begin(), inputs.end());
  for (const auto& path : inputs) {
    const std::string bytes = ludus::testing::read_text(path);
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  }
  std::cout << "replayed " << inputs.size() << " inputs\n";
  return 0;
}
