// SPDX-License-Identifier: Apache-2.0
// The settings page (#/settings): the mail preference and the hour of the daily digest
// (GET /api/me "mail" and "digest_hour", POST /api/me/mail)
// and who may challenge the user (GET/POST /api/me/limits: ask | all | none and the most
// active boards at once), and the holidays (GET/POST /api/me/holidays, POST
// /api/me/holidays/cancel), and the automatic reviews of the user's finished games (GET
// /api/me "auto_review", POST /api/me/reviews).  Shares the helpers of app.js and community.js.
'use strict';

async function showSettings() {
  const signedIn = Boolean(app.token);
  $('settings-signin').hidden = signedIn;
  $('settings-forms').hidden = !signedIn;
  say('mail-message', '');
  say('limits-message', '');
  if (!signedIn) return;
  try {
    const me = await api('GET', '/api/me');
    showMail(me);
    $('auto-review').checked = Boolean(me.auto_review);
    say('review-settings-message', '');
    $('mail-address').textContent = me.email ? `Mails go to ${me.email}.` : 'Your account has no e-mail address, so no mail is sent.';
    showAccountSettings();  // account.js: the address and the blocked players
  } catch (e) {
    say('mail-message', `Cannot load your preference: ${e.message}`);
  }
  say('holiday-message', '');
  try {
    showHolidays(await api('GET', '/api/me/holidays'));
  } catch (e) {
    say('holiday-message', `Cannot load your holidays: ${e.message}`);
  }
  try {
    showLimits(await api('GET', '/api/me/limits'));
    $('limits-form').hidden = false;
  } catch (e) {
    if (e.status === 404 && e.code === 'not_found') $('limits-form').hidden = true;  // a server without challenge settings
    else say('limits-message', `Cannot load your challenge settings: ${e.message}`);
  }
}

function checkRadio(name, value) {
  for (const input of document.querySelectorAll(`input[name=${name}]`)) input.checked = input.value === value;
}

function checkedRadio(name) {
  return document.querySelector(`input[name=${name}]:checked`)?.value;
}

// The hours 0-23 (UTC) offered for the digest (07:00 until the server says).
function fillDigestHours() {
  const select = $('digest-hour');
  for (let hour = 0; hour < 24; ++hour)
    select.append(el('option', { value: String(hour), text: `${String(hour).padStart(2, '0')}:00 UTC` }));
  select.value = '7';
}

function showMail(reply) {
  checkRadio('mail', reply.mail);
  if (reply.digest_hour !== undefined) $('digest-hour').value = String(reply.digest_hour);
  digestHourApplies();
}

// The hour is the digest's: it is chosen with the digest only (and skipped by Tab otherwise).
function digestHourApplies() {
  $('digest-hour').disabled = checkedRadio('mail') !== 'digest';
}

function showLimits(limits) {
  checkRadio('challenges', limits.challenges);
  $('limits-max').value = limits.max_active === null || limits.max_active === undefined ? '' : String(limits.max_active);
}

function showHolidays(plan) {
  $('holiday-state').textContent = `${plan.used_days} of ${plan.allowance} days used this year, ${plan.left_days} left.`;
  $('holiday-list').replaceChildren(...plan.holidays.map((h) =>
    el('li', { text: `${h.from} to ${h.until}${h.current ? ' (under way: your clocks are paused)' : ''}` })));
  $('holiday-cancel').hidden = plan.holidays.length === 0;
  const today = new Date().toISOString().slice(0, 10);
  $('holiday-from').min = $('holiday-to').min = today;
}

function bindSettings() {
  fillDigestHours();
  // "Saved." speaks of the form as it was saved; a change makes it stale.
  $('mail-form').addEventListener('input', () => say('mail-message', ''));
  $('mail-form').addEventListener('change', digestHourApplies);
  $('limits-form').addEventListener('input', () => say('limits-message', ''));
  $('mail-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const mail = checkedRadio('mail');
    if (!mail) {
      say('mail-message', 'Choose one of the three.');
      return;
    }
    try {
      const body = mail === 'digest' ? { mail, digest_hour: Number($('digest-hour').value) } : { mail };
      showMail(await api('POST', '/api/me/mail', body));
      say('mail-message', 'Saved.', true);
    } catch (e) {
      say('mail-message', e.message);
    }
  });
  $('review-settings-form').addEventListener('input', () => say('review-settings-message', ''));
  $('review-settings-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      const reply = await api('POST', '/api/me/reviews', { auto_review: $('auto-review').checked });
      $('auto-review').checked = reply.auto_review;
      say('review-settings-message', 'Saved.', true);
    } catch (e) {
      say('review-settings-message', e.message);
    }
  });
  $('holiday-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const from = $('holiday-from').value, to = $('holiday-to').value;
    if (!from || !to) {
      say('holiday-message', 'Give the first and the last day away.');
      $(from ? 'holiday-to' : 'holiday-from').focus();
      return;
    }
    try {
      showHolidays(await api('POST', '/api/me/holidays', { from, to }));
      say('holiday-message', 'Holiday declared.', true);
    } catch (e) {
      say('holiday-message', e.message);
    }
  });
  $('holiday-cancel').addEventListener('click', async () => {
    try {
      showHolidays(await api('POST', '/api/me/holidays/cancel', {}));
      say('holiday-message', 'Holiday cancelled.', true);
    } catch (e) {
      say('holiday-message', e.message);
    }
  });
  $('limits-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const challenges = checkedRadio('challenges');
    const text = $('limits-max').value.trim();
    if (!challenges) {
      say('limits-message', 'Choose one of the three.');
      return;
    }
    if (text && !(Number.isInteger(Number(text)) && Number(text) >= 1)) {
      say('limits-message', 'The most active boards is a whole number of at least 1, or empty for no limit.');
      $('limits-max').focus();
      return;
    }
    try {
      showLimits(await api('POST', '/api/me/limits', { challenges, max_active: text ? Number(text) : null }));
      say('limits-message', 'Saved.', true);
    } catch (e) {
      say('limits-message', e.message);
    }
  });
}

document.addEventListener('DOMContentLoaded', bindSettings);
