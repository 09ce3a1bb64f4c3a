// SPDX-License-Identifier: Apache-2.0
// The review of a finished board (docs/review.md): asked for with the "Review this game"
// button (POST /api/games/N/review, any signed-in user), read by anyone (GET
// /api/games/N/review), and shown under the board once the server's worker has computed it:
// a chart of the first player's winning chance over the turns, each player's accuracy, the
// turns that cost much (also marked in the move list), and for each of them the position
// before it with the engine's best line on the analysis board.  #/board/N/review opens the
// board at its review (the mails link there).  Shares the helpers of app.js, play.js and
// analysis.js.
//
// app.review: {board, data, timer, scrolled, mistakes}: the board whose review is shown, the
// server's answer (null while loading), the poll while it is being computed, and the signed-in
// reader's puzzles made from their mistakes on this board (GET /api/puzzles/mine?board=N), by
// turn number: each such turn links "puzzle from this mistake".
'use strict';

const REVIEW_POLL_MS = 2000;

// A judgement's mark in the move list and the chart: the chess annotators' signs (their
// words in the page's language, so made when asked for).
function reviewMarks() {
  return {
    inaccuracy: { sign: '?!', words: t('inaccuracy') },
    mistake: { sign: '?', words: t('mistake') },
    blunder: { sign: '??', words: t('blunder') },
    'win thrown away': { sign: '✗', words: t('a proven win thrown away') },
    'only winning move': { sign: '!!', words: t('the only winning move (proven)') },
  };
}

// The mark of a reviewed turn: its proof note first (it says more), else its label; null for none.
function reviewMark(turn) {
  const key = turn.note || turn.label;
  return key ? { key, ...reviewMarks()[key] } : null;
}

function reviewClass(key) {
  return `review-${key.replace(/ /g, '-')}`;
}

// The first player's winning chance (0..1) before each turn and after the last: the chart's
// points, whoever moved.
function firstPlayerChances(turns) {
  const forFirst = (seat, chance) => (seat === 0 ? chance : 1 - chance);
  const points = turns.map((t) => forFirst(t.seat, t.before));
  const last = turns[turns.length - 1];
  if (last) points.push(forFirst(last.seat, last.after));
  return points;
}

// One SVG line chart of values 0..1 over 0..n, drawn as the player page's rating charts are
// (player.js, the chart classes of style.css): the line, a band below it, the 50% line, and a
// dot for each of `marks` ({x, className, title}); `onPick(x)` for a click on column x (1..n).
function chanceChart(values, marks, label, onPick) {
  const width = 360, height = 170, left = 30, right = 6, top = 8, bottom = 20;
  const n = Math.max(values.length - 1, 1);
  const x = (i) => left + (i / n) * (width - left - right);
  const y = (v) => top + (1 - v) * (height - top - bottom);
  // svgElement (player.js: the rating charts') with a text.
  const make = (name, attrs, text) => {
    const node = svgElement(name, attrs);
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const svg = make('svg', { viewBox: `0 0 ${width} ${height}`, class: 'review-chart', role: 'img', 'aria-label': label });
  svg.append(make('rect', { x: left, y: top, width: width - left - right, height: height - top - bottom, class: 'chart-frame' }));
  for (const v of [0, 0.5, 1]) {
    svg.append(make('line', { x1: left, x2: width - right, y1: y(v), y2: y(v), class: v === 0.5 ? 'chart-even' : 'chart-grid' }));
    svg.append(make('text', { x: left - 4, y: y(v) + 4, 'text-anchor': 'end', class: 'chart-label' }, `${v * 100}%`));
  }
  const step = Math.max(1, Math.ceil(n / 10));
  for (let i = 0; i <= n; i += step)
    svg.append(make('text', { x: x(i), y: height - 5, 'text-anchor': 'middle', class: 'chart-label' }, String(i)));
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  svg.append(make('polygon', { points: `${x(0)},${y(0)} ${line} ${x(values.length - 1)},${y(0)}`, class: 'chart-band' }));
  svg.append(make('polyline', { points: line, class: 'chart-line' }));
  for (const m of marks) {
    const dot = make('circle', { cx: x(m.x), cy: y(values[m.x]), r: 5, class: `chart-mark ${m.className}` });
    dot.append(make('title', {}, m.title));
    svg.append(dot);
  }
  // A column per turn takes the clicks (the buttons under the chart do the same for keys).
  const column = (width - left - right) / n;
  for (let i = 1; i <= n; i++) {
    const hit = make('rect', { x: x(i) - column / 2, y: top, width: column, height: height - top - bottom, class: 'chart-hit', 'data-turn': i });
    hit.addEventListener('click', () => onPick(i));
    svg.append(hit);
  }
  return svg;
}

// The position before reviewed `turn` on the analysis board, the engine's best line after it
// (the game's own moves when it gave none).
function analyseReviewedTurn(board, turn) {
  const record = board.moves.map((m) => m.move);
  const line = turn.best_line && turn.best_line.length ? [...record.slice(0, turn.first_ply), ...turn.best_line] : record;
  location.hash = analysisHash({ game: board, line, moves: record.slice(0, turn.first_ply) });
}

async function loadReview(id) {
  const shown = app.review;
  clearTimeout(shown.timer);
  try {
    const data = await api('GET', `/api/games/${id}/review`);
    if (app.review !== shown) return;
    shown.data = data;
    if (data.status === 'done' && app.token) {
      const mine = await api('GET', `/api/puzzles/mine?board=${id}`);
      if (app.review !== shown) return;
      shown.mistakes = new Map(mine.puzzles.map((p) => [p.turn, p.puzzle]));
    }
  } catch (e) {
    if (app.review !== shown) return;
    shown.data = { status: 'error', note: e.message };
  }
  if (app.board && app.board.board === id) renderReview(app.board);
  // While it is computed, asked again until it is done (or the page leaves the board).
  if (['queued', 'running'].includes(shown.data.status))
    shown.timer = setTimeout(() => app.review === shown && loadReview(id), REVIEW_POLL_MS);
}

async function askForReview() {
  const shown = app.review;
  if (!shown) return;
  $('review-ask').disabled = true;
  try {
    shown.data = await api('POST', `/api/games/${shown.board}/review`, {});
    loadReview(shown.board);
  } catch (e) {
    $('review-text').textContent = t('The review cannot be asked for: {error}', { error: e.message });
  } finally {
    $('review-ask').disabled = false;
  }
}

// Called by renderBoard (play.js) with the board shown.
function renderReview(board) {
  const box = $('review');
  // A finished game's (finished_at: its past positions too, which have no outcome of their own).
  const shown = Boolean(board.board && board.finished_at && board.moves.length > 0 && !board.analysis);
  box.hidden = !shown;
  if (!shown) return;
  if (!app.review || app.review.board !== board.board) {
    if (app.review) clearTimeout(app.review.timer);
    app.review = { board: board.board, data: null, timer: null, scrolled: false, mistakes: new Map() };
    loadReview(board.board);
  }
  const data = app.review.data;
  const done = data && data.status === 'done';
  const askable = data && ['none', 'failed'].includes(data.status);
  $('review-ask').hidden = !(askable && app.token);
  $('review-ask').textContent = data && data.status === 'failed' ? t('Ask for the review again') : t('Review this game');
  $('review-result').hidden = !done;
  const words = {
    none: app.token ? t("The engine's review shows where the game was won and lost, turn by turn.") :
      t("Sign in to ask for the engine's review of this game."),
    queued: t('The review is queued; it shows here when it is ready.'),
    running: t('The engine is reviewing the game; it shows here when it is ready.'),
    failed: t('The review failed: {why}.', { why: data?.note }),
    error: t('The review cannot be loaded: {why}', { why: data?.note }),
  };
  $('review-text').textContent = !data ? t('Loading the review…') : done ? '' : words[data.status] || '';
  $('review').dataset.status = data ? data.status : 'loading';
  if (done) drawReview(board, data.review);
  else $('move-list').classList.remove('reviewed');
  if (done && !app.review.scrolled && /\/review$/.test(location.hash)) {
    app.review.scrolled = true;
    box.scrollIntoView({ block: 'start' });
  }
}

function drawReview(board, review) {
  const turns = review.turns;
  const accuracy = review.accuracy.map((a, seat) => {
    const who = board.seats[seat];
    const value = a === null ? t('no turn') : formatNumber(a / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return el('li', { text: `${who.user} (${colourName(board.game, who.colour)}): ${value}` });
  });
  $('review-accuracy').replaceChildren(...accuracy);
  const marked = turns.map((turn, i) => ({ turn, index: i, mark: reviewMark(turn) })).filter((m) => m.mark);
  const first = board.seats[0];
  const label = `${tn('The winning chance of {user} ({colour}, the first player) over {n} turn;',
    'The winning chance of {user} ({colour}, the first player) over {n} turns;', turns.length, { user: first.user, colour: first.colour })} ${
    tn('{n} marked turn, listed below.', '{n} marked turns, listed below.', marked.length)}`;
  const pick = (i) => analyseReviewedTurn(board, turns[i - 1]);
  const chart = chanceChart(firstPlayerChances(turns), marked.map((m) => ({
    x: m.index + 1, className: reviewClass(m.mark.key), title: t('Turn {n}: {played}, {mark}', { n: m.turn.number, played: m.turn.played, mark: m.mark.words }),
  })), label, pick);
  $('review-chart').replaceChildren(chart);
  $('review-chart-caption').textContent = t('The winning chance of {user} ({colour}) after each turn: up is good for {colour}, down for {other}. Click a turn to analyse it.',
    { user: first.user, colour: first.colour, other: board.seats[1].colour });
  const percent = (v) => formatNumber(v, { style: 'percent' });
  $('review-turns').replaceChildren(...marked.map((m) => {
    const turn = m.turn;
    const button = el('button', { type: 'button', cls: 'link-like review-turn' });
    const best = turn.best && turn.best !== turn.played ? t('; best {turn}', { turn: turn.best }) : '';
    const mark = `${m.mark.words}${turn.label && turn.note ? ` (${t(turn.label)})` : ''}`;
    // TRANSLATORS: a judged turn of the review: "Turn 12: alice c3 — blunder, 60% → 20%"
    button.append(reviewBadge(m.mark), ` ${t('Turn {n}: {user} {played} — {mark}, {before} → {after}', { n: turn.number,
      user: board.seats[turn.seat].user, played: turn.played, mark, before: percent(turn.before), after: percent(turn.after) })}${best}`);
    button.setAttribute('aria-label', `${t('Analyse turn {n}, {played}: {mark}', { n: turn.number, played: turn.played, mark: m.mark.words })}${best}`);
    button.addEventListener('click', () => analyseReviewedTurn(board, turn));
    const puzzle = app.review.mistakes.get(turn.number);
    if (!puzzle) return el('li', {}, button);
    const link = el('a', { href: `#/puzzles/mine/${puzzle}`, cls: 'review-puzzle', text: t('puzzle from this mistake') });
    return el('li', {}, button, ' · ', link);
  }));
  if (marked.length === 0) $('review-turns').replaceChildren(el('li', { cls: 'muted small', text: t('No turn lost much.') }));
  markMoveList(turns);
}

function reviewBadge(mark) {
  const badge = el('span', { cls: `review-mark ${reviewClass(mark.key)}`, text: mark.sign });
  badge.title = mark.words;
  return badge;
}

// The marks in the move list: its entries are the turns, in order (renderMoveList).
function markMoveList(turns) {
  const list = $('move-list');
  list.classList.add('reviewed', 'one-column');  // room for the marks beside the players' names
  list.querySelectorAll('.move-entry').forEach((entry, k) => {
    const mark = turns[k] && reviewMark(turns[k]);
    if (!mark || entry.querySelector('.review-mark')) return;
    entry.querySelector('.move-text').after(reviewBadge(mark));
    entry.setAttribute('aria-label', `${entry.getAttribute('aria-label')} (${mark.words})`);
  });
}

function bindReview() {
  $('review-ask').addEventListener('click', askForReview);
}

document.addEventListener('DOMContentLoaded', bindReview);
