// SPDX-License-Identifier: Apache-2.0
// The lobby (#/lobby): open challenges (seeks) anyone eligible may join, invitations to the
// user (accept = join, or decline), the user's own invitations and seeks (withdraw), and the
// form to post a seek.  GET /api/offers, POST /api/offers, POST /api/offers/{id}/join and
// /decline (docs/http-api.md).  Kept current by the WebSocket's lobby messages (live.js),
// and polled every 10 s while shown (the socket need not announce every offer).
'use strict';

const LOBBY_POLL_MS = 10000;
const START_RATING = 1500;  // the rating of a player without rated games (Glicko-2's start)

const lobby = { timer: null, reload: null, loading: 0 };

async function showLobby() {
  clearInterval(lobby.timer);
  lobby.timer = setInterval(() => {
    if (shownCommunityView() !== 'lobby-view') {
      clearInterval(lobby.timer);
      return;
    }
    if (!document.hidden) loadLobby();
  }, LOBBY_POLL_MS);
  const signedIn = Boolean(app.token);
  $('invitations-panel').hidden = !signedIn;
  $('outgoing-panel').hidden = !signedIn;
  $('seek-form').hidden = !signedIn;
  $('seek-signin').hidden = signedIn;
  await loadLobby();
}

// A change of the lobby pushed by the server (or a board created): reload soon, once.
function lobbyChanged() {
  if (shownCommunityView() !== 'lobby-view') return;
  clearTimeout(lobby.reload);
  lobby.reload = setTimeout(loadLobby, 200);
}

// The invitations waiting for the signed-in user, wherever the page is: a count on the
// Lobby link and a line on the home view.  A sent invitation's note on the new-game form goes
// once the invitation is answered (the game started, or it was declined).
async function invitationsChanged() {
  let offers = [];
  if (app.token) {
    try {
      offers = (await api('GET', `/api/offers?user=${encodeURIComponent(app.user)}`)).offers;
    } catch (e) {
      return;  // the count stays as it was
    }
  }
  app.offers = offers;  // the board's page shows a rematch from them (rematch.js)
  if (app.board) renderRematch(app.board);
  const waiting = offers.filter((o) => o.kind === 'invitation' && o.to === app.user).length;
  const link = document.querySelector('.top-nav a[href="#/lobby"]');
  link.textContent = waiting ? t('Lobby ({n})', { n: formatNumber(waiting) }) : t('Lobby');
  if (waiting) link.setAttribute('aria-label', tn('Lobby: {n} invitation for you', 'Lobby: {n} invitations for you', waiting));
  else link.removeAttribute('aria-label');
  const note = $('home-invitations');
  note.hidden = !waiting;
  if (waiting) {
    note.replaceChildren(`${tn('An invitation waits for your answer.', '{n} invitations wait for your answer.', waiting)} `,
      el('a', { href: '#/lobby', text: t('See the lobby') }));
  }
  if (app.invitationSent && !offers.some((o) => o.id === app.invitationSent)) {
    app.invitationSent = null;
    $('challenge-message').replaceChildren();
    $('challenge-message').classList.remove('ok');
  }
}

// The open seeks, and with a user the invitations to and from the user; newest first.
async function fetchOffers() {
  const lists = [api('GET', '/api/offers')];
  if (app.token) lists.push(api('GET', `/api/offers?user=${encodeURIComponent(app.user)}`));
  const byId = new Map();
  for (const list of await Promise.all(lists)) for (const offer of list.offers) byId.set(offer.id, offer);
  return [...byId.values()].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
}

// The user's rating per game (START_RATING for a game not played yet), for eligibility.
async function myRatings() {
  if (!app.token) return new Map();
  try {
    const me = await api('GET', `/api/users/${encodeURIComponent(app.user)}`);
    return new Map(me.ratings.map((r) => [r.game, r.rating]));
  } catch (e) {
    return new Map();  // a server without ratings: everybody starts equal
  }
}

async function loadLobby() {
  const generation = ++lobby.loading;
  let offers;
  let ratings;
  try {
    [offers, ratings] = await Promise.all([fetchOffers(), myRatings()]);
  } catch (e) {
    if (generation === lobby.loading) say('lobby-error', t('Cannot load the lobby: {error}', { error: e.message }));
    return;
  }
  if (generation !== lobby.loading) return;  // a newer load is on its way
  say('lobby-error', '');
  const me = app.token ? app.user : null;
  const incoming = offers.filter((o) => o.kind === 'invitation' && o.to === me);
  const seeks = offers.filter((o) => o.kind === 'seek' && o.from !== me);
  const outgoing = offers.filter((o) => o.from === me);
  fillOffers('invitations-in', incoming, t('No invitations are waiting for you.'), (o) => [
    offerButton(t('Accept'), 'primary', o, () => joinOffer(o)),
    offerButton(t('Decline'), '', o, () => declineOffer(o)),
  ]);
  fillOffers('seek-list', seeks, t('No open challenges right now. Post one!'), (o) => {
    const eligible = seekEligibility(o, ratings);
    const join = offerButton(t('Join'), 'primary', o, () => joinOffer(o));
    join.disabled = !me || !eligible.ok;
    return [join];
  }, ratings);
  fillOffers('offers-out', outgoing, t('You have no open challenges or invitations.'), (o) => [
    offerButton(t('Withdraw'), 'danger', o, () => declineOffer(o)),
  ]);
  $('lobby-view').dataset.offers = offers.map((o) => o.id).join(' ');
}

// Whether the user may take the seek: signed in, and their rating within its range.
function seekEligibility(offer, ratings) {
  if (!app.token) return { ok: false, text: t('Sign in to join.') };
  const rating = ratings.has(offer.game) ? ratings.get(offer.game) : START_RATING;
  const low = offer.min_rating ?? -Infinity;
  const high = offer.max_rating ?? Infinity;
  const shown = Math.round(rating);
  if (rating < low || rating > high) return { ok: false, text: t('Your rating {rating} is outside {range}.', { rating: shown, range: rangeText(offer) }) };
  return { ok: true, text: low === -Infinity && high === Infinity ? t('Open to everyone.') : t('You may join (your rating {rating}).', { rating: shown }) };
}

function rangeText(offer) {
  const low = offer.min_rating;
  const high = offer.max_rating;
  if (low !== null && low !== undefined && high !== null && high !== undefined) return t('ratings {low}–{high}', { low, high });
  if (low !== null && low !== undefined) return t('ratings from {low}', { low });
  if (high !== null && high !== undefined) return t('ratings up to {high}', { high });
  return '';
}

// Who plays first, said for the one who reads it.
function seatText(offer) {
  const mine = offer.from === app.user;
  if (offer.seat === 'random') return t('seats chosen at random');
  const posterFirst = offer.seat === 'first';
  if (mine) return posterFirst ? t('you play first') : t('you play second');
  return posterFirst ? t('{user} plays first', { user: offer.from }) : t('{user} plays second', { user: offer.from });
}

function fillOffers(listId, offers, empty, actions, ratings) {
  const list = $(listId);
  if (offers.length === 0) {
    list.replaceChildren(listNote(empty));
    return;
  }
  list.replaceChildren(...offers.map((offer) => {
    const who = offer.from === app.user
      // TRANSLATORS: "to" and "from" stand before a player's name: an invitation to bob, from alice
      ? (offer.kind === 'invitation' ? [`${t('to')} `, ...withBotBadge(playerLink(offer.to), offer.to_bot)] : [t('open to anyone')])
      : [`${t('from')} `, ...withBotBadge(playerLink(offer.from), offer.from_bot)];
    const facts = [seatText(offer), offer.rated === false ? t('unrated') : t('rated')];
    if (offer.exploration !== undefined) facts.push(explorationText(offer.exploration));
    // The game's options, then the board's time limits in the server's words (one wording
    // for the page and the mails); an older server sends only the raw options.
    const options = offer.game_options ?? offer.options;
    const details = [optionsText(options), offer.time_limits, rangeText(offer), offer.expires_at ? t('expires {when}', { when: untilText(offer.expires_at) }) : '']
      .filter((t) => t);
    const main = el('div', { cls: 'offer-main' },
      el('span', { cls: 'offer-title' }, el('strong', { text: titleOf(offer.game) }), ' ', el('span', { cls: 'muted', text: offerName(offer) })),
      el('span', { cls: 'offer-line' }, ...who, ` · ${facts.join(' · ')}`),
      details.length ? el('span', { cls: 'offer-line muted', text: details.join(' · ') }) : null);
    if (ratings && offer.kind === 'seek') {
      const eligible = seekEligibility(offer, ratings);
      main.append(el('span', { cls: `eligibility ${eligible.ok ? 'ok' : 'no'}`, text: eligible.text }));
    }
    return el('li', { cls: 'offer', 'data-offer': offer.id }, main, el('div', { cls: 'offer-actions' }, ...actions(offer)));
  }));
}

// "offer 5": offers are named as the server names them, apart from boards ("#12").
function offerName(offer) {
  return t('offer {id}', { id: offer.id });
}

function offerButton(text, cls, offer, action) {
  // TRANSLATORS: a button's full name for screen readers: "Join open challenge 5 (Epoxy)"
  const label = offer.kind === 'seek' ? t('{action} open challenge {id} ({game})', { action: text, id: offer.id, game: titleOf(offer.game) })
    : t('{action} invitation {id} ({game})', { action: text, id: offer.id, game: titleOf(offer.game) });
  const button = el('button', { type: 'button', cls: cls || null, text, 'aria-label': label });
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await action();
    } finally {
      button.disabled = false;
    }
  });
  return button;
}

async function joinOffer(offer) {
  say('lobby-error', '');
  try {
    const board = await api('POST', `/api/offers/${offer.id}/join`);
    app.filter = 'active';
    app.filterChosen = true;
    renderTabs();
    location.hash = `#/board/${board.board}`;
  } catch (e) {
    say('lobby-error', t('Cannot join {offer}: {error}', { offer: offerName(offer), error: e.message }));
    loadLobby();
  }
}

async function declineOffer(offer) {
  say('lobby-error', '');
  try {
    await api('POST', `/api/offers/${offer.id}/decline`);
  } catch (e) {
    say('lobby-error', `${offerName(offer)}: ${e.message}`);
  }
  loadLobby();
}

function renderSeekOptions() {
  const game = renderOptionInputs($('seek-options'), $('seek-game').value, 'seek-option');
  $('seek-summary').textContent = game ? game.summary : '';
}

function bindLobby() {
  $('lobby-refresh').addEventListener('click', loadLobby);
  $('seek-game').addEventListener('change', renderSeekOptions);
  $('seek-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    say('seek-message', '');
    if (!(await ratedSettled('seek', 'seek-message'))) return;
    const bound = (id) => ($(id).value.trim() === '' ? null : Number($(id).value));
    const body = {
      game: $('seek-game').value,
      options: readOptions($('seek-options'), $('seek-rated'), $('seek-exploration')),
      seat: $('seek-seat').value,
      min_rating: bound('seek-min'),
      max_rating: bound('seek-max'),
    };
    if (body.min_rating !== null && body.max_rating !== null && body.min_rating > body.max_rating) {
      say('seek-message', t('The lowest rating is above the highest.'));
      $('seek-min').focus();
      return;
    }
    try {
      const reply = await api('POST', '/api/offers', body);
      say('seek-message', t('Posted as {offer}: it waits under "Your challenges" until someone joins.', { offer: offerName(reply.offer) }), true);
      loadLobby();
    } catch (e) {
      say('seek-message', e.message);
    }
  });
}

document.addEventListener('DOMContentLoaded', bindLobby);
