// SPDX-License-Identifier: Apache-2.0
// The board view of the ludus web page: drawing the position (board.js), clicks turned into
// the board JSON's legal `actions` by the sites each touches, a turn of several actions
// collected click by click and sent whole, the players, status, actions, move list with the
// history view (comments: comments.js; live updates: live.js; replay: study.js; analysis:
// analysis.js).  Nothing here knows a game: the server says what each action does and whether
// it ends the turn, the catalog how a turn is written.
// Shares `app`, `api` and the helpers of app.js.
'use strict';

function mySeat(board) {
  if (!app.user) return -1;
  return board.seats.findIndex((s) => s.user === app.user);
}

function myTurn(board) {
  return Boolean(!board.analysis && board.latest && board.to_move && app.user && board.to_move.user === app.user);
}

// Whether clicks on the board make moves: the player's turn, or any position of the
// analysis mode that is not over.
function canPlay(board) {
  return board.analysis ? Boolean(board.to_move) : myTurn(board);
}

function catalogEntry(board) {
  return app.catalog.find((g) => g.name === board.game);
}

// --- the turn under way -----------------------------------------------------------------------
// app.selection: the sites clicked, in order, for the action being chosen.
// app.turn: on a live board, the actions chosen so far of a turn that goes on after them,
// {board, at, actions, position}: `at` the moves played when it began, `position` the
// position after the actions (POST /api/position), whose actions come next.  The turn is
// sent whole once an action ends it (a move is a whole turn: docs/turns.md).

// The position clicks play in: the turn's, once it has actions, else the board's.
function playPosition(board) {
  const turn = app.turn;
  const current = turn && !board.analysis && board.latest && turn.board === board.board && turn.at === board.moves_played;
  return current ? turn.position : board;
}

function pendingActions(board) {
  return playPosition(board) === board ? [] : app.turn.actions;
}

// The text of a turn of these actions: joined by commas, as the rules write it.
function turnText(actions) {
  return actions.map((a) => a.text).join(',');
}

// Whether `action` goes with the sites clicked so far: all of them among a placement's
// sites (in any order), a slide's from its start.
function fits(action, sites) {
  if (sites.length > action.sites.length) return false;
  if (action.kind === 'slide') return sites.every((s, i) => action.sites[i] === s);
  return sites.every((s) => action.sites.includes(s));
}

// The actions the clicked sites may still become, the one they make now, and whether more
// clicks could make a bigger one.
function actionsFor(position, sites) {
  const fitting = (position.actions || []).filter((a) => a.sites.length > 0 && fits(a, sites));
  return {
    fitting,
    made: fitting.find((a) => a.sites.length === sites.length),
    more: fitting.some((a) => a.sites.length > sites.length),
  };
}

// The site word of the board: "point" or "cell".
function siteWord(position) {
  return position.geometry && position.geometry.stones_on === 'points' ? 'point' : 'cell';
}

// How to play with clicks here, from the kinds of the legal actions.
// (Each wording is whole for points and for cells: a translation may need both.)
function clickHint(position) {
  const actions = position.actions || [];
  const points = siteWord(position) === 'point';
  const place = actions.some((a) => a.kind === 'place');
  const slide = actions.some((a) => a.kind === 'slide');
  if (!place && !slide) return '';
  const parts = [];
  if (place) parts.push(points ? t('Click an empty point to place a stone') : t('Click an empty cell to place a stone'));
  if (actions.some((a) => a.kind === 'place' && a.sites.length > 1)) parts.push(t('then another for a second stone (or play the first alone)'));
  if (slide && place) parts.push(points ? t('or one of your stones, then the point it slides to') : t('or one of your stones, then the cell it slides to'));
  if (slide && !place) parts.push(points ? t('Click one of your stones, then the point it slides to') : t('Click one of your stones, then the cell it slides to'));
  // TRANSLATORS: the hint's parts above, joined: "{hint}." ends it as a sentence
  let hint = t('{hint}.', { hint: parts.join(t(', ')) });
  if (actions.some((a) => !a.ends_turn)) hint += ` ${t('Your turn goes on after that action, and is sent once it is whole.')}`;
  return hint;
}

// Site indices to highlight: the last turn, the actions of the turn under way, legal
// moves, the current selection.
function boardMarks(board) {
  const position = playPosition(board);
  const geometry = position.geometry;
  const index = new Map(geometry.sites.map((s, i) => [s.name, i]));
  const marks = {
    deciding: new Set(), last: new Set(), lastFrom: [], slides: [], legal: new Set(), movable: new Set(),
    candidates: new Set(), selected: new Set(), pending: new Set(),
  };
  const has = (name) => index.has(name);
  for (const name of board.deciding_sites || []) if (has(name)) marks.deciding.add(index.get(name));
  // The plies of the last turn in this view: those sharing the last one's turn number.
  const shownPlies = board.analysis ? analysisPlies(app.analysis).slice(0, board.position_move_number)
    : board.moves.slice(0, board.position_move_number);
  const lastPly = shownPlies[shownPlies.length - 1];
  const pending = pendingActions(board);
  const played = lastPly ? shownPlies.filter((m) => m.turn === lastPly.turn) : [];
  for (const ply of played) {
    const action = splitPly(ply.move);
    for (const p of action.places) if (has(p)) marks.last.add(index.get(p));
    if (action.slide && has(action.slide[0]) && has(action.slide[1])) {
      marks.last.add(index.get(action.slide[1]));
      marks.slides.push([index.get(action.slide[0]), index.get(action.slide[1])]);
      if (geometry.stones[index.get(action.slide[0])] === null) marks.lastFrom.push(index.get(action.slide[0]));
    }
  }
  // The turn under way: its stones ringed, its slides drawn.
  for (const action of pending) {
    const sites = action.sites.filter(has).map((n) => index.get(n));
    if (action.kind === 'slide' && sites.length === 2) {
      marks.slides.push(sites);
      marks.pending.add(sites[1]);
    } else {
      for (const site of sites) marks.pending.add(site);
    }
  }
  if (!canPlay(board)) return marks;
  const sel = app.selection;
  for (const name of sel) if (has(name)) marks.selected.add(index.get(name));
  marks.ghost = board.to_move.colour;
  if (sel.length) {
    for (const action of actionsFor(position, sel).fitting) {
      const next = action.kind === 'slide' ? [action.sites[sel.length]] : action.sites.filter((s) => !sel.includes(s));
      for (const name of next) if (name && has(name)) marks.candidates.add(index.get(name));
    }
    return marks;
  }
  if (!app.showLegal) return marks;
  for (const action of position.actions || []) {
    if (action.kind === 'slide' && has(action.sites[0])) marks.movable.add(index.get(action.sites[0]));
    if (action.kind === 'place') for (const name of action.sites) if (has(name)) marks.legal.add(index.get(name));
  }
  return marks;
}

// The sites a ply of the move list names: its placements, or its slide.  The record
// writes a slide `from-to` and stones of one turn `a,b` (the rules' conventions).
function splitPly(text) {
  if (text.includes('-')) return { places: [], slide: text.split('-') };
  return { places: text.split(','), slide: null };
}

function colourSwatch(colour, colours) {
  const span = document.createElement('span');
  span.className = 'swatch';
  const style = LudusBoard.stoneStyle(colour, colours);
  span.style.background = `radial-gradient(circle at 35% 30%, ${style.shine}, ${style.fill} 60%)`;
  span.style.borderColor = style.edge;
  span.setAttribute('aria-hidden', 'true');
  return span;
}

function renderPlayers(board) {
  const mine = mySeat(board);
  $('players').replaceChildren(...board.seats.map((seat) => {
    const li = document.createElement('li');
    li.className = 'player';
    // Only the current position has a player to move (an earlier one is history).
    const toMove = board.latest && !board.analysis && board.to_move && board.to_move.seat === seat.seat;
    const won = board.outcome && board.outcome.winner_seat === seat.seat;
    if (toMove) li.classList.add('to-move');
    if (won) li.classList.add('winner');
    const name = document.createElement('a');
    name.className = 'player-name';
    name.href = `#/player/${encodeURIComponent(seat.user)}`;
    name.title = t("{user}'s ratings and games", { user: seat.user });
    name.textContent = seat.user;
    const detail = document.createElement('span');
    detail.className = 'muted small';
    const tags = [colourName(board.game, seat.colour), seat.seat === 0 ? t('first player') : t('second player')];
    if (seat.ai) tags.push(t('computer'));
    if (seat.seat === mine) tags.push(t('you'));
    detail.textContent = tags.join(' · ');
    // The score the rules show players (Epoxy's), where the game has one.
    const score = Number.isInteger(seat.score) ? el('span', { cls: 'player-score', text: t('score {score}', { score: seat.score }) }) : null;
    const flag = document.createElement('span');
    flag.className = 'player-flag';
    flag.textContent = won ? t('winner') : toMove ? (seat.ai ? t('thinking…') : t('to move')) : '';
    const text = document.createElement('span');
    text.className = 'player-text';
    text.append(...withBotBadge(name, seat.bot), detail);
    if (score) text.append(score);
    const change = board.outcome && board.rated && app.ratingChanges?.board === board.board && app.ratingChanges.bySeat[seat.seat];
    if (change) text.append(el('span', { cls: 'rating-change', text: t('rating {change}', { change: ratingChangeText(change) }) }));
    li.append(colourSwatch(seat.colour, board.colours), text, flag);
    return li;
  }));
  if (board.outcome && board.rated && app.ratingChanges?.board !== board.board) loadRatingChanges(board);
}

// The two players' changes of rating on a finished rated board (from their rating
// histories), then the players drawn again with them.
async function loadRatingChanges(board) {
  app.ratingChanges = { board: board.board, bySeat: [] };
  try {
    const users = await Promise.all(board.seats.map((s) => api('GET', `/api/users/${encodeURIComponent(s.user)}`)));
    app.ratingChanges.bySeat = users.map((u) => u.rating_history.find((h) => h.board === board.board) || null);
  } catch (e) {
    return;  // shown without the changes
  }
  if (app.board?.board === board.board) renderPlayers(app.board);
}

// "at the start", "after turn 2 (1st action)": where the position shown stands, in the
// server's words for the turn (the board JSON's position_turn).
function positionWords(board) {
  const point = board.position_turn;
  return point.turn === 0 ? t('at the start') : t('after {turn}', { turn: point.text });
}

// A player away (docs/turns.md "Holidays"): the board says until when, and whether its
// clock pauses meanwhile (tournament boards keep hard time).
function renderHolidays(board) {
  const now = Date.now() / 1000;
  const away = board.latest && !board.outcome ? (board.holidays || []).filter((h) => h.ends_at > now) : [];
  const words = away.map((h) => {
    const values = { user: h.user, from: h.from, until: h.until };
    if (h.starts_at <= now) return h.user === app.user ? t('You are on holiday until {until}.', values) : t('{user} is on holiday until {until}.', values);
    return h.user === app.user ? t('You are away from {from} to {until}.', values) : t('{user} is away from {from} to {until}.', values);
  });
  if (words.length) words.push(board.tournament ? t('Tournament boards keep hard time: the clock runs on.') : t('The time limits pause meanwhile.'));
  $('holiday-note').textContent = words.join(' ');
  $('holiday-note').hidden = !words.length;
}

function statusText(board) {
  if (board.analysis) return analysisStatus(board);
  if (!board.latest) return t('Position {where}.', { where: positionWords(board) });
  if (board.outcome) {
    const o = board.outcome;
    // TRANSLATORS: {reason} is the server's reason for the end of the game, in brackets
    const reason = o.reason ? ` (${o.reason})` : '';
    if (o.ending === 'aborted') return t('The game was aborted by both players: no result.');
    if (o.draw) return t('The game is drawn{reason}.', { reason });
    return o.winner_user === app.user ? t('You win{reason}.', { reason })
      : t('{user} ({colour}) wins{reason}.', { user: o.winner_user, colour: colourName(board.game, o.winner_colour), reason });
  }
  if (!board.to_move) return board.status_text;
  // Numbered by turns, as the move list is; the server says which turn this is and whether
  // it goes on after an action already played.
  const continuing = board.mid_turn || pendingActions(board).length > 0;
  const values = { user: board.to_move.user, colour: colourName(board.game, board.to_move.colour), n: formatNumber(board.turn) };
  if (myTurn(board)) return continuing ? t('Your turn continues as {colour}, turn {n}.', values) : t('Your move as {colour}, turn {n}.', values);
  const ai = board.seats[board.to_move.seat].ai;
  return ai ? t('{user} ({colour}) is thinking, turn {n}.', values) : t('{user} ({colour}) to move, turn {n}.', values);
}

// The plies grouped by turn: consecutive plies with the server's same turn number.
function groupTurns(moves) {
  const turns = [];
  for (const m of moves) {
    const last = turns[turns.length - 1];
    if (last && last.plies[0].turn === m.turn) last.plies.push(m);
    else turns.push({ plies: [m] });
  }
  return turns;
}

// The record's turns, or in the analysis mode its line (analysis.js), variations marked.
function renderMoveList(board) {
  const turns = groupTurns(board.analysis ? analysisPlies(app.analysis) : board.moves);
  const shown = board.position_move_number;
  const list = $('move-list');
  list.replaceChildren(...turns.map((turn, k) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move-entry';
    const lastPly = turn.plies[turn.plies.length - 1].number;
    button.dataset.ply = String(lastPly);
    if (turn.plies[0].variation) button.classList.add('variation');
    if (shown > 0 && (lastPly === shown || (turn.plies[0].number <= shown && shown <= lastPly))) button.setAttribute('aria-current', 'step');
    const num = document.createElement('span');
    num.className = 'move-number';
    num.textContent = `${k + 1}.`;  // turns, as statusText counts them
    const text = document.createElement('span');
    text.className = 'move-text';
    text.textContent = turn.plies.map((p) => p.move).join(' · ');
    const who = document.createElement('span');
    who.className = 'move-user muted small';
    who.textContent = turn.plies[0].variation ? t('analysis') : turn.plies[0].user;
    button.setAttribute('aria-label', t('Show the position after {colour} {turn}', { colour: colourName(board.game, turn.plies[0].colour), turn: text.textContent }));
    button.append(num, colourSwatch(turn.plies[0].colour, board.colours), text, who);
    li.appendChild(button);
    return li;
  }));
  if (turns.length === 0) list.replaceChildren(listNote(t('No moves yet.')));
  list.classList.toggle('one-column', turns.some((turn) => turn.plies.length > 1 || turn.plies[0].move.length > 7));
  const current = list.querySelector('[aria-current]');
  // Scrolls the list only, never the page (on a phone the page would leave the board).
  if (current) {
    const top = current.offsetTop;  // the list is positioned: offsets are inside it
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

// The legal action of `kind` ("pass", "swap") in the position clicks play in, if any.
function actionOfKind(board, kind) {
  if (!canPlay(board)) return null;
  return (playPosition(board).actions || []).find((a) => a.kind === kind) || null;
}

function renderActions(board) {
  const live = board.latest && !board.outcome && !board.analysis;
  const mine = mySeat(board) >= 0;
  // Pass ends a turn already under way: then it is "End turn".
  const pass = actionOfKind(board, 'pass');
  const goesOn = pendingActions(board).length > 0 || playPosition(board).mid_turn;
  $('pass-button').hidden = !pass || app.selection.length > 0;
  $('pass-button').textContent = goesOn ? t('End turn') : t('Pass');
  $('pass-button').classList.toggle('primary', goesOn);
  $('swap-button').hidden = !actionOfKind(board, 'swap') || app.selection.length > 0;
  const resign = $('resign-button');
  resign.hidden = !(live && mine);
  if (resign.hidden) resetResign();
  const opponent = board.seats.find((s) => s.user !== app.user);
  const proposal = board.proposal;
  const human = opponent && !opponent.ai;
  // A draw is offered only where the rules have draws (the catalog's `draws`).
  const draws = catalogEntry(board)?.draws !== false;
  $('draw-button').hidden = !(live && mine && human && !proposal && draws);
  // The computer always accepts a take-back or an abort and always declines a draw.  The
  // server says where take-backs and aborts are refused (rated and tournament boards, an
  // abort after the second turn): those buttons are left out and the reason said instead.
  const free = live && mine && !proposal;
  $('undo-button').hidden = !(free && !board.takeback_refused && board.moves.some((m) => m.user === app.user));
  $('abort-button').hidden = !(free && !board.abort_refused);
  const rules = live && mine ? [board.takeback_refused, board.turns_played <= 2 ? board.abort_refused : ''] : [];
  const said = rules.filter(Boolean).map((r) => `${r[0].toUpperCase()}${r.slice(1)}.`).join(' ');
  $('proposal-rules').textContent = said;
  $('proposal-rules').hidden = !said;
  const answer = live && mine && proposal && proposal.user !== app.user;
  $('accept-button').hidden = $('reject-button').hidden = !answer;
  if (answer) {
    $('accept-button').textContent = { draw: t('Accept the draw'), undo: t('Accept the takeback'), abort: t('Accept the abort') }[proposal.kind] || t('Accept');
    $('reject-button').textContent = t('Decline');
  }
  // Players follow their boards anyway; anybody else signed in may follow this one.
  const follow = $('follow-button');
  follow.hidden = !(app.token && !mine && board.board);
  follow.textContent = app.watched.has(board.board) ? t('Stop following') : t('Follow this board');
  $('move-form').hidden = !canPlay(board);
  renderRematch(board);
  const example = catalogEntry(board)?.turn?.examples?.[0];
  $('move-text').placeholder = example ? t('e.g. {turn}', { turn: example.text }) : '';
}

// The box that says what the clicks so far make, with the ways to go on.
function renderSelection(board) {
  const box = $('selection');
  const sel = app.selection;
  const pending = pendingActions(board);
  if (!canPlay(board) || (sel.length === 0 && pending.length === 0)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const position = playPosition(board);
  const points = siteWord(position) === 'point';
  const parts = [];
  if (pending.length) parts.push(t('Your turn so far: {turn}.', { turn: turnText(pending) }));
  const alone = $('play-alone');
  alone.hidden = true;
  if (sel.length) {
    const found = actionsFor(position, sel);
    if (found.fitting.length && found.fitting.every((a) => a.kind === 'slide')) {
      parts.push(t('Sliding the stone on {site}: click where it goes.', { site: sel[0] }));
    } else if (found.made) {
      const values = { sites: formatList(sel), action: found.made.text };
      parts.push(points ? t('Selected {sites}: click another point, or play {action} alone.', values)
        : t('Selected {sites}: click another cell, or play {action} alone.', values));
      alone.hidden = false;
      alone.textContent = t('Play {action} alone', values);
    } else {
      parts.push(points ? t('Selected {sites}: click another point.', { sites: formatList(sel) })
        : t('Selected {sites}: click another cell.', { sites: formatList(sel) }));
    }
  } else {
    parts.push(actionOfKind(board, 'pass') ? t('Click the next action, or end the turn.') : t('Click the next action.'));
  }
  $('selection-text').textContent = parts.join(' ');
}

// Says in the live region what changed on the board shown (screen readers read it out): the
// turn just played and by whom, then the status; nothing when a board is first opened or an
// earlier position or an analysis is shown.
function announceChange(board) {
  const seen = app.announced;
  app.announced = { board: board.board, moves: board.moves_played };
  if (!seen || seen.board !== board.board || board.analysis || !board.latest || board.moves_played === seen.moves) return;
  let text = '';
  if (board.moves_played > seen.moves && board.moves.length) {
    const turns = groupTurns(board.moves);
    const last = turns[turns.length - 1].plies;
    const turn = last.map((p) => p.move).join(', ');
    text = `${last[0].user === app.user ? t('You played {turn}.', { turn }) : t('{user} played {turn}.', { user: last[0].user, turn })} `;
  }
  $('announcer').textContent = text + statusText(board);
}

// The site that holds the board's one Tab stop: the one focused or last walked to on this
// board, else the first where a move can start, else the first site.
function boardTabStop(board, marks, focused) {
  if (focused) return focused;
  if (app.boardFocus?.board === board.board && app.boardFocus.analysis === Boolean(board.analysis)) return app.boardFocus.site;
  const sites = board.geometry.sites;
  const first = [...marks.legal, ...marks.movable, ...marks.candidates].sort((a, b) => a - b)[0];
  return sites[first ?? 0]?.name;
}

function renderBoard() {
  const board = app.board;
  if (!board) return;
  announceChange(board);
  $('welcome').hidden = true;
  const view = $('board-view');
  view.hidden = false;
  // The state shown, as attributes (scripts and tests can wait on them).
  view.dataset.board = board.board || '';
  view.dataset.moves = board.position_move_number;
  view.dataset.toMove = board.to_move ? board.to_move.user : '';
  $('board-title').textContent = board.board ? t('Board #{board} · {game}', { board: board.board, game: board.title }) : t('Analysis · {game}', { game: board.title });
  const settings = board.board && board.exploration !== undefined ? [explorationText(board.exploration)] : [];
  $('board-options').textContent = [...Object.entries(board.options).map(([k, v]) => `${k} ${v}`), ...settings].join(' · ');
  $('history-banner').hidden = board.latest || board.analysis;
  if (!board.latest) {
    $('history-text').textContent = tn('Showing the position {where}, of {n} turn played.', 'Showing the position {where}, of {n} turns played.',
      board.turns_played, { where: positionWords(board) });
  }
  renderPlayers(board);
  renderHolidays(board);
  const status = $('status');
  status.textContent = statusText(board);
  status.className = `status${board.outcome ? ' result' : myTurn(board) ? ' your-move' : ''}`;
  // What a turn is (the game's words, from the catalog), then how to play it with clicks.
  const summary = catalogEntry(board)?.turn?.summary || '';
  let hint = canPlay(board) ? `${summary} ${clickHint(playPosition(board))}`.trim() : '';
  const proposal = board.latest && !board.outcome && board.proposal;
  if (proposal) {
    const mine = proposal.user === app.user;
    const values = { user: proposal.user };
    const said = {
      undo: mine ? t('You propose a takeback; waiting for the answer.') : t('{user} proposes a takeback: accept or decline.', values),
      abort: mine ? t('You propose to abort the game; waiting for the answer.') : t('{user} proposes to abort the game: accept or decline.', values),
      draw: mine ? t('You propose a draw; waiting for the answer.') : t('{user} proposes a draw: accept or decline.', values),
    };
    hint = said[proposal.kind] || proposal.kind;
  }
  $('hint').textContent = hint;
  $('show-legal').parentElement.hidden = !canPlay(board) || !board.geometry;
  renderActions(board);
  renderSelection(board);
  renderMoveList(board);
  renderReview(board);
  renderComments(board);
  renderStudy(board);

  const frame = $('board-frame');
  if (!board.geometry) {
    const pre = document.createElement('pre');
    pre.className = 'board-text';
    pre.textContent = board.board_text;
    frame.replaceChildren(pre);
    return;
  }
  // A turn under way is drawn on its position (its actions played, nothing stored yet).
  const drawn = { ...board, geometry: playPosition(board).geometry };
  // A keyboard player keeps their place on the board when it is drawn anew.
  const focused = document.activeElement?.closest?.('#board-frame [data-site]')?.dataset.site;
  const marks = boardMarks(board);
  const svg = LudusBoard.draw(drawn, { ...marks, interactive: canPlay(board), focusSite: boardTabStop(board, marks, focused) });
  svg.setAttribute('aria-label', `${tn('{game} board, {n} site: Tab reaches it, the arrow keys walk it, Enter plays.', '{game} board, {n} sites: Tab reaches it, the arrow keys walk it, Enter plays.',
    board.geometry.sites.length, { game: board.title })} ${statusText(board)}`);
  svg.classList.toggle('interactive', canPlay(board));
  frame.replaceChildren(svg);
  LudusBoard.fit(svg);
  zoomForTouch(frame, svg);
  if (focused) svg.querySelector(`[data-site="${CSS.escape(focused)}"]`)?.focus({ preventScroll: true });
}

// A finger needs a target of about 44 px (WCAG 2.5.5).  When the sites are drawn smaller on
// a touch screen (Trellis 15 on a phone: 24 px), 'Zoom in' draws the board with 46 px between sites in
// a frame that scrolls both ways, so every target is big enough when the player aims.
const TOUCH_TARGET_PX = 44;
function zoomForTouch(frame, svg) {
  const box = svg.viewBox.baseVal;
  const step = box && box.width ? svg.clientWidth / box.width : 0;  // sites are 1 unit apart
  // A mouse aims finer: only a touch screen (a coarse pointer) is offered the zoom.
  const small = step > 0 && step < TOUCH_TARGET_PX && matchMedia('(pointer: coarse)').matches;
  $('zoom-button').hidden = !small && !app.zoomed;
  const zoom = Boolean(app.zoomed && small);
  frame.classList.toggle('zoomed', zoom);
  if (!zoom) return;
  svg.style.width = `${Math.ceil(box.width * (TOUCH_TARGET_PX + 2))}px`;
  svg.style.maxWidth = 'none';
  LudusBoard.fit(svg);
}

function showError(text) {
  $('move-error').textContent = text;
}

function signature(board) {
  return [board.revision, board.moves_played, board.status, board.proposal?.kind, board.proposal?.seat, board.comments.length, board.end_reason].join('|');
}

async function openBoard(id) {
  leaveAnalysis(false);
  if (app.boardId !== id) {
    app.selection = [];
    showError('');
  }
  app.boardId = id;
  app.viewingPast = false;
  app.turn = null;
  try {
    app.board = await api('GET', `/api/games/${id}`);
  } catch (e) {
    app.board = null;
    $('welcome').hidden = false;
    $('board-view').hidden = true;
    $('welcome-error').textContent = t('Board #{board}: {error}', { board: id, error: e.message });
    return;
  }
  $('welcome-error').textContent = '';
  const opening = $('board-view').hidden || Number($('board-view').dataset.board) !== id;
  renderBoard();
  if (opening) window.scrollTo(0, 0);  // scroll anchoring may have followed the form below
  schedulePoll();
  loadGames();
  if (app.token && mySeat(app.board) < 0) loadWatched();
}

async function loadWatched() {
  try {
    const list = await api('GET', `/api/games?user=${encodeURIComponent(app.user)}&status=watched&limit=500`);
    app.watched = new Set(list.games.map((g) => g.board));
    renderBoard();
  } catch (e) {
    // the button keeps its default text
  }
}

async function showPly(ply) {
  if (!app.board) return;
  app.selection = [];
  showError('');
  try {
    const board = await api('GET', `/api/games/${app.boardId}?move=${ply}`);
    app.viewingPast = !board.latest;
    app.board = board;
    renderBoard();
  } catch (e) {
    showError(e.message);
  }
}

// Sends a whole turn for the position on screen (a refused one leaves the turn under way
// as it was, with the server's reason).
async function sendMove(text) {
  const board = app.board;
  if (!board) return;
  if (board.analysis) return analysisPlay(text);
  app.busy = true;
  showError('');
  try {
    app.board = await api('POST', `/api/games/${board.board}/move`, { move: text, move_number: board.next_move_number });
    app.selection = [];
    app.turn = null;
    renderBoard();
    loadGames();
  } catch (e) {
    app.selection = [];
    showError(e.message);
    if (e.status === 409) await refreshBoard();
    else renderBoard();
  } finally {
    app.busy = false;
  }
}

async function refreshBoard() {
  try {
    app.board = await api('GET', `/api/games/${app.boardId}`);
    app.viewingPast = false;
  } catch (e) {
    // keep what is shown
  }
  renderBoard();
}

async function boardAction(action, body = {}) {
  const board = app.board;
  app.busy = true;
  showError('');
  try {
    const result = await api('POST', `/api/games/${board.board}/${action}`, body);
    app.board = result;
    app.selection = [];
    renderBoard();
    if (result.message) $('hint').textContent = result.message;
    loadGames();
    return true;
  } catch (e) {
    showError(e.message);
    return false;
  } finally {
    app.busy = false;
  }
}

// Why a click cannot be a move, when the page can tell without asking the server.
function clickRefusal(board) {
  if (board.analysis) return board.to_move ? '' : t('The game is over in this position: take a move back.');
  if (!board.latest) return t('This is an earlier position: go back to the current position to play.');
  if (board.outcome) return t('The game is over.');
  if (!app.token) return t('Sign in to play.');
  if (mySeat(board) < 0) return t('You ({user}) do not play on this board.', { user: app.user });
  if (!myTurn(board)) return t("It is {user}'s turn.", { user: board.to_move.user });
  return '';
}

// A chosen action: in the analysis one more ply; on a board the end of the turn (the
// whole turn is sent) or one more action of it (the position after it comes next).
async function choose(action) {
  const board = app.board;
  app.selection = [];
  if (board.analysis) return analysisPlay(action.text);
  const actions = [...pendingActions(board), action];
  if (action.ends_turn) return sendMove(turnText(actions));
  app.busy = true;
  try {
    const moves = [...board.moves.map((m) => m.move), ...actions.map((a) => a.text)];
    const position = await api('POST', '/api/position', { game: board.game, options: board.options, moves });
    if (app.board === board) app.turn = { board: board.board, at: board.moves_played, actions, position };
  } catch (e) {
    showError(e.message);
  } finally {
    app.busy = false;
  }
  renderBoard();
}

function dropTurn() {
  app.selection = [];
  app.turn = null;
  renderBoard();
}

function onSiteClick(name) {
  const board = app.board;
  if (!board || app.busy) return;
  const refusal = clickRefusal(board);
  if (refusal) {
    showError(refusal);
    return;
  }
  showError('');
  const position = playPosition(board);
  const sel = app.selection;
  if (sel.includes(name)) {
    app.selection = sel.filter((s) => s !== name);
    renderBoard();
    return;
  }
  let sites = [...sel, name];
  let found = actionsFor(position, sites);
  // A site that makes nothing with the ones before starts a new choice, and the page says
  // why the two are no move (in the game's words for a turn, from the catalog).
  let why = '';
  if (found.fitting.length === 0 && sel.length) {
    why = `${t('{site} does not go with {sites}.', { site: name, sites: formatList(sel) })} ${catalogEntry(board)?.turn?.summary || ''}`.trim();
    sites = [name];
    found = actionsFor(position, sites);
  }
  if (found.fitting.length === 0) {
    // No legal action starts here: the server says why.
    app.selection = [];
    sendMove(turnText([...pendingActions(board), { text: name }]));
    return;
  }
  if (found.made && !found.more) {
    choose(found.made);
    return;
  }
  app.selection = sites;
  renderBoard();
  if (why) showError(`${why} ${t('{site} is selected instead.', { site: name })}`);
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The focusable site nearest to `from` in direction [dx, dy] on the screen (within 60° of
// it), or null at the edge.
function nearestSite(from, [dx, dy]) {
  const centre = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const [x0, y0] = centre(from);
  let best = null, bestScore = Infinity;
  for (const site of from.ownerSVGElement.querySelectorAll('[data-site]')) {
    if (site === from) continue;
    const [x, y] = centre(site);
    const along = (x - x0) * dx + (y - y0) * dy;
    const across = Math.abs((x - x0) * dy - (y - y0) * dx);
    if (along <= 1 || across > along * Math.tan(Math.PI / 3)) continue;
    const score = along + 2 * across;
    if (score < bestScore) { best = site; bestScore = score; }
  }
  return best;
}

// The roving tabindex: `to` takes the board's Tab stop from `from`, and the focus.
function moveBoardTabStop(from, to) {
  from.setAttribute('tabindex', '-1');
  to.setAttribute('tabindex', '0');
  to.focus();
}

function bindBoard() {
  $('board-frame').addEventListener('click', (event) => {
    const site = event.target.closest('[data-site]');
    if (site) onSiteClick(site.dataset.site);
  });
  $('board-frame').addEventListener('keydown', (event) => {
    const site = event.target.closest('[data-site]');
    if (site && ARROWS[event.key]) {
      // Arrow keys walk the board (the replay's arrows act elsewhere on the page).
      event.preventDefault();
      event.stopPropagation();
      const next = nearestSite(site, ARROWS[event.key]);
      if (next) moveBoardTabStop(site, next);
      return;
    }
    if (site && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      const name = site.dataset.site;
      onSiteClick(name);
      // Keep the focus on the same site after the board is redrawn.
      $('board-frame').querySelector(`[data-site="${name}"]`)?.focus();
    }
  });
  // The site focused holds the Tab stop from now on, also after a redraw.
  $('board-frame').addEventListener('focusin', (event) => {
    const site = event.target.closest?.('[data-site]');
    if (site && app.board) app.boardFocus = { board: app.board.board, analysis: Boolean(app.board.analysis), site: site.dataset.site };
  });
  $('zoom-button').addEventListener('click', () => {
    app.zoomed = !app.zoomed;
    $('zoom-button').setAttribute('aria-pressed', String(app.zoomed));
    $('zoom-button').textContent = app.zoomed ? t('Zoom out') : t('Zoom in');
    renderBoard();
  });
  $('play-alone').addEventListener('click', () => {
    const made = actionsFor(playPosition(app.board), app.selection).made;
    if (made) choose(made);
  });
  $('cancel-selection').addEventListener('click', dropTurn);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && (app.selection.length || (app.board && pendingActions(app.board).length))) dropTurn();
  });
  $('show-legal').checked = app.showLegal;
  $('show-legal').addEventListener('change', () => {
    app.showLegal = $('show-legal').checked;
    localStorage.setItem('ludus.showLegal', app.showLegal ? 'on' : 'off');
    renderBoard();
  });
  for (const kind of ['pass', 'swap']) {
    $(`${kind}-button`).addEventListener('click', () => {
      const action = app.board && actionOfKind(app.board, kind);
      if (action && !app.busy) choose(action);
    });
  }
  $('resign-button').addEventListener('click', () => {
    const button = $('resign-button');
    if (button.dataset.armed) {
      resetResign();
      boardAction('resign');
      return;
    }
    button.dataset.armed = '1';
    button.textContent = t('Really resign? Click again');
    app.resignTimer = setTimeout(resetResign, 5000);
  });
  $('draw-button').addEventListener('click', () => boardAction('propose', { kind: 'draw' }));
  $('undo-button').addEventListener('click', () => boardAction('propose', { kind: 'undo' }));
  $('abort-button').addEventListener('click', () => boardAction('propose', { kind: 'abort' }));
  $('follow-button').addEventListener('click', async () => {
    const id = app.board.board;
    const following = app.watched.has(id);
    if (!(await boardAction(following ? 'unsubscribe' : 'subscribe'))) return;
    if (following) app.watched.delete(id);
    else app.watched.add(id);
    renderBoard();
    if (app.filter === 'watched') loadGames();
  });
  $('accept-button').addEventListener('click', () => boardAction('accept'));
  $('reject-button').addEventListener('click', () => boardAction('reject'));
  $('move-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('move-text').value.trim();
    if (!text) return;
    $('move-text').value = '';
    // A typed text goes on from the actions chosen so far by clicks.
    sendMove(turnText([...pendingActions(app.board), { text: text.toLowerCase() }]));
  });
  $('move-list').addEventListener('click', (event) => {
    const entry = event.target.closest('[data-ply]');
    if (!entry || !app.board) return;
    const ply = Number(entry.dataset.ply);
    if (app.analysis) return analysisGoTo(ply);
    if (ply === app.board.moves_played) refreshBoard();
    else showPly(ply);
  });
  $('history-live').addEventListener('click', refreshBoard);
}

function resetResign() {
  const button = $('resign-button');
  clearTimeout(app.resignTimer);
  delete button.dataset.armed;
  button.textContent = t('Resign');
}

