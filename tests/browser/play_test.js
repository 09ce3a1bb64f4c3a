// SPDX-License-Identifier: Apache-2.0
// Browser test of a small server for friends (issue 57, items 8-14): `node play_test.js
// BUILD_DIR`, at phone (390×844) and desktop (1280×800) size.
//  8  an Epoxy game (turns of two actions) is counted in turns in the move list, the replay,
//     its banner and status, the comments, the game list and the player page ("1 turn");
//  9  Epoxy's score, which its rules show players, is on the page;
// 10  no "Offer draw" where the rules have no draws (Epoxy), and there is one where they do;
// 11  signing in on a phone shows the page from its top (the header and an invitation
//     waiting), and the tab's title names each view;
// 13  an invitation's card says its time limits in words and names the offer "offer N",
//     apart from boards' "#N";
// 14  a Trellis tap that is no move with the point selected says why; Epoxy's stones and
//     their rings leave the row letters readable; the board is one stop of the Tab key, the
//     arrow keys walk it and Enter plays, also where the viewer only watches.
// Screenshots: BUILD_DIR/browser-screenshots/play-SIZE-*.png.
'use strict';

const { Run, apiCall, check, log, signedInPage, signUp } = require('./support');

// The tab's title without the unread notifications' "(N) " before it (notifications_test.js
// tests the count).
async function viewTitle(page) {
  return (await page.title()).replace(/^\(\d+\) /, '');
}

const PASSWORD = 'a-long-password';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

async function move(base, board, text, token) {
  const state = await apiCall(base, 'GET', `/api/games/${board}`);
  return apiCall(base, 'POST', `/api/games/${board}/move`, { move: text, move_number: state.next_move_number }, token);
}

async function newBoard(base, game, players, token) {
  return (await apiCall(base, 'POST', '/api/games', { game, options: {}, players }, token)).board;
}

async function show(page, hash, ready) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForSelector(ready);
  await page.waitForTimeout(200);
}

// Words that count plies where people count turns ("move 9", "9 moves", "1 turns").
const PLY_COUNTING = /\bmove #?\d|\b\d+ moves\b|\b1 turns\b|\bafter move\b/;

// Item 8 and 9 on the Epoxy board of three turns (a3 | h8,pass | b2,a2), live.
async function epoxyCountedInTurns(run, page, size, board) {
  await show(page, `#/board/${board}`, `#board-view[data-board="${board}"] #board-frame svg [data-site]`);
  const numbers = await page.$$eval('#move-list .move-number', (spans) => spans.map((s) => s.textContent));
  check(numbers.join(' ') === '1. 2. 3.', `${size.name}: the move list numbers three turns (${numbers.join(' ')})`);
  check(await page.textContent('#replay-where') === 'turn 3 / 3', `${size.name}: the replay is at turn 3 of 3 (${await page.textContent('#replay-where')})`);
  check(/turn 4\b/.test(await page.textContent('#status')), `${size.name}: the status names turn 4 (${await page.textContent('#status')})`);
  await page.evaluate(() => { document.getElementById('comments-box').open = true; });
  const after = await page.textContent('#comments li .muted');
  check(after === 'after turn 3', `${size.name}: the comment is "after turn 3" ("${after}")`);
  // Item 9: the score of each seat, as the server (and the terminal) has it.
  const state = await apiCall(run.base, 'GET', `/api/games/${board}`);
  const scores = await page.$$eval('#players .player-score', (spans) => spans.map((s) => s.textContent));
  check(scores.length === 2 && scores.every((s, i) => s === `score ${state.seats[i].score}`),
    `${size.name}: both seats show Epoxy's score (${scores.join(', ')}; the server: ${state.seats.map((s) => s.score).join(', ')})`);
  // ... and in the analysis, the score of the position studied (the start: the server's).
  await page.click('#analyse-button');
  await page.waitForSelector('#analysis:not([hidden])');
  await page.click('#replay-first');
  await page.waitForSelector('#board-view[data-moves="0"]');
  const start = await apiCall(run.base, 'POST', '/api/position', { game: 'epoxy', options: state.options, moves: [] });
  const studied = await page.$$eval('#players .player-score', (spans) => spans.map((s) => s.textContent));
  check(studied.length === 2 && studied.every((s, i) => s === `score ${start.scores[state.seats[i].colour]}`),
    `${size.name}: the analysis shows the score of its position (${studied.join(', ')})`);
  await page.click('#analysis-leave');
  await page.waitForSelector('#analysis', { state: 'hidden' });
  await page.waitForSelector('#board-view[data-moves="5"]');
  // Item 10: Epoxy has no draws, so no draw is offered (bob is a person: Ndengrod offers one).
  check(await page.isHidden('#draw-button'), `${size.name}: Epoxy offers no draw`);
  check(/^Board #\d+ · Epoxy — ludus$/.test(await viewTitle(page)), `${size.name}: the tab names the board ("${await viewTitle(page)}")`);
  await page.click('.tabs [data-filter="active"]');  // bob is to move: not under "Your move"
  const listed = await page.textContent(`#game-list a[href="#/board/${board}"]`);
  check(/· turn 4$/.test(listed.trim()), `${size.name}: the game list counts turns ("${listed.trim()}")`);
  await run.screenshot(page, `play-${size.name}-epoxy-turns`, { fullPage: true });
  // Inside turn 2, after its first action: the replay, its banner and the status agree.
  await page.click('#replay-first');
  await page.waitForSelector('#board-view[data-moves="0"]');
  check(await page.textContent('#replay-where') === 'the start / 3', `${size.name}: the first position is the start`);
  for (const moves of [1, 2]) {
    await page.click('#replay-next');
    await page.waitForSelector(`#board-view[data-moves="${moves}"]`);
  }
  const where = await page.textContent('#replay-where');
  const banner = await page.textContent('#history-text');
  const status = await page.textContent('#status');
  check(where === 'turn 2 (1st action) / 3', `${size.name}: the replay says "${where}"`);
  check(banner === 'Showing the position after turn 2 (1st action), of 3 turns played.', `${size.name}: the banner says "${banner}"`);
  check(status === 'Position after turn 2 (1st action).', `${size.name}: the status says "${status}"`);
  const text = await page.$eval('#board-view', (v) => v.innerText);
  check(!PLY_COUNTING.test(text), `${size.name}: nothing on the board view counts moves (${text.match(PLY_COUNTING)})`);
  await run.screenshot(page, `play-${size.name}-epoxy-replay`, { fullPage: true });
  await page.click('#history-live');
  await page.waitForSelector('#board-view[data-moves="5"]');
}

// Item 10: a game whose rules have draws offers one.
async function drawWhereTheRulesHaveOne(page, size, board) {
  await show(page, `#/board/${board}`, `#board-view[data-board="${board}"] #board-frame svg [data-site]`);
  check(await page.isVisible('#draw-button'), `${size.name}: Ndengrod offers a draw`);
}

// Item 14: Trellis's two stones must stand three apart; a tap that is no move says why.
async function trellisSaysWhy(run, page, size, board) {
  await show(page, `#/board/${board}`, `#board-view[data-board="${board}"] #board-frame svg [data-site]`);
  await page.click('#board-frame [data-site="d4"]');
  await page.waitForSelector('#board-frame .selected-ring');
  await page.click('#board-frame [data-site="e5"]');
  await page.waitForFunction(() => document.querySelector('#move-error').textContent !== '');
  const said = await page.textContent('#move-error');
  check(said.startsWith('e5 does not go with d4. Place two stones exactly three apart') && said.endsWith('e5 is selected instead.'),
    `${size.name}: the tap says why ("${said}")`);
  await run.screenshot(page, `play-${size.name}-trellis-why`, { fullPage: true });
  await page.click('#cancel-selection');
}

// Item 14: no coordinate is covered by a stone or a ring drawn around one (Epoxy's edge).
async function labelsStayReadable(run, page, size, board) {
  await show(page, `#/board/${board}`, `#board-view[data-board="${board}"] #board-frame svg .stone`);
  await page.click('#board-frame [data-site="e1"]');  // alice's own stone: selected, with its ring
  await page.waitForSelector('#board-frame .selected-ring');
  const covered = await page.evaluate(() => {
    const boxes = (selector) => [...document.querySelectorAll(selector)].map((e) => ({ e, r: e.getBoundingClientRect() }));
    const out = [];
    for (const label of boxes('#board-frame .coord')) {
      for (const mark of boxes('#board-frame :is(.stone, .movable-ring, .selected-ring, .deciding-ring, .pending-ring)')) {
        const a = label.r, b = mark.r;
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(`${label.e.textContent} under ${mark.e.getAttribute('class')}`);
      }
    }
    return out;
  });
  check(covered.length === 0, `${size.name}: no coordinate is covered (${covered.join('; ')})`);
  await page.locator('#board-frame').screenshot({ path: `${run.shotDir}/play-${size.name}-epoxy-edge.png` });
  await page.click('#cancel-selection');
}

// Tabs from the page's top until the focus is on the board; returns the number of presses.
async function tabToBoard(page) {
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  await page.focus('.brand');
  for (let presses = 1; presses <= 80; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => Boolean(document.activeElement?.closest('#board-frame [data-site]')))) return presses;
  }
  return -1;
}

// Item 14: the board is one Tab stop; arrows walk it; Enter plays where the viewer may, and
// says why not where the viewer only watches.
async function keyboardPath(run, page, size, playable, watched) {
  for (const [board, mine] of [[watched, false], [playable, true]]) {
    await show(page, `#/board/${board}`, `#board-view[data-board="${board}"] #board-frame svg [data-site]`);
    const stops = await page.$$eval('#board-frame [data-site]', (sites) => sites.filter((s) => s.tabIndex === 0).length);
    check(stops === 1, `${size.name}: the board is one Tab stop (${stops}), ${mine ? 'playing' : 'watching'}`);
    check(await tabToBoard(page) > 0, `${size.name}: Tab reaches the board, ${mine ? 'playing' : 'watching'}`);
    const first = await page.evaluate(() => document.activeElement.dataset.site);
    await page.keyboard.press('ArrowRight');
    const second = await page.evaluate(() => ({ site: document.activeElement.dataset.site, tab: document.activeElement.tabIndex }));
    check(second.site && second.site !== first && second.tab === 0, `${size.name}: → walks from ${first} to ${second.site}, which takes the Tab stop`);
    const role = await page.evaluate(() => document.activeElement.getAttribute('role'));
    check(role === 'button', `${size.name}: a site is a button, ${mine ? 'playing' : 'watching'} (${role})`);
    await page.keyboard.press('Tab');
    check(!(await page.evaluate(() => Boolean(document.activeElement?.closest('#board-frame')))), `${size.name}: one more Tab leaves the board`);
    await page.keyboard.press('Shift+Tab');
    check(await page.evaluate(() => document.activeElement.dataset.site) === second.site, `${size.name}: Shift+Tab comes back to ${second.site}`);
    if (!mine) {
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelector('#move-error').textContent !== '');
      check(/do not play on this board/.test(await page.textContent('#move-error')), `${size.name}: Enter on a watched board says why`);
      continue;
    }
    const before = Number(await page.getAttribute('#board-view', 'data-moves'));
    await page.keyboard.press('Enter');
    await page.waitForSelector(`#board-view[data-moves="${before + 1}"]`);
    check(true, `${size.name}: Enter played ${second.site}`);
    await run.screenshot(page, `play-${size.name}-keyboard`, { fullPage: false });
  }
}

// Item 13: the invitation's card in words; offers are "offer N".
async function invitationCard(run, page, size) {
  await show(page, '#/lobby', '#invitations-in li.offer');
  const card = await page.innerText('#invitations-in li.offer');
  const limits = 'a reminder after 7 days without a move, lost on time after 21 days without a move';
  check(card.includes(limits), `${size.name}: the card says the time limits in words ("${card}")`);
  check(!/forfeittime|nagtime|rated yes|rated no/.test(card), `${size.name}: no raw setting on the card`);
  check(/\boffer \d+\b/.test(card) && !/#\d/.test(card), `${size.name}: the card names "offer N", not "#N" ("${card}")`);
  check(await viewTitle(page) === 'Lobby — ludus', `${size.name}: the tab says Lobby ("${await viewTitle(page)}")`);
  await run.screenshot(page, `play-${size.name}-invitation`, { fullPage: true });
}

// Item 11: signing in through the form on a phone (far down the page) shows the page's top:
// the header and the line that says an invitation waits.
async function signInShowsTheTop(run, size, errors) {
  const phone = size.width < 500;
  const context = await run.browser.newContext({ viewport: size, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`page error (carol signs in): ${e.message}`));
  await page.goto(`${run.base}/`);
  await page.waitForSelector('#welcome:not([hidden]) #catalog li');
  check(await viewTitle(page) === 'ludus: play N-Mesh, Netted, Trellis, Ndengrod and Epoxy', `${size.name}: the home tab keeps the page's title`);
  await page.locator('#auth-user').scrollIntoViewIfNeeded();
  await page.fill('#auth-user', 'carol');
  await page.fill('#auth-password', PASSWORD);
  const before = await page.evaluate(() => window.scrollY);
  await page.click('#sign-in');
  await page.waitForSelector('text=Signed in as carol');
  await page.waitForSelector('#home-invitations:not([hidden])');
  await page.waitForTimeout(400);  // a late scroll would show here
  const where = await page.evaluate(() => ({
    y: window.scrollY,
    header: document.querySelector('.topbar').getBoundingClientRect().top,
    note: document.querySelector('#home-invitations').getBoundingClientRect().bottom,
  }));
  check(where.y === 0 && where.header >= 0 && where.note <= size.height,
    `${size.name}: after signing in (from ${Math.round(before)} px down) the page is at its top, the invitation in sight (${JSON.stringify(where)})`);
  await run.screenshot(page, `play-${size.name}-signed-in`);
  await context.close();
}

Run.main('play test', 300000, async (run) => {
  const tokens = {};
  for (const user of ['alice', 'bob', 'dave']) tokens[user] = await signUp(run.base, user, PASSWORD, 'all');
  tokens.carol = await signUp(run.base, 'carol', PASSWORD);  // carol is asked first: invitations
  const errors = [];
  // Epoxy, three turns in five plies, and a comment after them.
  const epoxy = await newBoard(run.base, 'epoxy', ['alice', 'bob'], tokens.alice);
  await move(run.base, epoxy, 'a3', tokens.alice);
  await move(run.base, epoxy, 'h8,pass', tokens.bob);
  await move(run.base, epoxy, 'b2,a2', tokens.alice);
  await apiCall(run.base, 'POST', `/api/games/${epoxy}/comment`, { text: 'three turns so far' }, tokens.bob);
  // Epoxy with stones on the left edge (e1 alice's, a2 bob's), alice to move.
  const edge = await newBoard(run.base, 'epoxy', ['alice', 'bob'], tokens.alice);
  await move(run.base, edge, 'e1', tokens.alice);
  await move(run.base, edge, 'a2,pass', tokens.bob);
  const ndengrod = await newBoard(run.base, 'ndengrod', ['alice', 'bob'], tokens.alice);
  const trellis = await newBoard(run.base, 'trellis', ['alice', 'bob'], tokens.alice);
  const watched = await newBoard(run.base, 'ndengrod', ['bob', 'dave'], tokens.bob);
  await apiCall(run.base, 'POST', '/api/games', { game: 'netted', options: {}, players: ['alice', 'carol'] }, tokens.alice);

  for (const size of SIZES) {
    const page = await signedInPage(run, size, 'alice', tokens.alice, errors);
    await epoxyCountedInTurns(run, page, size, epoxy);
    await drawWhereTheRulesHaveOne(page, size, ndengrod);
    await trellisSaysWhy(run, page, size, trellis);
    await labelsStayReadable(run, page, size, edge);
    await keyboardPath(run, page, size, size.name === 'phone' ? ndengrod : await newBoard(run.base, 'ndengrod', ['alice', 'bob'], tokens.alice), watched);
    await page.context().close();
    const carol = await signedInPage(run, size, 'carol', tokens.carol, errors);
    await invitationCard(run, carol, size);
    await carol.context().close();
    await signInShowsTheTop(run, size, errors);
  }

  // Over: alice's page counts the finished game in turns, and one turn is "1 turn".
  await apiCall(run.base, 'POST', `/api/games/${epoxy}/resign`, {}, tokens.bob);
  const one = await newBoard(run.base, 'ndengrod', ['alice', 'bob'], tokens.alice);
  await move(run.base, one, 'e5', tokens.alice);
  await apiCall(run.base, 'POST', `/api/games/${one}/resign`, {}, tokens.bob);
  for (const size of SIZES) {
    const page = await signedInPage(run, size, 'alice', tokens.alice, errors);
    await show(page, '#/player/alice', `#player-games li[data-board="${epoxy}"]`);
    const line = await page.textContent(`#player-games li[data-board="${epoxy}"] .game-players`);
    check(/· 3 turns ·/.test(line), `${size.name}: the player page counts 3 turns ("${line}")`);
    const single = await page.textContent(`#player-games li[data-board="${one}"] .game-players`);
    check(/· 1 turn ·/.test(single), `${size.name}: one turn is "1 turn" ("${single}")`);
    check(await viewTitle(page) === 'alice — ludus', `${size.name}: the tab names the player ("${await viewTitle(page)}")`);
    await run.screenshot(page, `play-${size.name}-player`, { fullPage: true });
    await page.context().close();
  }
  check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
  log('items 8-14 hold at phone and desktop size');
});
