// SPDX-License-Identifier: Apache-2.0
// Browser test of the administrators' page (issue 57, item 7): `node admin_test.js BUILD_DIR`.
// root is made an administrator on the server machine (`ludus admin grant`); alice reports
// a comment of mallory's.  Signed out and as alice, #/admin says it is for administrators
// (not the home page).  As root, at a phone (390x844) and a desktop (1280x800) size: the
// page asks for the password (a wrong one is said, and root stays signed in), lists the
// report with the comment and its board, hides the comment, suspends mallory and restores
// her, each with a reason, and the audit log shows the actions; axe finds no violation.
// Screenshots admin-SIZE.png, admin-denied-SIZE.png.
'use strict';

const { execFileSync } = require('child_process');
const path = require('path');
const { AxeBuilder } = require('@axe-core/playwright');
const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp, smallTapTargets } = require('./support');

const PASSWORD = 'admin-pw-123';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

function admin(run, ...args) {
  return execFileSync(run.ludus, ['admin', ...args, '--db', path.join(run.tmp, 'ludus.db')], { encoding: 'utf8' });
}

async function noViolation(page, what) {
  const result = await new AxeBuilder({ page }).include('#admin-view').analyze();
  const found = result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(' | ')}`);
  check(found.length === 0, `${what}: no accessibility violation: ${found.join('; ')}`);
}

Run.main('admin browser test', 300000, async (run) => {
  const tokens = {};
  for (const user of ['root', 'alice', 'mallory']) tokens[user] = await signUp(run.base, user, PASSWORD, 'all');
  admin(run, 'grant', 'root');
  const errors = [];
  for (const size of SIZES) {
    // A comment of mallory's on a board with alice, reported by alice.
    const { board } = await apiCall(run.base, 'POST', '/api/games', { game: 'ndengrod', options: {}, players: ['mallory', 'alice'] }, tokens.mallory);
    const words = `rude words on the ${size.name}`;
    const comments = (await apiCall(run.base, 'POST', `/api/games/${board}/comment`, { text: words }, tokens.mallory)).comments;
    const comment = comments[comments.length - 1].id;
    await apiCall(run.base, 'POST', `/api/comments/${comment}/report`, { reason: 'insults' }, tokens.alice);

    // Anyone else is told the page is for administrators.
    const guest = await (await run.browser.newContext({ viewport: size, isMobile: size.width < 500, hasTouch: size.width < 500 })).newPage();
    await guest.goto(`${run.base}/#/admin`);
    await guest.waitForSelector('#admin-denied:not([hidden])');
    check((await guest.textContent('#admin-denied')).startsWith('Administrators only'), `${size.name}: signed out: administrators only`);
    await guest.context().close();
    const player = await signedInPage(run, size, 'alice', tokens.alice, errors);
    await player.evaluate(() => { location.hash = '#/admin'; });
    await player.waitForSelector('#admin-view:not([hidden]) #admin-denied:not([hidden])');
    check((await player.textContent('#admin-denied')).includes('alice is not an administrator'), `${size.name}: alice is told she is no administrator`);
    check(await player.isHidden('#welcome') && await player.isHidden('#admin-unlock') && await player.isHidden('#admin-link'),
      `${size.name}: not the home page, no form, no Admin link`);
    await noViolation(player, `${size.name} denied`);
    await run.screenshot(player, `admin-denied-${size.name}`);
    await player.context().close();

    // The administrator: the password first (a wrong one keeps the session).  The browser
    // keeps root's device key, as after a sign-in on the page.
    const { device } = await apiCall(run.base, 'POST', '/api/login', { user: 'root', password: PASSWORD });
    const page = await signedInPage(run, size, 'root', tokens.root, errors);
    await page.evaluate((d) => localStorage.setItem('ludus.device.root', d), device);
    await page.waitForSelector('#admin-link:not([hidden])');
    await page.click('#admin-link');
    await page.waitForSelector('#admin-unlock:not([hidden])');
    await page.fill('#admin-password', 'not-my-password');
    await page.click('#admin-unlock button[type=submit]');
    await page.waitForFunction(() => document.getElementById('admin-unlock-message').textContent.includes('wrong user id or password'));
    check(await page.isVisible('text=Signed in as root'), `${size.name}: a wrong password keeps the session`);
    await page.fill('#admin-password', PASSWORD);
    await page.click('#admin-unlock button[type=submit]');
    await page.waitForSelector('#admin-panels:not([hidden])');
    const report = page.locator('#admin-reports li', { hasText: words });
    await report.waitFor();
    check((await report.textContent()).includes('insults') && (await report.locator(`a[href="#/board/${board}"]`).count()) === 1,
      `${size.name}: the report with its reason and board`);
    // An action needs a reason; then the comment is hidden and the log says so.
    await report.locator('button', { hasText: 'Hide the comment' }).click();
    await page.waitForFunction(() => document.getElementById('admin-message').textContent.startsWith('Give a reason'));
    await page.fill('#admin-reason', 'insults');
    await report.locator('button', { hasText: 'Hide the comment' }).click();
    await page.waitForFunction((c) => document.getElementById('admin-message').textContent === `Comment ${c} is hidden.`, comment);
    check(!(await apiCall(run.base, 'GET', `/api/games/${board}`)).comments.some((c) => c.id === comment), `${size.name}: hidden for everyone`);
    await page.check('#admin-all-reports');
    await page.waitForSelector(`#admin-reports li:has-text("${words}")`);
    const [suspension] = await Promise.all([
      page.waitForRequest('**/api/admin/suspend'),
      page.locator('#admin-reports li', { hasText: words }).locator('button', { hasText: 'Suspend mallory' }).click(),
    ]);
    // The password goes with root's device key (a known client: strangers' failures never slow it),
    // not the key of the player acted on.
    check((await suspension.allHeaders())['x-ludus-device'] === device, `${size.name}: the action carries root's device key`);
    await page.waitForSelector('#admin-suspended li:has-text("mallory") button:has-text("Restore")');
    check((await page.textContent('#admin-audit')).includes('suspend'), `${size.name}: the audit log shows the suspension`);
    if (size.width < 500) {
      const small = await smallTapTargets(page, '#admin-view');
      check(small.length === 0, `${size.name}: the page's controls are 44 px or more: ${small.join(', ')}`);
    }
    await noSidewaysScroll(page, 'admin', size);
    await noViolation(page, `${size.name} admin`);
    await run.screenshot(page, `admin-${size.name}`, { fullPage: true });
    await page.click('#admin-suspended li:has-text("mallory") button:has-text("Restore")');
    await page.waitForFunction(() => document.getElementById('admin-message').textContent === 'mallory may play again.');
    const audit = admin(run, 'audit');
    check(/root\s+hide/.test(audit) && /root\s+suspend\s+mallory/.test(audit) && /root\s+restore\s+mallory/.test(audit),
      `${size.name}: ludus admin audit has the page's actions`);
    tokens.mallory = (await apiCall(run.base, 'POST', '/api/login', { user: 'mallory', password: PASSWORD })).token;
    // Leaving the page forgets the password.
    await page.evaluate(() => { location.hash = '#/'; });
    await page.evaluate(() => { location.hash = '#/admin'; });
    await page.waitForSelector('#admin-unlock:not([hidden])');
    check(await page.isHidden('#admin-panels'), `${size.name}: the password is asked again`);
    await page.context().close();
    log(`${size.name}: denied to others; reports, hide, suspend, restore and audit for root`);
  }
  check(errors.length === 0, `no page errors: ${errors.join('; ')}`);
});
