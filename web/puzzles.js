// SPDX-License-Identifier: Apache-2.0
// Puzzles (#/puzzles, #/puzzles/GAME; docs/puzzles.md): the games the server has puzzles of
// (GET /api/puzzles, never a list of names here), and one puzzle at a time for the signed-in
// player (GET /api/puzzles/GAME/next).  The player clicks whole turns as on a board
// (actionsFor of play.js; a turn of two actions is sent once whole), the server checks each
// (POST /api/puzzles/attempts/N) and plays the loser's proven reply back; a wrong turn fails
// the puzzle and shows the solution.  "Your mistakes" (#/puzzles/mine, #/puzzles/mine/N) are
// the puzzles made from the player's own reviewed games (GET /api/puzzles/mine), solved the
// same way but unrated (POST /api/puzzles/mine/N opens the attempt).  Positions are drawn
// from POST /api/position.  Shares
// `app`, `api` and the helpers of app.js, play.js and community.js.
//
// app.puzzle: {attempt, position, pending, selection, note}: the attempt as the server last
// gave it, the position drawn (after its moves, the line played and the pending actions),
// the actions of a turn under way, the sites clicked, the last result in words.
'use strict';

function puzzleColours(game) {
  return app.catalog.find((g) => g.name === game)?.colours || [];
}

// `game`: a game's name, or 'mine' for the player's mistakes (`mistake`: the one to open).
async function showPuzzles(game, mistake = null) {
  say('puzzles-error', '');
  $('puzzle-box').hidden = true;
  $('puzzles-mine').hidden = true;
  let overview;
  try {
    overview = await api('GET', '/api/puzzles');
  } catch (e) {
    say('puzzles-error', t('Cannot load the puzzles: {error}', { error: e.message }));
    return;
  }
  if (shownCommunityView() !== 'puzzles-view') return;
  const games = overview.games.filter((g) => g.puzzles > 0);
  const name = game || games[0]?.game;
  const links = games.map((g) => ({ href: `#/puzzles/${g.game}`, text: `${g.title} (${g.puzzles})`, on: g.game === name }));
  if (app.token) links.push({ href: '#/puzzles/mine', text: t('Your mistakes'), on: name === 'mine' });
  $('puzzles-nav').replaceChildren(...links.map((l) => {
    const a = el('a', { href: l.href, text: l.text });
    if (l.on) a.setAttribute('aria-current', 'page');
    return a;
  }));
  if (name === 'mine') {
    $('puzzles-title').textContent = t('Your mistakes');
    if (!app.token) say('puzzles-error', t('Sign in to see the puzzles made from your mistakes.'));
    else await showMistakes(mistake);
    return;
  }
  $('puzzles-title').textContent = name ? t('{game}: puzzles', { game: titleOf(name) }) : t('Puzzles');
  if (!name) {
    say('puzzles-error', t('This server has no puzzles yet.'));
    return;
  }
  if (!app.token) {
    say('puzzles-error', t('Sign in to solve puzzles: each one you try is rated, and so are you.'));
    return;
  }
  await nextPuzzle(name);
}

async function nextPuzzle(game) {
  app.puzzle = null;
  try {
    const attempt = await api('GET', `/api/puzzles/${encodeURIComponent(game)}/next`);
    await showAttempt(attempt, '');
  } catch (e) {
    $('puzzle-box').hidden = true;
    say('puzzles-error', e.status === 404 ? t('You have tried every {game} puzzle of this server.', { game: titleOf(game) }) : e.message);
  }
}

// A mistake's puzzle's state in words (made when asked for: the page's language).
function mistakeStatusWords(status) {
  const words = { new: t('not tried'), open: t('under way'), solved: t('solved'), failed: t('failed') };
  return words[status] || status;
}

// The list of the player's mistakes follows an attempt that ends without being loaded again.
function markMistakeStatus(puzzle, status) {
  const li = document.querySelector(`#puzzles-mine-list li[data-puzzle="${puzzle}"]`);
  if (li) li.lastChild.textContent = ` — ${mistakeStatusWords(status)}`;
}

// The player's mistakes as puzzles: a list, each opening its attempt; `open`: the one to open.
async function showMistakes(open) {
  app.puzzle = null;
  let mine;
  try {
    mine = (await api('GET', '/api/puzzles/mine')).puzzles;
  } catch (e) {
    say('puzzles-error', t('Cannot load your mistakes: {error}', { error: e.message }));
    return;
  }
  if (shownCommunityView() !== 'puzzles-view') return;
  $('puzzles-mine').hidden = false;
  $('puzzles-mine-list').replaceChildren(...mine.map((p) => {
    const a = el('a', { href: `#/puzzles/mine/${p.puzzle}`, text: t('{game}, board #{board}, turn {n}', { game: p.title, board: p.board, n: p.turn }) });
    if (p.puzzle === open) a.setAttribute('aria-current', 'page');
    const li = el('li', { cls: 'puzzle-mistake' }, a, ` — ${mistakeStatusWords(p.status)}`);
    li.dataset.puzzle = p.puzzle;
    return li;
  }));
  if (mine.length === 0) {
    $('puzzles-mine-list').replaceChildren(el('li', { cls: 'muted small', text:
      t('None yet. When a game of yours is reviewed, each position where exactly one turn won and you played another becomes a puzzle here.') }));
  }
  if (open === null) return;
  try {
    await showAttempt(await api('POST', `/api/puzzles/mine/${open}`, {}), '');
  } catch (e) {
    say('puzzles-error', e.message);
  }
}

// Draws the attempt's position (and the pending actions of a turn under way).
async function showAttempt(attempt, note, pending = []) {
  const moves = [...attempt.moves, ...attempt.played, ...pending.map((a) => a.text)];
  const position = await api('POST', '/api/position', { game: attempt.game, options: attempt.options, moves });
  app.puzzle = { attempt, position, pending, selection: [], note };
  renderPuzzle();
}

function puzzleRatingText(rating) {
  return t('{rating} ({solved} solved of {attempts})', { rating: ratingText(rating), solved: rating.solved, attempts: rating.attempts });
}

function renderPuzzle() {
  const { attempt, position, pending, selection, note } = app.puzzle;
  const box = $('puzzle-box');
  box.hidden = false;
  box.dataset.attempt = attempt.attempt;
  box.dataset.status = attempt.status;
  const colour = position.to_move ? colourName(attempt.game, position.to_move) : '';
  const open = attempt.status === 'open';
  const themes = attempt.themes.length ? ` ${t('Theme: {themes}.', { themes: attempt.themes.join(', ') })}` : '';
  // TRANSLATORS: {colour} is the game's name of the side to move, e.g. "Black"
  const task = colour ? tn('{colour} to play and win in {n} turn: exactly one turn wins.', '{colour} to play and win in {n} turns: exactly one turn wins.',
    attempt.turns, { colour: `${colour[0].toUpperCase()}${colour.slice(1)}` })
    : tn('You to play and win in {n} turn: exactly one turn wins.', 'You to play and win in {n} turns: exactly one turn wins.', attempt.turns);
  $('puzzle-task').textContent = open ? `${task}${themes}` : `${t('Puzzle #{id}.', { id: attempt.puzzle })}${themes}`;
  const ratings = { game: titleOf(attempt.game), yours: puzzleRatingText(attempt.rating) };
  $('puzzle-ratings').textContent = attempt.rated === false
    ? t('From your own game: unrated. Your {game} puzzle rating stays {yours}.', ratings)
    : t('Puzzle rating {rating}; your {game} puzzle rating {yours}.', { rating: attempt.puzzle_rating, ...ratings });
  const result = $('puzzle-result');
  result.textContent = note;
  result.className = `message${attempt.status === 'solved' || attempt.status === 'open' ? ' ok' : ''}`;
  $('puzzle-next').hidden = open;
  $('puzzle-next').textContent = attempt.rated === false ? t('Your other mistakes') : t('Next puzzle');
  $('puzzle-alone').hidden = !open || !actionsFor(position, selection).made || !actionsFor(position, selection).more;
  const played = attempt.played.length ? t('Played: {turns}', { turns: attempt.played.join(' · ') }) : '';
  const solution = attempt.solution?.length ? t('Solution: {turns}', { turns: attempt.solution.join(' · ') }) : '';
  $('puzzle-line').textContent = [played, solution].filter((t) => t).join('. ');

  const index = new Map(position.geometry.sites.map((s, i) => [s.name, i]));
  const marks = { selected: new Set(selection.map((s) => index.get(s))), pending: new Set(), deciding: new Set() };
  for (const a of pending) for (const s of a.sites) marks.pending.add(index.get(s));
  for (const s of position.deciding_sites || []) marks.deciding.add(index.get(s));
  const board = { game: attempt.game, colours: puzzleColours(attempt.game), geometry: position.geometry };
  const svg = LudusBoard.draw(board, { ...marks, interactive: open });
  svg.setAttribute('aria-label', t('{game} puzzle board: {task}', { game: attempt.title, task: $('puzzle-task').textContent }));
  svg.classList.toggle('interactive', open);
  $('puzzle-frame').replaceChildren(svg);
  LudusBoard.fit(svg);
}

// Sends the whole turn of `actions` and shows what the server says of it.
async function sendPuzzleTurn(actions) {
  const { attempt } = app.puzzle;
  const turn = turnText(actions);
  app.busy = true;
  try {
    const after = await api('POST', `/api/puzzles/attempts/${attempt.attempt}`, { turn });
    const change = after.rating_change === undefined || after.rated === false ? ''
      : ` ${t('Your rating {change}.', { change: `${after.rating_change >= 0 ? '+' : ''}${after.rating_change}` })}`;
    const note = after.result === 'right' ? t('Right: {turn}. The answer: {reply}. Your move again.', { turn, reply: after.reply })
      : after.result === 'solved' ? `${t('Solved: {turn} wins.', { turn })}${change}` : `${t('{turn} is not the winning turn.', { turn })}${change}`;
    await showAttempt(after, note);
    if (after.rated === false) markMistakeStatus(after.puzzle, after.status);
  } catch (e) {
    app.puzzle.selection = [];
    app.puzzle.note = e.message;
    renderPuzzle();
    $('puzzle-result').className = 'message';
  } finally {
    app.busy = false;
  }
}

// One more action of the turn: the turn is sent once whole, else the position after it
// comes next.
async function choosePuzzleAction(action) {
  const { attempt, pending } = app.puzzle;
  const actions = [...pending, action];
  if (action.ends_turn) return sendPuzzleTurn(actions);
  await showAttempt(attempt, '', actions);
}

function onPuzzleClick(name) {
  const puzzle = app.puzzle;
  if (!puzzle || app.busy || puzzle.attempt.status !== 'open') return;
  const sel = puzzle.selection;
  if (sel.includes(name)) {
    puzzle.selection = sel.filter((s) => s !== name);
    renderPuzzle();
    return;
  }
  let sites = [...sel, name];
  let found = actionsFor(puzzle.position, sites);
  if (found.fitting.length === 0 && sel.length) {
    sites = [name];
    found = actionsFor(puzzle.position, sites);
  }
  if (found.fitting.length === 0) {
    puzzle.note = t('No legal action starts at {site}.', { site: name });
    renderPuzzle();
    $('puzzle-result').className = 'message';
    return;
  }
  if (found.made && !found.more) {
    choosePuzzleAction(found.made);
    return;
  }
  puzzle.selection = sites;
  renderPuzzle();
}

function bindPuzzles() {
  $('puzzle-frame').addEventListener('click', (event) => {
    const site = event.target.closest('[data-site]');
    if (site) onPuzzleClick(site.dataset.site);
  });
  $('puzzle-frame').addEventListener('keydown', (event) => {
    const site = event.target.closest('[data-site]');
    if (site && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onPuzzleClick(site.dataset.site);
    }
  });
  $('puzzle-next').addEventListener('click', () => {
    if (app.puzzle.attempt.rated === false) location.hash = '#/puzzles/mine';
    else nextPuzzle(app.puzzle.attempt.game);
  });
  $('puzzle-alone').addEventListener('click', () => {
    const made = actionsFor(app.puzzle.position, app.puzzle.selection).made;
    if (made) choosePuzzleAction(made);
  });
}

document.addEventListener('DOMContentLoaded', bindPuzzles);
