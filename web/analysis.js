// SPDX-License-Identifier: Apache-2.0
// The analysis mode of the board view: a line of moves played off a game's record (or off
// no game at all), each position checked by the engine (POST /api/position, or the engine in
// the page: local_engine.js), with its opinion (POST /api/evaluate, or the page's), and the
// computer playing one side when asked (a game against the computer, in the page).  The position is an address, so a variation can be kept and
// shared: #/analysis/GAME?OPTION=VALUE&...[&board=N]&moves=e5+d4[&at=1] opens the same line
// and move list in any page, at the position after `at` plies (the line's end without it).
// '+' separates the plies (a ply may hold a comma: two stones of one turn).  Older links
// separated them with commas; the server reads an entry as the plies it holds (docs/http-api.md),
// so those open too.  Shares `app`, `api` and the helpers of app.js and play.js.
//
// app.analysis: {game, line, plies, moves, engine, pushed, computer}: the game (a board of the
// server, or a loose one from the catalog), the line of plies the move list shows, each ply
// of the line as the server counts it ({move, turn, colour}), the plies of the position shown
// (a prefix of the line), the engine's answer, the colour the computer plays (or null).
'use strict';

const ENGINE_ITERATIONS = 20000;  // the server caps it anyway (AnalysisLimits)

// --- the address ------------------------------------------------------------------------------

function analysisHash(a) {
  const params = new URLSearchParams(Object.entries(a.game.options));
  if (a.game.board) params.set('board', a.game.board);
  let query = params.toString();
  const moves = a.line.map((m) => encodeURIComponent(m).replace(/%2C/gi, ',')).join('+');
  if (moves) query += `${query ? '&' : ''}moves=${moves}`;
  if (a.moves.length < a.line.length) query += `${query ? '&' : ''}at=${a.moves.length}`;
  return `#/analysis/${a.game.game}${query ? `?${query}` : ''}`;
}

// {game, options, board, moves, at} of an analysis address, or null for any other.
function parseAnalysisHash(hash) {
  const match = hash.match(/^#\/analysis\/([a-z0-9-]+)(?:\?(.*))?$/);
  if (!match) return null;
  const params = new URLSearchParams(match[2] || '');
  const text = params.get('moves') || '';  // '+' arrives as a space
  const moves = text.split(/\s+/).filter((m) => m).slice(0, 2000);
  const board = Number(params.get('board')) || null;
  // Plies shown (the line's end without it); the entries may hold several plies each.
  const at = params.has('at') ? Math.max(0, Number(params.get('at')) || 0) : Infinity;
  for (const name of ['moves', 'board', 'at']) params.delete(name);
  return { game: match[1], options: Object.fromEntries(params), board, moves, at };
}

function analysisLink() {
  return `${location.origin}${location.pathname}${analysisHash(app.analysis)}`;
}

// --- entering and leaving -------------------------------------------------------------------

// Starts an analysis from the position on screen; its line is the game's whole record, so
// the buttons step through the game until a different move starts a variation.
async function enterAnalysis() {
  const game = app.board;
  if (!game || game.analysis) return;
  const line = game.moves.map((m) => m.move);
  app.analysis = { game, line, plies: game.moves, moves: [], engine: null, pushed: false, computer: null };
  app.viewingPast = true;  // the live updates leave the screen alone meanwhile
  await showAnalysis(line.slice(0, game.position_move_number));
}

// Opens an analysis address: on its board when it names one whose record the moves follow
// or leave (a board that is gone or of another game: the line stands alone).
async function openAnalysisLink(link) {
  stopPolling();
  app.analysis = null;
  app.selection = [];
  showError('');
  const info = app.catalog.find((g) => g.name === link.game);
  if (!info) {
    $('board-view').hidden = true;
    $('welcome').hidden = false;
    $('welcome-error').textContent = t('No game called {game} on this server.', { game: link.game });
    return;
  }
  let game = null;
  if (link.board) {
    try {
      const board = await api('GET', `/api/games/${link.board}`);
      if (board.game === link.game) game = board;
    } catch (e) {
      // the link's moves stand alone
    }
  }
  if (!game) game = looseGame(info, link.options);
  app.boardId = game.board;
  app.board = null;
  app.analysis = { game, line: [], plies: [], moves: [], engine: null, pushed: true, computer: null };
  app.viewingPast = true;
  $('welcome-error').textContent = '';
  // The whole line first (the server checks every ply), then the position the link shows.
  let shown = await showAnalysis(link.moves);
  if (!shown && app.analysis?.game === game) {
    // An illegal ply ("move 3 'e5': ..."): the line up to it, with the server's reason.
    const reason = $('move-error').textContent;
    const bad = Number((reason.match(/^move (\d+)/) || [])[1]);
    if (!(bad > 0)) {
      // No position at all (bad options): there is no board to show the reason beside.
      if (!app.board) {
        app.analysis = null;
        $('board-view').hidden = true;
        $('welcome').hidden = false;
        $('welcome-error').textContent = t('This analysis link cannot be opened: {reason}', { reason });
      }
      return;
    }
    shown = await showAnalysis(link.moves, bad - 1);
    if (shown) showError(t("The link's {reason}", { reason }));
  }
  const a = app.analysis;
  if (!shown || a?.game !== game) return;
  // A line that follows the record goes on as the record does.
  const record = game.moves.map((m) => m.move);
  if (startsWith(record, a.line)) {
    a.line = record;
    a.plies = game.moves;
  }
  if (link.at < a.moves.length) {
    const reason = $('move-error').textContent;
    if (await showAnalysis(a.moves.slice(0, link.at)) && reason) showError(reason);
    return;
  }
  renderBoard();
  followAddress(a);
}

// A game with no board: the catalog's title, colours and option defaults.
function looseGame(info, options) {
  const defaults = Object.fromEntries((info.options || []).map((o) => [o.name, String(o.default)]));
  return {
    board: null, game: info.name, title: info.title || info.name, options: { ...defaults, ...options },
    colours: info.colours, seats: [], moves: [], moves_played: 0, comments: [], latest: true, revision: 0, proposal: null,
  };
}

function startsWith(list, prefix) {
  return prefix.length <= list.length && prefix.every((m, i) => m === list[i]);
}

function leaveAnalysis(refresh = true) {
  if (!app.analysis) return;
  const { game } = app.analysis;
  app.analysis = null;
  app.selection = [];
  if (!refresh) return;
  // The route opens the board afresh (its latest position, its updates).
  const target = game.board ? `#/board/${game.board}` : '#/';
  if (location.hash === target) route();
  else location.hash = target;
}

// --- positions --------------------------------------------------------------------------------

// Asks the server for the position after `moves` and shows it; false when refused.
// Asks the server for the position after `moves` (entries of plies, as a link or a typed
// turn has them; with `at`, only the first `at` plies) and shows it; false when refused.
async function showAnalysis(moves, at) {
  const a = app.analysis;
  if (!a) return false;
  app.busy = true;
  try {
    const request = { game: a.game.game, options: a.game.options, moves };
    if (at !== undefined) request.at = at;
    const pos = await enginePosition(request);
    if (app.analysis !== a) return false;
    a.moves = pos.moves;
    // A new move leaves the line: a new line, whose plies the server has just counted.
    if (!startsWith(a.line, pos.moves) || a.line.length === pos.moves.length) {
      a.line = pos.moves;
      a.plies = pos.plies;
    }
    a.engine = null;
    app.selection = [];
    showError('');
    app.board = analysisBoard(a.game, pos);
    renderBoard();
    followAddress(a);
    return true;
  } catch (e) {
    app.selection = [];
    showError(e.message);
    if (app.board) renderBoard();
    return false;
  } finally {
    app.busy = false;
  }
}

// The address follows the position: one history entry for the analysis, replaced as it goes.
function followAddress(a) {
  const hash = analysisHash(a);
  if (location.hash !== hash) history[a.pushed ? 'replaceState' : 'pushState'](null, '', hash);
  a.pushed = true;
}

// A board object the board view can draw, from the game and a position of POST /api/position.
function analysisBoard(game, pos) {
  const n = pos.moves.length;
  return {
    ...game,
    analysis: true,
    latest: true,
    position_move_number: n,
    geometry: pos.geometry,
    legal_moves: pos.legal_moves,
    actions: pos.actions,
    turn: pos.turn,
    mid_turn: pos.mid_turn,
    position_turn: pos.position_turn,
    // The players of the game, with the score the rules show in this position (Epoxy's).
    seats: (game.seats || []).map((s) => ({ ...s, score: pos.scores?.[s.colour] })),
    deciding_sites: pos.deciding_sites,
    to_move: pos.to_move ? { colour: pos.to_move, seat: pos.to_move_seat, user: '' } : null,
    outcome: pos.outcome,
    status_text: pos.status_text,
    last_move: n > 0 ? { move: pos.moves[n - 1] } : null,
    board_text: pos.board_text,
  };
}

function analysisStatus(board) {
  if (board.outcome) {
    const o = board.outcome;
    const reason = o.reason ? ` (${o.reason})` : '';
    return o.draw ? t('Analysis: drawn{reason}.', { reason }) : t('Analysis: {colour} wins{reason}.', { colour: colourName(board.game, o.winner_colour), reason });
  }
  const values = { colour: colourName(board.game, board.to_move.colour), n: formatNumber(board.turn) };
  return board.mid_turn ? t('Analysis: {colour} to move, turn {n} (continued).', values) : t('Analysis: {colour} to move, turn {n}.', values);
}

// Plays a ply, or a typed turn ("d3,e5-e7": the server splits it into its plies); the
// computer answers when it plays the side then to move.
async function analysisPlay(text) {
  const a = app.analysis;
  if (!a || app.busy) return;
  if (await showAnalysis([...a.moves, text])) await computerPlays(a);
}

// --- the computer's side ------------------------------------------------------------------------

// The computer plays its turns while its colour is to move (the engine thinks in a worker
// or on the server; the page stays live, and the board takes no move meanwhile).
async function computerPlays(a) {
  const out = $('engine-result');
  while (app.analysis === a && a.computer && app.board?.to_move?.colour === a.computer && !app.busy) {
    out.textContent = t('The computer is thinking…');
    app.busy = true;
    let turn;
    try {
      const request = { game: a.game.game, options: a.game.options, moves: a.moves, iterations: ENGINE_ITERATIONS };
      turn = await engineComputerTurn(request, $('analysis-level').value);
    } catch (e) {
      out.textContent = t('The computer cannot move: {error}', { error: e.message });
      return;
    } finally {
      app.busy = false;
    }
    if (app.analysis !== a || !(await showAnalysis([...a.moves, ...turn]))) return;
  }
}

// The computer's colour and level, chosen in the panel: it moves at once when it is to.
function chooseComputer() {
  const a = app.analysis;
  if (!a) return;
  a.computer = $('analysis-computer').value || null;
  computerPlays(a);
}

function renderComputerChoice(a) {
  const levels = (app.catalog.find((g) => g.name === a.game.game)?.ai_levels || []).map((l) => l.level.replace(/^ai:/, ''));
  const onServer = !localEngine.loaded || computeOnServerChosen();
  $('analysis-computer-row').hidden = !a.game.colours?.length;
  const side = $('analysis-computer');
  const sides = ['', ...(a.game.colours || [])];
  if (side.options.length !== sides.length || [...side.options].some((o, i) => o.value !== sides[i]))
    side.replaceChildren(...sides.map((c) => el('option', { value: c, text: c ? colourName(a.game.game, c) : t('neither side') })));
  side.value = a.computer || '';
  const level = $('analysis-level');
  if (level.options.length !== levels.length || [...level.options].some((o, i) => o.value !== levels[i])) {
    const chosen = level.value;
    level.replaceChildren(...levels.map((name) => el('option', { value: name, text: name })));
    level.value = levels.includes(chosen) ? chosen : levels.includes('easy') ? 'easy' : levels[0] || '';
  }
  // The server plays its analysis engine's best move: the levels are the page's engine's.
  level.hidden = $('analysis-level-label').hidden = onServer || !levels.length;
  $('compute-on-server').checked = computeOnServerChosen();
  $('engine-where').textContent = engineWhereText();
}

// The position after `ply` plies of the line.
function analysisGoTo(ply) {
  const a = app.analysis;
  if (!a || app.busy) return;
  const target = Math.max(0, Math.min(ply, a.line.length));
  if (target !== a.moves.length) showAnalysis(a.line.slice(0, target));
}

// --- the line as the move list shows it ---------------------------------------------------------

// Plies of the line as move entries: the record's as they are, a variation's with the turn
// and mover the server counted.
function analysisPlies(a) {
  const from = analysisFrom(a);
  return a.line.map((move, i) => {
    if (i < from) return a.game.moves[i];
    const ply = a.plies[i] || {};
    return { number: i + 1, move, colour: ply.colour, user: '', turn: ply.turn ?? `v${i}`, variation: true };
  });
}

// Plies the line shares with the game's record.
function analysisFrom(a) {
  let n = 0;
  while (n < a.line.length && n < a.game.moves.length && a.line[n] === a.game.moves[n].move) n++;
  return n;
}

// --- the panel ------------------------------------------------------------------------------

async function askEngine() {
  const a = app.analysis;
  if (!a || !app.board.to_move) return;
  const out = $('engine-result');
  out.textContent = t('The engine is thinking…');
  $('analysis-engine').disabled = true;
  try {
    const request = { game: a.game.game, options: a.game.options, moves: a.moves, iterations: ENGINE_ITERATIONS };
    if (a.game.board) request.board = a.game.board;  // the server refuses it where the board forbids exploration
    const e = await engineEvaluation(request);
    if (app.analysis !== a) return;
    a.engine = e;
    renderBoard();
  } catch (e) {
    out.textContent = t('The engine cannot answer: {error}', { error: e.message });
  } finally {
    $('analysis-engine').disabled = false;
  }
}

// "turn 3", or "turn 3 (1st action)" inside a turn: the first `plies` plies of a record, in
// the words of the server's position_turn (each ply carries its turn and action).
function recordTurnText(moves, plies) {
  const last = moves[plies - 1];
  const whole = plies === moves.length || moves[plies].turn !== last.turn;
  const values = { n: formatNumber(last.turn), action: formatNumber(last.action) };
  // TRANSLATORS: the action within a turn: "turn 3 (action 2)"
  return whole ? t('turn {n}', values) : t('turn {n} (action {action})', values);
}

function renderAnalysisPanel(board) {
  const a = app.analysis;
  const from = analysisFrom(a);
  const variation = a.line.slice(from);
  const played = variation.join(' ');
  const start = !a.game.board ? t('Line from the start: {line}', { line: played })
    : from ? t('Variation after {turn}: {line}', { turn: recordTurnText(a.game.moves, from), line: played }) : t('Variation from the start: {line}', { line: played });
  // Until a move leaves the record the line is the game itself.
  $('analysis-text').textContent = variation.length ? start
    : a.game.moves.length ? t('Play moves for either side, or step through the game.') : t('Play moves for either side.');
  $('analysis-back').disabled = a.moves.length === 0;
  const closed = explorationClosed(a.game);
  $('analysis-engine').disabled = !board.to_move || closed;
  $('analysis-engine').title = closed ? t('This board does not allow exploration while it is played') : '';
  renderConditional(a, board);
  renderComputerChoice(a);
  keepLocalGame(a, board);
  renderLocalGames();
  $('analysis-leave').textContent = a.game.board ? t('Back to the game') : t('Close the analysis');
  const link = analysisLink();
  $('analysis-link').value = link;
  if (a.copied !== link) $('analysis-copied').textContent = '';
  const out = $('engine-result');
  if (!a.engine) {
    out.textContent = '';
    return;
  }
  const e = a.engine;
  const percent = Math.round(e.win_probability * 100);
  out.replaceChildren();
  const line = document.createElement('span');
  const proven = { win: t('a proven win'), loss: t('a proven loss'), draw: t('a proven draw') }[e.proven] || e.proven;
  const verdict = !e.proven ? t('{percent} to win', { percent: formatNumber(e.win_probability, { style: 'percent' }) })
    : e.proven_plies ? tn('{proven} in {n} ply', '{proven} in {n} plies', e.proven_plies, { proven }) : proven;
  line.textContent = `${t('{colour} to move: {verdict}. Best: {move}. Line: {line}', { colour: colourName(app.analysis?.game.game, e.colour), verdict, move: e.move, line: e.pv.join(' ') })} ${
    tn('({n} playout, {seconds} s)', '({n} playouts, {seconds} s)', e.iterations, { seconds: formatNumber(e.seconds, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}`;
  const bar = document.createElement('span');
  bar.className = 'win-bar';
  bar.setAttribute('role', 'img');
  bar.setAttribute('aria-label', t('{percent} for {colour}', { percent: formatNumber(e.win_probability, { style: 'percent' }), colour: colourName(app.analysis?.game.game, e.colour) }));
  const fill = document.createElement('span');
  fill.style.width = `${percent}%`;
  bar.appendChild(fill);
  const play = document.createElement('button');
  play.type = 'button';
  play.textContent = t('Play {move}', { move: e.move });
  play.addEventListener('click', () => analysisPlay(e.move));
  out.append(bar, line, play);
}

// The clipboard API needs a secure page (https or localhost); elsewhere the old copy
// command, and failing both the link stays selected in its box for the person to copy.
async function copyAnalysisLink() {
  const a = app.analysis;
  if (!a) return;
  const input = $('analysis-link');
  let copied = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(input.value);
      copied = true;
    }
  } catch (e) {
    copied = false;
  }
  if (!copied) {
    input.focus();
    input.select();
    try {
      copied = document.execCommand('copy');
    } catch (e) {
      copied = false;
    }
  }
  a.copied = input.value;
  $('analysis-copied').textContent = copied ? t('Link copied: it opens this position and line.') : t('Copy the selected link.');
}

function bindAnalysis() {
  $('analyse-button').addEventListener('click', enterAnalysis);
  $('analysis-back').addEventListener('click', () => analysisGoTo(app.analysis ? app.analysis.moves.length - 1 : 0));
  $('analysis-engine').addEventListener('click', askEngine);
  $('analysis-leave').addEventListener('click', () => leaveAnalysis(true));
  $('analysis-copy').addEventListener('click', copyAnalysisLink);
  $('analysis-link').addEventListener('focus', () => $('analysis-link').select());
  $('analysis-computer').addEventListener('change', chooseComputer);
  $('compute-on-server').addEventListener('change', () => {
    chooseComputeOnServer($('compute-on-server').checked);
    if (app.analysis) renderBoard();
  });
}

document.addEventListener('DOMContentLoaded', bindAnalysis);
