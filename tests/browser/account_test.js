// SPDX-License-Identifier: Apache-2.0
// Browser test of account recovery and safety: `node account_test.js BUILD_DIR`.
// The server's mail goes through tests/mail/sendmail_to_dir.sh into a directory the test
// reads.  At a phone and a desktop size: the address verified on the settings page with the
// mailed code; a player blocked and unblocked there; the forgotten password: "Forgot your
// password?", the code mailed, the new password set and the user signed in with it; the code
// refused the second time.  Screenshots of the reset form and the settings page.
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

Run.main('account browser test', 240000, async (run) => {
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
    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    await context.close();
    log(`${size.name}: verified, blocked, reset`);
  }
}, { mail: true });
