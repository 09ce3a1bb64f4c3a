// SPDX-License-Identifier: Apache-2.0
#include "server/base/texts.h"

#include <algorithm>
#include <locale>
#include <map>
#include <stdexcept>

#include <boost/locale/gnu_gettext.hpp>
#include <boost/locale/message.hpp>
#include <fmt/args.h>
#include <nlohmann/json.hpp>

#include "core/embedded_file.h"
#include "server/base/languages.h"

namespace ludus {
extern const EmbeddedFile kServerCatalogues[];
extern const int kServerCatalogues_count;
}  // namespace ludus

namespace ludus::server {
namespace {

namespace bl = boost::locale;

constexpr const char* kDomain = "ludus-server";
constexpr const char* kPath = "/embedded";

// The compiled catalogues (build/i18n/server/LANG.mo), one std::locale each, made once.
class Catalogues {
 public:
  Catalogues() {
    languages_.push_back("en");
    for (int i = 0; i < kServerCatalogues_count; ++i) {
      const EmbeddedFile& file = kServerCatalogues[i];
      languages_.push_back(file.name);
      bl::gnu_gettext::messages_info info;
      info.language = file.name;
      info.encoding = "UTF-8";
      info.paths.push_back(kPath);
      info.domains.push_back(bl::gnu_gettext::messages_info::domain(kDomain));
      const std::string wanted = std::string(kPath) + "/" + file.name + "/LC_MESSAGES/" + kDomain + ".mo";
      info.callback = [&file, wanted](const std::string& path, const std::string&) {
        if (path != wanted) return std::vector<char>();
        return std::vector<char>(file.bytes, file.bytes + file.size);
      };
      locales_.emplace(file.name, std::locale(std::locale::classic(), bl::gnu_gettext::create_messages_facet<char>(info)));
    }
    std::sort(languages_.begin() + 1, languages_.end());
  }

  const std::vector<std::string>& languages() const { return languages_; }
  // The language's locale, or nullptr for English (the code's own texts).
  const std::locale* locale(const std::string& language) const {
    auto it = locales_.find(language);
    return it == locales_.end() ? nullptr : &it->second;
  }

 private:
  std::vector<std::string> languages_;
  std::map<std::string, std::locale> locales_;
};

const Catalogues& catalogues() {
  static const Catalogues all;
  return all;
}

std::string translated(const Language& language, const char* msgid, const char* plural, int64_t n) {
  const std::locale* locale = catalogues().locale(language.code());
  if (plural == nullptr) return locale ? bl::translate(msgid).str(*locale) : std::string(msgid);
  // Boost.Locale's plural count is an int; beyond it, the form of the largest is as good.
  const int count = static_cast<int>(std::clamp<int64_t>(n, -2147483647, 2147483647));
  if (locale) return bl::translate(msgid, plural, count).str(*locale);
  return n == 1 ? msgid : plural;
}

std::string filled(const Language& language, const std::string& pattern, const TextArgs& args, bool plural,
                   int64_t n) {
  fmt::dynamic_format_arg_store<fmt::format_context> store;
  if (plural) store.push_back(fmt::arg("n", n));
  for (const TextArg& arg : args) {
    if (arg.message) store.push_back(fmt::arg(arg.name.c_str(), arg.message->in(language)));
    else store.push_back(fmt::arg(arg.name.c_str(), arg.value));
  }
  return fmt::vformat(pattern, store);
}

std::string render(const Language& language, const char* msgid, const char* plural, int64_t n,
                   const TextArgs& args) {
  try {
    return filled(language, translated(language, msgid, plural, n), args, plural != nullptr, n);
  } catch (const fmt::format_error&) {
    // A translation whose places do not match the English (i18n/catalogues forbids it):
    // the English rather than nothing.
  }
  try {
    return filled(language, plural == nullptr || n == 1 ? msgid : plural, args, plural != nullptr, n);
  } catch (const fmt::format_error&) {
    return msgid;
  }
}

}  // namespace

Language Language::of(std::string_view tag) {
  const std::string primary = primary_language(tag);
  return spoken(primary) ? Language(primary) : Language();
}

bool Language::spoken(std::string_view tag) {
  const auto& all = catalogues().languages();
  return !tag.empty() && std::find(all.begin(), all.end(), tag) != all.end();
}

const std::vector<std::string>& Language::all() { return catalogues().languages(); }

Language Language::for_accept_language(std::string_view header) {
  return Language(choose_language(header, all(), "en"));
}

TextArg::TextArg(std::string name, const Message& message)
    : name(std::move(name)), message(std::make_shared<const Message>(message)) {}
TextArg::TextArg(std::string name, Message&& message)
    : name(std::move(name)), message(std::make_shared<const Message>(std::move(message))) {}

Message Message::verbatim(std::string text) {
  Message m;
  m.verbatim_ = std::move(text);
  return m;
}

std::string Message::in(const Language& language) const {
  if (msgid_.empty()) return verbatim_;
  return render(language, msgid_.c_str(), plural_.empty() ? nullptr : plural_.c_str(), n_, args_);
}

namespace {

nlohmann::json message_json(const Message& message) { return nlohmann::json::parse(message.serialized()); }

}  // namespace

std::string Message::serialized() const {
  nlohmann::json j;
  if (msgid_.empty()) {
    j["text"] = verbatim_;
    return j.dump();
  }
  j["id"] = msgid_;
  if (!plural_.empty()) {
    j["plural"] = plural_;
    j["n"] = n_;
  }
  nlohmann::json args = nlohmann::json::object();
  for (const TextArg& arg : args_) args[arg.name] = arg.message ? message_json(*arg.message) : nlohmann::json(arg.value);
  if (!args.empty()) j["args"] = std::move(args);
  return j.dump();
}

Message Message::parse(std::string_view serialized) {
  const nlohmann::json j = nlohmann::json::parse(serialized, nullptr, false);
  if (!j.is_object()) return verbatim(std::string(serialized));
  Message m;
  if (j.contains("text") && j["text"].is_string()) {
    m.verbatim_ = j["text"].get<std::string>();
    return m;
  }
  if (!j.contains("id") || !j["id"].is_string() || j["id"].get<std::string>().empty())
    return verbatim(std::string(serialized));
  m.msgid_ = j["id"].get<std::string>();
  if (j.contains("plural") && j["plural"].is_string()) {
    m.plural_ = j["plural"].get<std::string>();
    m.n_ = j.value("n", int64_t{0});
  }
  if (j.contains("args") && j["args"].is_object()) {
    for (const auto& [name, value] : j["args"].items()) {
      if (value.is_string()) m.args_.emplace_back(name, value.get<std::string>());
      else if (value.is_object()) m.args_.emplace_back(name, parse(value.dump()));
    }
  }
  return m;
}

Message text(const char* msgid, TextArgs args) {
  Message m;
  m.msgid_ = msgid;
  m.args_ = std::move(args);
  return m;
}

Message textn(const char* singular, const char* plural, int64_t n, TextArgs args) {
  Message m;
  m.msgid_ = singular;
  m.plural_ = plural;
  m.n_ = n;
  m.args_ = std::move(args);
  return m;
}

std::string tr(const Language& language, const char* msgid, TextArgs args) {
  return render(language, msgid, nullptr, 0, args);
}

std::string trn(const Language& language, const char* singular, const char* plural, int64_t n, TextArgs args) {
  return render(language, singular, plural, n, args);
}

}  // namespace ludus::server
