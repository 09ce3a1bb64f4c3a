// SPDX-License-Identifier: Apache-2.0
// Account recovery and safety on the web page: the forgotten password (POST /api/reset, then
// /api/reset/confirm with the mailed code), and on the settings page the password (POST
// /api/password), the e-mail address and its verification (POST /api/me/email, /api/verify),
// the blocked players (GET/POST /api/me/blocks), the player's data (GET /api/me/export) and
// the deletion of the account (POST /api/me/delete).  Shares the helpers of app.js,
// community.js and settings.js.
'use strict';

function showResetForm(on) {
  $('auth-form').hidden = on;
  $('reset-form').hidden = !on;
  say('reset-message', '');
  if (on) {
    $('reset-user').value = $('auth-user').value.trim();
    $('reset-user').focus();
  }
}

function bindReset() {
  $('forgot-password').addEventListener('click', () => showResetForm(true));
  $('reset-cancel').addEventListener('click', () => showResetForm(false));
  $('reset-send').addEventListener('click', async () => {
    const user = $('reset-user').value.trim();
    if (!user) {
      say('reset-message', t('Give your user id.'));
      $('reset-user').focus();
      return;
    }
    try {
      const reply = await api('POST', '/api/reset', { user });
      say('reset-message', reply.message, true);
      $('reset-code').focus();
    } catch (e) {
      say('reset-message', e.message);
    }
  });
  $('reset-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const user = $('reset-user').value.trim();
    const code = $('reset-code').value.trim();
    const password = $('reset-password').value;
    if (!user || !code || password.length < 8) {
      say('reset-message', t('Give your user id, the code from the mail and a new password of at least 8 characters.'));
      return;
    }
    try {
      // The reply signs in: no second password check that strangers' failures could slow.
      const data = await api('POST', '/api/reset/confirm', { user, code, password });
      $('reset-form').reset();
      showResetForm(false);
      signedIn(data);
    } catch (e) {
      say('reset-message', e.message);
    }
  });
}

function showAddress(me) {
  const verified = me.email ? t('Mail goes to {address}.', { address: me.email }) : t('No verified address: no mail is sent.');
  const pending = me.pending_email ? ` ${t('{address} waits for the code mailed to it.', { address: me.pending_email })}` : '';
  $('email-state').textContent = verified + pending;
  $('mail-address').textContent = verified;
}

function showBlocks(blocks) {
  const list = $('blocks-list');
  list.replaceChildren();
  for (const user of blocks) {
    const item = document.createElement('li');
    item.textContent = `${user} `;
    const unblock = document.createElement('button');
    unblock.type = 'button';
    unblock.textContent = t('Unblock');
    unblock.addEventListener('click', () => changeBlock(user, false));
    item.append(unblock);
    list.append(item);
  }
  if (!blocks.length) list.append(Object.assign(document.createElement('li'), { className: 'muted', textContent: 'Nobody.' }));
}

async function changeBlock(user, block) {
  try {
    showBlocks((await api('POST', '/api/me/blocks', { user, block })).blocks);
    say('blocks-message', block ? t('{user} is blocked.', { user }) : t('{user} is no longer blocked.', { user }), true);
  } catch (e) {
    say('blocks-message', e.message);
  }
}

// Called by showSettings (settings.js) once signed in.
async function showAccountSettings() {
  for (const id of ['email-message', 'blocks-message', 'password-message', 'export-message', 'delete-message']) say(id, '');
  $('password-user').value = app.user;  // for password managers: whose password changes
  try {
    showAddress(await api('GET', '/api/me'));
    showBlocks((await api('GET', '/api/me/blocks')).blocks);
  } catch (e) {
    say('email-message', e.message);
  }
}

function bindAccountSettings() {
  $('email-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      showAddress(await api('POST', '/api/me/email', { email: $('email-new').value.trim() }));
      say('email-message', t('A code is on its way to the new address.'), true);
      $('email-code').focus();
    } catch (e) {
      say('email-message', e.message);
    }
  });
  $('email-verify').addEventListener('click', async () => {
    try {
      await api('POST', '/api/verify', { user: app.user, code: $('email-code').value.trim() });
      $('email-form').reset();
      showAddress(await api('GET', '/api/me'));
      say('email-message', t('Verified.'), true);
    } catch (e) {
      say('email-message', e.message);
    }
  });
  $('blocks-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const user = $('blocks-user').value.trim();
    if (user) changeBlock(user, true).then(() => ($('blocks-user').value = ''));
  });
  $('password-form').addEventListener('submit', changePassword);
  $('export-button').addEventListener('click', downloadData);
  $('delete-form').addEventListener('submit', deleteAccount);
}

// A new password: the reply signs this browser in again (every other token is revoked).  A
// wrong current password is said here, and the session stays.
async function changePassword(event) {
  event.preventDefault();
  const current = $('password-old').value;
  const wanted = $('password-new').value;
  if (!current || wanted.length < 8) {
    say('password-message', t('Give your current password and a new one of at least 8 characters.'));
    return;
  }
  try {
    renewSession(await api('POST', '/api/password', { old_password: current, new_password: wanted }));
    $('password-form').reset();
    say('password-message', t('Password changed. Your other devices are signed out.'), true);
  } catch (e) {
    say('password-message', e.message);
  }
}

// The player's data as a file: ludus-USER.json.
async function downloadData() {
  try {
    const data = await api('GET', '/api/me/export');
    const link = el('a', { href: URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })),
      download: `ludus-${app.user}.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    say('export-message', t('Saved as {file}.', { file: `ludus-${app.user}.json` }), true);
  } catch (e) {
    say('export-message', e.message);
  }
}

// Deletes the account with the password and the user id typed as confirmation; then the
// page is signed out and says what became of the games.
async function deleteAccount(event) {
  event.preventDefault();
  const password = $('delete-password').value;
  const confirm = $('delete-confirm').value.trim().toLowerCase();
  if (!password || confirm !== app.user) {
    say('delete-message', t('Give your password and type your user id ({user}) to confirm.', { user: app.user }));
    return;
  }
  try {
    const reply = await api('POST', '/api/me/delete', { password, confirm });
    $('delete-form').reset();
    setSession('', '');
    // Said on the home view, once the route to it has cleared the view's old message.
    window.addEventListener('hashchange', () => say('welcome-error',
      t('The account {user} is deleted. Its finished games stay for the opponents, under the name {name}.', { user: reply.deleted, name: reply.name }), true),
    { once: true });
    location.hash = '#/';
  } catch (e) {
    say('delete-message', e.message);
  }
}

document.addEventListener('DOMContentLoaded', () => {
  bindReset();
  bindAccountSettings();
});
