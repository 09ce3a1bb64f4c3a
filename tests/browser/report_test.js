// SPDX-License-Identifier: Apache-2.0
// Browser test of reporting a comment: `node report_test.js BUILD_DIR`.
// bob writes two comments on his board with alice, alice one.  Signed out, and on alice's
// own comment, there is no Report button.  On a desktop alice reports bob's first comment
// with the keyboard alone (Tab to the button by its accessible name, Enter, a reason, Enter)
// and reads the confirmation; on a phone (44 px targets) she taps Report on the second and
// sends it without a reason.  The administrator's list (`ludus admin reports`, run on the
// server's database as on the server machine) holds both, with the reason; `ludus admin
// hide` takes the first off alice's open page.  Screenshots report-SIZE.png.
'use strict';

const { execFileSync } = require('child_process');
const path = require('path');
const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp, smallTapTargets } = require('./support');

const PASSWORD = 'report-pw';
const SIZES = { phone: { name: 'phone', width: 390, height: 844 }, desktop: { name: 'desktop', width: 1280, height: 800 } };

// `ludus admin ARGS...` on the server's database; its standard output.
function admin(run, ...args) {
  return execFileSync(run.ludus, ['admin', ...args, '--db', path.join(run.tmp, 'ludus.db')], { encoding: 'utf8' });
}

// The board's page with its comments open.
async function openComments(page, board, count) {
  await page.evaluate((b) => { location.hash = `#/board/${b}`; }, board);
  await page.waitForSelector('#board-frame svg [data-site]');
  await page.evaluate(() => { document.getElementById('comments-box').open = true; });
  await page.waitForFunction((n) => document.querySelectorAll('#comments li').length === n, count);
}

const reportButtonOf = (id) => `#comments li[data-comment="${id}"] button.comment-report-button`;

Run.main('report browser test', 120000, async (run) => {
  const base = run.base;
  const tokens = {};
  for (const user of ['alice', 'bob', 'root']) tokens[user] = await signUp(base, user, PASSWORD, 'all');
  admin(run, 'grant', 'root');
  const game = (await apiCall(base, 'GET', '/api/catalog')).games[0].name;
  const { board } = await apiCall(base, 'POST', '/api/games', { game, options: {}, players: ['alice', 'bob'] }, tokens.alice);
  for (const [user, text] of [['bob', 'you only win by stalling'], ['alice', 'good luck'], ['bob', 'buy cheap gold at spam.example']]) {
    await apiCall(base, 'POST', `/api/games/${board}/comment`, { text }, tokens[user]);
  }
  const comments = (await apiCall(base, 'GET', `/api/games/${board}`)).comments;
  const [first, own, second] = comments.map((c) => c.id);
  const errors = [];

  // Signed out: comments, no Report.
  const context = await run.browser.newContext({ viewport: SIZES.desktop });
  const signedOut = await context.newPage();
  await signedOut.goto(`${base}/`);
  await openComments(signedOut, board, 3);
  check((await signedOut.$$('#comments button')).length === 0, 'signed out: no Report button');
  await context.close();

  // The desktop, by keyboard: Tab reaches the button by its name; Enter opens the reason.
  const desktop = await signedInPage(run, SIZES.desktop, 'alice', tokens.alice, errors);
  await openComments(desktop, board, 3);
  check(await desktop.isHidden(`#comments li[data-comment="${own}"] button`), 'no Report on your own comment');
  check((await desktop.$$('#comments button.comment-report-button')).length === 2, 'Report on each of bob\'s comments');
  // Counted in turns: a comment made before any move is "before the first turn".
  const name = `Report the comment of bob ${comments[0].after_turn ? `after turn ${comments[0].after_turn}` : 'before the first turn'}`;
  check((await desktop.getAttribute(reportButtonOf(first), 'aria-label')) === name, `the button's accessible name: ${name}`);
  await desktop.focus('#comment-text');
  await desktop.focus('#comments-box summary');
  let reached = false;
  for (let i = 0; i < 20 && !reached; i++) {
    await desktop.keyboard.press('Tab');
    reached = await desktop.evaluate((n) => document.activeElement?.getAttribute('aria-label') === n, name);
  }
  check(reached, 'Tab reaches the Report button');
  await desktop.keyboard.press('Enter');
  await desktop.waitForSelector(`#report-reason-${first}`);
  check(await desktop.evaluate((id) => document.activeElement?.id === `report-reason-${id}`, first), 'the reason has the focus');
  await desktop.keyboard.type('insults the opponent');
  await desktop.keyboard.press('Enter');
  await desktop.waitForSelector(`#report-done-${first}`);
  check((await desktop.textContent(`#report-done-${first}`)).startsWith('Reported'), 'the confirmation is shown');
  check(await desktop.isVisible(reportButtonOf(second)), 'the other comment can still be reported');
  await run.screenshot(desktop, 'report-desktop');

  // The phone, by touch: the second comment without a reason.
  const phone = await signedInPage(run, SIZES.phone, 'alice', tokens.alice, errors);
  await openComments(phone, board, 3);
  await phone.tap(reportButtonOf(second));
  await phone.waitForSelector(`#report-reason-${second}`);
  const small = await smallTapTargets(phone, '#comments');
  check(small.length === 0, `phone: the report's controls are 44 px or more: ${small.join(', ')}`);
  await noSidewaysScroll(phone, 'report form', SIZES.phone);
  await run.screenshot(phone, 'report-form-phone', { fullPage: true });
  await phone.tap(`form[data-comment="${second}"] button[type=submit]`);
  await phone.waitForSelector(`#report-done-${second}`);
  await run.screenshot(phone, 'report-phone', { fullPage: true });

  // The administrator's list has both, with the reporter and the reason.
  const listed = admin(run, 'reports', '--as', 'root');
  log(`ludus admin reports:\n${listed}`);
  check(listed.includes('you only win by stalling') && listed.includes('insults the opponent'), 'the first report is listed with its reason');
  check(listed.includes('buy cheap gold at spam.example'), 'the second report is listed');
  check((listed.match(/alice/g) || []).length >= 2, 'alice reported both');
  check(!listed.includes('good luck'), 'the comment nobody reported is not listed');

  // Hidden by the administrator, the comment leaves alice's open page.
  admin(run, 'hide', String(first), '--as', 'root', '--reason', 'insults');
  await desktop.waitForFunction((id) => !document.querySelector(`#comments li[data-comment="${id}"]`), first, { timeout: 20000 });
  check(true, 'a hidden comment leaves the open page');
  check(!admin(run, 'reports', '--as', 'root').includes('you only win by stalling'), 'hiding closes its report');
  check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
  return 0;
});
