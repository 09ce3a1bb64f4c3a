// SPDX-License-Identifier: Apache-2.0
// Conditional moves on the analysis board (docs/correspondence.md): on a live board of
// yours, while it is your opponent's turn, the line the analysis shows from the game's
// position (their turn, your answer, ...) is saved with "Save as conditional moves"; the
// stored lines are listed, each with a Delete button.  The server keeps them
// (GET/PUT/DELETE /api/games/N/conditional) and shows them to nobody else.  Shares `app`,
// `api` and the helpers of app.js, play.js and analysis.js.
'use strict';

function explorationText(allowed) {
  return allowed ? t('exploration allowed') : t('no exploration');
}

function playsOn(game) {
  return Boolean(app.user && game.board && game.status === 'active' && (game.players || []).includes(app.user));
}

// A live board of the user's that forbids exploration: no engine, no conditional moves.
function explorationClosed(game) {
  return playsOn(game) && game.exploration === false;
}

// The turns the analysis line adds to the game's record, each as a line word ("d3,e5-e7"),
// or null when the position shown does not go on from the game's current position or stops
// inside a turn.
function lineTurns(a, board) {
  const record = a.game.moves.map((m) => m.move);
  if (!startsWith(a.moves, record) || board.mid_turn) return null;
  const turns = [];
  let last = null;
  for (let i = record.length; i < a.moves.length; i++) {
    const turn = a.plies[i]?.turn;
    if (turn === undefined) return null;
    if (turn === last) turns[turns.length - 1] += `,${a.moves[i]}`;
    else turns.push(a.moves[i]);
    last = turn;
  }
  return turns;
}

function linesText(lines) {
  return lines.map((line) => `if ${line.join(' ')}`).join('; ');
}

async function loadConditional(a) {
  a.conditional = { lines: [], note: '', loading: true };
  try {
    a.conditional = await api('GET', `/api/games/${a.game.board}/conditional`);
  } catch (e) {
    a.conditional = { lines: [], note: '', error: e.message };
  }
  if (app.analysis === a && app.board) renderAnalysisPanel(app.board);
}

async function storeConditional(a, lines, said) {
  try {
    a.conditional = lines.length
      ? await api('PUT', `/api/games/${a.game.board}/conditional`, { lines: linesText(lines) })
      : await api('DELETE', `/api/games/${a.game.board}/conditional`);
    a.conditional.said = said;
  } catch (e) {
    a.conditional = { ...a.conditional, said: t('Not saved: {error}', { error: e.message }) };
  }
  if (app.analysis === a && app.board) renderAnalysisPanel(app.board);
}

function renderConditional(a, board) {
  const box = $('conditional');
  box.hidden = !playsOn(a.game);
  if (box.hidden) return;
  const theirTurn = a.game.to_move && a.game.to_move.user !== app.user;
  const save = $('conditional-save');
  if (a.game.exploration === false) {
    $('conditional-text').textContent = t('This board does not allow exploration: no engine and no conditional moves while it is played.');
    $('conditional-lines').replaceChildren();
    save.hidden = true;
    $('conditional-status').textContent = '';
    return;
  }
  if (!a.conditional) {
    loadConditional(a);
    return;
  }
  const c = a.conditional;
  const turns = lineTurns(a, board);
  const whole = turns && turns.length >= 2 && turns.length % 2 === 0;
  const stored = whole && (c.lines || []).some((line) => line.join(' ') === turns.join(' '));
  save.hidden = false;
  save.disabled = !theirTurn || !whole || stored;
  $('conditional-text').textContent = !theirTurn
    ? t('It is your turn: conditional moves answer your opponent’s turns.')
    // TRANSLATORS: {line} is a line of turns in the game's notation ("if c3 d4 e5 f6")
    : stored ? t('Stored: if {line}', { line: turns.join(' ') })
    : whole ? t('Save: if {line}', { line: turns.join(' ') })
      : t('Play their turn, then your answer (and more pairs), from the game’s position; then save the line. Only you see it.');
  $('conditional-lines').replaceChildren(...(c.lines || []).map((line, i) => {
    const remove = el('button', { type: 'button', text: t('Delete') });
    remove.setAttribute('aria-label', t('Delete the line if {line}', { line: line.join(' ') }));
    remove.addEventListener('click', () => storeConditional(a, c.lines.filter((_, j) => j !== i), t('Line deleted.')));
    return el('li', {}, el('code', { text: t('if {line}', { line: line.join(' ') }) }), remove);
  }));
  const note = c.note ? t('Your last lines were dropped: {why}.', { why: c.note }) : '';
  $('conditional-status').textContent = c.said || c.error || note || (c.lines?.length ? '' : t('No conditional moves stored.'));
}

function bindConditional() {
  $('conditional-save').addEventListener('click', () => {
    const a = app.analysis;
    const turns = a && app.board ? lineTurns(a, app.board) : null;
    if (!turns) return;
    storeConditional(a, [...(a.conditional?.lines || []), turns], t('Saved: if {line}', { line: turns.join(' ') }));
  });
}

document.addEventListener('DOMContentLoaded', bindConditional);
