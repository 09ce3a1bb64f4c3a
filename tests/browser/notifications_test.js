// SPDX-License-Identifier: Apache-2.0
// Browser test of the notifications (issue 58, item 4; docs/notifications.md): `node
// notifications_test.js BUILD_DIR`.  At a phone (390x844) and a desktop (1280x800) size:
//  * bob has two boards with alice where she moved: his bell counts 4 unread (two new games,
//    two "your move"), and so does the tab's title, "(4) …";
//  * carol comments on one of them while bob's page is open: the count goes to 5 without a
//    reload (the long poll);
//  * the list: newest first, carol's comment on top, each a link to its board; opening a
//    "your move" one goes to its board and marks it read;
//  * "Next game" from that board goes to the other board that waits for his move, and from
//    there says none other waits once he moved on the first; "Mark all read" clears the count
//    and the title's "(N)";
//  * the settings page: the digest at 18:00 UTC chosen and stored.
// Screenshots notifications-SIZE.png (the list open), kept in docs/correspondence/.
'use strict';

const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp, smallTapTargets } = require('./support');

const PASSWORD = 'notify-pw-1';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

// The first legal turn of a board, played by `token`'s user.
async function playFirst(base, board, token) {
  const state = await apiCall(base, 'GET', `/api/games/${board}`);
  const action = state.actions.find((a) => a.ends_turn);
  await apiCall(base, 'POST', `/api/games/${board}/move`, { move: action.text, move_number: state.next_move_number }, token);
}

async function count(page) {
  return page.evaluate(() => {
    const c = document.getElementById('notify-count');
    return c.hidden ? 0 : Number(c.textContent);
  });
}

Run.main('notifications browser test', 300000, async (run) => {
  for (const size of SIZES) {
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((u) => `${u}${size.name}`);
    const tokens = {};
    for (const user of [alice, bob, carol]) tokens[user] = await signUp(run.base, user, PASSWORD, 'all');
    const boards = [];
    for (let i = 0; i < 2; i++) {
      const { board } = await apiCall(run.base, 'POST', '/api/games', { game: 'ndengrod', options: { size: 5 }, players: [alice, bob] }, tokens[alice]);
      await playFirst(run.base, board, tokens[alice]);
      boards.push(board);
    }
    const errors = [];
    const page = await signedInPage(run, size, bob, tokens[bob], errors);
    await page.waitForFunction(() => document.getElementById('notify-count').textContent === '4');
    check(await page.isVisible('#notify-bell') && await page.isVisible('#next-game'), `${size.name}: the bell and Next game are in the header`);
    check((await page.title()).startsWith('(4) '), `${size.name}: the title counts the unread: ${await page.title()}`);

    // Live: carol's comment reaches the open page.
    await apiCall(run.base, 'POST', `/api/games/${boards[0]}/comment`, { text: 'good luck both' }, tokens[carol]);
    await page.waitForFunction(() => document.getElementById('notify-count').textContent === '5');
    check((await page.title()).startsWith('(5) '), `${size.name}: the title follows live: ${await page.title()}`);

    await page.click('#notify-bell');
    await page.waitForSelector('#notify-panel:not([hidden]) #notify-list li');
    const items = await page.$$eval('#notify-list li', (lis) => lis.map((li) => ({
      text: li.querySelector('.notify-text').textContent,
      href: li.querySelector('a').getAttribute('href'),
      unread: li.classList.contains('unread'),
    })));
    check(items.length === 5, `${size.name}: five in the list: ${items.map((i) => i.text).join(' | ')}`);
    check(items[0].text.includes(`${carol} comments`) && items[0].href === `#/board/${boards[0]}`,
      `${size.name}: newest first, carol's comment linking to its board: ${items[0].text}`);
    check(items.filter((i) => i.text.includes('your move')).length === 2 && items.every((i) => i.unread),
      `${size.name}: two "your move", all unread`);
    if (size.width < 500) {
      const small = await smallTapTargets(page, '#notify-panel');
      check(small.length === 0, `${size.name}: the list's controls are 44 px or more: ${small.join(', ')}`);
      const header = await smallTapTargets(page, '#account');
      check(!header.some((h) => /next-game|notify-bell/.test(h)), `${size.name}: the bell and Next game are 44 px tall: ${header.join(', ')}`);
    }
    await noSidewaysScroll(page, 'notification list', size);
    await run.screenshot(page, `notifications-${size.name}`);

    // Opening the older "your move" (board 1) goes there and marks it read.
    const older = items.map((i, n) => ({ ...i, n })).filter((i) => i.text.includes('your move') && i.href === `#/board/${boards[0]}`)[0];
    await page.click(`#notify-list li:nth-child(${older.n + 1}) a`);
    await page.waitForSelector(`#board-view[data-board="${boards[0]}"]`);
    await page.waitForFunction(() => document.getElementById('notify-count').textContent === '4');
    check(await page.isHidden('#notify-panel'), `${size.name}: the list closes on the way`);

    // Next game, from board 1: board 2 (board 1 is the one shown).
    await page.click('#next-game');
    await page.waitForSelector(`#board-view[data-board="${boards[1]}"]`);
    check(true, `${size.name}: Next game goes to the other board waiting for bob`);
    // bob moves on board 1 (by the API): only board 2 waits, the one shown.
    await playFirst(run.base, boards[0], tokens[bob]);
    await page.click('#next-game');
    await page.waitForFunction(() => document.getElementById('next-game-note').textContent.includes('No other board waits'));
    check(true, `${size.name}: Next game says when no other board waits`);

    // Mark all read: no count, no "(N)".
    await page.click('#notify-bell');
    await page.click('#notify-all-read');
    await page.waitForFunction(() => document.getElementById('notify-count').hidden);
    check(!/^\(\d+\) /.test(await page.title()), `${size.name}: the title drops the count: ${await page.title()}`);

    // The digest's hour on the settings page: chosen with the digest only.
    await page.evaluate(() => { location.hash = '#/settings'; });
    await page.waitForSelector('#mail-form input[value=every]:checked');
    check(await page.isHidden('#notify-panel'), `${size.name}: another page closes the list`);
    check(await page.isDisabled('#digest-hour'), `${size.name}: no hour without the digest`);
    await page.check('#mail-form input[value=digest]');
    await page.selectOption('#digest-hour', '18');
    await page.click('#mail-form button[type=submit]');
    await page.waitForFunction(() => document.querySelector('#mail-message').textContent === 'Saved.');
    const me = await apiCall(run.base, 'GET', '/api/me', null, tokens[bob]);
    check(me.mail === 'digest' && me.digest_hour === 18, `${size.name}: the digest at 18:00 UTC is stored (${me.mail}, ${me.digest_hour})`);
    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    await page.context().close();
    log(`${size.name}: notifications live, read, and Next game`);
  }
});
