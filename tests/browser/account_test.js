// SPDX-License-Identifier: Apache-2.0
// Browser test of account recovery, safety and leaving: `node account_test.js BUILD_DIR`.
// The server's mail goes through tests/mail/sendmail_to_dir.sh into a directory the test
// reads.  At a phone and a desktop size: the address verified on the settings page with the
// mailed code; a player blocked and unblocked there; the forgotten password: "Forgot your
// password?", the code mailed, the new password set and the user signed in with it; the code
// refused the second time.  Then (issue 57, item 6) on the settings page: the password
// changed (a wrong current one is said and the session stays; the old one no longer signs
// in), the address changed, the player's data downloaded as JSON, and the account deleted
// with the password and the user id typed: the page is signed out and the finished game
// stays for the opponent under "deleted:N".  Screenshots of the reset form and the settings
// page (account-page-SIZE.png, kept in docs/accounts/).
'use strict';

const fs = require('fs');
const path = require('path');
const { Run, apiCall, check, collectErrors, log, signedInPage, sleep } = require('./support');

const PASSWORD = 'account-pw-1';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 900 }];

// The code of the newest mail to `address` whose subject has `subject`, waiting up to 10 s.
async function mailedCode(run, address, subject) {
  for (let i = 0; i < 100; i++) {
    const files = fs.readdirSync(run.mailDir).filter((f) => f.endsWith('.eml')).sort((a, b) => parseInt(b) - parseInt(a));
    for (const file of files) {
      const text = fs.readFileSync(path.join(run.mailDir, file), 'utf8');
      if (!text.includes(`To: ${address}`) || !text.includes(subject)) continue;
      const m = text.match(/Your code: ([0-9A-Z]{5}-[0-9A-Z]{5})/);
      if (m) return m[1];
    }
    await sleep(100);
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}

// The password, the address, the data and the deletion of `user` on the settings page.
async function leaving(run, size, errors) {
  const user = `cat${size.name}`;
  const other = `dan${size.name}`;
  await apiCall(run.base, 'POST', '/api/signup', { user, password: PASSWORD });
  await apiCall(run.base, 'POST', '/api/signup', { user: other, password: PASSWORD });
  const token = (await apiCall(run.base, 'POST', '/api/login', { user, password: PASSWORD })).token;
  const otherToken = (await apiCall(run.base, 'POST', '/api/login', { user: other, password: PASSWORD })).token;
  await apiCall(run.base, 'POST', '/api/me/limits', { challenges: 'all' }, otherToken);
  const { board } = await apiCall(run.base, 'POST', '/api/games', { game: 'ndengrod', options: {}, players: [user, other] }, token);
  await apiCall(run.base, 'POST', `/api/games/${board}/resign`, {}, otherToken);
  const page = await signedInPage(run, size, user, token, errors);
  await page.evaluate(() => { location.hash = '#/settings'; });
  await page.waitForSelector('#password-form:not([hidden])');
  // A wrong current password is said; the session stays.
  await page.fill('#password-old', 'not-my-password');
  await page.fill('#password-new', 'a-new-password-1');
  await page.click('#password-form button[type=submit]');
  await page.waitForFunction(() => document.getElementById('password-message').textContent.includes('wrong user id or password'));
  check(await page.isVisible(`text=Signed in as ${user}`), `${size.name}: a wrong current password keeps the session`);
  await page.fill('#password-old', PASSWORD);
  await page.fill('#password-new', 'a-new-password-1');
  await page.click('#password-form button[type=submit]');
  await page.waitForFunction(() => document.getElementById('password-message').textContent.startsWith('Password changed'));
  const login = async (password) => (await fetch(`${run.base}/api/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ user, password }),
  })).status;
  check(await login('a-new-password-1') === 200 && await login(PASSWORD) === 401, `${size.name}: the new password signs in, the old one not`);
  check((await page.evaluate(() => fetch('/api/me', { headers: { Authorization: `Bearer ${localStorage.getItem('ludus.token')}` } }).then((r) => r.status))) === 200,
    `${size.name}: the page keeps a valid token`);
  // The address.
  await page.fill('#email-new', `${user}@example.org`);
  await page.click('#email-form button[type=submit]');
  await page.waitForFunction((a) => document.getElementById('email-state').textContent.includes(`${a} waits`), `${user}@example.org`);
  // The data, as a file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-button')]);
  check(download.suggestedFilename() === `ludus-${user}.json`, `${size.name}: the file is named ${download.suggestedFilename()}`);
  const data = JSON.parse(fs.readFileSync(await download.path(), 'utf8'));
  check(data.account.user === user && data.account.pending_email === `${user}@example.org` && data.games.some((g) => g.board === board),
    `${size.name}: the file holds the account and the game`);
  await page.fill('#delete-password', 'a-new-password-1');
  await page.fill('#delete-confirm', user);
  // The page on a desktop; on a phone its new panels, from the password to the deletion.
  const top = await page.locator('#password-form').boundingBox();
  const bottom = await page.locator('#delete-form').boundingBox();
  const scroll = await page.evaluate(() => window.scrollY);
  await run.screenshot(page, `account-page-${size.name}`, size.width < 500
    ? { fullPage: true, clip: { x: 0, y: top.y + scroll - 8, width: size.width, height: bottom.y + bottom.height - top.y + 16 } }
    : { fullPage: true });
  // Deleting: the password and the user id typed; then signed out, the game kept.
  await page.fill('#delete-confirm', 'someone');
  await page.click('#delete-form button[type=submit]');
  await page.waitForFunction(() => document.getElementById('delete-message').textContent.includes('to confirm'));
  await page.fill('#delete-confirm', user);
  await page.click('#delete-form button[type=submit]');
  await page.waitForFunction(() => document.getElementById('welcome-error').textContent.includes('is deleted'));
  check(await page.isVisible('text=Not signed in'), `${size.name}: signed out after the deletion`);
  check(await login('a-new-password-1') === 401, `${size.name}: the account is gone`);
  const kept = await apiCall(run.base, 'GET', `/api/games/${board}`);
  check(/^deleted:\d+$/.test(kept.seats[0].user) && kept.seats[1].user === other && kept.moves_played === 0 && kept.outcome,
    `${size.name}: the finished game stays for ${other}: ${kept.seats[0].user}`);
  await page.context().close();
}

Run.main('account browser test', 300000, async (run) => {
  for (const size of SIZES) {
    const user = `ann${size.name}`;
    const address = `${user}@example.org`;
    await apiCall(run.base, 'POST', '/api/signup', { user, password: PASSWORD, email: address });
    await apiCall(run.base, 'POST', '/api/signup', { user: `bob${size.name}`, password: PASSWORD });
    const token = (await apiCall(run.base, 'POST', '/api/login', { user, password: PASSWORD })).token;
    const errors = [];

    // Settings: the address waits for its code; verify it; block and unblock a player.
    const page = await signedInPage(run, size, user, token, errors);
    await page.evaluate(() => { location.hash = '#/settings'; });
    await page.waitForFunction((a) => document.querySelector('#email-state').textContent.includes(`${a} waits`), address);
    await page.fill('#email-code', (await mailedCode(run, address, 'verify your address')).toLowerCase());
    await page.click('#email-verify');
    await page.waitForFunction(() => document.querySelector('#email-message').textContent === 'Verified.');
    check((await apiCall(run.base, 'GET', '/api/me', null, token)).email === address, `${size.name}: the address is verified`);
    await page.fill('#blocks-user', `bob${size.name}`);
    await page.click('#blocks-form button[type=submit]');
    await page.waitForFunction((b) => document.querySelector('#blocks-list').textContent.includes(b), `bob${size.name}`);
    check((await apiCall(run.base, 'GET', '/api/me/blocks', null, token)).blocks[0] === `bob${size.name}`, `${size.name}: blocked`);
    await run.screenshot(page, `account-settings-${size.name}`, { fullPage: true });
    await page.click('#blocks-list button');
    await page.waitForFunction(() => document.querySelector('#blocks-list').textContent.includes('Nobody.'));
    await page.context().close();

    // The forgotten password, signed out.
    const context = await run.browser.newContext({ viewport: size, isMobile: size.width < 500, hasTouch: size.width < 500 });
    const guest = await context.newPage();
    collectErrors(guest, errors);
    await guest.goto(run.base + '/');
    await guest.click('#forgot-password');
    check(await guest.isVisible('#reset-form'), `${size.name}: the reset form shows`);
    await guest.fill('#reset-user', user);
    await guest.click('#reset-send');
    await guest.waitForFunction(() => /a reset code is on its way/.test(document.querySelector('#reset-message').textContent));
    const code = await mailedCode(run, address, 'password reset code');
    await guest.fill('#reset-code', code);
    await guest.fill('#reset-password', 'brand-new-pw-1');
    await run.screenshot(guest, `account-reset-${size.name}`, { fullPage: true });
    await guest.click('#reset-set');
    await guest.waitForFunction((u) => document.querySelector('#account-name').textContent === `Signed in as ${u}`, user);
    check(!(await guest.isVisible('#reset-form')), `${size.name}: the reset form is gone once signed in`);
    const again = await fetch(`${run.base}/api/reset/confirm`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user, code, password: 'other-pw-123' }),
    });
    check(again.status === 401, `${size.name}: the code works once (${again.status})`);
    await context.close();
    await leaving(run, size, errors);
    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    log(`${size.name}: verified, blocked, reset; password, address, data, deletion`);
  }
}, { mail: true });
