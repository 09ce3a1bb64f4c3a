// SPDX-License-Identifier: Apache-2.0
// A player's page (#/player/USER, GET /api/users/USER): ratings per game, the rating history
// of each game drawn as a small SVG chart (the rating line with its deviation band, one point
// per rated game), and the finished games with links to replay them.  Shares the helpers of
// app.js and community.js.
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';
const CHART = { width: 320, height: 150, left: 42, right: 10, top: 10, bottom: 24 };

async function showPlayer(user) {
  $('player-title').textContent = user;
  say('player-error', '');
  $('player-ratings-body').replaceChildren();
  $('player-charts').replaceChildren();
  $('player-games').replaceChildren();
  let data;
  try {
    data = await api('GET', `/api/users/${encodeURIComponent(user)}`);
  } catch (e) {
    say('player-error', e.status === 404 ? t("There is no player '{user}'.", { user }) : t('Cannot load the player: {error}', { error: e.message }));
    return;
  }
  if (communityRoute(location.hash)?.view !== 'player-view' || $('player-title').textContent !== user) return;
  $('player-view').dataset.user = data.user;
  $('player-title').replaceChildren(data.user, isComputer(data.user) ? el('span', { cls: 'computer-mark', text: t('computer') }) : '',
    data.bot ? botBadge() : '');
  renderPlayerRatings(data.ratings);
  renderPlayerCharts(data.rating_history);
  renderPlayerGames(data.user, data.finished, data.rating_history);
}

function renderPlayerRatings(ratings) {
  const body = $('player-ratings-body');
  if (ratings.length === 0) {
    body.replaceChildren(el('tr', {}, el('td', { colspan: 5, cls: 'muted', text: t('No rated games yet.') })));
    return;
  }
  body.replaceChildren(...ratings.map((r) => el('tr', { 'data-game': r.game },
    el('td', {}, el('a', { href: `#/standings/${r.game}`, text: titleOf(r.game) })),
    el('td', { cls: r.provisional ? 'rating provisional' : 'rating', text: ratingText(r) }),
    el('td', { cls: 'num', text: r.rank ? String(r.rank) : '–' }),
    el('td', { cls: 'num', text: String(r.games) }),
    el('td', { cls: 'num', text: recordText(r) }))));
}

function renderPlayerCharts(history) {
  const games = [...new Set(history.map((h) => h.game))];
  if (games.length === 0) {
    $('player-charts').replaceChildren(el('p', { cls: 'muted', text: t('No rated games yet.') }));
    return;
  }
  $('player-charts').replaceChildren(...games.map((game) => {
    const points = history.filter((h) => h.game === game);
    const figure = el('figure', { cls: 'chart', 'data-game': game });
    figure.append(ratingChart(titleOf(game), points),
      el('figcaption', { text: tn('{game}: {n} rated game, now {rating}. The band is ± the deviation; red dots are losses, grey ones draws.',
        '{game}: {n} rated games, now {rating}. The band is ± the deviation; red dots are losses, grey ones draws.', points.length,
        { game: titleOf(game), rating: Math.round(points[points.length - 1].rating) }) }));
    return figure;
  }));
}

function svgElement(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  return node;
}

// The chart of one game's rating changes, in the order applied: x is the game's number, y
// the rating after it; the band is rating ± deviation.
function ratingChart(title, points) {
  const c = CHART;
  const low = Math.min(...points.map((p) => p.rating - p.deviation));
  const high = Math.max(...points.map((p) => p.rating + p.deviation));
  const pad = Math.max(10, (high - low) * 0.05);
  const yMin = Math.floor((low - pad) / 10) * 10;
  const yMax = Math.ceil((high + pad) / 10) * 10;
  const plotW = c.width - c.left - c.right;
  const plotH = c.height - c.top - c.bottom;
  const x = (i) => c.left + (points.length === 1 ? plotW / 2 : (i * plotW) / (points.length - 1));
  const y = (r) => c.top + ((yMax - r) * plotH) / (yMax - yMin);
  const at = (i, r) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`;

  const first = points[0];
  const last = points[points.length - 1];
  const svg = svgElement('svg', { viewBox: `0 0 ${c.width} ${c.height}`, class: 'rating-chart', role: 'img',
    'aria-label': tn('{game} rating history: {n} rated game, from {first} to {last}', '{game} rating history: {n} rated games, from {first} to {last}',
      points.length, { game: title, first: Math.round(first.rating), last: Math.round(last.rating) }) });
  const label = svgElement('title');
  label.textContent = t('{game} rating history', { game: title });
  svg.appendChild(label);
  // Horizontal grid lines with their ratings: the bottom, the middle and the top.
  for (const r of [yMin, Math.round((yMin + yMax) / 2), yMax]) {
    svg.appendChild(svgElement('line', { class: 'chart-grid', x1: c.left, x2: c.width - c.right, y1: y(r), y2: y(r) }));
    const text = svgElement('text', { class: 'chart-label', x: c.left - 4, y: y(r), 'text-anchor': 'end', 'dominant-baseline': 'middle' });
    text.textContent = String(r);
    svg.appendChild(text);
  }
  const upper = points.map((p, i) => at(i, p.rating + p.deviation));
  const lower = points.map((p, i) => at(i, p.rating - p.deviation)).reverse();
  const band = points.length === 1
    ? svgElement('line', { class: 'chart-band-line', x1: x(0), x2: x(0), y1: y(first.rating + first.deviation), y2: y(first.rating - first.deviation) })
    : svgElement('polygon', { class: 'chart-band', points: [...upper, ...lower].join(' ') });
  svg.appendChild(band);
  svg.appendChild(svgElement('path', { class: 'chart-line', d: `M${points.map((p, i) => at(i, p.rating)).join(' L')}` }));
  points.forEach((p, i) => {
    const dot = svgElement('circle', { class: `chart-point ${p.result || ''}`, cx: x(i), cy: y(p.rating), r: 3 });
    const tip = svgElement('title');
    tip.textContent = t('#{board} against {opponent}: {result}, {rating} ± {deviation}', { board: p.board, opponent: p.opponent,
      result: resultWords(p.result), rating: Math.round(p.rating), deviation: Math.round(p.deviation) });
    dot.appendChild(tip);
    svg.appendChild(dot);
  });
  // The dates of the first and the last game under the axis.
  const dates = [[first, c.left, 'start'], [last, c.width - c.right, 'end']];
  for (const [p, px, anchor] of points.length === 1 ? [[first, x(0), 'middle']] : dates) {
    const text = svgElement('text', { class: 'chart-label', x: px, y: c.height - 6, 'text-anchor': anchor });
    text.textContent = dateText(p.at);
    svg.appendChild(text);
  }
  return svg;
}

// What the game's end means for `user`: "won", "lost" or "draw".
function resultFor(user, game) {
  if (game.result === 'draw') return 'draw';
  if (game.winner_seat === null || game.winner_seat === undefined) return game.result || 'over';
  return game.players[game.winner_seat] === user ? 'won' : 'lost';
}

// A result in words: resultFor's "won", "lost", "draw", the rating history's "win", "loss".
function resultWords(result) {
  const words = { won: t('won'), win: t('won'), lost: t('lost'), loss: t('lost'), draw: t('draw') };
  return words[result] || result || '';
}

// "1500 → 1662 (+162)": a rated game's change of rating (an entry of rating_history).
function ratingChangeText(change) {
  const delta = change.rating - change.rating_before;
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  return `${Math.round(change.rating_before)} → ${Math.round(change.rating)} (${sign}${Math.abs(Math.round(delta))})`;
}

function renderPlayerGames(user, finished, history = []) {
  const changes = new Map(history.map((h) => [h.board, h]));
  const list = $('player-games');
  if (finished.length === 0) {
    list.replaceChildren(listNote(t('No finished games yet.')));
    return;
  }
  list.replaceChildren(...finished.map((g) => {
    const opponent = g.players.find((p) => p !== user) ?? g.players[1];
    const result = resultFor(user, g);
    const link = el('a', { href: `#/board/${g.board}`, cls: 'game-link',
      'aria-label': t('Replay board {board}: {game} against {opponent}, {result}', { board: g.board, game: titleOf(g.game), opponent, result: resultWords(result) }) },
      el('span', { cls: 'game-line' }, el('strong', { text: `#${g.board} ${titleOf(g.game)}` }), el('span', { cls: `badge ${result === 'won' ? 'done' : ''}`, text: resultWords(result) })),
      el('span', { cls: 'game-players muted', text: t('{first} vs {second} · {progress}', { first: g.players[0], second: g.players[1],
        progress: `${tn('{n} turn', '{n} turns', g.turns_played)} · ${dateText(g.updated_at)}` }) }),
      changes.has(g.board) ? el('span', { cls: 'rating-change', text: t('rating {change}', { change: ratingChangeText(changes.get(g.board)) }) }) : '');
    return el('li', { 'data-board': g.board }, link);
  }));
}
