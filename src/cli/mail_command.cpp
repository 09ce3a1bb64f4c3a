// SPDX-License-Identifier: Apache-2.0
// Play by e-mail from the command line (docs/mail.md):
//   ludus mail [--db FILE]                 one mail on standard input, as a mail server's pipe
//                                          alias delivers it ("|ludus mail --db /srv/ludus.db")
//   ludus mail --send-queue --smtp URL     delivers the outbox (from cron)
//   ludus cleanup [--db FILE] [--now T]    time limits and daily digests (from cron)
#include <signal.h>
#include <unistd.h>

#include <ctime>
#include <iostream>

#include "cli/command.h"
#include "cli/mail_options.h"
#include "cli/server_commands.h"
#include "core/text.h"
#include "server/domain/bots/bot_events.h"
#include "server/domain/community/notifications.h"
#include "server/mail/mail_processor.h"
#include "server/mail/mail_sender.h"

namespace ludus::cli {
namespace {

// sysexits.h: the mail server bounces a mail on EX_DATAERR and tries again later on
// EX_TEMPFAIL (the database was busy or broken: the mail is not lost).
constexpr int kExitDataError = 65;
constexpr int kExitTempFail = 75;

// "2026-11-23T21:00:00Z", "2026-11-23 21:00" or "2026-11-23" (UTC) -> seconds.
std::optional<int64_t> parse_utc_time(const std::string& text) {
  for (const char* format : {"%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%MZ",
                             "%Y-%m-%d %H:%M", "%Y-%m-%d"}) {
    std::tm tm{};
    const char* end = strptime(text.c_str(), format, &tm);
    if (end && *end == '\0') return static_cast<int64_t>(timegm(&tm));
  }
  return std::nullopt;
}

// The clock of a command: the real one, or the fixed time an operator gave with --now
// (to run the time limits as of a date, or to replay a missed day).
server::Clock clock_from(const std::string& now) {
  if (now.empty()) return server::system_clock();
  const auto at = parse_utc_time(now);
  if (!at) throw server::ServiceError(server::ErrorKind::BadRequest, "usage", "--now must be a UTC time like 2026-11-23T21:00:00Z, not '" + now + "'");
  return [t = *at] { return t; };
}

struct MailArgs {
  std::string db = "ludus.db";
  size_t max_size = server::MailLimits{}.max_size;
  bool send_queue = false;
  server::MailTransport transport;
  std::string now;
  bool test_hashing = false;
  std::string public_url;
};

}  // namespace

void add_mail_transport_options(CLI::App& app, server::MailTransport& transport) {
  app.add_option("--smtp", transport.smtp_url,
                 "SMTP server: smtp://host:port (STARTTLS when offered) or smtps://host:port; user:password@ for AUTH "
                 "(put a URL with a password in LUDUS_SMTP, not on the command line)")
      ->envname("LUDUS_SMTP");
  app.add_flag("--starttls", transport.require_tls, "Refuse to send over smtp:// without STARTTLS");
  app.add_option("--sendmail", transport.sendmail, "Send through this program run as PROGRAM -t -i instead of SMTP");
  app.add_option("--from", transport.from_address, "The From address of ludus's mails")->capture_default_str();
}

namespace {

// Reads standard input: at most `limit` bytes kept, the rest read and dropped (a pipe
// writer must not see its reader go away); returns whether there was more.
bool read_stdin(std::string& out, size_t limit) {
  char buffer[65536];
  bool truncated = false;
  for (;;) {
    ssize_t n = read(STDIN_FILENO, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    const size_t keep = std::min(static_cast<size_t>(n), limit - std::min(limit, out.size()));
    out.append(buffer, keep);
    if (keep < static_cast<size_t>(n)) truncated = true;
  }
  return truncated;
}

int run_mail(const MailArgs& args) {
  signal(SIGPIPE, SIG_IGN);  // a sendmail that exits early is an error, not a crash
  try {
    const server::Clock clock = clock_from(args.now);
    server::check_database_file(args.db);
    server::Store store(args.db);
    if (args.send_queue) {
      if (!args.transport.configured()) {
        std::cerr << "ludus: error: --send-queue needs --smtp URL or --sendmail PROGRAM\n";
        return kExitUsage;
      }
      server::queue_due_digests(store, clock());
      server::MailSender sender(store, args.transport, clock);
      const server::SendReport report = sender.send_due();
      std::cout << "sent " << report.sent << ", to retry " << report.retried << ", refused " << report.failed << "\n";
      if (!report.last_error.empty())
        std::cerr << "ludus: last mail error: " << terminal_safe(report.last_error) << "\n";  // the SMTP server's words
      return report.retried + report.failed > 0 ? kExitFailure : 0;
    }
    OfflineService offline(
        store, args.test_hashing ? server::PasswordPolicy::fast() : server::PasswordPolicy::interactive(), clock,
        args.public_url);
    server::MailProcessor processor(offline.service, server::MailLimits{args.max_size});
    std::string raw;
    const bool truncated = read_stdin(raw, args.max_size);
    const server::MailOutcome outcome = processor.process(raw, truncated);
    std::cerr << "ludus: " << terminal_safe(outcome.summary) << "\n";  // it quotes the mail
    if (outcome.reason == server::MailReason::NoAddress) return kExitDataError;
    return 0;
  } catch (const server::ServiceError& e) {
    return report_server_error(e, kExitTempFail);
  }
}

const bool kMail = register_command({"mail", "Play by e-mail: one mail on standard input, or --send-queue", 62,
                                     [](CLI::App& app) {
  auto args = std::make_shared<MailArgs>();
  app.add_option("--db", args->db,
                 "Database: an SQLite file (created if missing), sqlite:PATH, or postgresql://USER@HOST/DBNAME")
      ->envname("LUDUS_DB")
      ->capture_default_str();
  app.add_option("--max-size", args->max_size, "Largest mail in bytes; bigger ones get an error reply")
      ->capture_default_str()->check(CLI::Range(size_t{1024}, size_t{1} << 30));
  app.add_flag("--send-queue", args->send_queue, "Deliver the queued mails (and due digests) instead of reading one");
  add_public_url_option(app, args->public_url);
  add_mail_transport_options(app, args->transport);
  app.add_option("--now", args->now, "Act as if it were this UTC time (2026-11-23T21:00:00Z)");
  app.add_flag("--test-hashing", args->test_hashing, "Cheap password hashing for new passwords (tests only)");
  app.footer("Wiring to Postfix or Exim, the grammar and the preferences: docs/mail.md.");
  set_examples(app, {"ludus mail --db /var/lib/ludus/ludus.db < message.eml",
                     "ludus mail --db /var/lib/ludus/ludus.db --send-queue --smtp smtp://localhost:25"});
  return [args] { return run_mail(*args); };
}});

struct CleanupArgs {
  std::string db = "ludus.db";
  std::string now;
  std::string public_url;
};

const bool kCleanup = register_command({"cleanup", "Time limits (reminders, losses on time), daily digests, old mail, notifications and bot events deleted, tournaments started", 63,
                                        [](CLI::App& app) {
  auto args = std::make_shared<CleanupArgs>();
  app.add_option("--db", args->db, "Database: an SQLite file, sqlite:PATH, or postgresql://USER@HOST/DBNAME")
      ->envname("LUDUS_DB")
      ->capture_default_str();
  app.add_option("--now", args->now, "Act as if it were this UTC time (2026-11-23T21:00:00Z)");
  add_public_url_option(app, args->public_url);
  set_examples(app, {"ludus cleanup --db /var/lib/ludus/ludus.db", "ludus cleanup --db ludus.db --now 2026-12-01T00:00:00Z"});
  return [args] {
    try {
      const server::Clock clock = clock_from(args->now);
      server::check_database_file(args->db);
      server::Store store(args->db);
      OfflineService offline(store, server::PasswordPolicy::interactive(), clock, args->public_url);
      const auto limits = offline.service.enforce_time_limits();
      const int digests = server::queue_due_digests(store, clock());
      const int pruned = server::prune_old_mail(store, clock());
      const int notices = server::prune_old_notifications(store, clock());
      const int bot_events = server::prune_old_bot_events(store, clock());
      const int expired = offline.service.expire_offers();
      const int tournaments = offline.service.tournaments().start_due();
      offline.accounts.answer_reset_requests();  // any a crashed process left
      offline.accounts.forget_stale_counts();
      std::cout << "reminders " << limits.reminded << ", lost on time " << limits.forfeited << ", digests " << digests
                << ", old mails deleted " << pruned << ", old notifications deleted " << notices
                << ", old bot events deleted " << bot_events << ", offers expired " << expired << ", tournaments started "
                << tournaments << "\n";
      return 0;
    } catch (const server::ServiceError& e) {
      return report_server_error(e);
    }
  };
}});

}  // namespace
}  // namespace ludus::cli
