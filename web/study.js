// Studying a board: stepping through its moves (buttons and arrow keys), the analysis
// mode (a variation played off the record, checked by POST /api/position, with the
// engine's opinion from POST /api/evaluate), and downloads of the record and of a
// picture of the position.  Shares `app`, `api` and the helpers of app.js and play.js.
'use strict';

const ENGINE_ITERATIONS = 20000;  // the server caps it anyway (AnalysisLimits)

// --- stepping through the game ------------------------------------------------------------

function goToPly(ply) {
  const board = app.analysis ? app.analysis.game : app.board;
  if (!board) return;
  const target = Math.max(0, Math.min(ply, board.moves_played));
  if (app.analysis) leaveAnalysis(false);
  if (target === board.moves_played) refreshBoard();
  else showPly(target);
}

function stepBy(delta) {
  if (app.analysis) {
    if (delta < 0) analysisBack();
    return;
  }
  if (app.board) goToPly(app.board.position_move_number + delta);
}

function renderStudy(board) {
  const shown = board.position_move_number;
  const total = board.analysis ? app.analysis.game.moves_played : board.moves_played;
  // Counted in turns, as the move list and the status are (Epoxy's turns have two actions).
  const all = board.analysis ? app.analysis.game.moves : board.moves;
  const turnsShown = groupTurns(all.slice(0, shown));
  const turnsAll = groupTurns(all);
  const midTurn = turnsShown.length > 0 && shown < all.length &&
    turnsShown[turnsShown.length - 1].plies.length < turnsAll[turnsShown.length - 1].plies.length;
  $('replay-where').textContent = board.analysis
    ? `analysis, ${app.analysis.moves.length - app.analysis.from} off move ${app.analysis.from}`
    : `${turnsShown.length}${midTurn ? ' (1st action)' : ''} / ${turnsAll.length}`;
  $('replay-first').disabled = $('replay-prev').disabled = board.analysis ? false : shown === 0;
  $('replay-next').disabled = $('replay-last').disabled = board.analysis ? false : shown === total;
  if (board.analysis) $('replay-next').disabled = true;
  $('analyse-button').hidden = Boolean(board.analysis) || !board.geometry;
  $('analysis').hidden = !board.analysis;
  if (board.analysis) renderAnalysisPanel(board);
  const base = `/api/games/${board.board}/record`;
  $('download-json').href = `${base}.json`;
  $('download-sgf').href = `${base}.sgf`;
  $('download-json').download = `ludus-${board.game}-${board.board}.json`;
  $('download-sgf').download = `ludus-${board.game}-${board.board}.sgf`;
  renderHowToMove(board);
}

// --- the analysis mode ----------------------------------------------------------------------

// Starts a variation from the position on screen.
async function enterAnalysis() {
  const game = app.board;
  if (!game || game.analysis) return;
  const from = game.position_move_number;
  const moves = game.moves.slice(0, from).map((m) => m.move);
  app.analysis = { game, from, moves, engine: null };
  app.viewingPast = true;  // the live updates leave the screen alone meanwhile
  await showAnalysis(moves);
}

// Asks the server for the position after `moves` and shows it; false when refused.
async function showAnalysis(moves) {
  const a = app.analysis;
  if (!a) return false;
  app.busy = true;
  try {
    const pos = await api('POST', '/api/position', { game: a.game.game, options: a.game.options, moves });
    if (app.analysis !== a) return false;
    a.moves = moves;
    a.engine = null;
    app.selection = [];
    showError('');
    app.board = analysisBoard(a.game, pos);
    renderBoard();
    return true;
  } catch (e) {
    app.selection = [];
    showError(e.message);
    renderBoard();
    return false;
  } finally {
    app.busy = false;
  }
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
    return o.draw ? `Analysis: drawn${reason}.` : `Analysis: ${o.winner_colour} wins${reason}.`;
  }
  return `Analysis: ${board.to_move.colour} to move.`;
}

async function analysisPlay(text) {
  const a = app.analysis;
  if (!a || app.busy) return;
  // A whole Epoxy turn typed at once ("d3,e5-e7") is its plies; Trellis pairs are one ply.
  const plies = app.board.game === 'epoxy' ? text.split(',').map((t) => t.trim()).filter((t) => t) : [text];
  await showAnalysis([...a.moves, ...plies]);
}

function analysisBack() {
  const a = app.analysis;
  if (!a || a.moves.length === 0) return;
  showAnalysis(a.moves.slice(0, -1));
}

function leaveAnalysis(refresh = true) {
  if (!app.analysis) return;
  const { game } = app.analysis;
  app.analysis = null;
  app.selection = [];
  app.board = game;
  app.viewingPast = !game.latest;
  if (refresh) refreshBoard();
}

async function askEngine() {
  const a = app.analysis;
  if (!a || !app.board.to_move) return;
  const out = $('engine-result');
  out.textContent = 'The engine is thinking…';
  $('analysis-engine').disabled = true;
  try {
    const e = await api('POST', '/api/evaluate', {
      game: a.game.game, options: a.game.options, moves: a.moves, iterations: ENGINE_ITERATIONS,
    });
    if (app.analysis !== a) return;
    a.engine = e;
    renderBoard();
  } catch (e) {
    out.textContent = `The engine cannot answer: ${e.message}`;
  } finally {
    $('analysis-engine').disabled = false;
  }
}

function renderAnalysisPanel(board) {
  const a = app.analysis;
  const variation = a.moves.slice(a.from);
  $('analysis-text').textContent = `From the position after move ${a.from}` +
    (variation.length ? `: ${variation.join(' ')}` : '. Play moves for either side.');
  $('analysis-back').disabled = a.moves.length === 0;
  $('analysis-engine').disabled = !board.to_move;
  const out = $('engine-result');
  if (!a.engine) {
    out.textContent = '';
    return;
  }
  const e = a.engine;
  const percent = Math.round(e.win_probability * 100);
  out.replaceChildren();
  const line = document.createElement('span');
  const length = e.proven_plies ? ` in ${e.proven_plies} ${e.proven_plies === 1 ? 'ply' : 'plies'}` : '';
  const verdict = e.proven ? `a proven ${e.proven}${length}` : `${percent}% to win`;
  line.textContent = `${e.colour} to move: ${verdict}. Best: ${e.move}. Line: ${e.pv.join(' ')} ` +
    `(${e.iterations} playouts, ${e.seconds.toFixed(1)} s)`;
  const bar = document.createElement('span');
  bar.className = 'win-bar';
  bar.setAttribute('role', 'img');
  bar.setAttribute('aria-label', `${percent}% for ${e.colour}`);
  const fill = document.createElement('span');
  fill.style.width = `${percent}%`;
  bar.appendChild(fill);
  const play = document.createElement('button');
  play.type = 'button';
  play.textContent = `Play ${e.move}`;
  play.addEventListener('click', () => analysisPlay(e.move));
  out.append(bar, line, play);
}

// --- pictures of the position -----------------------------------------------------------------

// The board's SVG as a file of its own: the page's board styles go inside it.
function standaloneSvg() {
  const svg = $('board-frame').querySelector('svg');
  if (!svg) return null;
  const copy = svg.cloneNode(true);
  const rules = [];
  for (const sheet of document.styleSheets) {
    let list;
    try {
      list = sheet.cssRules;
    } catch (e) {
      continue;
    }
    for (const rule of list) if (rule.selectorText && rule.selectorText.includes('.board')) rules.push(rule.cssText);
  }
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = `:root{--wood:#e8d2a2;--wood-dark:#c9ab72;--wood-line:#6e5634;--accent:#2f5d8a}\n${rules.join('\n')}`;
  copy.insertBefore(style, copy.firstChild);
  const [, , w, h] = (copy.getAttribute('viewBox') || '0 0 10 10').split(' ').map(Number);
  const width = 800, height = Math.round((800 * h) / w);
  copy.setAttribute('width', width);
  copy.setAttribute('height', height);
  for (const name of ['--coord-size', '--coord-line', '--coord-dash']) copy.style.setProperty(name, svg.style.getPropertyValue(name));
  copy.querySelectorAll('.layer-sites').forEach((layer) => layer.remove());
  return { text: new XMLSerializer().serializeToString(copy), width, height };
}

function saveBlob(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function pictureName(ext) {
  const b = app.board;
  return `ludus-${b.game}-${b.board}-${b.analysis ? 'analysis' : `move-${b.position_move_number}`}.${ext}`;
}

function downloadSvg() {
  const svg = standaloneSvg();
  if (svg) saveBlob(new Blob([svg.text], { type: 'image/svg+xml' }), pictureName('svg'));
}

function downloadPng() {
  const svg = standaloneSvg();
  if (!svg) return;
  const image = new Image();
  image.onload = () => {
    const canvas = document.createElement('canvas');
    canvas.width = svg.width;
    canvas.height = svg.height;
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(image, 0, 0);
    canvas.toBlob((blob) => saveBlob(blob, pictureName('png')), 'image/png');
  };
  image.onerror = () => showError('The picture could not be drawn.');
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.text)}`;
}

// --- wiring -------------------------------------------------------------------------------------

function bindStudy() {
  $('replay-first').addEventListener('click', () => goToPly(0));
  $('replay-prev').addEventListener('click', () => stepBy(-1));
  $('replay-next').addEventListener('click', () => stepBy(1));
  $('replay-last').addEventListener('click', () => goToPly(Infinity));
  $('analyse-button').addEventListener('click', enterAnalysis);
  $('analysis-back').addEventListener('click', analysisBack);
  $('analysis-engine').addEventListener('click', askEngine);
  $('analysis-leave').addEventListener('click', () => leaveAnalysis(true));
  $('download-svg').addEventListener('click', downloadSvg);
  $('download-png').addEventListener('click', downloadPng);
  document.addEventListener('keydown', (event) => {
    if ($('board-view').hidden || !app.board || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest('input, textarea, select')) return;
    const keys = { ArrowLeft: () => stepBy(-1), ArrowRight: () => stepBy(1), Home: () => goToPly(0), End: () => goToPly(Infinity) };
    if (!keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  });
}

document.addEventListener('DOMContentLoaded', bindStudy);
