// SPDX-License-Identifier: Apache-2.0
// The ludus web page: the API client, accounts, game lists, challenges and routing (the
// board view is play.js, the SVG drawing board.js).  Plain JavaScript against the JSON API
// of `ludus serve` (docs/http-api.md); the token from POST /api/login is kept in
// localStorage.
'use strict';

const POLL_MS = 1500;      // between plain polls (servers without long polling, errors)
const LONG_POLL_S = 25;    // how long one long poll may wait for a change of the board
const LIST_POLL_MS = 10000;

const $ = (id) => document.getElementById(id);

const app = {
  token: localStorage.getItem('ludus.token') || '',
  user: localStorage.getItem('ludus.user') || '',
  catalog: [],
  filter: 'next',
  boardId: null,
  board: null,        // the board JSON on screen
  viewingPast: false, // true while an earlier position is shown
  selection: [],      // site names clicked for the action being chosen (play.js)
  turn: null,         // the actions chosen so far of a turn that goes on (play.js)
  pollTimer: null,
  pollLoop: 0,        // generation of the board poll loop (a new board starts a new one)
  pollAbort: null,    // cancels the request of the loop in flight
  listTimer: null,
  busy: false,
  watched: new Set(), // boards the user follows (from the watched list)
  listBoards: [],     // boards of the game list (the WebSocket watches them)
  activeBoards: [],   // the user's active boards, watched too: a move on one may add it to the list
  listRevisions: new Map(), // board -> revision in the last list answer (a push of another one reloads)
  listReload: null,
  listAsked: 0,       // number of the last list request made, and of the last answer shown:
  listShown: 0,       // an answer overtaken by a later request's is dropped
  analysis: null,     // the analysis mode (analysis.js)
  showLegal: localStorage.getItem('ludus.showLegal') !== 'off',
};

// --- the API ------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// The device key the server gave this browser at its last sign-in to `user`: sent with a
// password or a code, it makes the browser a known client of the account, which strangers'
// failed attempts never slow down (docs/security.md, "Account availability").
function deviceKey(user) {
  return user ? localStorage.getItem(`ludus.device.${String(user).toLowerCase()}`) || '' : '';
}

function keepDeviceKey(user, key) {
  if (user && key) localStorage.setItem(`ludus.device.${String(user).toLowerCase()}`, key);
}

// A side's name in the page's language: the catalogue's colour_names beside its colours
// (the colours themselves stay the names the API and the drawing use).
function colourName(game, colour) {
  const entry = app.catalog?.find((g) => g.name === game);
  const i = entry?.colours?.indexOf(colour) ?? -1;
  return i >= 0 && entry.colour_names?.[i] ? entry.colour_names[i] : colour;
}

async function api(method, path, body, signal) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (app.token) headers.Authorization = `Bearer ${app.token}`;
  // The server writes its error lines and command replies in the page's language.
  headers['Accept-Language'] = i18n.language;
  // Signed in, a password sent is the user's own (its change, the deletion, an administrator's
  // action, whose "user" is the one acted on); signed out, the body names the account.
  const device = deviceKey(app.token ? app.user : body?.user);
  if (device) headers['X-Ludus-Device'] = device;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (e) {
    if (e.name === 'AbortError') throw new ApiError(0, 'aborted', t('request cancelled'));
    throw new ApiError(0, 'network', t('cannot reach the server'));
  }
  let data = null;
  try {
    data = await response.json();
  } catch (e) {
    data = null;
  }
  if (!response.ok) {
    const error = new ApiError(response.status, data?.code || 'http', data?.error || `HTTP ${response.status}`);
    // The session is over only when the token is (bad_token); a wrong password typed in a
    // form (401 unauthorized) keeps it.
    if (response.status === 401 && app.token && data?.code === 'bad_token') {
      setSession('', '');
      // TRANSLATORS: follows the server's message that the session is over
      error.message += t(' — please sign in again');
    }
    throw error;
  }
  return data;
}

// --- accounts -------------------------------------------------------------------------------

function setSession(token, user) {
  if (user !== app.user || !token) app.admin = false;  // known again from GET /api/me
  const changed = token !== app.token || user !== app.user;
  app.token = token;
  app.user = user;
  if (token) {
    localStorage.setItem('ludus.token', token);
    localStorage.setItem('ludus.user', user);
  } else {
    localStorage.removeItem('ludus.token');
    localStorage.removeItem('ludus.user');
  }
  renderAccount();
  if (changed && app.started) watchNotices();  // notifications.js: the new user's list
}

function renderAccount() {
  const signedIn = Boolean(app.token);
  const name = $('account-name');
  if (signedIn) {
    // On a phone the header keeps the name and its buttons on one line: the words before
    // the name are then read out but not shown (style.css).
    const words = document.createElement('span');
    words.className = 'signed-in-as';
    // TRANSLATORS: shown before the user's name in the header, e.g. "Signed in as alice"
    words.textContent = `${t('Signed in as')} `;
    name.replaceChildren(words, document.createTextNode(app.user));
  } else {
    name.textContent = t('Not signed in');
  }
  if (signedIn) {
    name.href = `#/player/${encodeURIComponent(app.user)}`;
    name.title = t('Your player page');
  } else {
    name.removeAttribute('href');
    name.removeAttribute('title');
  }
  $('settings-link').hidden = !signedIn;
  $('admin-link').hidden = !(signedIn && app.admin);
  $('sign-out').hidden = !signedIn;
  $('auth-panel').hidden = signedIn;
  $('challenge-panel').hidden = !signedIn;
  $('welcome-signed-out').hidden = signedIn;
  $('welcome-signed-in').hidden = !signedIn;
  for (const tab of document.querySelectorAll('.tabs .needs-user')) tab.hidden = !signedIn;
  if (!signedIn && app.filter !== 'everyone') app.filter = 'everyone';
  if (signedIn && app.filter === 'everyone' && !app.filterChosen) app.filter = 'next';
  renderTabs();
  if (app.started) invitationsChanged();
  if (app.board) renderBoard();
  // A community page shown depends on who is signed in (the lobby, the settings).
  if (app.started && shownCommunityView()) routeCommunity(location.hash);
}

// A sign-in's reply ({user, token, device}): the session and the device key kept.  The
// page goes back to its top: on a phone the form stands far below the header and the
// invitations, where the browser would stay.
function signedIn(data) {
  keepDeviceKey(data.user, data.device);
  setSession(data.token, data.user);
  loadGames();
  window.scrollTo(0, 0);
  api('GET', '/api/me').then((me) => {
    app.admin = Boolean(me.admin);
    renderAccount();
  }, () => {});
}

// A new token of the same session (a password change revokes the others): kept without
// drawing the page again.
function renewSession(data) {
  keepDeviceKey(data.user, data.device);
  app.token = data.token;
  localStorage.setItem('ludus.token', data.token);
}

async function signIn(user, password) {
  const data = await api('POST', '/api/login', { user, password });
  signedIn(data);
  $('auth-form').reset();
  api('GET', '/api/me').then(followAccountLanguage, () => {});
}

function authMessage(text, ok = false) {
  $('auth-message').textContent = text;
  $('auth-message').classList.toggle('ok', ok);
}

function bindAuth() {
  $('auth-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    authMessage('');
    try {
      await signIn($('auth-user').value.trim(), $('auth-password').value);
    } catch (e) {
      authMessage(e.message);
    }
  });
  $('sign-up').addEventListener('click', async () => {
    authMessage('');
    const form = $('auth-form');
    if (!form.reportValidity()) return;
    const user = $('auth-user').value.trim();
    const password = $('auth-password').value;
    const email = $('auth-email').value.trim();
    if (password.length < 8) {
      authMessage(t('A new account needs a password of at least 8 characters.'));
      $('auth-password').focus();
      return;
    }
    try {
      await api('POST', '/api/signup', email ? { user, password, email } : { user, password });
      await signIn(user, password);
    } catch (e) {
      authMessage(e.message);
    }
  });
  // The form stands beside the welcome on a wide screen and below it (out of sight) on a phone.
  $('welcome-sign-in').addEventListener('click', () => {
    $('auth-panel').scrollIntoView({ block: 'start' });
    $('auth-user').focus({ preventScroll: true });
  });
  $('sign-out').addEventListener('click', async () => {
    try {
      await api('POST', '/api/logout');
    } catch (e) {
      // The token is dropped here whatever the server says.
    }
    setSession('', '');
    loadGames();
  });
}

// --- game lists -----------------------------------------------------------------------------

function titleOf(game) {
  return app.catalog.find((g) => g.name === game)?.title || game;
}

function renderTabs() {
  for (const tab of document.querySelectorAll('.tabs [role=tab]')) {
    const on = tab.dataset.filter === app.filter;
    tab.setAttribute('aria-selected', on ? 'true' : 'false');
    tab.classList.toggle('active', on);
  }
}

function listQuery() {
  const user = encodeURIComponent(app.user);
  switch (app.filter) {
    case 'next': return `/api/games?user=${user}&status=next`;
    case 'active': return `/api/games?user=${user}&status=active`;
    case 'mine': return `/api/games?user=${user}`;
    case 'watched': return `/api/games?user=${user}&status=watched`;
    default: return '/api/games?limit=100';
  }
}

function summaryState(g) {
  if (g.status === 'finished') {
    // TRANSLATORS: the state of a finished game in the list of games
    if (g.result === 'draw') return { text: t('draw'), cls: 'done' };
    const winner = g.winner_seat !== null && g.winner_seat !== undefined ? g.players[g.winner_seat] : g.result;
    return { text: winner === app.user ? t('you won') : t('{user} won', { user: winner }), cls: 'done' };
  }
  if (g.to_move_user === app.user && app.user) return { text: t('your move'), cls: 'yours' };
  return { text: t('{user} to move', { user: g.to_move_user ?? '?' }), cls: '' };
}

// The list of the filter chosen.  With a user it also fetches the user's active boards when
// the filter does not hold them all, so the WebSocket watches them: an opponent's move on a
// board not listed (under 'Your move') is pushed only to its watchers.  Requests may answer out
// of order (a loaded server, a slow network): only an answer newer than the one shown is drawn.
async function loadGames() {
  const list = $('game-list');
  const asked = ++app.listAsked;
  const user = app.user;
  const needActive = user && !['active', 'mine'].includes(app.filter);
  let games;
  let active = null;
  try {
    [games, active] = await Promise.all([
      api('GET', listQuery()).then((r) => r.games),
      needActive ? api('GET', `/api/games?user=${encodeURIComponent(user)}&status=active&limit=64`).then((r) => r.games, () => null) : null,
    ]);
  } catch (e) {
    if (asked < app.listShown) return;
    app.listShown = asked;
    list.replaceChildren(listNote(t('Cannot load the games: {error}', { error: e.message })));
    return;
  }
  if (asked < app.listShown) return;  // a later request has answered already
  app.listShown = asked;
  app.listRevisions = new Map([...(active || []), ...games].map((g) => [g.board, g.revision]));
  const before = [...app.listBoards, '/', ...app.activeBoards].join(',');
  app.listBoards = games.map((g) => g.board);
  app.activeBoards = (active || games.filter((g) => g.status === 'active' && user && g.players.includes(user))).map((g) => g.board);
  if ([...app.listBoards, '/', ...app.activeBoards].join(',') !== before) sendWatch();
  if (games.length === 0) {
    const empty = {
      next: t('No game is waiting for your move.'), active: t('No active games.'), mine: t('You have no games yet.'),
      watched: t('You follow no boards besides your own.'),
    };
    list.replaceChildren(listNote(empty[app.filter] || t('No games yet.')));
    return;
  }
  list.replaceChildren(...games.map((g) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#/board/${g.board}`;
    a.className = 'game-link';
    if (g.board === app.boardId) a.setAttribute('aria-current', 'page');
    const state = summaryState(g);
    a.innerHTML = '<span class="game-line"><strong></strong><span class="badge"></span></span><span class="game-players muted"></span>';
    a.querySelector('strong').textContent = `#${g.board} ${titleOf(g.game)}`;
    const badge = a.querySelector('.badge');
    badge.textContent = state.text;
    if (state.cls) badge.classList.add(state.cls);
    // Counted in turns, as the board counts them (an older server: its moves).
    const progress = g.status === 'finished' ? tn('{n} turn', '{n} turns', g.turns_played ?? g.moves_played)
      : t('turn {n}', { n: formatNumber(g.turn ?? g.next_move_number) });
    // TRANSLATORS: the two players of a game in the list, then its progress ("alice vs bob · 12 turns")
    a.querySelector('.game-players').textContent = t('{first} vs {second} · {progress}', { first: g.players[0], second: g.players[1], progress });
    li.appendChild(a);
    return li;
  }));
}

function listNote(text) {
  const li = document.createElement('li');
  li.className = 'muted note';
  li.textContent = text;
  return li;
}

function bindLists() {
  for (const tab of document.querySelectorAll('.tabs [role=tab]')) {
    tab.addEventListener('click', () => {
      app.filter = tab.dataset.filter;
      app.filterChosen = true;
      renderTabs();
      loadGames();
    });
  }
  $('refresh-games').addEventListener('click', loadGames);
  $('open-board-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const n = parseInt($('open-board-number').value, 10);
    if (n > 0) location.hash = `#/board/${n}`;
  });
}

// --- challenges -----------------------------------------------------------------------------

// The option inputs of `gameName` from the catalog into the fieldset `box` (ids PREFIX-NAME),
// for the new-game form and the lobby's open-challenge form.
function renderOptionInputs(box, gameName, prefix) {
  const game = app.catalog.find((g) => g.name === gameName);
  box.replaceChildren();
  const legend = document.createElement('legend');
  legend.textContent = t('Options');
  box.appendChild(legend);
  if (!game) return game;
  for (const option of game.options) {
    const id = `${prefix}-${option.name}`;
    const row = document.createElement('div');
    row.className = 'option-row';
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = option.name;
    let input;
    if (option.type === 'integer') {
      input = document.createElement('input');
      input.type = 'number';
      input.min = option.min;
      input.max = option.max;
      input.step = 1;
      input.required = true;
      input.value = option.default;
    } else {
      input = document.createElement('select');
      for (const choice of option.choices) {
        const o = document.createElement('option');
        o.value = o.textContent = choice;
        if (choice === option.default) o.selected = true;
        input.appendChild(o);
      }
    }
    input.id = id;
    input.dataset.option = option.name;
    const help = document.createElement('small');
    help.className = 'muted';
    help.id = `${id}-help`;
    // TRANSLATORS: an integer option's help, its range and its default: "board size n (3–19, default 6)"
    help.textContent = option.type === 'integer' ? t('{help} ({min}–{max}, default {default})',
      { help: option.help, min: formatNumber(option.min), max: formatNumber(option.max), default: formatNumber(Number(option.default)) }) : option.help;
    input.setAttribute('aria-describedby', help.id);
    row.append(label, input, help);
    box.appendChild(row);
  }
  return game;
}

// The options of a form: its option inputs, and `rated` as its Rated box says.  A ticked box
// asks for a rated game: the server refuses one it cannot rate, saying why, rather than
// storing it unrated without a word.
function readOptions(box, ratedBox, explorationSelect) {
  const options = {};
  for (const input of box.querySelectorAll('[data-option]')) options[input.dataset.option] = input.value;
  if (ratedBox) options.rated = ratedBox.checked ? 'yes' : 'no';
  // "" leaves it to the server's default (docs/correspondence.md: off when rated).
  if (explorationSelect?.value) options.exploration = explorationSelect.value;
  return options;
}

// A game select listing the catalog (in the order of the rules): the game chosen last time
// is chosen again, else the first.
function fillGameSelect(select) {
  select.replaceChildren(...app.catalog.map((g) => {
    const o = document.createElement('option');
    o.value = g.name;
    o.textContent = g.title;
    return o;
  }));
  const last = localStorage.getItem('ludus.game');
  select.value = app.catalog.some((g) => g.name === last) ? last : app.catalog[0]?.name;
  select.addEventListener('change', () => localStorage.setItem('ludus.game', select.value));
}

function renderChallengeOptions() {
  const game = renderOptionInputs($('challenge-options'), $('challenge-game').value, 'option');
  $('challenge-summary').textContent = game ? game.summary : '';
  labelAiLevels($('challenge-opponent-kind'), game);  // ai_levels.js
}

function bindChallenge() {
  $('challenge-game').addEventListener('change', renderChallengeOptions);
  $('challenge-opponent-kind').addEventListener('change', (e) => { $('challenge-person').hidden = e.target.value !== 'person'; });
  $('challenge-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const message = $('challenge-message');
    message.textContent = '';
    message.classList.remove('ok');
    const kind = $('challenge-opponent-kind').value;
    const opponent = kind === 'person' ? $('challenge-opponent').value.trim() : kind;
    if (!opponent) {
      message.textContent = t("Enter the opponent's user id.");
      $('challenge-opponent').focus();
      return;
    }
    if (!(await ratedSettled('challenge', 'challenge-message'))) return;
    const options = readOptions($('challenge-options'), $('challenge-rated'), $('challenge-exploration'));
    const players = $('challenge-seat').value === '0' ? [app.user, opponent] : [opponent, app.user];
    try {
      const board = await api('POST', '/api/games', { game: $('challenge-game').value, options, players });
      if (board.offer) {
        // 202: the opponent is asked first (an invitation); it waits in the lobby.
        invitationSent(board.offer);
        return;
      }
      app.filter = 'active';
      app.filterChosen = true;
      renderTabs();
      loadGames();
      location.hash = `#/board/${board.board}`;
    } catch (e) {
      message.textContent = e.message;
    }
  });
}

async function loadCatalog() {
  try {
    app.catalog = (await api('GET', '/api/catalog')).games;
  } catch (e) {
    $('catalog').replaceChildren(listNote(t('Cannot load the games: {error}', { error: e.message })));
    return;
  }
  fillGameSelect($('challenge-game'));
  renderChallengeOptions();
  fillGameSelect($('seek-game'));
  renderSeekOptions();
  fillGameSelect($('tournament-game'));
  renderTournamentOptions();
  for (const form of ['challenge', 'seek', 'tournament']) {
    bindRatedCheck(form);
    checkRated(form);
  }
  $('catalog').replaceChildren(...app.catalog.map((g) => {
    const li = document.createElement('li');
    li.innerHTML = '<strong></strong> <span class="muted"></span><br><span></span>';
    li.querySelector('strong').textContent = g.title;
    li.querySelector('.muted').textContent = `(${(g.colour_names || g.colours).join(' / ')})`;
    li.querySelector('span:last-child').textContent = g.summary;
    const rules = document.createElement('a');
    rules.href = `#/rules/${g.name}`;
    rules.textContent = t('Rules');
    rules.className = 'catalog-rules';
    li.append(' ', rules);
    return li;
  }));
}

// The new-game form's answer when the challenge became an invitation: where to find it.
function invitationSent(offer) {
  app.invitationSent = offer.id;  // invitationsChanged() drops the note once it is answered
  const message = $('challenge-message');
  message.replaceChildren(`${t('Invitation sent to {user}: the game starts when {user} accepts.', { user: offer.to })} `,
    el('a', { href: '#/lobby', text: t('See it in the lobby') }));
  message.classList.add('ok');
}

// --- routing --------------------------------------------------------------------------------

function route() {
  const match = location.hash.match(/^#\/board\/(\d+)(?:\/review)?$/);  // review.js shows the review
  const rules = location.hash.match(/^#\/rules\/([a-z0-9-]+)$/);
  const analysis = parseAnalysisHash(location.hash);
  // Every page but the board view (which openBoard shows) starts hidden.
  for (const view of document.querySelectorAll('.view:not(#board-view)')) view.hidden = true;
  markTopNav(location.hash);
  if (analysis) {
    // The page's own address changes as the analysis goes on: only another one reopens it.
    if (!app.analysis || analysisHash(app.analysis) !== location.hash) {
      window.scrollTo(0, 0);
      openAnalysisLink(analysis);
    }
    return;
  }
  // Each navigation shows its view from the top: on a phone the forms stand below the view,
  // and the browser would keep a submitted form in sight while the new view fills in above it.
  window.scrollTo(0, 0);
  if (match) {
    openBoard(Number(match[1]));
    return;
  }
  leaveAnalysis(false);
  app.boardId = null;
  app.board = null;
  stopPolling();
  $('board-view').hidden = true;
  // Every view shows the game list: fresh on each navigation (openBoard loads it for a board).
  loadGames();
  if (rules) {
    showRules(rules[1]);
    return;
  }
  if (routeCommunity(location.hash)) return;
  $('welcome').hidden = false;
  $('welcome-error').textContent = '';
}

// The browser tab names the view shown: its heading, then the site ("Board #12 · Epoxy —
// ludus"); the home view keeps the page's own title.  Unread notifications come first:
// "(3) Board #12 · Epoxy — ludus" (notifications.js).
function updateTitle() {
  const heading = document.querySelector('main .view:not([hidden]) h1');
  // The heading's own words (a player's "computer" mark is a child of its own).
  const own = heading ? [...heading.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim() : '';
  const text = heading && heading.closest('.view').id !== 'welcome' ? own || heading.textContent.trim() : '';
  const title = unreadPrefix() + (text ? `${text} — ludus` : app.homeTitle);
  if (document.title !== title) document.title = title;
}

// Watched, so every view (and a board's title, which arrives after its request) sets the
// title without each having to.
function followViewTitle() {
  app.homeTitle = document.title;
  new MutationObserver(updateTitle).observe($('main'), { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden'] });
  updateTitle();
}

async function start() {
  await i18n.ready;  // i18n.js: the page's texts in the reader's language
  followViewTitle();
  bindAuth();
  bindLists();
  bindChallenge();
  bindBoard();
  renderAccount();
  if (app.token) {
    try {
      const me = await api('GET', '/api/me');
      app.admin = Boolean(me.admin);
      setSession(app.token, me.user);
      followAccountLanguage(me);  // i18n.js: reloads the page in the account's language
    } catch (e) {
      // api() has dropped a token the server no longer knows.
    }
  }
  await loadCatalog();
  window.addEventListener('hashchange', route);
  let resizeTimer = null;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(renderBoard, 150);
  });
  connectLive();
  app.started = true;
  watchNotices();
  invitationsChanged();
  route();
  // The WebSocket keeps the list current; without it the list is polled.
  app.listTimer = setInterval(() => {
    if (!document.hidden && listNeedsPolling()) loadGames();
  }, LIST_POLL_MS);
  // A page back in view may have missed pushes (a phone's browser drops sockets while hidden).
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) reloadListSoon();
  });
}

document.addEventListener('DOMContentLoaded', start);
