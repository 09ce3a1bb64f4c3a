// SPDX-License-Identifier: Apache-2.0
#pragma once
// Marks a literal as a text people read, for the server's catalogue (xgettext's keyword N_,
// docs/translating.md): the games' summaries, their options' help, their turns' help, their
// colours' names.  Core and the games stay English; the server writes these texts in its
// reader's language (server/base/texts.h), and the value is the English text, unchanged.
namespace ludus {

constexpr const char* N_(const char* msgid) { return msgid; }

}  // namespace ludus
