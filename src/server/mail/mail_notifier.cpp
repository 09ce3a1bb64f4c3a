// SPDX-License-Identifier: Apache-2.0
#include "server/mail/mail_notifier.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/turn_count.h"
#include "server/domain/play/board_text.h"
#include "server/domain/play/board_news.h"
#include "server/mail/mail_mime.h"
#include "server/domain/community/moderation.h"
#include "server/domain/play/offer_format.h"
#include "server/domain/service.h"
#include "server/storage/community_store.h"

namespace ludus::server {
namespace {

thread_local MailOrigin* current_origin = nullptr;

// What the reader can send back: a move while the game goes on; once it is over, a comment,
// the history, and (to a player, unless a block stands between the two) a rematch: the same
// game and settings, colours swapped.
std::string footer(Session& session, const Board& board, const std::string& user) {
  const std::string who = user.empty() ? "USER" : user;
  const std::string preference =
      fmt::format("Mails about your boards: mailpref {} PASSWORD every|digest|none\n", who);
  if (!board.is_over()) {
    return fmt::format(
        "\n-- \nludus play-by-e-mail.  Send a command in the Subject, e.g.\n"
        "  {} move {} {} PASSWORD MOVE\n"
        "with your comment, if any, in the body.  {}",
        board.game().name(), board.id(), who, preference);
  }
  std::string out = fmt::format(
      "\n-- \nludus play-by-e-mail.  This game is over; send a command in the Subject, e.g.\n"
      "  comment {0} {1} PASSWORD TEXT...   (a word on the game)\n"
      "  history {0}   (every move with its time and comments)\n"
      "  review {0} {1} PASSWORD   (the engine's review of the game: where it was won and lost)\n",
      board.id(), who);
  if (board.seat_of(user) >= 0 && may_meet(session, board.player(0), board.player(1)))
    out += fmt::format("  rematch {} {} PASSWORD   (the same game and settings, colours swapped)\n", board.id(), who);
  return out + preference;
}

// The event as mailed; `with_words`: with the actor's comment, if any.
std::string event_text(const Board& board, const BoardEvent& event, const PublicUrl& url, bool with_words) {
  std::string out = event.summary + ".\n";
  out += link_line("On the web", url.board(board.id()));
  // A finished game's mails (its end, its comments, its review ready) lead to its review.
  if (board.is_over() && board.num_moves() > 0) out += link_line("Its review on the web", url.review(board.id()));
  if (with_words && !event.comment.empty()) out += fmt::format("\n{} says:\n{}\n", event.actor, event.comment);
  out += "\n" + format_board(board);
  return out;
}

void queue(Session& session, const std::string& to, const std::string& user, const Board& board,
           const std::string& subject, const std::string& body, const std::string& in_reply_to, OutboxStatus status,
           int64_t now) {
  if (!is_plain_address(to)) return;  // an address no mail server takes: nothing to queue
  enqueue_mail(session, OutgoingMail{to, user, board.id(), subject, body, in_reply_to}, status, now);
}

void notify(Session& session, const Board& board, const BoardEvent& event, const std::vector<BoardReader>& readers,
            const PublicUrl& url, int64_t now) {
  if (event.summary.empty()) return;
  const std::string body = event_text(board, event, url, true);
  for (const BoardReader& reader : readers) {
    const std::string& user = reader.user;
    MailOrigin* origin = current_origin;
    if (origin && user == event.actor) {
      // The sender of the command gets the reply, at the address the command came from.
      queue(session, origin->address, user, board, origin->subject, body + footer(session, board, user),
            origin->message_id, OutboxStatus::Queued, now);
      origin->replied = true;
      continue;
    }
    // The author of a comment knows it (the page shows it, a command's reply says it).
    if (event.kind == BoardEventKind::Commented && user == event.actor) continue;
    auto addressee = mail_addressee(session, user);
    if (!addressee || addressee->email.empty()) continue;
    OutboxStatus status = OutboxStatus::Queued;
    if (event.kind != BoardEventKind::Reminded) {
      if (addressee->preference == MailPreference::None) continue;
      if (addressee->preference == MailPreference::Digest) status = OutboxStatus::Digest;
    }
    const std::string subject = board_subject(board) + ": " + board_news_headline(board_news(board, event, user), board, event);
    const std::string text = reader.words_barred ? event_text(board, event, url, false) : body;
    queue(session, addressee->email, user, board, subject, text + footer(session, board, user), "", status, now);
  }
}

void notify_offer(Session& session, const OfferRecord& offer, const OfferEvent& event, const PublicUrl& url,
                  int64_t now) {
  // Invited and withdrawn: the addressee hears of it; declined: the poster.
  const std::string user = event.kind == OfferEventKind::Declined ? offer.from : offer.to.value_or("");
  if (user.empty() || user == event.actor) return;
  auto addressee = mail_addressee(session, user);
  if (!addressee || addressee->email.empty() || addressee->preference == MailPreference::None) return;
  std::string subject, body = event.summary + ".\n\n" + format_offer(offer) + "\n";
  if (event.kind == OfferEventKind::Invited) body += link_line("To answer on the web, the lobby", url.lobby());
  switch (event.kind) {
    case OfferEventKind::Invited:
      subject = fmt::format("ludus: {} invites you to {} ({})", offer.from, offer.game, offer.name());
      body += fmt::format(
          "\nTo accept, send a mail with the Subject\n  join {} {} PASSWORD\nTo decline:\n  decline {} {} PASSWORD\n",
          offer.id, user, offer.id, user);
      break;
    case OfferEventKind::Declined: subject = fmt::format("ludus: {} declines {}", event.actor, offer.name()); break;
    case OfferEventKind::Withdrawn: subject = fmt::format("ludus: {} withdraws {}", event.actor, offer.name()); break;
  }
  body += fmt::format("\n-- \nludus play-by-e-mail.  Who may challenge you: limit {} PASSWORD ask|all|none [N|-]\n", user);
  if (!is_plain_address(addressee->email)) return;
  const OutboxStatus status = addressee->preference == MailPreference::Digest ? OutboxStatus::Digest : OutboxStatus::Queued;
  enqueue_mail(session, OutgoingMail{addressee->email, user, std::nullopt, subject, body, ""}, status, now);
}

}  // namespace

OfferEventSink offer_mail_notifier(Clock clock, PublicUrl url) {
  return [clock = std::move(clock), url = std::move(url)](Session& session, const OfferRecord& offer, const OfferEvent& event) {
    notify_offer(session, offer, event, url, clock());
  };
}

TournamentEventSink tournament_mail_notifier(Clock clock, PublicUrl url) {
  return [clock = std::move(clock), url = std::move(url)](Session& session, const TournamentRecord& tournament,
                                    const std::vector<TournamentPlayer>& players, const TournamentEvent& event) {
    const int64_t now = clock();
    const std::vector<TournamentGame> games =
        event.kind == TournamentEventKind::RoundStarted ? tournament_games(session, tournament.id) : std::vector<TournamentGame>{};
    for (const TournamentPlayer& p : players) {
      auto addressee = mail_addressee(session, p.player);
      if (!addressee || !is_plain_address(addressee->email) || addressee->preference == MailPreference::None) continue;
      std::string body = event.summary + ".\n";
      // The player's boards of the round that started, and how to move on them.
      for (const TournamentGame& g : games) {
        if (g.round != tournament.round || g.decided() || !g.board || (g.first != p.player && g.second != p.player)) continue;
        body += fmt::format("\nYour game: {} - {} on board {} ({}).  Move with: {} move {} {} PASSWORD MOVE\n", g.first,
                            g.second, *g.board, g.first == p.player ? "you move first" : "you move second", tournament.game,
                            *g.board, p.player);
        body += link_line("On the web", url.board(*g.board));
      }
      body += link_line("The tournament on the web", url.tournament(tournament.id));
      body += "\n" + event.text;
      body += fmt::format("\n-- \nludus play-by-e-mail.  The tournament: tournament show {}\n", tournament.id);
      const OutboxStatus status =
          addressee->preference == MailPreference::Digest ? OutboxStatus::Digest : OutboxStatus::Queued;
      enqueue_mail(session, OutgoingMail{addressee->email, p.player, std::nullopt, "ludus: " + event.summary, body, ""},
                   status, now);
    }
  };
}

ScopedMailOrigin::ScopedMailOrigin(MailOrigin& origin) : previous_(current_origin) { current_origin = &origin; }
ScopedMailOrigin::~ScopedMailOrigin() { current_origin = previous_; }

std::string board_subject(const Board& board) { return fmt::format("{} Board {}", board.game().info().title, board.id()); }

BoardEventSink mail_notifier(Clock clock, PublicUrl url) {
  return [clock = std::move(clock), url = std::move(url)](Session& session, const Board& board, const BoardEvent& event,
                                                         const std::vector<BoardReader>& readers) {
    notify(session, board, event, readers, url, clock());
  };
}

int prune_old_mail(Store& store, int64_t now) {
  return store.retrying([&](Session& session) {
    auto tx = session.write();
    const int pruned = prune_finished_mail(session, now - kFinishedMailKeptSeconds);
    forget_expired_secrets(session, now);
    prune_account_codes(session, now);  // the codes those mails carried, once dead
    tx.commit();
    return pruned;
  });
}

int queue_due_digests(Store& store, int64_t now) {
  std::vector<std::string> users;
  {
    auto session = store.session();
    auto tx = session.read();
    users = users_with_digest_due(session, now);
  }
  int queued = 0;
  for (const std::string& user : users) {
    // Two senders may digest the same user at once: the loser of the conflict runs again
    // and finds the parts already merged.
    const bool digested = store.retrying([&](Session& session) {
      auto tx = session.write();
      auto parts = digest_parts(session, user);
      auto addressee = mail_addressee(session, user);
      if (parts.empty()) return false;
      std::string body = fmt::format("Your daily digest: {} mail{} about your boards.\n", parts.size(),
                                     parts.size() == 1 ? "" : "s");
      for (const OutboxRow& part : parts) {
        body += fmt::format("\n==== {} ({})\n\n{}", part.mail.subject, format_time(part.created_at), part.mail.body);
        if (!body.empty() && body.back() != '\n') body += '\n';
        mark_merged(session, part.id);
      }
      // The address the user has now (it may have changed since the parts were queued).
      const std::string to = addressee && !addressee->email.empty() ? addressee->email : parts.back().mail.recipient;
      const bool usable = is_plain_address(to);
      if (usable)
        enqueue_mail(session, OutgoingMail{to, user, std::nullopt, "ludus daily digest", body, ""},
                     OutboxStatus::Queued, now);
      tx.commit();
      return usable;
    });
    if (digested) ++queued;
  }
  return queued;
}

}  // namespace ludus::server
