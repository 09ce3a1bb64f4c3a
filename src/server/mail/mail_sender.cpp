// SPDX-License-Identifier: Apache-2.0
#include "server/mail/mail_sender.h"

#include <curl/curl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <random>
#include <vector>

#include <fmt/format.h>

#include "server/domain/accounts/chosen_language.h"
#include "server/mail/mail_mime.h"
#include "server/storage/mail_store.h"

extern char** environ;

namespace ludus::server {
namespace {

void init_curl() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// A name for this sender's claims, unique across processes and calls.
std::string claim_name() {
  static std::atomic<uint64_t> counter{0};
  static const uint64_t nonce = std::random_device{}();
  return fmt::format("{}-{:x}-{}", getpid(), nonce, counter++);
}

struct Upload {
  const std::string* text;
  size_t at = 0;
};

size_t read_upload(char* buffer, size_t size, size_t count, void* user) {
  auto* upload = static_cast<Upload*>(user);
  const size_t n = std::min(size * count, upload->text->size() - upload->at);
  std::memcpy(buffer, upload->text->data() + upload->at, n);
  upload->at += n;
  return n;
}

// SMTP replies that say the recipient or the message will never be taken.
bool permanent_refusal(long code) { return code == 501 || (code >= 550 && code <= 554); }

}  // namespace

std::string outbox_message_id(int64_t row, int64_t created_at, const std::string& from_address) {
  const auto at = from_address.rfind('@');
  const std::string domain = at == std::string::npos ? "localhost" : from_address.substr(at + 1);
  return fmt::format("ludus.{}.{}@{}", row, created_at, domain);
}

MailSender::MailSender(Store& store, MailTransport transport, Clock clock)
    : store_(&store), transport_(std::move(transport)), clock_(std::move(clock)) {}

bool MailSender::has_due() {
  auto session = store_->session();
  auto tx = session.read();
  return mail_due(session, clock_());
}

SendReport MailSender::send_due() {
  SendReport report;
  const std::string claimer = claim_name();
  for (;;) {
    // Two senders claiming at once conflict under PostgreSQL's SERIALIZABLE writes: the
    // loser runs its claim again and then skips the rows the winner took.
    // Each mail with the language it was written in: its user's (chosen_language.h), which
    // every writer of the outbox used.
    std::vector<std::string> languages;
    const std::vector<OutboxRow> rows = store_->retrying([&](Session& session) {
      auto tx = session.write();
      const int64_t now = clock_();
      auto claimed = claim_due_mail(session, claimer, now, now + kClaimSeconds, 20);
      languages.clear();
      for (const OutboxRow& row : claimed) languages.push_back(chosen_language(session, row.mail.user).code());
      tx.commit();
      return claimed;
    });
    if (rows.empty()) return report;
    for (size_t i = 0; i < rows.size(); ++i) {
      const OutboxRow& row = rows[i];
      MailHeaders headers{transport_.from_address, transport_.from_name, row.mail.recipient, row.mail.subject,
                          outbox_message_id(row.id, row.created_at, transport_.from_address), row.mail.in_reply_to,
                          row.created_at, languages[i]};
      bool permanent = false;
      const std::string error = deliver(row.mail.recipient, render_mail(headers, row.mail.body), permanent);
      store_->retrying([&](Session& session) {
        auto tx = session.write();
        const int64_t now = clock_();
        if (error.empty()) {
          finish_mail(session, row.id, claimer, OutboxStatus::Sent, now);
        } else if (permanent) {
          finish_mail(session, row.id, claimer, OutboxStatus::Failed, now, error);
        } else {
          const int64_t wait = std::min(kLongestRetry, kFirstRetry << std::min(row.attempts, 20));
          retry_mail(session, row.id, claimer, now + wait, error);
        }
        tx.commit();
      });
      if (error.empty()) {
        ++report.sent;
      } else {
        ++(permanent ? report.failed : report.retried);
        report.last_error = error;
      }
    }
    // Rows retried later keep their claim released but are not due again in this call.
  }
}

std::string MailSender::deliver(const std::string& recipient, const std::string& message, bool& permanent) {
  permanent = false;
  if (!is_plain_address(recipient)) {
    permanent = true;
    return "not a usable address: " + recipient.substr(0, 80);
  }
  if (!transport_.sendmail.empty()) return deliver_sendmail(message);
  if (!transport_.smtp_url.empty()) return deliver_smtp(recipient, message, permanent);
  return "no mail transport configured (--smtp URL or --sendmail)";
}

std::string MailSender::deliver_smtp(const std::string& recipient, const std::string& message, bool& permanent) {
  init_curl();
  std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) return "cannot start libcurl";
  CURL* c = curl.get();
  const std::string from = "<" + transport_.from_address + ">";
  const std::string to = "<" + recipient + ">";
  curl_slist* recipients = curl_slist_append(nullptr, to.c_str());
  std::unique_ptr<curl_slist, void (*)(curl_slist*)> recipients_owner(recipients, curl_slist_free_all);
  Upload upload{&message};
  char error_buffer[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(c, CURLOPT_URL, transport_.smtp_url.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(c, CURLOPT_MAIL_RCPT, recipients);
  curl_easy_setopt(c, CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(c, CURLOPT_READDATA, &upload);
  curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c, CURLOPT_USE_SSL, transport_.require_tls ? static_cast<long>(CURLUSESSL_ALL)
                                                               : static_cast<long>(CURLUSESSL_TRY));
  curl_easy_setopt(c, CURLOPT_TIMEOUT, static_cast<long>(transport_.timeout.count()));
  curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 20L);
  curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c, CURLOPT_ERRORBUFFER, error_buffer);
  const CURLcode rc = curl_easy_perform(c);
  if (rc == CURLE_OK) return "";
  long code = 0;
  curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &code);
  permanent = permanent_refusal(code);
  std::string reason = error_buffer[0] ? error_buffer : curl_easy_strerror(rc);
  return code ? fmt::format("SMTP {}: {}", code, reason) : reason;
}

std::string MailSender::deliver_sendmail(const std::string& message) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return std::string("pipe: ") + std::strerror(errno);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[0], STDIN_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[1]);
  std::string program = transport_.sendmail;
  std::vector<char*> argv = {program.data(), const_cast<char*>("-t"), const_cast<char*>("-i"), nullptr};
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[0]);
  if (spawned != 0) {
    close(pipe_fds[1]);
    return "cannot run " + program + ": " + std::strerror(spawned);
  }
  // sendmail takes LF line ends.
  std::string text;
  text.reserve(message.size());
  for (size_t i = 0; i < message.size(); ++i)
    if (!(message[i] == '\r' && i + 1 < message.size() && message[i + 1] == '\n')) text += message[i];
  std::string error;
  size_t at = 0;
  while (at < text.size()) {
    ssize_t n = write(pipe_fds[1], text.data() + at, text.size() - at);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error = std::string("writing to ") + program + ": " + std::strerror(errno);
      break;
    }
    at += static_cast<size_t>(n);
  }
  close(pipe_fds[1]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!error.empty()) return error;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return fmt::format("{} failed (exit status {})", program, WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return "";
}

}  // namespace ludus::server
