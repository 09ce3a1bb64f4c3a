// SPDX-License-Identifier: Apache-2.0
// The standings of one game (#/standings/GAME, GET /api/ratings/GAME): rank, player (a link
// to the player page; computer players marked), rating ± deviation with the provisional
// marker, games and wins/losses/draws.  Shares the helpers of app.js and community.js.
'use strict';

// The game the Standings link opens on: the signed-in player's most recent game, else the
// first game (in the catalog's order) with rated games, else the first game.
async function defaultStandingsGame() {
  const first = app.catalog[0]?.name || '';
  try {
    if (app.token) {
      const mine = await api('GET', `/api/games?user=${encodeURIComponent(app.user)}&limit=1`);
      if (mine.games.length) return mine.games[0].game;
    }
    const tables = await Promise.all(app.catalog.map((g) => api('GET', `/api/ratings/${encodeURIComponent(g.name)}`)));
    const rated = app.catalog.find((g, i) => tables[i].players.length > 0);
    return rated ? rated.name : first;
  } catch (e) {
    return first;
  }
}

async function showStandings(game) {
  const name = game || await defaultStandingsGame();
  if (!game && shownCommunityView() !== 'standings-view') return;  // the user went elsewhere meanwhile
  $('standings-nav').replaceChildren(...app.catalog.map((g) => {
    const a = el('a', { href: `#/standings/${g.name}`, text: g.title });
    if (g.name === name) a.setAttribute('aria-current', 'page');
    return a;
  }));
  $('standings-title').textContent = t('{game}: standings', { game: titleOf(name) });
  say('standings-error', '');
  const body = $('standings-body');
  body.replaceChildren();
  let data;
  try {
    data = await api('GET', `/api/ratings/${encodeURIComponent(name)}`);
  } catch (e) {
    say('standings-error', t('Cannot load the standings: {error}', { error: e.message }));
    return;
  }
  if (shownCommunityView() !== 'standings-view') return;  // the user went elsewhere meanwhile
  $('standings-view').dataset.game = name;
  if (data.players.length === 0) {
    body.replaceChildren(el('tr', {}, el('td', { colspan: 5, cls: 'muted', text: t('No rated games of this game yet.') })));
    return;
  }
  body.replaceChildren(...data.players.map((p) => el('tr', { cls: p.computer ? 'computer' : null, 'data-player': p.player },
    el('td', { cls: 'num', text: String(p.rank) }),
    el('td', {}, playerLink(p.player)),
    el('td', { cls: p.provisional ? 'rating provisional' : 'rating', text: ratingText(p),
      title: p.provisional ? t('provisional: the deviation is still high') : null }),
    el('td', { cls: 'num', text: String(p.games) }),
    el('td', { cls: 'num', text: recordText(p) }))));
}
