// SPDX-License-Identifier: Apache-2.0
// Account recovery and safety on the web page: the forgotten password (POST /api/reset, then
// /api/reset/confirm with the mailed code), the e-mail address and its verification
// (POST /api/me/email, /api/verify) and the blocked players (GET/POST /api/me/blocks) on the
// settings page.  Shares the helpers of app.js, community.js and settings.js.
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
      say('reset-message', 'Give your user id.');
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
      say('reset-message', 'Give your user id, the code from the mail and a new password of at least 8 characters.');
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
  const verified = me.email ? `Mail goes to ${me.email}.` : 'No verified address: no mail is sent.';
  const pending = me.pending_email ? ` ${me.pending_email} waits for the code mailed to it.` : '';
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
    unblock.textContent = 'Unblock';
    unblock.addEventListener('click', () => changeBlock(user, false));
    item.append(unblock);
    list.append(item);
  }
  if (!blocks.length) list.append(Object.assign(document.createElement('li'), { className: 'muted', textContent: 'Nobody.' }));
}

async function changeBlock(user, block) {
  try {
    showBlocks((await api('POST', '/api/me/blocks', { user, block })).blocks);
    say('blocks-message', block ? `${user} is blocked.` : `${user} is no longer blocked.`, true);
  } catch (e) {
    say('blocks-message', e.message);
  }
}

// Called by showSettings (settings.js) once signed in.
async function showAccountSettings() {
  say('email-message', '');
  say('blocks-message', '');
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
      say('email-message', 'A code is on its way to the new address.', true);
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
      say('email-message', 'Verified.', true);
    } catch (e) {
      say('email-message', e.message);
    }
  });
  $('blocks-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const user = $('blocks-user').value.trim();
    if (user) changeBlock(user, true).then(() => ($('blocks-user').value = ''));
  });
}

document.addEventListener('DOMContentLoaded', () => {
  bindReset();
  bindAccountSettings();
});
