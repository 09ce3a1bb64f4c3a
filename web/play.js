// The board view of the ludus web page: drawing the position (board.js), clicks turned into
// moves (two clicks for a Trellis pair or an Epoxy slide), the players, status, actions,
// move list with the history view and comments (live updates: live.js; replay: study.js;
// analysis: analysis.js).
// Shares `app`, `api` and the helpers of app.js.
'use strict';

const HINTS = {
  'n-mesh': 'Click an empty cell to place a stone. Shaded cells are the liberties.',
  netted: 'Click an empty cell to place a stone. Tinted cells are edge cells.',
  trellis: 'Click two points three apart and press Play, or one point and press “Single stone”.',
  ndengrod: 'Click an empty cell to place a stone.',
  epoxy: 'Click an empty point to place, or one of your stones and then a point to slide it there.',
};

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

function splitMove(text) {
  if (text.includes(',')) return { places: text.split(','), slide: null };
  if (text.includes('-')) return { places: [], slide: text.split('-') };
  return { places: [text], slide: null };
}

// Site indices to highlight: the last turn, legal moves, the current selection.
function boardMarks(board) {
  const index = new Map(board.geometry.sites.map((s, i) => [s.name, i]));
  const marks = { deciding: new Set(), last: new Set(), lastFrom: [], slides: [], legal: new Set(), movable: new Set(), candidates: new Set(), selected: new Set() };
  for (const name of board.deciding_sites || []) if (index.has(name)) marks.deciding.add(index.get(name));
  const last = board.last_move;
  if (last) {
    const shown = board.analysis ? [{ plies: [last] }] : groupTurns(board.moves.slice(0, board.position_move_number));
    for (const ply of shown[shown.length - 1].plies) {
      const { places, slide } = splitMove(ply.move);
      for (const p of places) if (index.has(p)) marks.last.add(index.get(p));
      if (slide && index.has(slide[0]) && index.has(slide[1])) {
        marks.last.add(index.get(slide[1]));
        marks.slides.push([index.get(slide[0]), index.get(slide[1])]);
        if (board.geometry.stones[index.get(slide[0])] === null) marks.lastFrom.push(index.get(slide[0]));
      }
    }
  }
  if (!canPlay(board)) return marks;
  const legal = board.legal_moves;
  const sel = app.selection;
  for (const name of sel) if (index.has(name)) marks.selected.add(index.get(name));
  marks.ghost = board.to_move.colour;
  if (board.game !== 'trellis' && sel.length === 1) {
    for (const m of legal) if (m.startsWith(`${sel[0]}-`)) marks.candidates.add(index.get(m.split('-')[1]));
    return marks;
  }
  if (board.game === 'trellis' && sel.length >= 1) {
    for (const m of legal) {
      const pair = m.split(',');
      if (pair.length === 2 && pair.includes(sel[0])) marks.candidates.add(index.get(pair[0] === sel[0] ? pair[1] : pair[0]));
    }
    return marks;
  }
  if (!app.showLegal) return marks;
  for (const m of legal) {
    if (index.has(m)) marks.legal.add(index.get(m));
    if (m.includes('-')) {
      const from = m.split('-')[0];
      if (index.has(from)) marks.movable.add(index.get(from));
    }
  }
  return marks;
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
    name.title = `${seat.user}'s ratings and games`;
    name.textContent = seat.user;
    const detail = document.createElement('span');
    detail.className = 'muted small';
    const tags = [seat.colour, seat.seat === 0 ? 'first player' : 'second player'];
    if (seat.ai) tags.push('computer');
    if (seat.seat === mine) tags.push('you');
    detail.textContent = tags.join(' · ');
    const flag = document.createElement('span');
    flag.className = 'player-flag';
    flag.textContent = won ? 'winner' : toMove ? (seat.ai ? 'thinking…' : 'to move') : '';
    const text = document.createElement('span');
    text.className = 'player-text';
    text.append(name, detail);
    li.append(colourSwatch(seat.colour, board.colours), text, flag);
    return li;
  }));
}

function statusText(board) {
  if (board.analysis) return analysisStatus(board);
  if (!board.latest) return `Position after move ${board.position_move_number}.`;
  if (board.outcome) {
    const o = board.outcome;
    const reason = o.reason ? ` (${o.reason})` : '';
    if (o.draw) return `The game is drawn${reason}.`;
    const who = o.winner_user === app.user ? 'You win' : `${o.winner_user} (${o.winner_colour}) wins`;
    return `${who}${reason}.`;
  }
  if (!board.to_move) return board.status_text;
  const last = board.last_move;
  const continuing = last && last.move !== 'swap' && last.colour === board.to_move.colour;
  // Numbered by turns, as the move list is (an Epoxy turn has two actions).
  const turns = groupTurns(board.moves).length;
  const number = continuing ? `turn ${turns}, second action` : `turn ${turns + 1}`;
  if (myTurn(board)) return `${continuing ? 'Your turn continues' : 'Your move'} as ${board.to_move.colour}, ${number}.`;
  const ai = board.seats[board.to_move.seat].ai;
  return `${board.to_move.user} (${board.to_move.colour}) ${ai ? 'is thinking' : 'to move'}, ${number}.`;
}

// Plies of one turn: typed together, or consecutive actions of one colour (Epoxy's two
// actions).  A swap stands alone: after it the same colour may move again as a new turn.
function sameTurn(a, b) {
  return a.turn === b.turn || (a.colour === b.colour && a.move !== 'swap' && b.move !== 'swap');
}

function groupTurns(moves) {
  const turns = [];
  for (const m of moves) {
    const last = turns[turns.length - 1];
    if (last && sameTurn(last.plies[last.plies.length - 1], m)) last.plies.push(m);
    else turns.push({ plies: [m] });
  }
  return turns;
}

// The record's turns, or in the analysis mode its line (analysis.js), variations marked.
function renderMoveList(board) {
  const turns = groupTurns(board.analysis ? analysisPlies(app.analysis) : board.moves);
  const shown = board.position_move_number;
  const list = $('move-list');
  list.replaceChildren(...turns.map((t, k) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'move-entry';
    const lastPly = t.plies[t.plies.length - 1].number;
    button.dataset.ply = String(lastPly);
    if (t.plies[0].variation) button.classList.add('variation');
    if (shown > 0 && (lastPly === shown || (t.plies[0].number <= shown && shown <= lastPly))) button.setAttribute('aria-current', 'step');
    const num = document.createElement('span');
    num.className = 'move-number';
    num.textContent = `${k + 1}.`;  // turns, as statusText counts them
    const text = document.createElement('span');
    text.className = 'move-text';
    text.textContent = t.plies.map((p) => p.move).join(' · ');
    const who = document.createElement('span');
    who.className = 'move-user muted small';
    who.textContent = t.plies[0].variation ? 'analysis' : t.plies[0].user;
    button.setAttribute('aria-label', `Show the position after ${t.plies[0].colour} ${text.textContent}`);
    button.append(num, colourSwatch(t.plies[0].colour, board.colours), text, who);
    li.appendChild(button);
    return li;
  }));
  if (turns.length === 0) list.replaceChildren(listNote('No moves yet.'));
  list.classList.toggle('one-column', turns.some((t) => t.plies.length > 1 || t.plies[0].move.length > 7));
  const current = list.querySelector('[aria-current]');
  // Scrolls the list only, never the page (on a phone the page would leave the board).
  if (current) {
    const top = current.offsetTop;  // the list is positioned: offsets are inside it
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

function renderActions(board) {
  const live = board.latest && !board.outcome && !board.analysis;
  const mine = mySeat(board) >= 0;
  const turn = myTurn(board);
  const legal = new Set(board.legal_moves);
  $('pass-button').hidden = !(canPlay(board) && legal.has('pass'));
  $('swap-button').hidden = !(canPlay(board) && legal.has('swap'));
  const resign = $('resign-button');
  resign.hidden = !(live && mine);
  if (resign.hidden) resetResign();
  const opponent = board.seats.find((s) => s.user !== app.user);
  const proposal = board.proposal;
  const human = opponent && !opponent.ai;
  $('draw-button').hidden = !(live && mine && human && !proposal);
  // The computer always accepts a take-back and always declines a draw.
  $('undo-button').hidden = !(live && mine && !proposal && board.moves.some((m) => m.user === app.user));
  const answer = live && mine && proposal && proposal.user !== app.user;
  $('accept-button').hidden = $('reject-button').hidden = !answer;
  if (answer) {
    $('accept-button').textContent = proposal.kind === 'draw' ? 'Accept the draw' : 'Accept the undo';
    $('reject-button').textContent = 'Reject';
  }
  // Players follow their boards anyway; anybody else signed in may follow this one.
  const follow = $('follow-button');
  follow.hidden = !(app.token && !mine && board.board);
  follow.textContent = app.watched.has(board.board) ? 'Stop following' : 'Follow this board';
  $('move-form').hidden = !canPlay(board);
  const sample = board.legal_moves.find((m) => m !== 'pass' && m !== 'swap');
  if (sample) $('move-text').placeholder = `e.g. ${sample}`;
}

function renderSelection(board) {
  const box = $('selection');
  const sel = app.selection;
  if (!canPlay(board) || sel.length === 0) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const legal = new Set(board.legal_moves);
  const pair = $('confirm-pair'), single = $('confirm-single');
  if (board.game === 'trellis') {
    const pairText = sel.length === 2 ? canonicalPair(board, sel) : null;
    $('selection-text').textContent = sel.length === 2 ? `Selected ${sel[0]} and ${sel[1]}.` : `Selected ${sel[0]}: click a second point three away, or play one stone.`;
    pair.hidden = !pairText;
    if (pairText) pair.textContent = `Play ${pairText}`;
    single.hidden = !(sel.length === 1 && legal.has(sel[0]));
    single.textContent = `Single stone at ${sel[0]}`;
  } else {
    $('selection-text').textContent = `Sliding from ${sel[0]}: click where it goes.`;
    pair.hidden = single.hidden = true;
  }
}

// The pair as the legal-move list writes it (either order is accepted by the server too).
function canonicalPair(board, sel) {
  const a = `${sel[0]},${sel[1]}`, b = `${sel[1]},${sel[0]}`;
  return board.legal_moves.includes(a) ? a : board.legal_moves.includes(b) ? b : a;
}

function renderBoard() {
  const board = app.board;
  if (!board) return;
  $('welcome').hidden = true;
  const view = $('board-view');
  view.hidden = false;
  // The state shown, as attributes (scripts and tests can wait on them).
  view.dataset.board = board.board || '';
  view.dataset.moves = board.position_move_number;
  view.dataset.toMove = board.to_move ? board.to_move.user : '';
  $('board-title').textContent = board.board ? `Board #${board.board} · ${board.title}` : `Analysis · ${board.title}`;
  $('board-options').textContent = Object.entries(board.options).map(([k, v]) => `${k} ${v}`).join(' · ');
  $('history-banner').hidden = board.latest || board.analysis;
  if (!board.latest) $('history-text').textContent = `Showing the position after move ${board.position_move_number} of ${board.moves_played}.`;
  renderPlayers(board);
  const status = $('status');
  status.textContent = statusText(board);
  status.className = `status${board.outcome ? ' result' : myTurn(board) ? ' your-move' : ''}`;
  let hint = canPlay(board) ? HINTS[board.game] || 'Click a site to play there.' : '';
  if (canPlay(board) && board.legal_moves.includes('pass') && board.game === 'epoxy') hint += ' Or pass to end your turn.';
  const proposal = board.latest && !board.outcome && board.proposal;
  if (proposal) {
    const what = proposal.kind === 'undo' ? 'a take-back' : 'a draw';
    hint = proposal.user === app.user ? `You propose ${what}; waiting for the answer.` : `${proposal.user} proposes ${what}.`;
  }
  $('hint').textContent = hint;
  $('show-legal').parentElement.hidden = !canPlay(board) || !board.geometry;
  renderActions(board);
  renderSelection(board);
  renderMoveList(board);
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
  const svg = LudusBoard.draw(board, { ...boardMarks(board), interactive: canPlay(board) });
  svg.setAttribute('aria-label', `${board.title} board, ${board.geometry.sites.length} sites. ${statusText(board)}`);
  svg.classList.toggle('interactive', canPlay(board));
  frame.replaceChildren(svg);
  LudusBoard.fit(svg);
}

function renderComments(board) {
  $('comments-box').hidden = !board.board;  // a loose analysis has no board to comment on
  $('comment-count').textContent = board.comments.length ? `(${board.comments.length})` : '';
  $('comments').replaceChildren(...board.comments.map((c) => {
    const li = document.createElement('li');
    li.innerHTML = '<strong></strong> <span class="muted small"></span><br><span></span>';
    li.querySelector('strong').textContent = c.user;
    li.querySelector('.muted').textContent = `after move ${c.after_move}`;
    li.querySelector('span:last-child').textContent = c.text;
    return li;
  }));
  $('comment-form').hidden = !app.token;
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
  try {
    app.board = await api('GET', `/api/games/${id}`);
  } catch (e) {
    app.board = null;
    $('welcome').hidden = false;
    $('board-view').hidden = true;
    $('welcome-error').textContent = `Board #${id}: ${e.message}`;
    return;
  }
  $('welcome-error').textContent = '';
  renderBoard();
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

// Sends a move (or pass/swap) for the position on screen.
async function sendMove(text) {
  const board = app.board;
  if (!board) return;
  if (board.analysis) return analysisPlay(text);
  app.busy = true;
  showError('');
  try {
    app.board = await api('POST', `/api/games/${board.board}/move`, { move: text, move_number: board.next_move_number });
    app.selection = [];
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
  if (board.analysis) return board.to_move ? '' : 'The game is over in this position: take a move back.';
  if (!board.latest) return 'This is an earlier position: go back to the current position to play.';
  if (board.outcome) return 'The game is over.';
  if (!app.token) return 'Sign in to play.';
  if (mySeat(board) < 0) return `You (${app.user}) do not play on this board.`;
  if (!myTurn(board)) return `It is ${board.to_move.user}'s turn.`;
  return '';
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
  const legal = board.legal_moves;
  const sel = app.selection;
  if (board.game === 'trellis') {
    const starts = (p) => legal.some((m) => m === p || m.split(',').includes(p));
    if (sel.length === 1 && sel[0] !== name) {
      const a = `${sel[0]},${name}`, b = `${name},${sel[0]}`;
      if (legal.includes(a) || legal.includes(b)) app.selection = [sel[0], name];
      else if (starts(name)) app.selection = [name];
      else return sendMove(a);  // the server says why
    } else if (sel.includes(name)) {
      app.selection = sel.filter((p) => p !== name);
    } else if (starts(name)) {
      app.selection = [name];
    } else {
      return sendMove(name);
    }
    renderBoard();
    return;
  }
  if (board.game === 'epoxy' || legal.some((m) => m.includes('-'))) {
    const index = board.geometry.sites.findIndex((s) => s.name === name);
    const own = board.geometry.stones[index] === board.to_move.colour;
    const slidesFrom = (p) => legal.some((m) => m.startsWith(`${p}-`));
    if (sel.length === 1) {
      if (sel[0] === name) app.selection = [];
      else if (own && slidesFrom(name)) app.selection = [name];
      else return sendMove(`${sel[0]}-${name}`);
      renderBoard();
      return;
    }
    if (own && slidesFrom(name)) {
      app.selection = [name];
      renderBoard();
      return;
    }
  }
  sendMove(name);
}

function bindBoard() {
  $('board-frame').addEventListener('click', (event) => {
    const site = event.target.closest('[data-site]');
    if (site) onSiteClick(site.dataset.site);
  });
  $('board-frame').addEventListener('keydown', (event) => {
    const site = event.target.closest('[data-site]');
    if (site && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      const name = site.dataset.site;
      onSiteClick(name);
      // Keep the focus on the same site after the board is redrawn.
      $('board-frame').querySelector(`[data-site="${name}"]`)?.focus();
    }
  });
  $('confirm-pair').addEventListener('click', () => sendMove(canonicalPair(app.board, app.selection)));
  $('confirm-single').addEventListener('click', () => sendMove(app.selection[0]));
  $('cancel-selection').addEventListener('click', () => {
    app.selection = [];
    renderBoard();
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && app.selection.length) {
      app.selection = [];
      renderBoard();
    }
  });
  $('show-legal').checked = app.showLegal;
  $('show-legal').addEventListener('change', () => {
    app.showLegal = $('show-legal').checked;
    localStorage.setItem('ludus.showLegal', app.showLegal ? 'on' : 'off');
    renderBoard();
  });
  $('pass-button').addEventListener('click', () => sendMove('pass'));
  $('swap-button').addEventListener('click', () => sendMove('swap'));
  $('resign-button').addEventListener('click', () => {
    const button = $('resign-button');
    if (button.dataset.armed) {
      resetResign();
      boardAction('resign');
      return;
    }
    button.dataset.armed = '1';
    button.textContent = 'Really resign? Click again';
    app.resignTimer = setTimeout(resetResign, 5000);
  });
  $('draw-button').addEventListener('click', () => boardAction('propose', { kind: 'draw' }));
  $('undo-button').addEventListener('click', () => boardAction('propose', { kind: 'undo' }));
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
    sendMove(text.toLowerCase());
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
  $('comment-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = $('comment-text').value.trim();
    if (!text) return;
    $('comment-text').value = '';
    await boardAction('comment', { text });
    $('comments-box').open = true;
  });
}

function resetResign() {
  const button = $('resign-button');
  clearTimeout(app.resignTimer);
  delete button.dataset.armed;
  button.textContent = 'Resign';
}

