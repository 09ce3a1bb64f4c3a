// SPDX-License-Identifier: Apache-2.0
#pragma once
// The server's texts in the reader's language (docs/translating.md): the mail, the replies of
// the commands and the error lines a player reads.  The catalogues are GNU gettext's
// (po/server/LANG.po, compiled by msgfmt and embedded in the binary) and are read through
// Boost.Locale, one std::locale per language, chosen per call: no process locale, no
// global state beyond the read-only catalogues, so any thread may translate for anyone.
//
// A text is an English message with {places} (a literal brace is written twice: {{), the
// page's convention: tr(language,
// "Invitation sent to {user}.", {{"user", name}}).  xgettext extracts every literal given
// to tr/trn/text/textn (cmake/i18n.cmake), so the template is always the code's.  Places
// are filled by fmt's named arguments; a translation whose places do not match (the
// catalogue test forbids it) falls back to the English.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

// N_("resign"): marks a literal kept in a table, translated later with tr(language, it).
#include "core/translatable.h"

namespace ludus::server {

// A language ludus speaks: "en" or one of po/server/*.po, by its primary subtag.  The
// default is English, the language of the code and of a user who chose none.
class Language {
 public:
  Language() = default;
  // `tag`'s language if ludus speaks it ("de-CH" -> de, "" -> English), else English.
  static Language of(std::string_view tag);
  // Whether `tag` (a primary subtag, "de") names a language ludus speaks; "" does not.
  static bool spoken(std::string_view tag);
  // Every language ludus speaks, English first.
  static const std::vector<std::string>& all();
  // The best spoken language for an Accept-Language header, English when none fits.
  static Language for_accept_language(std::string_view header);

  const std::string& code() const { return code_; }
  bool english() const { return code_ == "en"; }
  bool operator==(const Language& other) const { return code_ == other.code_; }

 private:
  explicit Language(std::string code) : code_(std::move(code)) {}
  std::string code_ = "en";
};

class Message;

// One {place} of a message and what fills it: a value written as fmt writes it, or a
// message of its own, translated in the same language ("{side} to move").
struct TextArg {
  template <typename T>
  TextArg(std::string name, const T& value) : name(std::move(name)), value(fmt::format("{}", value)) {}
  TextArg(std::string name, const Message& message);
  TextArg(std::string name, Message&& message);

  std::string name;
  std::string value;
  std::shared_ptr<const Message> message;
};
using TextArgs = std::vector<TextArg>;

// A text not yet in a language: made where it is decided (an error deep in the domain, an
// event of a board) and written where its reader is known.  `verbatim` holds what is no
// message of ours (a user's words, a name, an engine's line) and is never translated.
class Message {
 public:
  Message() = default;
  static Message verbatim(std::string text);

  std::string in(const Language& language) const;
  std::string english() const { return in(Language()); }
  bool empty() const { return msgid_.empty() && verbatim_.empty(); }

  // The message as JSON text, to be kept (a notification's row) and written later in its
  // reader's language: {"id","plural","n","args":{name: value | {message}}} or {"text"}.
  std::string serialized() const;
  // A serialized message; text that is not one is taken as verbatim (rows kept before).
  static Message parse(std::string_view serialized);

 private:
  friend Message text(const char* msgid, TextArgs args);
  friend Message textn(const char* singular, const char* plural, int64_t n, TextArgs args);
  std::string msgid_;  // the English and the catalogue's key; "" for a verbatim text
  std::string plural_;  // "" for no plural
  int64_t n_ = 0;
  TextArgs args_;
  std::string verbatim_;
};

// Marked for extraction; written later in the reader's language.
Message text(const char* msgid, TextArgs args = {});
// A plural: {n} is `n`, and the form is the language's for `n` (its catalogue's Plural-Forms).
Message textn(const char* singular, const char* plural, int64_t n, TextArgs args = {});

// The same, written now.
std::string tr(const Language& language, const char* msgid, TextArgs args = {});
std::string trn(const Language& language, const char* singular, const char* plural, int64_t n, TextArgs args = {});

}  // namespace ludus::server
