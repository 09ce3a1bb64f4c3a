// SPDX-License-Identifier: Apache-2.0
// The user's notifications in the header (docs/notifications.md): the bell with the unread
// count, the list it opens (newest first, each linking to its board, offer or tournament;
// opening one marks it read), the count in the tab's title ("(3) Board #12 — ludus"), kept
// live by a long poll (GET /api/me/notifications?wait=25&after=REVISION, the token in its
// header, never in the address), and the "Next game" button (GET /api/me/next): the board
// where it is the user's move that has waited longest.  Shares `app`, `api`, `el` and the
// helpers of app.js and community.js.
'use strict';

const NOTIFY_WAIT_S = 25;     // how long one long poll of the list may wait
const NOTIFY_RETRY_MS = 5000; // after an error, before asking again

const notices = {
  items: [],
  unread: 0,
  revision: -1,      // of the list shown (-1: none yet)
  loop: 0,           // generation of the poll loop: a new session starts a new one
  abort: null,       // cancels the request in flight
};

// Where a notification leads.
function noticeHref(n) {
  if (n.board) return n.kind === 'review' ? `#/board/${n.board}/review` : `#/board/${n.board}`;
  if (n.tournament) return `#/tournament/${n.tournament}`;
  if (n.offer) return '#/lobby';
  return '#/';
}

function noticeTime(seconds) {
  return formatDate(seconds, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

// The unread count as the tab's title shows it: "(3) " or "".
function unreadPrefix() {
  return app.token && notices.unread > 0 ? `(${notices.unread}) ` : '';
}

function renderNotices() {
  const signedIn = Boolean(app.token);
  $('notify-bell').hidden = !signedIn;
  $('next-game').hidden = !signedIn;
  if (!signedIn) $('notify-panel').hidden = true;
  const count = $('notify-count');
  count.textContent = notices.unread > 0 ? String(notices.unread) : '';
  count.hidden = notices.unread === 0;
  $('notify-bell').setAttribute('aria-label', tn('Notifications: {n} unread', 'Notifications: {n} unread', notices.unread));
  const list = $('notify-list');
  list.replaceChildren();
  for (const n of notices.items) {
    const link = el('a', { href: noticeHref(n), cls: 'notify-link' },
      el('span', { cls: 'notify-text', text: n.text }),
      el('time', { cls: 'notify-time muted small', datetime: new Date(n.created_at * 1000).toISOString(), text: noticeTime(n.created_at) }));
    link.addEventListener('click', () => openNotice(n));
    const item = el('li', { cls: n.read ? 'notify-item' : 'notify-item unread' }, link);
    if (!n.read) item.prepend(el('span', { cls: 'visually-hidden', text: `${t('Unread:')} ` }));
    list.append(item);
  }
  $('notify-empty').hidden = notices.items.length > 0;
  $('notify-all-read').disabled = notices.unread === 0;
  updateTitle();
}

function showNotices(reply) {
  notices.items = reply.notifications;
  notices.unread = reply.unread;
  notices.revision = reply.revision;
  renderNotices();
}

function closeNotices() {
  $('notify-panel').hidden = true;
  $('notify-bell').setAttribute('aria-expanded', 'false');
}

// Opening one marks it read (the link goes on to its page at once).
function openNotice(n) {
  closeNotices();
  if (n.read) return;
  api('POST', '/api/me/notifications/read', { ids: [n.id] }).then(showNotices, () => {});
}

// The long poll loop of the signed-in user's list; a new session (or none) ends the old loop.
function watchNotices() {
  const loop = ++notices.loop;
  if (notices.abort) notices.abort.abort();
  notices.abort = null;
  notices.items = [];
  notices.unread = 0;
  notices.revision = -1;
  renderNotices();
  if (!app.token) return;
  (async () => {
    while (loop === notices.loop && app.token) {
      const controller = new AbortController();
      notices.abort = controller;
      const wait = notices.revision >= 0 ? `?wait=${NOTIFY_WAIT_S}&after=${notices.revision}` : '';
      try {
        const reply = await api('GET', `/api/me/notifications${wait}`, undefined, controller.signal);
        if (loop !== notices.loop) return;
        showNotices(reply);
      } catch (e) {
        if (loop !== notices.loop || e.code === 'aborted' || !app.token) return;
        await new Promise((resolve) => setTimeout(resolve, NOTIFY_RETRY_MS));
      }
    }
  })();
}

async function goToNextGame() {
  const note = $('next-game-note');
  note.textContent = '';
  try {
    const reply = await api('GET', app.boardId ? `/api/me/next?after=${app.boardId}` : '/api/me/next');
    if (reply.board) location.hash = `#/board/${reply.board}`;
    else note.textContent = app.boardId ? t('No other board waits for your move.') : t('No board waits for your move.');
  } catch (e) {
    note.textContent = e.message;
  }
}

function bindNotices() {
  const bell = $('notify-bell');
  bell.addEventListener('click', () => {
    const panel = $('notify-panel');
    panel.hidden = !panel.hidden;
    bell.setAttribute('aria-expanded', String(!panel.hidden));
    if (!panel.hidden) $('notify-all-read').focus();
  });
  $('notify-all-read').addEventListener('click', () => {
    api('POST', '/api/me/notifications/read', { all: true }).then(showNotices, () => {});
  });
  $('notify-panel').addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    closeNotices();
    bell.focus();
  });
  // The list is a drop-down: another page, or a click elsewhere, closes it.
  window.addEventListener('hashchange', closeNotices);
  document.addEventListener('click', (event) => {
    if (!$('notify-panel').hidden && !event.target.closest('#notify-panel, #notify-bell')) closeNotices();
  });
  $('next-game').addEventListener('click', goToNextGame);
}

document.addEventListener('DOMContentLoaded', bindNotices);
