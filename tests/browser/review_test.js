// SPDX-License-Identifier: Apache-2.0
// Browser test of the review of a finished game (issue 59, items 1 and 2; docs/review.md):
// `node review_test.js BUILD_DIR`.  At a phone (390x844) and a desktop (1280x800) size, a
// game of Ndengrod (size 4, lines of 4) played to its end with moves picked at random (the
// same each run) is reviewed: carol, who did not play, asks for it with the board's "Review
// this game" button; the server's worker computes it and the page shows it without a reload:
// the chart of the first player's winning chance (a point per position), a dot and a mark in
// the move list for each turn the review judged, both players' accuracy; a judged turn clicked
// opens the position before it on the analysis board, with the engine's best line.  The
// address #/board/N/review (the mails' link) opens the board at its review; the settings page
// turns the automatic reviews on.  axe-core finds no
// serious or critical violation there.  Screenshots review-SIZE.png, kept in docs/review/.
'use strict';

const { AxeBuilder } = require('@axe-core/playwright');
const { Run, apiCall, check, log, noSidewaysScroll, openBoard, signedInPage, signUp } = require('./support');

const PASSWORD = 'review-pw-1';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

// Plays the board to its end, each move picked from the legal ones by a fixed sequence.
async function playOut(base, board, tokens, seed) {
  let state = seed;
  for (let ply = 0; ply < 200; ply++) {
    const b = await apiCall(base, 'GET', `/api/games/${board}`);
    if (b.outcome) return b;
    state = (state * 1103515245 + 12345) % 2147483648;
    const moves = b.legal_moves;
    const move = moves[state % moves.length];
    await apiCall(base, 'POST', `/api/games/${board}/move`, { move }, tokens[b.to_move.user]);
  }
  throw new Error('the game did not end');
}

Run.main('review browser test', 300000, async (run) => {
  for (const [i, size] of SIZES.entries()) {
    const [alice, bob, carol] = ['alice', 'bob', 'carol'].map((u) => `${u}${size.name}`);
    const tokens = {};
    for (const user of [alice, bob, carol]) tokens[user] = await signUp(run.base, user, PASSWORD, 'all');
    const { board } = await apiCall(run.base, 'POST', '/api/games',
      { game: 'ndengrod', options: { size: 4, length: 4 }, players: [alice, bob] }, tokens[alice]);
    const finished = await playOut(run.base, board, tokens, 7 + i);
    const errors = [];

    const page = await signedInPage(run, size, carol, tokens[carol], errors);
    await openBoard(page, board);
    await page.waitForSelector('#review:not([hidden]) #review-ask:not([hidden])');
    check((await page.textContent('#review-text')).includes("engine's review"), `${size.name}: the review says what it is`);
    await page.click('#review-ask');
    // The worker computes it; the page asks again until it is done.
    await page.waitForSelector('#review[data-status="done"] #review-result:not([hidden])', { timeout: 120000 });
    const stored = await apiCall(run.base, 'GET', `/api/games/${board}/review`);
    check(stored.status === 'done' && stored.requested_by === carol, `${size.name}: carol asked for it`);
    const turns = stored.review.turns;
    const judged = turns.filter((t) => t.label || t.note);
    check(turns.length === finished.turns_played, `${size.name}: a reviewed turn for each turn played (${turns.length})`);
    check(judged.length > 0, `${size.name}: a game of random moves has judged turns`);

    const chart = await page.evaluate(() => {
      const svg = document.querySelector('#review-chart svg');
      return {
        points: svg.querySelector('.chart-line').getAttribute('points').split(' ').length,
        dots: svg.querySelectorAll('.chart-mark').length,
        label: svg.getAttribute('aria-label'),
        marks: [...document.querySelectorAll('#move-list .move-entry')].map((e) => e.querySelector('.review-mark')?.textContent || ''),
        accuracy: [...document.querySelectorAll('#review-accuracy li')].map((li) => li.textContent),
        buttons: document.querySelectorAll('#review-turns button').length,
      };
    });
    check(chart.points === turns.length + 1, `${size.name}: a point per position (${chart.points})`);
    check(chart.dots === judged.length && chart.buttons === judged.length, `${size.name}: a dot and a button per judged turn`);
    check(chart.label.includes(alice), `${size.name}: the chart says whose chance it draws: ${chart.label}`);
    const signs = { inaccuracy: '?!', mistake: '?', blunder: '??', 'win thrown away': '✗', 'only winning move': '!!' };
    const expected = turns.map((t) => signs[t.note || t.label] || '');
    check(JSON.stringify(chart.marks) === JSON.stringify(expected), `${size.name}: the move list's marks: ${chart.marks.join(' ')}`);
    check(chart.accuracy.length === 2 && chart.accuracy[0].startsWith(`${alice} (`) && /\d+\.\d%$/.test(chart.accuracy[0]) &&
      chart.accuracy[1].startsWith(`${bob} (`), `${size.name}: both players' accuracy: ${chart.accuracy.join('; ')}`);

    const result = await new AxeBuilder({ page }).include('#board-view').analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    check(serious.length === 0, `${size.name}: axe: ${serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`).join('; ')}`);
    await noSidewaysScroll(page, 'review', size);
    await page.mouse.move(0, 0);  // no column of the chart under the pointer
    // The phone's page at the review; the desktop's whole page (the review beside the board).
    if (size.width < 500) await page.locator('#review').scrollIntoViewIfNeeded();
    else await page.evaluate(() => window.scrollTo(0, 0));
    await run.screenshot(page, `review-${size.name}`, size.width < 500 ? {} : { fullPage: true });

    // Stepping through the game keeps the review and its marks.
    await page.click('#move-list .move-entry[data-ply="1"]');
    await page.waitForSelector('#board-view[data-moves="1"]');
    check(await page.isVisible('#review-result') && (await page.$$('#move-list .review-mark')).length === judged.length,
      `${size.name}: the review stays while the game's past positions are shown`);
    await page.click('#history-live');
    await page.waitForSelector(`#board-view[data-moves="${finished.moves.length}"]`);

    // A judged turn, clicked on the chart: the position before it on the analysis board, the
    // engine's best line after it.
    const turn = judged[0];
    await page.click(`#review-chart .chart-hit[data-turn="${turns.indexOf(turn) + 1}"]`);
    await page.waitForFunction(() => location.hash.startsWith('#/analysis/ndengrod'));
    await page.waitForSelector(`#board-view[data-moves="${turn.first_ply}"]`);
    const hash = decodeURIComponent(await page.evaluate(() => location.hash));
    const line = turn.best_line.length ? turn.best_line : [turn.played];
    check(hash.includes(`board=${board}`) && hash.includes(line.join('+')) && hash.endsWith(`at=${turn.first_ply}`),
      `${size.name}: the analysis shows the position before turn ${turn.number} with the best line: ${hash}`);
    check(await page.isHidden('#review'), `${size.name}: the review stays with the game, not the analysis`);
    await run.screenshot(page, `review-${size.name}-analysis`);

    // The mails' address: the board at its review, the second button of the list this time.
    await page.evaluate((n) => { location.hash = `#/board/${n}/review`; }, board);
    await page.waitForSelector('#review[data-status="done"] #review-result:not([hidden])');
    await page.waitForFunction(() => {
      const r = document.getElementById('review').getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
    const other = judged[judged.length > 1 ? 1 : 0];
    await page.click(`#review-turns li:nth-child(${judged.indexOf(other) + 1}) button`);
    await page.waitForSelector(`#board-view[data-moves="${other.first_ply}"]`);
    // The automatic reviews, a setting of carol's account.
    await page.evaluate(() => { location.hash = '#/settings'; });
    // Loaded from GET /api/me (which also fills in the address line) before it is changed.
    await page.waitForFunction(() => document.getElementById('mail-address').textContent !== '');
    check(!(await page.isChecked('#auto-review')), `${size.name}: no automatic reviews at first`);
    await page.check('#auto-review');
    await page.click('#review-settings-form button[type=submit]');
    await page.waitForFunction(() => document.getElementById('review-settings-message').textContent === 'Saved.');
    check((await apiCall(run.base, 'GET', '/api/me', null, tokens[carol])).auto_review === true, `${size.name}: the setting is saved`);
    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    await page.context().close();
    log(`${size.name}: ${turns.length} turns reviewed, ${judged.length} judged, analysed from the chart and the list`);
  }
});
