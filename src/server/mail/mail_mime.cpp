// SPDX-License-Identifier: Apache-2.0
#include "server/mail/mail_mime.h"

#include <gmime/gmime.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>
#include <regex>
#include <vector>

#include "core/text.h"

namespace ludus::server {
namespace {

void init_gmime() {
  static std::once_flag once;
  std::call_once(once, [] { g_mime_init(); });
}

// Owns a GObject reference.
struct Unref {
  void operator()(void* object) const {
    if (object) g_object_unref(object);
  }
};
template <class T>
using Ref = std::unique_ptr<T, Unref>;

std::string first_mailbox(InternetAddressList* list) {
  if (!list) return "";
  for (int i = 0; i < internet_address_list_length(list); ++i) {
    InternetAddress* address = internet_address_list_get_address(list, i);
    if (INTERNET_ADDRESS_IS_MAILBOX(address)) {
      const char* addr = internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(address));
      if (addr && *addr) return addr;
    }
  }
  return "";
}

// A Subject as the grammar reads it: the line breaks and tabs of header folding made spaces,
// trimmed.  Other control characters stay: the grammar and the rule of users' text
// (server/domain/community/user_text.h) refuse them as they do from every front end.
std::string unfolded_subject(std::string_view subject) {
  std::string flat(subject);
  std::replace_if(flat.begin(), flat.end(), [](char ch) { return ch == '\r' || ch == '\n' || ch == '\t'; }, ' ');
  return std::string(trim(flat));
}

bool is_automatic(GMimeMessage* message, const std::string& sender) {
  GMimeObject* object = GMIME_OBJECT(message);
  const char* auto_submitted = g_mime_object_get_header(object, "Auto-Submitted");
  if (auto_submitted && lowercase(one_line(auto_submitted)) != "no") return true;
  const char* precedence = g_mime_object_get_header(object, "Precedence");
  if (precedence) {
    const std::string p = lowercase(one_line(precedence));
    if (p == "bulk" || p == "junk" || p == "list") return true;
  }
  // RFC 3834 §2: the null reverse-path of bounces and other automatic mail.
  if (const char* return_path = g_mime_object_get_header(object, "Return-Path"))
    if (one_line(return_path) == "<>") return true;
  // Mailing lists and common vacation programs that do not set Auto-Submitted.
  for (const char* header : {"List-Id", "List-Unsubscribe", "X-Autoreply", "X-Autorespond"})
    if (g_mime_object_get_header(object, header)) return true;
  const std::string local = lowercase(sender.substr(0, sender.find('@')));
  return local == "mailer-daemon" || local == "postmaster";
}

// The first text/plain part that is not an attachment, depth first.
GMimeObject* find_plain_text(GMimeObject* object, int depth = 0) {
  if (!object || depth > 20) return nullptr;
  if (GMIME_IS_MULTIPART(object)) {
    GMimeMultipart* multipart = GMIME_MULTIPART(object);
    for (int i = 0; i < g_mime_multipart_get_count(multipart); ++i)
      if (GMimeObject* found = find_plain_text(g_mime_multipart_get_part(multipart, i), depth + 1)) return found;
    return nullptr;
  }
  if (!GMIME_IS_PART(object) || g_mime_part_is_attachment(GMIME_PART(object))) return nullptr;
  GMimeContentType* type = g_mime_object_get_content_type(object);
  return g_mime_content_type_is_type(type, "text", "plain") ? object : nullptr;
}

// The part's content with its transfer encoding undone and its charset converted to UTF-8;
// sets `error` when the charset is unknown or the result is not UTF-8.
std::string decoded_text(GMimeObject* part, std::string& error) {
  GMimeDataWrapper* content = g_mime_part_get_content(GMIME_PART(part));
  if (!content) return "";
  Ref<GMimeStream> memory(g_mime_stream_mem_new());
  Ref<GMimeStream> filtered(g_mime_stream_filter_new(memory.get()));
  const char* charset_param = g_mime_object_get_content_type_parameter(part, "charset");
  const std::string charset = charset_param ? lowercase(one_line(charset_param)) : "us-ascii";
  if (charset != "utf-8" && charset != "utf8" && charset != "us-ascii") {
    Ref<GMimeFilter> convert(g_mime_filter_charset_new(charset.c_str(), "UTF-8"));
    if (!convert) {
      error = "unknown charset '" + charset.substr(0, 40) + "' (send plain text in UTF-8)";
      return "";
    }
    g_mime_stream_filter_add(GMIME_STREAM_FILTER(filtered.get()), convert.get());
  }
  Ref<GMimeFilter> crlf(g_mime_filter_dos2unix_new(FALSE));
  g_mime_stream_filter_add(GMIME_STREAM_FILTER(filtered.get()), crlf.get());
  if (g_mime_data_wrapper_write_to_stream(content, filtered.get()) < 0 || g_mime_stream_flush(filtered.get()) < 0) {
    error = "the mail body cannot be decoded";
    return "";
  }
  GByteArray* bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(memory.get()));
  std::string text(reinterpret_cast<const char*>(bytes->data), bytes->len);
  // Text that is not UTF-8 lied about its charset.  What text may hold is the domain's rule
  // of users' text (server/domain/community/user_text.h), the same for mail as for every front end.
  if (!valid_utf8(text)) {
    error = "the mail body is not valid text in its charset '" + charset.substr(0, 40) + "' (send plain text in UTF-8)";
    return "";
  }
  return text;
}

}  // namespace

InboundMail parse_inbound_mail(std::string_view raw, bool truncated) {
  init_gmime();
  InboundMail mail;
  Ref<GMimeStream> stream(g_mime_stream_mem_new_with_buffer(raw.data(), raw.size()));
  Ref<GMimeParser> parser(g_mime_parser_new_with_stream(stream.get()));
  Ref<GMimeMessage> message(g_mime_parser_construct_message(parser.get(), nullptr));
  if (!message) {
    mail.error = "this is not an e-mail message (no RFC 5322 header)";
    return mail;
  }
  const std::string from = first_mailbox(g_mime_message_get_from(message.get()));
  const std::string reply_to = first_mailbox(g_mime_message_get_reply_to(message.get()));
  mail.reply_address = is_plain_address(reply_to) ? reply_to : is_plain_address(from) ? from : "";
  mail.automatic = is_automatic(message.get(), from);
  if (const char* id = g_mime_message_get_message_id(message.get())) {
    std::string text = one_line(id);
    if (is_plain_address(text)) mail.message_id = text;  // local@domain shaped, nothing else
  }
  if (const char* subject = g_mime_message_get_subject(message.get())) {
    mail.has_subject = true;
    mail.subject = unfolded_subject(subject);
    if (!valid_utf8(mail.subject)) {
      mail.subject.clear();
      mail.error = "the Subject is not valid UTF-8";
      return mail;
    }
    mail.subject = without_reply_prefixes(mail.subject);
  }
  if (truncated) {
    mail.error = "the mail is too big";
    return mail;
  }
  if (mail.reply_address.empty()) {
    mail.error = "the mail has no From address";
    return mail;
  }
  if (!mail.has_subject || mail.subject.empty()) {
    mail.error = "the mail has no Subject: put the command there (e.g. 'ndengrod move 12 alice PASSWORD e5')";
    return mail;
  }
  GMimeObject* root = g_mime_message_get_mime_part(message.get());
  if (root && GMIME_IS_MULTIPART(root) &&
      (!g_mime_multipart_get_boundary(GMIME_MULTIPART(root)) || g_mime_multipart_get_count(GMIME_MULTIPART(root)) == 0)) {
    mail.body_error = "broken MIME: a multipart mail without a boundary or without parts";
    return mail;
  }
  GMimeObject* text = find_plain_text(root);
  if (!text) {
    mail.body_error = "the mail has no plain-text part (send plain text)";
    return mail;
  }
  if (const char* encoding = g_mime_object_get_header(text, "Content-Transfer-Encoding")) {
    const std::string e = lowercase(one_line(encoding));
    if (e != "7bit" && e != "8bit" && e != "binary" && e != "quoted-printable" && e != "base64") {
      mail.body_error = "broken MIME: unknown Content-Transfer-Encoding '" + e.substr(0, 40) + "'";
      return mail;
    }
  }
  mail.body = decoded_text(text, mail.body_error);
  return mail;
}

std::string without_reply_prefixes(std::string_view subject) {
  // Reply and forward markers of the common mail programs and languages (Re, Aw: German,
  // SV/VS: Nordic, WG: German forward, Antw: Dutch, TR: French forward, RIF/R: Italian,
  // ODP: Polish, ENC: Portuguese), with an optional count ("Re[2]:", "Re(2):").
  static const std::regex prefix(
      R"(^\s*(?:(?:re|aw|sv|vs|fw|fwd|wg|antw|tr|rif|odp|enc)\s*(?:\[\d+\]|\(\d+\))?\s*:|\[[^\]]*\])\s*)",
      std::regex::icase);
  std::string out(subject);
  for (std::smatch match; std::regex_search(out, match, prefix) && match.length(0) > 0;) out.erase(0, match.length(0));
  return out;
}

std::string mail_comment(std::string_view body) {
  std::vector<std::string> lines;
  size_t at = 0;
  while (at <= body.size()) {
    size_t end = body.find('\n', at);
    if (end == std::string_view::npos) end = body.size();
    std::string line(body.substr(at, end - at));
    at = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line == "-- " || line == "--") break;  // the signature
    if (!line.empty() && line[0] == '>') continue;
    std::string trimmed = one_line(line);
    if (trimmed.rfind("On ", 0) == 0 && trimmed.size() >= 6 && trimmed.substr(trimmed.size() - 6) == "wrote:") continue;
    lines.push_back(std::move(line));
  }
  while (!lines.empty() && one_line(lines.back()).empty()) lines.pop_back();
  size_t first = 0;
  while (first < lines.size() && one_line(lines[first]).empty()) ++first;
  std::string out;
  for (size_t i = first; i < lines.size(); ++i) out += (i == first ? "" : "\n") + lines[i];
  return out;
}

std::string render_mail(const MailHeaders& headers, std::string_view body) {
  init_gmime();
  Ref<GMimeMessage> message(g_mime_message_new(TRUE));
  g_mime_message_add_mailbox(message.get(), GMIME_ADDRESS_TYPE_FROM, one_line(headers.from_name).c_str(),
                             headers.from_address.c_str());
  g_mime_message_add_mailbox(message.get(), GMIME_ADDRESS_TYPE_TO, nullptr, headers.to.c_str());
  g_mime_message_set_subject(message.get(), one_line(headers.subject).c_str(), "utf-8");
  GDateTime* date = g_date_time_new_from_unix_utc(headers.date);
  g_mime_message_set_date(message.get(), date);
  g_date_time_unref(date);
  g_mime_message_set_message_id(message.get(), headers.message_id.c_str());
  GMimeObject* object = GMIME_OBJECT(message.get());
  if (is_plain_address(headers.in_reply_to)) {
    const std::string reference = "<" + headers.in_reply_to + ">";
    g_mime_object_set_header(object, "In-Reply-To", reference.c_str(), nullptr);
    g_mime_object_set_header(object, "References", reference.c_str(), nullptr);
  }
  g_mime_object_set_header(object, "Auto-Submitted", "auto-replied", nullptr);
  g_mime_object_set_header(object, "Content-Language", one_line(headers.language).c_str(), nullptr);
  // The body goes in as its UTF-8 bytes (g_mime_text_part_set_text would pick another
  // charset for text that fits one).
  Ref<GMimeTextPart> part(g_mime_text_part_new_with_subtype("plain"));
  Ref<GMimeStream> content(g_mime_stream_mem_new_with_buffer(body.data(), body.size()));
  Ref<GMimeDataWrapper> wrapper(g_mime_data_wrapper_new_with_stream(content.get(), GMIME_CONTENT_ENCODING_DEFAULT));
  g_mime_part_set_content(GMIME_PART(part.get()), wrapper.get());
  g_mime_object_set_content_type_parameter(GMIME_OBJECT(part.get()), "charset", "utf-8");
  g_mime_part_set_content_encoding(GMIME_PART(part.get()), GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE);
  g_mime_message_set_mime_part(message.get(), GMIME_OBJECT(part.get()));
  GMimeFormatOptions* options = g_mime_format_options_new();
  g_mime_format_options_set_newline_format(options, GMIME_NEWLINE_FORMAT_DOS);
  char* rendered = g_mime_object_to_string(object, options);
  g_mime_format_options_free(options);
  std::string out(rendered ? rendered : "");
  g_free(rendered);
  return out;
}

}  // namespace ludus::server
