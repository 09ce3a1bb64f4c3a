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
    $('mail-address').textContent = me.email ? t('Mails go to {address}.', { address: me.email }) : t('Your account has no e-mail address, so no mail is sent.');
    showAccountSettings();  // account.js: the address and the blocked players
  } catch (e) {
    say('mail-message', t('Cannot load your preference: {error}', { error: e.message }));
  }
  say('holiday-message', '');
  try {
    showHolidays(await api('GET', '/api/me/holidays'));
  } catch (e) {
    say('holiday-message', t('Cannot load your holidays: {error}', { error: e.message }));
  }
  try {
    showLimits(await api('GET', '/api/me/limits'));
    $('limits-form').hidden = false;
  } catch (e) {
    if (e.status === 404 && e.code === 'not_found') $('limits-form').hidden = true;  // a server without challenge settings
    else say('limits-message', t('Cannot load your challenge settings: {error}', { error: e.message }));
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
  $('holiday-state').textContent = tn('{used} of {n} day used this year, {left} left.', '{used} of {n} days used this year, {left} left.',
    plan.allowance, { used: formatNumber(plan.used_days), left: formatNumber(plan.left_days) });
  $('holiday-list').replaceChildren(...plan.holidays.map((h) =>
    el('li', { text: h.current ? t('{from} to {until} (under way: your clocks are paused)', { from: h.from, until: h.until })
      : t('{from} to {until}', { from: h.from, until: h.until }) })));
  $('holiday-cancel').hidden = plan.holidays.length === 0;
  const today = new Date().toISOString().slice(0, 10);
  $('holiday-from').min = $('holiday-to').min = today;
}

// The languages of the page, each named in itself; the first choice is the browser's.
function fillLanguages() {
  const select = $('language-choice');
  select.append(el('option', { value: '', text: t("The browser's language") }));
  for (const entry of i18n.languages)
    select.append(el('option', { value: entry.language, lang: entry.language, dir: entry.dir, text: entry.name }));
  select.value = i18n.chosen && i18n.languages.some((l) => l.language === i18n.chosen) ? i18n.chosen : '';
}

function bindSettings() {
  fillDigestHours();
  i18n.ready.then(fillLanguages);
  $('language-form').addEventListener('submit', (event) => event.preventDefault());
  // Signed in, the account keeps the choice too (its mail will follow it); a choice the
  // account refused is not made on this browser either.
  $('language-choice').addEventListener('change', async () => {
    const language = $('language-choice').value;
    if (app.token) {
      try {
        await api('POST', '/api/me/language', { language });
      } catch (e) {
        say('language-message', e.message);
        return;
      }
    }
    chooseLanguage(language);
  });
  // "Saved." speaks of the form as it was saved; a change makes it stale.
  $('mail-form').addEventListener('input', () => say('mail-message', ''));
  $('mail-form').addEventListener('change', digestHourApplies);
  $('limits-form').addEventListener('input', () => say('limits-message', ''));
  $('mail-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const mail = checkedRadio('mail');
    if (!mail) {
      say('mail-message', t('Choose one of the three.'));
      return;
    }
    try {
      const body = mail === 'digest' ? { mail, digest_hour: Number($('digest-hour').value) } : { mail };
      showMail(await api('POST', '/api/me/mail', body));
      say('mail-message', t('Saved.'), true);
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
      say('review-settings-message', t('Saved.'), true);
    } catch (e) {
      say('review-settings-message', e.message);
    }
  });
  $('holiday-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const from = $('holiday-from').value, to = $('holiday-to').value;
    if (!from || !to) {
      say('holiday-message', t('Give the first and the last day away.'));
      $(from ? 'holiday-to' : 'holiday-from').focus();
      return;
    }
    try {
      showHolidays(await api('POST', '/api/me/holidays', { from, to }));
      say('holiday-message', t('Holiday declared.'), true);
    } catch (e) {
      say('holiday-message', e.message);
    }
  });
  $('holiday-cancel').addEventListener('click', async () => {
    try {
      showHolidays(await api('POST', '/api/me/holidays/cancel', {}));
      say('holiday-message', t('Holiday cancelled.'), true);
    } catch (e) {
      say('holiday-message', e.message);
    }
  });
  $('limits-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const challenges = checkedRadio('challenges');
    const text = $('limits-max').value.trim();
    if (!challenges) {
      say('limits-message', t('Choose one of the three.'));
      return;
    }
    if (text && !(Number.isInteger(Number(text)) && Number(text) >= 1)) {
      say('limits-message', t('The most active boards is a whole number of at least 1, or empty for no limit.'));
      $('limits-max').focus();
      return;
    }
    try {
      showLimits(await api('POST', '/api/me/limits', { challenges, max_active: text ? Number(text) : null }));
      say('limits-message', t('Saved.'), true);
    } catch (e) {
      say('limits-message', e.message);
    }
  });
}

document.addEventListener('DOMContentLoaded', bindSettings);
