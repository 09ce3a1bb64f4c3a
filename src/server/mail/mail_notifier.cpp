// SPDX-License-Identifier: Apache-2.0
#include "server/mail/mail_notifier.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "core/turn_count.h"
#include "server/domain/accounts/chosen_language.h"
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
// game and settings, colours swapped.  The commands are the grammar's (never translated),
// the words around them the reader's.
std::string footer(Session& session, const Board& board, const std::string& user, const Language& language) {
  const std::string who = user.empty() ? "USER" : user;
  const std::string preference =
      tr(language, "Mails about your boards: {command}",
         {{"command", fmt::format("mailpref {} PASSWORD every|digest|none", who)}}) +
      "\n";
  if (!board.is_over()) {
    return "\n-- \n" + tr(language, "ludus play-by-e-mail.  Send a command in the Subject, e.g.") + "\n" +
           fmt::format("  {} move {} {} PASSWORD MOVE\n", board.game().name(), board.id(), who) +
           tr(language, "with your comment, if any, in the body.") + "  " + preference;
  }
  std::string out =
      "\n-- \n" + tr(language, "ludus play-by-e-mail.  This game is over; send a command in the Subject, e.g.") + "\n" +
      fmt::format("  comment {} {} PASSWORD TEXT...   ({})\n", board.id(), who, tr(language, "a word on the game")) +
      fmt::format("  history {}   ({})\n", board.id(), tr(language, "every move with its time and comments")) +
      fmt::format("  review {} {} PASSWORD   ({})\n", board.id(), who,
                  tr(language, "the engine's review of the game: where it was won and lost"));
  if (board.seat_of(user) >= 0 && may_meet(session, board.player(0), board.player(1)))
    out += fmt::format("  rematch {} {} PASSWORD   ({})\n", board.id(), who,
                       tr(language, "the same game and settings, colours swapped"));
  return out + preference;
}

// The event as mailed in `language`; `with_words`: with the actor's comment, if any.
std::string event_text(const Board& board, const BoardEvent& event, const PublicUrl& url, bool with_words,
                       const Language& language) {
  std::string out = event.summary.in(language) + ".\n";
  out += link_line(tr(language, "On the web"), url.board(board.id()));
  // A finished game's mails (its end, its comments, its review ready) lead to its review.
  if (board.is_over() && board.num_moves() > 0) out += link_line(tr(language, "Its review on the web"), url.review(board.id()));
  if (with_words && !event.comment.empty())
    out += "\n" + tr(language, "{user} says:", {{"user", event.actor}}) + "\n" + event.comment + "\n";
  out += "\n" + format_board(board, std::nullopt, language);
  return out;
}

void queue(Session& session, const std::string& to, const std::string& user, const Board& board,
           const std::string& subject, const std::string& body, const std::string& in_reply_to, OutboxStatus status,
           int64_t now) {
  if (!is_plain_address(to)) return;  // an address no mail server takes: nothing to queue
  enqueue_mail(session, OutgoingMail{to, user, board.id(), subject, body, in_reply_to}, status, now);
}

// Each reader's mail is written in their language (users.language; chosen_language.h).
void notify(Session& session, const Board& board, const BoardEvent& event, const std::vector<BoardReader>& readers,
            const PublicUrl& url, int64_t now) {
  if (event.summary.empty()) return;
  for (const BoardReader& reader : readers) {
    const std::string& user = reader.user;
    MailOrigin* origin = current_origin;
    const Language language = chosen_language(session, user);
    if (origin && user == event.actor) {
      // The sender of the command gets the reply, at the address the command came from, in
      // their language: the command's password proved them (CommandCaller::language).
      queue(session, origin->address, user, board, origin->subject,
            event_text(board, event, url, true, language) + footer(session, board, user, language),
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
    const std::string subject = board_subject(board, language) + ": " +
                                board_news_headline(board_news(board, event, user), board, event, language);
    const std::string text = event_text(board, event, url, !reader.words_barred, language);
    queue(session, addressee->email, user, board, subject, text + footer(session, board, user, language), "", status, now);
  }
}

void notify_offer(Session& session, const OfferRecord& offer, const OfferEvent& event, const PublicUrl& url,
                  int64_t now) {
  // Invited and withdrawn: the addressee hears of it; declined: the poster.
  const std::string user = event.kind == OfferEventKind::Declined ? offer.from : offer.to.value_or("");
  if (user.empty() || user == event.actor) return;
  auto addressee = mail_addressee(session, user);
  if (!addressee || addressee->email.empty() || addressee->preference == MailPreference::None) return;
  const Language language = chosen_language(session, user);
  std::string subject, body = event.summary.in(language) + ".\n\n" + format_offer(offer, language) + "\n";
  if (event.kind == OfferEventKind::Invited)
    body += link_line(tr(language, "To answer on the web, the lobby"), url.lobby());
  switch (event.kind) {
    case OfferEventKind::Invited:
      subject = tr(language, "ludus: {user} invites you to {game} (offer {offer})",
                   {{"user", offer.from}, {"game", offer.game}, {"offer", offer.id}});
      body += "\n" + tr(language, "To accept, send a mail with the Subject") +
              fmt::format("\n  join {} {} PASSWORD\n", offer.id, user) + tr(language, "To decline:") +
              fmt::format("\n  decline {} {} PASSWORD\n", offer.id, user);
      break;
    case OfferEventKind::Declined:
      subject = tr(language, "ludus: {user} declines offer {offer}", {{"user", event.actor}, {"offer", offer.id}});
      break;
    case OfferEventKind::Withdrawn:
      subject = tr(language, "ludus: {user} withdraws offer {offer}", {{"user", event.actor}, {"offer", offer.id}});
      break;
  }
  body += "\n-- \n" +
          tr(language, "ludus play-by-e-mail.  Who may challenge you: {command}",
             {{"command", fmt::format("limit {} PASSWORD ask|all|none [N|-]", user)}}) +
          "\n";
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
      const Language language = chosen_language(session, p.player);
      std::string body = event.summary.in(language) + ".\n";
      // The player's boards of the round that started, and how to move on them.
      for (const TournamentGame& g : games) {
        if (g.round != tournament.round || g.decided() || !g.board || (g.first != p.player && g.second != p.player)) continue;
        const std::string order = g.first == p.player ? tr(language, "you move first") : tr(language, "you move second");
        body += "\n" +
                // TRANSLATORS: {first} - {second} are the two players; {command} is the command to move (never translated).
                tr(language, "Your game: {first} - {second} on board {board} ({order}).  Move with: {command}",
                   {{"first", g.first},
                    {"second", g.second},
                    {"board", *g.board},
                    {"order", order},
                    {"command", fmt::format("{} move {} {} PASSWORD MOVE", tournament.game, *g.board, p.player)}}) +
                "\n";
        body += link_line(tr(language, "On the web"), url.board(*g.board));
      }
      body += link_line(tr(language, "The tournament on the web"), url.tournament(tournament.id));
      body += "\n" + event.text;
      body += "\n-- \n" +
              tr(language, "ludus play-by-e-mail.  The tournament: {command}",
                 {{"command", fmt::format("tournament show {}", tournament.id)}}) +
              "\n";
      const OutboxStatus status =
          addressee->preference == MailPreference::Digest ? OutboxStatus::Digest : OutboxStatus::Queued;
      enqueue_mail(session, OutgoingMail{addressee->email, p.player, std::nullopt, "ludus: " + event.summary.in(language), body, ""},
                   status, now);
    }
  };
}

ScopedMailOrigin::ScopedMailOrigin(MailOrigin& origin) : previous_(current_origin) { current_origin = &origin; }
ScopedMailOrigin::~ScopedMailOrigin() { current_origin = previous_; }

std::string board_subject(const Board& board, const Language& language) {
  // TRANSLATORS: the start of every mail's subject about a board; {game} is the game's name.
  return tr(language, "{game} Board {board}", {{"game", board.game().info().title}, {"board", board.id()}});
}

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
      const Language language = chosen_language(session, user);
      std::string body = trn(language, "Your daily digest: {n} mail about your boards.",
                             "Your daily digest: {n} mails about your boards.", static_cast<int64_t>(parts.size())) +
                         "\n";
      for (const OutboxRow& part : parts) {
        body += fmt::format("\n==== {} ({})\n\n{}", part.mail.subject, format_time(part.created_at), part.mail.body);
        if (!body.empty() && body.back() != '\n') body += '\n';
        mark_merged(session, part.id);
      }
      // The address the user has now (it may have changed since the parts were queued).
      const std::string to = addressee && !addressee->email.empty() ? addressee->email : parts.back().mail.recipient;
      const bool usable = is_plain_address(to);
      if (usable)
        enqueue_mail(session, OutgoingMail{to, user, std::nullopt, tr(language, "ludus daily digest"), body, ""},
                     OutboxStatus::Queued, now);
      tx.commit();
      return usable;
    });
    if (digested) ++queued;
  }
  return queued;
}

}  // namespace ludus::server
