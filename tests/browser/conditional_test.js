// SPDX-License-Identifier: Apache-2.0
// Browser test of correspondence play (issue 58, items 1 and 2; docs/correspondence.md):
// `node conditional_test.js BUILD_DIR`.  At a phone (390x844) and a desktop (1280x800) size:
//  * bob, on his live unrated board while it is alice's turn, opens the analysis (the private
//    exploration board), plays two lines of their turn and his answer, saves each as
//    conditional moves, sees them listed, deletes one, and goes back to the game;
//  * alice clicks her turn on her page and bob's answer is there at once (one request);
//  * on a rated board (exploration off by default) the engine and the editor are refused.
// Screenshots conditional-SIZE.png (the editor) and conditional-SIZE-answered.png (alice's
// page with the answer), kept in docs/correspondence/.
'use strict';

const {
  Run, apiCall, check, clickSite, log, noSidewaysScroll, openBoard, signedInPage, signUp, smallTapTargets, waitForMoves,
} = require('./support');

const PASSWORD = 'conditional-pw-1';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

async function storedLines(page, count) {
  await page.waitForFunction((n) => document.querySelectorAll('#conditional-lines li').length === n, count);
  return page.$$eval('#conditional-lines li code', (codes) => codes.map((c) => c.textContent));
}

Run.main('conditional moves browser test', 300000, async (run) => {
  for (const size of SIZES) {
    const alice = `alice${size.name}`;
    const bob = `bob${size.name}`;
    const tokens = { [alice]: await signUp(run.base, alice, PASSWORD, 'all'), [bob]: await signUp(run.base, bob, PASSWORD, 'all') };
    const errors = [];
    const { board } = await apiCall(run.base, 'POST', '/api/games',
      { game: 'ndengrod', options: { rated: 'no' }, players: [alice, bob] }, tokens[alice]);

    // bob explores from the live position: their turn a1, his answer b2; saved.
    const page = await signedInPage(run, size, bob, tokens[bob], errors);
    await openBoard(page, board);
    check((await page.textContent('#board-options')).includes('exploration allowed'), `${size.name}: the board says exploration is allowed`);
    await page.click('#analyse-button');
    await page.waitForSelector('#analysis:not([hidden]) #conditional:not([hidden])');
    await page.waitForFunction(() => document.getElementById('conditional-status').textContent === 'No conditional moves stored.');
    check(await page.isDisabled('#conditional-save'), `${size.name}: nothing to save before a line`);
    await clickSite(page, 'a1');
    await waitForMoves(page, 1);
    await clickSite(page, 'b2');
    await waitForMoves(page, 2);
    await page.waitForFunction(() => document.getElementById('conditional-text').textContent === 'Save: if a1 b2');
    await page.click('#conditional-save');
    check(JSON.stringify(await storedLines(page, 1)) === '["if a1 b2"]', `${size.name}: the line is stored`);
    check(await page.isDisabled('#conditional-save') && (await page.textContent('#conditional-text')) === 'Stored: if a1 b2',
      `${size.name}: a stored line is not saved twice`);
    // A second line: back to the game's position, then e5 e6 and i9 i8.
    await page.click('#analysis-back');
    await waitForMoves(page, 1);
    await page.click('#analysis-back');
    await waitForMoves(page, 0);
    for (const [i, site] of ['e5', 'e6', 'i9', 'i8'].entries()) {
      await clickSite(page, site);
      await waitForMoves(page, i + 1);
    }
    await page.click('#conditional-save');
    check(JSON.stringify(await storedLines(page, 2)) === '["if a1 b2","if e5 e6 i9 i8"]', `${size.name}: two lines stored`);
    const stored = await apiCall(run.base, 'GET', `/api/games/${board}/conditional`, undefined, tokens[bob]);
    check(stored.text === 'if a1 b2; if e5 e6 i9 i8', `${size.name}: the server holds them: ${stored.text}`);
    if (size.width < 500) {
      const small = await smallTapTargets(page, '#conditional');
      check(small.length === 0, `${size.name}: the editor's buttons are 44 px or more: ${small.join(', ')}`);
    }
    await noSidewaysScroll(page, 'conditional editor', size);
    await page.locator('#conditional').scrollIntoViewIfNeeded();
    await run.screenshot(page, `conditional-${size.name}`);
    // Delete the second; back to the game.
    await page.click('#conditional-lines li:nth-child(2) button');
    check(JSON.stringify(await storedLines(page, 1)) === '["if a1 b2"]', `${size.name}: a line deleted`);
    await page.click('#analysis-leave');
    await page.waitForSelector('#analysis', { state: 'hidden' });
    await waitForMoves(page, 0);
    const bobsView = await apiCall(run.base, 'GET', `/api/games/${board}`);
    check(!JSON.stringify(bobsView).includes('a1 b2'), `${size.name}: the board JSON says nothing of bob's lines`);

    // alice plays a1 on her page: bob's b2 comes with it.
    const alicePage = await signedInPage(run, size, alice, tokens[alice], errors);
    await openBoard(alicePage, board);
    await clickSite(alicePage, 'a1');
    await waitForMoves(alicePage, 2);
    const view = await apiCall(run.base, 'GET', `/api/games/${board}`);
    check(view.moves.map((m) => m.move).join(' ') === 'a1 b2', `${size.name}: bob's answer was played at once`);
    check((await alicePage.getAttribute('#board-view', 'data-to-move')) === alice, `${size.name}: alice is to move again`);
    await noSidewaysScroll(alicePage, 'answered board', size);
    await run.screenshot(alicePage, `conditional-${size.name}-answered`);

    // The New game form chooses the setting: a rated board that allows exploration.
    await alicePage.evaluate(() => { location.hash = '#/'; });
    await alicePage.waitForSelector('#challenge-form');
    await alicePage.selectOption('#challenge-game', 'ndengrod');
    await alicePage.selectOption('#challenge-opponent-kind', 'person');
    await alicePage.fill('#challenge-opponent', bob);
    await alicePage.selectOption('#challenge-exploration', 'yes');
    await alicePage.click('#challenge-form button[type=submit]');
    await alicePage.waitForFunction((b) => /^#\/board\/\d+$/.test(location.hash) && location.hash !== `#/board/${b}`, board);
    const chosen = await apiCall(run.base, 'GET', `/api/games/${Number((await alicePage.evaluate(() => location.hash)).split('/')[2])}`);
    check(chosen.rated === true && chosen.exploration === true, `${size.name}: the form made a rated board that allows exploration`);

    // A rated board by default: exploration is off, so are the engine and the editor.
    const rated = (await apiCall(run.base, 'POST', '/api/games', { game: 'ndengrod', options: {}, players: [alice, bob] }, tokens[alice])).board;
    await openBoard(page, rated);
    check((await page.textContent('#board-options')).includes('no exploration'), `${size.name}: the rated board says no exploration`);
    await page.click('#analyse-button');
    await page.waitForSelector('#analysis:not([hidden]) #conditional:not([hidden])');
    check(await page.isDisabled('#analysis-engine'), `${size.name}: no engine on a live board without exploration`);
    check((await page.textContent('#conditional-text')).includes('does not allow exploration'), `${size.name}: the editor says why`);
    check(await page.isHidden('#conditional-save'), `${size.name}: nothing to save there`);
    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    await page.context().close();
    await alicePage.context().close();
    log(`${size.name}: conditional moves saved on the page, answered at once, refused without exploration`);
  }
});
