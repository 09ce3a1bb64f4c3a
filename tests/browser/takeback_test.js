// SPDX-License-Identifier: Apache-2.0
// Browser test of take-backs, aborts and holidays (issue 58, items 3 and 5; docs/turns.md):
// `node takeback_test.js BUILD_DIR`.  At a phone (390x844) and a desktop (1280x800) size:
//  * on an unrated board alice requests a takeback; bob's page shows the request live with
//    Accept and Decline, he accepts and both pages show the board back at the start;
//  * alice proposes to abort; bob accepts: the game ends with no result;
//  * on a rated board there is no takeback button, and the page says why;
//  * bob declares a holiday on the settings page; alice's board says he is on holiday and
//    until when.  Screenshots takeback-SIZE.png (bob's banner), takeback-SIZE-rated.png
//    (alice's rated board, with bob's holiday), holiday-SIZE.png (bob's settings).
'use strict';

const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp, smallTapTargets } = require('./support');

const PASSWORD = 'takeback-pw-1';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

async function openBoard(page, board) {
  await page.evaluate((b) => { location.hash = `#/board/${b}`; }, board);
  await page.waitForSelector(`#board-view[data-board="${board}"]`);
}

async function hint(page, text) {
  try {
    await page.waitForFunction((t) => document.getElementById('hint').textContent.includes(t), text);
  } catch (e) {
    const seen = await page.evaluate(() => [document.getElementById('hint').textContent, document.getElementById('move-error').textContent]);
    throw new Error(`no hint "${text}": the hint says "${seen[0]}", the error "${seen[1]}"`);
  }
}

Run.main('takeback browser test', 300000, async (run) => {
  for (const size of SIZES) {
    const alice = `alicetb${size.name}`;
    const bob = `bobtb${size.name}`;
    const tokens = { [alice]: await signUp(run.base, alice, PASSWORD, 'all'), [bob]: await signUp(run.base, bob, PASSWORD, 'all') };
    const errors = [];
    const newBoard = async (options) =>
      (await apiCall(run.base, 'POST', '/api/games', { game: 'ndengrod', options, players: [alice, bob] }, tokens[alice])).board;

    // A takeback on an unrated board, requested by alice and accepted by bob, live.
    const friendly = await newBoard({ rated: false });
    await apiCall(run.base, 'POST', `/api/games/${friendly}/move`, { move: 'e5', move_number: 1 }, tokens[alice]);
    const page = await signedInPage(run, size, alice, tokens[alice], errors);
    const bobPage = await signedInPage(run, size, bob, tokens[bob], errors);
    await openBoard(page, friendly);
    await openBoard(bobPage, friendly);
    await page.waitForSelector('#undo-button:not([hidden])');
    check(await page.textContent('#undo-button') === 'Request takeback', `${size.name}: the button says Request takeback`);
    check(await page.isHidden('#proposal-rules'), `${size.name}: nothing refused on a friendly board`);
    await page.click('#undo-button');
    await hint(page, `${alice} proposes to take back their last move on board ${friendly}`);
    await hint(bobPage, `${alice} proposes a takeback: accept or decline.`);
    await bobPage.waitForSelector('#accept-button:not([hidden])');
    check(await bobPage.textContent('#accept-button') === 'Accept the takeback', `${size.name}: bob's Accept says what it accepts`);
    check(await bobPage.textContent('#reject-button') === 'Decline', `${size.name}: and he may decline`);
    if (size.width < 500) {
      const small = await smallTapTargets(bobPage, '#actions, #holiday-form');
      check(small.length === 0, `${size.name}: the answer's buttons are 44 px or more: ${small.join(', ')}`);
    }
    await noSidewaysScroll(bobPage, 'takeback requested', size);
    await bobPage.locator('#actions').scrollIntoViewIfNeeded();
    await run.screenshot(bobPage, `takeback-${size.name}`);
    await bobPage.click('#accept-button');
    await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move'));
    check((await apiCall(run.base, 'GET', `/api/games/${friendly}`)).moves_played === 0, `${size.name}: the move was taken back`);
    await bobPage.waitForSelector('#accept-button', { state: 'hidden' });

    // An abort, proposed by alice before the third turn, accepted by bob.
    await page.waitForSelector('#abort-button:not([hidden])');
    await page.click('#abort-button');
    await hint(bobPage, `${alice} proposes to abort the game: accept or decline.`);
    check(await bobPage.textContent('#accept-button') === 'Accept the abort', `${size.name}: Accept the abort`);
    await bobPage.click('#accept-button');
    await page.waitForFunction(() => document.getElementById('status').textContent === 'The game was aborted by both players: no result.');
    const aborted = await apiCall(run.base, 'GET', `/api/games/${friendly}`);
    check(aborted.status === 'finished' && aborted.result === 'aborted' && aborted.outcome.ending === 'aborted', `${size.name}: aborted, no result`);

    // bob declares a holiday on his settings page.
    const today = new Date().toISOString().slice(0, 10);
    const until = new Date(Date.now() + 5 * 86400000).toISOString().slice(0, 10);
    await bobPage.evaluate(() => { location.hash = '#/settings'; });
    await bobPage.waitForSelector('#holiday-form:not([hidden])');
    await bobPage.waitForFunction(() => document.getElementById('holiday-state').textContent.includes('0 of 30 days used'));
    await bobPage.fill('#holiday-from', today);
    await bobPage.fill('#holiday-to', until);
    await bobPage.click('#holiday-form button[type=submit]');
    await bobPage.waitForFunction(() => document.getElementById('holiday-message').textContent === 'Holiday declared.');
    const listed = await bobPage.textContent('#holiday-list');
    check(listed.includes(`${today} to ${until} (under way`), `${size.name}: the holiday is listed: ${listed}`);
    check((await bobPage.textContent('#holiday-state')).includes('6 of 30 days used'), `${size.name}: 6 days counted`);
    check(!(await bobPage.isHidden('#holiday-cancel')), `${size.name}: it can be cancelled`);
    await noSidewaysScroll(bobPage, 'holiday declared', size);
    await bobPage.locator('#holiday-form').scrollIntoViewIfNeeded();
    await run.screenshot(bobPage, `holiday-${size.name}`);

    // On a rated board: no takeback, and the page says why; bob's holiday shows.
    const rated = await newBoard({});
    await apiCall(run.base, 'POST', `/api/games/${rated}/move`, { move: 'e5', move_number: 1 }, tokens[alice]);
    await openBoard(page, rated);
    await page.waitForSelector('#proposal-rules:not([hidden])');
    check(await page.isHidden('#undo-button'), `${size.name}: no takeback button on a rated board`);
    const rules = await page.textContent('#proposal-rules');
    check(rules === 'Take-backs are not allowed on rated boards.', `${size.name}: the page says why: ${rules}`);
    check(!(await page.isHidden('#abort-button')), `${size.name}: an abort is still possible after one turn`);
    const away = await page.textContent('#holiday-note');
    check(away === `${bob} is on holiday until ${until}. The time limits pause meanwhile.`, `${size.name}: bob's holiday shows: ${away}`);
    await noSidewaysScroll(page, 'rated board', size);
    await page.locator('#holiday-note').scrollIntoViewIfNeeded();
    await run.screenshot(page, `takeback-${size.name}-rated`);

    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    await page.context().close();
    await bobPage.context().close();
    log(`${size.name}: takeback requested and accepted, abort, rated board refused, holiday shown`);
  }
});
