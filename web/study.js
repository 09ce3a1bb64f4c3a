// SPDX-License-Identifier: Apache-2.0
// Studying a board: stepping through its moves (buttons and arrow keys; in the analysis
// mode, analysis.js, through its line), and downloads of the record and of a picture of
// the position.  Shares `app`, `api` and the helpers of app.js and play.js.
'use strict';

// --- stepping through the game ------------------------------------------------------------

function goToPly(ply) {
  if (app.analysis) return analysisGoTo(ply);
  const board = app.board;
  if (!board) return;
  const target = Math.max(0, Math.min(ply, board.moves_played));
  if (target === board.moves_played) refreshBoard();
  else showPly(target);
}

function stepBy(delta) {
  if (app.analysis) analysisGoTo(app.analysis.moves.length + delta);
  else if (app.board) goToPly(app.board.position_move_number + delta);
}

function renderStudy(board) {
  const a = board.analysis ? app.analysis : null;
  const shown = board.position_move_number;
  // Counted in turns, as the move list and the status are (Epoxy's turns have two actions):
  // the server's words for the position shown, of the turns of the record or, in the
  // analysis mode, of its line.
  const all = a ? analysisPlies(a) : board.moves;
  const total = all.length;
  const where = `${board.position_turn.text} / ${groupTurns(all).length}`;
  $('replay-where').textContent = a ? t('analysis: {where}', { where }) : where;
  $('replay-first').disabled = $('replay-prev').disabled = shown === 0;
  $('replay-next').disabled = $('replay-last').disabled = shown === total;
  $('analyse-button').hidden = Boolean(a) || !board.geometry;
  $('analysis').hidden = !a;
  if (a) renderAnalysisPanel(board);
  // A loose analysis (a link without a board) has no record to download.
  $('download-json').hidden = $('download-sgf').hidden = !board.board;
  const base = `/api/games/${board.board}/record`;
  $('download-json').href = `${base}.json`;
  $('download-sgf').href = `${base}.sgf`;
  $('download-json').download = `ludus-${board.game}-${board.board}.json`;
  $('download-sgf').download = `ludus-${board.game}-${board.board}.sgf`;
  renderHowToMove(board);
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
  const at = b.position_turn;
  return `ludus-${b.game}${b.board ? `-${b.board}` : ''}-${b.analysis ? 'analysis' : `turn-${at.turn}${at.whole ? '' : `-${at.action}`}`}.${ext}`;
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
  image.onerror = () => showError(t('The picture could not be drawn.'));
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.text)}`;
}

// --- wiring -------------------------------------------------------------------------------------

function bindStudy() {
  $('replay-first').addEventListener('click', () => goToPly(0));
  $('replay-prev').addEventListener('click', () => stepBy(-1));
  $('replay-next').addEventListener('click', () => stepBy(1));
  $('replay-last').addEventListener('click', () => goToPly(Infinity));
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
