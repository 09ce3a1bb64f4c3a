// SPDX-License-Identifier: Apache-2.0
// Live updates of the page: the WebSocket (GET /api/ws) for the board shown, the boards
// of the game list, the lobby and the tournament shown, with long polls as the fallback.
// Shares `app`, `api` and the helpers of app.js, play.js and tournaments.js.
'use strict';

// Live updates.  A WebSocket (GET /api/ws) pushes every change of the board shown; while
// it is not open (older servers, a proxy without WebSockets, a dropped connection) one
// loop per open board waits for changes instead: a long poll (GET ?wait=S&revision=R)
// when the server gives revisions, else a plain GET every POLL_MS.  A board shown by the
// page's own action makes a waiting poll answer at once; answers older than what is
// shown are dropped.
const updates = { socket: null, open: false, retryMs: 1000, opened: 0 };

function connectLive() {
  if (typeof WebSocket === 'undefined' || updates.socket) return;
  let socket;
  try {
    socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/ws`);
  } catch (e) {
    return;  // stay with the long poll
  }
  updates.socket = socket;
  socket.addEventListener('open', () => {
    updates.open = true;
    updates.retryMs = 1000;
    sendWatch();
    if (app.board) schedulePoll();  // hands the board over to the socket
    // Reopened: what changed while the socket was down was pushed to nobody.
    if (updates.opened++ > 0) {
      reloadListSoon();
      lobbyChanged();
    }
  });
  socket.addEventListener('message', (event) => {
    let message = null;
    try {
      message = JSON.parse(event.data);
    } catch (e) {
      return;
    }
    if (!message) return;
    if (message.state) onPush(message.state);
    // A tournament changed (players, rounds, results): its page looks again.
    if (typeof message.tournament === 'number') tournamentChanged(message.tournament, message.revision);
    // A board created (a seek taken, an invitation accepted) or an offer changed: the lobby.
    if (message.lobby || message.offers || message.type === 'offers') {
      lobbyChanged();
      invitationsChanged();
    }
    if (listChangedBy(message)) reloadListSoon();
  });
  socket.addEventListener('close', () => {
    const wasOpen = updates.open;
    updates.open = false;
    updates.socket = null;
    if (wasOpen && app.board) schedulePoll();  // the long poll takes over meanwhile
    setTimeout(connectLive, updates.retryMs);
    updates.retryMs = Math.min(updates.retryMs * 2, 30000);
  });
}

// A pushed BOARD: shown if it is newer than the board on screen.  During the page's own
// action it waits, so a quick reply (the computer's) pushed before the action's answer
// is not lost.
function onPush(board) {
  if (!app.board || board.board !== app.board.board) return;
  if (app.busy) {
    setTimeout(() => onPush(board), 100);
    return;
  }
  if (app.analysis || board.revision <= app.board.revision) return;
  applyUpdate(app.board, board);
}

// Whether a message of the socket makes the game list out of date: a new revision of a board
// listed or of the user's active boards (the push that follows a watch repeats the revision
// listed), or a board created or finished that the list may show (the user's, or any under
// 'Everyone').
function listChangedBy(message) {
  if (message.state) {
    if (!app.listRevisions.has(message.board)) return false;
    const known = app.listRevisions.get(message.board);
    return typeof known !== 'number' || known !== message.revision;
  }
  if (message.lobby) {
    const players = message.game?.players;
    return app.filter === 'everyone' || !Array.isArray(players) || players.includes(app.user) ||
      app.listRevisions.has(message.board);
  }
  return false;
}

// What the socket should push: the board shown, the user's active boards and the boards of the
// game list (at most 64, the server's limit), the lobby's creations and endings, and the
// notices of the tournament shown (the server answers a new watch with its revision, so a
// socket opened again misses nothing).
function sendWatch() {
  if (!updates.open) return;
  const boards = [...new Set([app.board?.board, ...app.activeBoards, ...app.listBoards].filter((b) => b))].slice(0, 64);
  const tournaments = tournamentShown.id && shownCommunityView() === 'tournament-view' ? [tournamentShown.id] : [];
  updates.socket.send(JSON.stringify({ watch: boards, lobby: true, tournaments }));
}

function reloadListSoon() {
  clearTimeout(app.listReload);
  app.listReload = setTimeout(loadGames, 300);
}

// Whether the game list must poll (the socket keeps it current otherwise).
function listNeedsPolling() {
  return !updates.open;
}

function stopPolling() {
  app.pollLoop++;
  clearTimeout(app.pollTimer);
  if (app.pollAbort) app.pollAbort.abort();
  app.pollAbort = null;
}

function schedulePoll() {
  stopPolling();
  if (updates.open) {
    sendWatch();
    return;
  }
  const loop = app.pollLoop;
  app.pollTimer = setTimeout(() => poll(loop), 0);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Shows `board` in place of `shown` if that is still what the page shows and it changed.
function applyUpdate(shown, board) {
  const current = app.board === shown && !app.viewingPast && !app.busy && !app.analysis;
  if (!current || signature(board) === signature(shown)) return;
  const moved = board.moves_played !== shown.moves_played;
  app.board = board;
  if (moved) {
    app.selection = [];
    app.turn = null;  // a turn begun on the old position no longer applies
  }
  // An older refusal ("It is alice's turn.") no longer applies once the board moved or ended.
  if (moved || !board.outcome !== !shown.outcome) showError('');
  renderBoard();
  // A move or an ending (a resignation moves nothing) changes its line in the list.
  if (moved || !board.outcome !== !shown.outcome || board.status !== shown.status) reloadListSoon();
}

async function poll(loop) {
  while (loop === app.pollLoop) {
    const shown = app.board;
    if (document.hidden || app.viewingPast || app.busy || !shown || shown.outcome) {
      await sleep(POLL_MS);
      continue;
    }
    const long = typeof shown.revision === 'number';
    const query = long ? `?wait=${LONG_POLL_S}&revision=${shown.revision}` : '';
    const controller = new AbortController();
    app.pollAbort = controller;
    let board = null;
    try {
      board = await api('GET', `/api/games/${shown.board}${query}`, undefined, controller.signal);
    } catch (e) {
      if (loop !== app.pollLoop) return;
      await sleep(POLL_MS);  // server away or busy: try again soon
      continue;
    }
    if (loop !== app.pollLoop) return;
    applyUpdate(shown, board);
    if (!long) await sleep(POLL_MS);
  }
}
