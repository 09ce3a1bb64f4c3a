// SPDX-License-Identifier: Apache-2.0
#pragma once
// The mails a board's changes cause, queued in the outbox inside the change's transaction
// (a BoardEventSink): to every player and follower with an e-mail address, the board in
// the classic mail layout (server/mail_format.h), as their preference says (every move, a
// daily digest, none); never the words of someone a block stands between the reader and
// (moderation.h's may_meet: not their comment, nor the comment of their move).  When the change came by mail, the sender gets the reply instead
// of their own notification, at the address the mail came from.
#include <cstdint>
#include <string>

#include "server/domain/accounts/accounts.h"
#include "server/domain/play/board_events.h"
#include "server/domain/public_url.h"
#include "server/storage/mail_store.h"
#include "server/domain/play/offers.h"
#include "server/domain/tournaments/tournaments.h"

namespace ludus::server {

// The mail a command on this thread came from (set by MailProcessor for one command).
struct MailOrigin {
  std::string address;     // where replies go (Reply-To or From)
  std::string subject;     // the reply's subject: "Re: " + the command with its password hidden
  std::string message_id;  // answered by In-Reply-To
  bool replied = false;    // set once a change's reply was queued
};

// Makes `origin` the current thread's mail origin while it lives.
class ScopedMailOrigin {
 public:
  explicit ScopedMailOrigin(MailOrigin& origin);
  ~ScopedMailOrigin();
  ScopedMailOrigin(const ScopedMailOrigin&) = delete;
  ScopedMailOrigin& operator=(const ScopedMailOrigin&) = delete;

 private:
  MailOrigin* previous_;
};

// Every mail about a board, an offer or a tournament links to it on the web page at `url`
// (none when it is empty).
// The sink to give Service::set_event_sink: queues the mails of each event.  A comment is
// not mailed to its author (unless the comment came by mail: then the author gets the reply).
BoardEventSink mail_notifier(Clock clock, PublicUrl url = {});
// The sink to give Service::set_offer_sink: mails an invitation to its addressee (with the
// join and decline lines to send back), and a declined or withdrawn one to the other side.
OfferEventSink offer_mail_notifier(Clock clock, PublicUrl url = {});
// The sink to give Tournaments::set_event_sink: mails each player of a tournament when a
// round starts (with their boards of it) and when it is over or cancelled (the standings).
TournamentEventSink tournament_mail_notifier(Clock clock, PublicUrl url = {});

// Merges the digest parts of every user whose digest hour has come since their oldest part
// was queued (users_with_digest_due) into one queued mail each (one transaction per user).
// Returns the number of digests queued.
int queue_due_digests(Store& store, int64_t now);

// Deletes the outbox rows finished more than kFinishedMailKeptSeconds before `now`, so the
// outbox does not grow for ever, and the dead account codes (community_store.h).  Returns
// how many outbox rows.
int prune_old_mail(Store& store, int64_t now);

// "Ndengrod Board 12" (the game's title and the board number) in `language`, the start of
// every subject.
std::string board_subject(const Board& board, const Language& language = Language());

}  // namespace ludus::server
