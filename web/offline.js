// SPDX-License-Identifier: Apache-2.0
// The page offline and installable (issue 62, docs/wasm.md): registers the service worker
// (sw.js keeps the page, the engine, the catalog and the rules), and keeps the games played
// against the computer in the page on this device (localStorage), each exported as a record
// in JSON or SGF written by the engine's own record code (its "record" call, the same C++ as
// `ludus show --json` / `--sgf`).
'use strict';

const LOCAL_GAMES = 'ludus.localGames';
const LOCAL_GAMES_KEPT = 50;  // the oldest go first

function localGames() {
  try {
    const games = JSON.parse(localStorage.getItem(LOCAL_GAMES) || '[]');
    return Array.isArray(games) ? games : [];
  } catch (e) {
    return [];
  }
}

// Keeps the analysis' game once it is over, when the computer played one side of it.
function keepLocalGame(a, board) {
  if (!a.computer || !board.outcome || a.kept === a.moves.join(' ')) return;
  a.kept = a.moves.join(' ');
  const o = board.outcome;
  const game = { game: a.game.game, title: a.game.title, options: a.game.options, moves: a.moves, computer: a.computer,
    outcome: { draw: !!o.draw, winner_colour: o.winner_colour }, date: new Date().toISOString() };
  try {
    localStorage.setItem(LOCAL_GAMES, JSON.stringify([game, ...localGames()].slice(0, LOCAL_GAMES_KEPT)));
  } catch (e) {
    // no storage: the game is not kept
  }
}

// The record of a kept game from the engine, saved as a file.
async function exportLocalGame(game, format) {
  const record = await localEngineCall({ call: 'record', game: game.game, options: game.options, moves: game.moves });
  const stamp = game.date.replace(/[:.]/g, '-');
  if (format === 'sgf') saveBlob(new Blob([record.sgf], { type: 'application/x-go-sgf' }), `ludus-${game.game}-${stamp}.sgf`);
  else saveBlob(new Blob([JSON.stringify(record.json, null, 2)], { type: 'application/json' }), `ludus-${game.game}-${stamp}.json`);
}

// A kept game's result in the page's language (a game kept before the outcome was: its words).
function localGameResult(g) {
  if (!g.outcome) return g.result || '';
  return g.outcome.draw ? t('drawn') : t('{colour} won', { colour: colourName(g.game, g.outcome.winner_colour) });
}

// The kept games in the analysis panel: each opens again, or goes out as JSON or SGF (the
// engine writes them: only where it runs in this browser).
function renderLocalGames() {
  const games = localGames();
  $('local-games').hidden = games.length === 0;
  const exportable = localEngine.loaded === true;
  $('local-games-list').replaceChildren(...games.slice(0, 10).map((g) => {
    const params = new URLSearchParams(g.options);
    params.set('moves', g.moves.join('+'));
    const open = el('a', { href: `#/analysis/${g.game}?${params.toString().replace(/%2B/g, '+')}`,
      text: t('{game}: {result} (computer {colour}), {date}', { game: g.title || g.game, result: localGameResult(g),
        colour: colourName(g.game, g.computer), date: formatDate(Date.parse(g.date) / 1000, { year: 'numeric', month: 'short', day: 'numeric' }) }) });
    const li = el('li', {}, open);
    if (exportable) {
      for (const format of ['json', 'sgf']) {
        const button = el('button', { type: 'button', text: format.toUpperCase(), 'data-format': format,
          // TRANSLATORS: a button's name: export the game "Netted" as a JSON or SGF file
          'aria-label': t('{game} as {format}', { game: g.title || g.game, format: format.toUpperCase() }) });
        button.addEventListener('click', () => exportLocalGame(g, format).catch((e) => showError(e.message)));
        li.append(' ', button);
      }
    }
    return li;
  }));
}

if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => navigator.serviceWorker.register('sw.js').catch(() => {}));
}
