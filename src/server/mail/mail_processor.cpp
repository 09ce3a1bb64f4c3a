// SPDX-License-Identifier: Apache-2.0
#include "server/mail/mail_processor.h"

#include "core/error.h"

#include <cctype>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "core/text.h"
#include "server/domain/commands.h"
#include "server/base/errors.h"
#include "server/mail/mail_mime.h"
#include "server/mail/mail_notifier.h"
#include "server/storage/mail_store.h"

namespace ludus::server {
namespace {

constexpr size_t kMaxQuotedLines = 60;
constexpr size_t kMaxQuotedBytes = 6000;

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    out.emplace_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

bool blank(const std::string& line) {
  return line.find_first_not_of(" \t\r") == std::string::npos;
}

// The command as the error reply quotes it: passwords hidden, or nothing when it does
// not even split into words.
std::string shown(std::string_view command, const Language& language) {
  try {
    return CommandInterpreter::redacted(CommandInterpreter::split(command));
  } catch (const ServiceError&) {
    return tr(language, "(unreadable: an unterminated quote)");
  }
}

// Whether the command in a Subject reads the mail's body (the comment of a move).
bool reads_body(std::string_view command) {
  try {
    return CommandInterpreter::takes_comment(CommandInterpreter::split(command));
  } catch (const ServiceError&) {
    return false;  // an unterminated quote: refused as a command, whatever the body
  }
}

// Whether `text` is a command of the grammar (right or wrong), not a sentence.
bool names_command(std::string_view text) {
  try {
    return CommandInterpreter::names_command(CommandInterpreter::split(text));
  } catch (const ServiceError&) {
    return false;
  }
}

// The board a command is about: the first word of digits (with an optional #N).
std::optional<int64_t> board_of(std::string_view command) {
  try {
    for (const auto& word : CommandInterpreter::split(command)) {
      const std::string digits = word.substr(0, word.find('#'));
      if (!digits.empty() && digits.size() <= 15 &&
          digits.find_first_not_of("0123456789") == std::string::npos && digits[0] != '0')
        return std::stoll(digits);
    }
  } catch (const ServiceError&) {
  }
  return std::nullopt;
}

std::string quoted(const InboundMail& mail, bool multiple, const Language& language) {
  std::string out = "> Subject: " + shown(mail.subject, language) + "\n>\n";
  size_t lines = 0;
  for (const auto& line : lines_of(mail.body)) {
    if (++lines > kMaxQuotedLines || out.size() > kMaxQuotedBytes) {
      out += "> [...]\n";
      break;
    }
    out += "> " + (multiple && !blank(line) ? shown(line, language) : line) + "\n";
  }
  return out;
}

// Queues a reply (to `user`, the one the command's password proved, "" for none: the mail's
// Content-Language is theirs); with `counted`, also counts the mail (a refusal) in the same
// transaction.
void queue_reply(Service& service, const std::string& to, const std::string& user, const std::string& subject,
                 const std::string& body, const std::string& in_reply_to, std::optional<int64_t> board,
                 std::optional<MailReason> counted = std::nullopt) {
  service.store().retrying([&](Session& session) {
    auto tx = session.write();
    enqueue_mail(session, OutgoingMail{to, user, board, subject, body, in_reply_to}, OutboxStatus::Queued,
                 service.accounts().now());
    if (counted) count_received_mail(session, *counted);
    tx.commit();
  });
}

// Why a command was refused, from the kind of its error.
MailReason refusal_reason(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::BadRequest: return MailReason::BadCommand;
    case ErrorKind::Unauthorized: return MailReason::BadPassword;
    case ErrorKind::Forbidden: return MailReason::Forbidden;
    case ErrorKind::NotFound: return MailReason::NotFound;
    case ErrorKind::Conflict: return MailReason::Conflict;
    case ErrorKind::TooMany: return MailReason::RateLimited;
    case ErrorKind::Busy: return MailReason::Busy;
    case ErrorKind::Internal: return MailReason::Internal;
  }
  return MailReason::Internal;
}

}  // namespace

MailOutcome MailProcessor::process(std::string_view raw, bool truncated) {
  MailOutcome outcome = carry_out(raw, truncated);
  if (outcome.outcome() == ReceivedMail::Refused) return outcome;  // counted with its error reply
  service_->store().retrying([&](Session& session) {
    auto tx = session.write();
    count_received_mail(session, outcome.reason);
    tx.commit();
  });
  return outcome;
}

MailOutcome MailProcessor::carry_out(std::string_view raw, bool truncated) {
  InboundMail mail = parse_inbound_mail(raw, truncated);
  if (mail.reply_address.empty())
    return {MailReason::NoAddress, "no From or Reply-To address to answer" +
                                            (mail.error.empty() ? std::string() : " (" + mail.error + ")")};
  if (mail.automatic) return {MailReason::Automatic, "an automatic mail from " + mail.reply_address + ": not answered"};
  if (limits_.max_replies_per_hour > 0) {
    auto session = service_->store().session();
    auto tx = session.read();
    if (mail_to_since(session, mail.reply_address, service_->accounts().now() - 3600) >= limits_.max_replies_per_hour)
      return {MailReason::Flooded, "too many mails to " + mail.reply_address +
                                              " in the last hour (a mail loop, or a forged address?): not answered"};
  }

  const bool multiple = lowercase(mail.subject) == "multiple";
  // Who the commands' passwords prove: the replies follow their language (English until one
  // is proved: a mail says nothing else of its reader).
  CommandCaller caller(LoginClient("mail:" + mail.reply_address));
  // `reason` in the reader's language; `logged`: in English, for the log.
  auto refuse = [&](MailReason why, const std::string& command, const std::string& reason, const std::string& done,
                    const std::string& logged) {
    const Language& language = caller.language();
    // A mail refused before its command ran (too big, a bad body) names the Subject's board.
    const std::string& about = command.empty() && !multiple ? mail.subject : command;
    const auto board = about.empty() ? std::nullopt : board_of(about);
    const std::string subject =
        board ? tr(language, "Board {board} Error", {{"board", *board}}) : tr(language, "Board Error");
    std::string body = tr(language, "Your mail was not carried out: {reason}", {{"reason", reason}}) + "\n\n";
    if (!command.empty())
      body += tr(language, "The command (password hidden): {command}", {{"command", shown(command, language)}}) + "\n\n";
    if (!done.empty()) body += tr(language, "Carried out before it (each answered in its own mail):") + "\n" + done + "\n";
    body += tr(language, "Send a mail with the Subject 'help' for the commands.") + "\n";
    body += "\n" + tr(language, "Your mail:") + "\n" + quoted(mail, multiple, language);
    queue_reply(*service_, mail.reply_address, caller.user(), subject, body, mail.message_id, board, why);
    return MailOutcome{why, "refused mail from " + mail.reply_address + ": " + logged.substr(0, 200)};
  };
  // A refusal before any command ran: in English (nobody is proved yet).
  auto refuse_mail = [&](MailReason why, const std::string& reason) { return refuse(why, "", reason, "", reason); };
  if (truncated)
    return refuse_mail(MailReason::TooBig, fmt::format("the mail is bigger than {} bytes; send the command alone", limits_.max_size));
  if (!mail.error.empty()) return refuse_mail(MailReason::Malformed, mail.error);
  // A body that cannot be read stops only the commands that read it; the others ignore it.
  if (!mail.body_error.empty() && (multiple || reads_body(mail.subject)))
    return refuse_mail(MailReason::UnreadableBody, mail.body_error);

  std::vector<std::string> commands;
  std::string comment;
  if (multiple) {
    for (const auto& line : lines_of(mail_comment(mail.body)))
      if (!blank(line)) commands.push_back(line);
    if (commands.empty())
      return refuse_mail(MailReason::NoCommands, "the Subject is 'multiple' but the body has no command lines");
    if (commands.size() > static_cast<size_t>(limits_.max_commands))
      return refuse_mail(MailReason::TooManyCommands, fmt::format("more than {} commands in one mail", limits_.max_commands));
  } else {
    commands.push_back(mail.subject);
    comment = mail_comment(mail.body);
    // A reply to one of ludus's mails keeps its Subject ("Ndengrod Board 12: your move" once
    // the "Re:" is stripped): then the body's first line is the command, the rest the comment.
    if (!names_command(mail.subject)) {
      const size_t end = comment.find('\n');
      const std::string first = comment.substr(0, end);
      if (names_command(first)) {
        commands[0] = first;
        comment = end == std::string::npos ? std::string() : mail_comment(comment.substr(end + 1));
      }
    }
  }

  // A Subject that is no command at all is most often a reply to a ludus mail.
  auto hint = [&](const std::string& command, const Language& language) {
    return multiple || names_command(command)
               ? std::string()
               : "; " + tr(language, "to answer a mail, write the command as the first line of the body (e.g. {example})",
                           {{"example", "'move 12 alice PASSWORD e5'"}});
  };
  CommandInterpreter interpreter(*service_);
  std::string done;
  for (const std::string& command : commands) {
    try {
      const std::vector<std::string> words = CommandInterpreter::split(command);
      MailOrigin origin{mail.reply_address, "Re: " + CommandInterpreter::redacted(words), mail.message_id, false};
      std::string reply;
      {
        ScopedMailOrigin scope(origin);
        reply = interpreter.execute(words, caller, comment);
      }
      // A change queued its reply in its own transaction; anything else is answered now.
      if (!origin.replied)
        queue_reply(*service_, mail.reply_address, caller.user(), origin.subject, reply, mail.message_id,
                    board_of(command));
      done += "  " + shown(command, caller.language()) + "\n";
    } catch (const ServiceError& e) {
      return refuse(refusal_reason(e.kind()), command, e.message_in(caller.language()) + hint(command, caller.language()),
                    done, e.what() + hint(command, Language()));
    } catch (const LudusError& e) {  // core's error that the grammar did not name (an illegal move)
      return refuse(MailReason::BadCommand, command, e.what() + hint(command, caller.language()), done,
                    e.what() + hint(command, Language()));
    }
  }
  return {MailReason::None, fmt::format("{} command{} from {}", commands.size(), commands.size() == 1 ? "" : "s",
                                               mail.reply_address)};
}

}  // namespace ludus::server
