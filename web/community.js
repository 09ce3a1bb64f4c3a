// SPDX-License-Identifier: Apache-2.0
// The community pages of the web page (lobby.js, standings.js, player.js, settings.js,
// tournaments.js, admin.js, puzzles.js): their routes (#/lobby, #/standings/GAME, #/player/USER,
// #/settings, #/tournaments, #/tournament/N, #/admin, #/puzzles/GAME) and the small helpers they
// share: building elements, player links, ratings and times as text.  Shares `app`, `api`
// and the helpers of app.js.
'use strict';

// An element with a class, text and attributes: el('a', {cls: 'x', text: 'y', href: '#/'}).
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'cls') node.className = value;
    else if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

// Computer players are seats named `ai:SPEC`.
function isComputer(user) {
  return typeof user === 'string' && user.startsWith('ai:');
}

// A link to the player page; computer players carry a "computer" mark.
function playerLink(user) {
  const link = el('a', { href: `#/player/${encodeURIComponent(user)}`, cls: 'player-link', text: user });
  if (!isComputer(user)) return link;
  return el('span', { cls: 'player-cell' }, link, ' ', el('span', { cls: 'computer-mark', text: t('computer') }));
}

// "1612 ± 85" with a "?" when the rating is provisional.
function ratingText(entry) {
  const text = `${Math.round(entry.rating)} ± ${Math.round(entry.deviation)}`;
  return entry.provisional ? `${text} ?` : text;
}

function recordText(entry) {
  return `${entry.wins}/${entry.losses}/${entry.draws}`;
}

function dateText(seconds) {
  return formatDate(seconds, { year: 'numeric', month: 'short', day: 'numeric' });
}

// "in 6 days", "in 5 hours", "in 3 minutes", in the page's language (Intl.RelativeTimeFormat).
function untilText(seconds) {
  const left = Math.max(0, seconds - Date.now() / 1000);
  const [size, unit] = left >= 2 * 86400 ? [86400, 'day'] : left >= 2 * 3600 ? [3600, 'hour'] : [60, 'minute'];
  const n = Math.max(1, Math.round(left / size));
  return new Intl.RelativeTimeFormat(i18n.language, { numeric: 'always' }).format(n, unit);
}

function optionsText(options) {
  return Object.entries(options || {}).map(([k, v]) => `${k} ${v}`).join(' · ');
}

// A message paragraph: an error (red) or, with ok, a confirmation (green).
function say(id, text, ok = false) {
  $(id).textContent = text;
  $(id).classList.toggle('ok', ok);
}

// The community page a hash names, or null.
function communityRoute(hash) {
  let m;
  if (hash === '#/lobby') return { view: 'lobby-view', show: showLobby };
  if (hash === '#/settings') return { view: 'settings-view', show: showSettings };
  if (hash === '#/admin') return { view: 'admin-view', show: showAdmin };
  if (hash === '#/standings') return { view: 'standings-view', show: () => showStandings(null) };
  if ((m = hash.match(/^#\/standings\/([a-z0-9-]+)$/))) return { view: 'standings-view', show: () => showStandings(m[1]) };
  if (hash === '#/tournaments') return { view: 'tournaments-view', show: showTournaments };
  if (hash === '#/puzzles') return { view: 'puzzles-view', show: () => showPuzzles(null) };
  if ((m = hash.match(/^#\/puzzles\/([a-z0-9-]+)$/))) return { view: 'puzzles-view', show: () => showPuzzles(m[1]) };
  if ((m = hash.match(/^#\/puzzles\/mine\/(\d+)$/))) return { view: 'puzzles-view', show: () => showPuzzles('mine', Number(m[1])) };
  if ((m = hash.match(/^#\/tournament\/(\d{1,15})$/))) return { view: 'tournament-view', show: () => showTournament(m[1]) };
  if ((m = hash.match(/^#\/player\/([^\/]+)$/))) return { view: 'player-view', show: () => showPlayer(decodeURIComponent(m[1])) };
  return null;
}

// The header's link of the page shown carries aria-current (#/standings/x is Standings,
// #/tournament/3 is Tournaments).
function markTopNav(hash) {
  for (const link of document.querySelectorAll('.top-nav a, #settings-link, #admin-link')) {
    const section = link.getAttribute('href').split('/')[1];
    const here = hash.split('/')[1];
    if (here === section || `${here}s` === section) link.setAttribute('aria-current', 'page');  // #/tournament/3 is Tournaments
    else link.removeAttribute('aria-current');
  }
}

// Shows the community page of the hash and says whether there was one.
function routeCommunity(hash) {
  const page = communityRoute(hash);
  if (!page) return false;
  $(page.view).hidden = false;
  window.scrollTo(0, 0);
  page.show();
  return true;
}

// The page shown now, for live updates ('lobby-view', ...), or ''.
function shownCommunityView() {
  return communityRoute(location.hash)?.view || '';
}
