// SPDX-License-Identifier: Apache-2.0
#include "core/rules_documents.h"

#include "core/embedded_file.h"

namespace ludus {

// Generated from docs/rules/*.md (CMakeLists.txt, cmake/embed_files.cmake).
extern const EmbeddedFile kRulesDocuments[];
extern const int kRulesDocuments_count;

std::string_view rules_document(std::string_view name) {
  for (int i = 0; i < kRulesDocuments_count; ++i)
    if (kRulesDocuments[i].name == name) return kRulesDocuments[i].text();
  return {};
}

std::string conventions_text() {
  std::string text(rules_document(kRulesConventions));
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text + "\n\n" + std::string(rules_document(kTurnsDocument));
}

}  // namespace ludus
