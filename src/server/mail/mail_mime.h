// SPDX-License-Identifier: Apache-2.0
#pragma once
// RFC 5322 / MIME through GMime 3: reading one inbound mail (multipart, quoted-printable,
// base64, charsets converted to UTF-8) and writing one outbound mail (headers encoded by
// GMime, so no user text can add a header line).
#include <cstdint>
#include <string>
#include <string_view>

#include "server/domain/accounts/email_address.h"  // is_plain_address

namespace ludus::server {

struct InboundMail {
  std::string reply_address;  // Reply-To, else From ("" when neither has a mailbox)
  // Decoded to UTF-8, line breaks and tabs made spaces, reply and forward prefixes stripped
  // (without_reply_prefixes); "" when missing.  Other control characters are kept for the
  // grammar and the rule of users' text (server/domain/community/user_text.h) to refuse.
  std::string subject;
  bool has_subject = false;
  std::string message_id;     // without the angle brackets, "" when missing
  std::string body;           // the first text/plain part as UTF-8 (NUL and controls as sent), line ends "\n"
  // An automatic mail (Auto-Submitted, Precedence bulk/junk/list, from MAILER-DAEMON):
  // never answered, so two robots cannot mail each other forever.
  bool automatic = false;
  // Why the mail cannot be used ("" when it can): the error reply says it.
  std::string error;
  // Why its body cannot be read (broken MIME, no text/plain part, an unknown charset, text
  // not valid in its charset; "" when it can): refuses only the commands that read the
  // body, and `body` is then "".
  std::string body_error;
};

// Parses `raw` (the whole message, or just its beginning when it was too big: then only
// the headers are read and `error` says so).
InboundMail parse_inbound_mail(std::string_view raw, bool truncated = false);

// A Subject without the prefixes mail programs put before a reply's or a forward's ("Re:",
// "RE:", "Aw:", "Fwd:", "SV:", "Re[2]:", ... in any case, repeated) and without list tags
// ("[ludus] "): "Re: [x] Fwd: show 2" -> "show 2".  No command of the grammar starts so.
std::string without_reply_prefixes(std::string_view subject);

// The comment in a mail body: the text before a signature ("-- " line), without quoted
// lines ("> ...") and the "On ... wrote:" line introducing them, without leading and
// trailing blank lines.
std::string mail_comment(std::string_view body);

// What an outbound mail says; see render_mail.
struct MailHeaders {
  std::string from_address;   // ludus@example.org
  std::string from_name;      // "ludus"
  std::string to;             // the recipient
  std::string subject;        // UTF-8, one line
  std::string message_id;     // without angle brackets
  std::string in_reply_to;    // without angle brackets; "" for none
  int64_t date = 0;           // seconds since the epoch
  std::string language = "en";  // Content-Language: the language the text is written in
};

// The message text with CRLF line ends: From, To, Subject (RFC 2047 when not ASCII),
// Date, Message-ID, In-Reply-To, Auto-Submitted: auto-replied, Content-Language, MIME-Version, and a
// text/plain; charset=utf-8 quoted-printable body.
std::string render_mail(const MailHeaders& headers, std::string_view body);


}  // namespace ludus::server
