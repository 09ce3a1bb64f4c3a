// SPDX-License-Identifier: Apache-2.0
// The administrators' page (#/admin): reported comments with their boards, hiding and showing
// them, suspending and restoring accounts, ending a suspended player's boards, and the audit
// log (POST /api/admin and /api/admin/ACTION).  Every request carries the administrator's
// password besides the token (docs/security.md), so the page asks for it and keeps it only
// in this script's memory while the page is shown.  Anyone else is told the page is for
// administrators.  Shares the helpers of app.js and community.js.
'use strict';

const adminPage = { password: '' };

function leaveAdmin() {
  adminPage.password = '';
  $('admin-password').value = '';
  $('admin-panels').hidden = true;
}

// Called by routeCommunity (community.js) for #/admin.
function showAdmin() {
  leaveAdmin();
  const denied = $('admin-denied');
  const allowed = Boolean(app.token && app.admin);
  denied.hidden = allowed;
  $('admin-unlock').hidden = !allowed;
  say('admin-unlock-message', '');
  if (!app.token) denied.textContent = t("Administrators only: sign in with an administrator's account to moderate.");
  // TRANSLATORS: "ludus admin grant" is a command: keep it as it is
  else if (!allowed) denied.textContent = t('Administrators only: {user} is not an administrator of this server. (The role is given on the server machine: ludus admin grant.)', { user: app.user });
  if (allowed) $('admin-user').value = app.user;
}

function when(seconds) {
  return formatDate(seconds, { dateStyle: 'medium', timeStyle: 'short' });
}

function adminButton(text, action, body, cls) {
  const button = el('button', { type: 'button', text, cls });
  button.addEventListener('click', () => adminAct(action, body));
  return button;
}

function renderReports(reports) {
  const list = $('admin-reports');
  list.replaceChildren(...reports.map((r) => {
    const c = r.comment;
    const item = el('div', { cls: 'admin-item' },
      // TRANSLATORS: followed by the reporter's name
      el('span', { cls: 'small' }, `${r.open ? t('Report {id} (open) by', { id: r.id }) : t('Report {id} (closed) by', { id: r.id })} `,
        playerLink(r.reporter), `, ${when(r.at)}: “${r.reason || t('no reason given')}”`),
      el('blockquote', { text: c.text }),
      // TRANSLATORS: "Comment 4 by alice on board 12"
      el('span', { cls: 'muted small' }, `${t('Comment {id} by', { id: c.id })} `, playerLink(c.user), ` ${t('on')} `,
        el('a', { href: `#/board/${c.board}`, text: t('board {board}', { board: c.board }) }), c.hidden ? ` · ${t('hidden')}` : ''));
    const actions = el('div', { cls: 'admin-actions' },
      c.hidden ? adminButton(t('Show again'), 'unhide', { comment: c.id }) : adminButton(t('Hide the comment'), 'hide', { comment: c.id }, 'danger'),
      adminButton(t('Suspend {user}', { user: c.user }), 'suspend', { user: c.user }, 'danger'));
    return el('li', {}, item, actions);
  }));
  if (!reports.length) list.append(el('li', { cls: 'muted', text: t('No reports.') }));
}

function renderSuspended(accounts) {
  const list = $('admin-suspended');
  list.replaceChildren(...accounts.map((a) => el('li', {},
    el('span', { cls: 'admin-item' }, el('span', {}, playerLink(a.user), ` ${t('since {when}', { when: when(a.since) })}`)),
    el('div', { cls: 'admin-actions' },
      adminButton(t('Restore'), 'restore', { user: a.user }),
      adminButton(t('End their boards'), 'forfeit', { user: a.user }, 'danger')))));
  if (!accounts.length) list.append(el('li', { cls: 'muted', text: t('Nobody is suspended.') }));
}

function renderAudit(entries) {
  $('admin-audit').replaceChildren(...entries.slice().reverse().map((e) => el('tr', {},
    el('td', { text: when(e.at) }), el('td', { text: e.actor }), el('td', { text: e.action }),
    el('td', { text: e.target }), el('td', { text: e.reason }))));
}

function renderAdmin(view) {
  $('admin-panels').hidden = false;
  $('admin-unlock').hidden = true;
  renderReports(view.reports);
  renderSuspended(view.suspended);
  renderAudit(view.audit);
}

async function openAdmin(event) {
  event.preventDefault();
  const password = $('admin-password').value;
  if (!password) {
    say('admin-unlock-message', t('Give your password.'));
    return;
  }
  try {
    const view = await api('POST', '/api/admin', { password, all: $('admin-all-reports').checked });
    adminPage.password = password;
    $('admin-password').value = '';
    renderAdmin(view);
    say('admin-message', '');
  } catch (e) {
    say('admin-unlock-message', e.message);
  }
}

// One action with the reason typed; the reply is the view again, with what was done.
async function adminAct(action, target) {
  const reason = $('admin-reason').value.trim();
  if (!reason) {
    say('admin-message', t('Give a reason for the audit log first.'));
    $('admin-reason').focus();
    return;
  }
  try {
    const view = await api('POST', `/api/admin/${action}`, { password: adminPage.password, reason, all: $('admin-all-reports').checked, ...target });
    renderAdmin(view);
    say('admin-message', view.message, true);
  } catch (e) {
    say('admin-message', e.message);
  }
}

function bindAdmin() {
  $('admin-unlock').addEventListener('submit', openAdmin);
  $('admin-all-reports').addEventListener('change', async () => {
    if (!adminPage.password) return;
    try {
      renderAdmin(await api('POST', '/api/admin', { password: adminPage.password, all: $('admin-all-reports').checked }));
    } catch (e) {
      say('admin-message', e.message);
    }
  });
  $('admin-suspend-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const user = $('admin-suspend-user').value.trim();
    if (user) adminAct('suspend', { user });
  });
  // The password is forgotten as soon as the page is left.
  window.addEventListener('hashchange', () => {
    if (location.hash !== '#/admin') leaveAdmin();
  });
}

document.addEventListener('DOMContentLoaded', bindAdmin);
