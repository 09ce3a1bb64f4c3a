// SPDX-License-Identifier: Apache-2.0
// Browser test of the puzzle page (docs/puzzles.md): `node puzzles_test.js BUILD_DIR`.  At a
// phone (390x844) and a desktop (1280x800) size a new player opens #/puzzles (the games come
// from the server), takes Ndengrod's next puzzle (one of the starter set, data/puzzles/),
// solves it by clicking the turns of its line (the answers are played back), then fails the
// next one with a legal turn that is not the winning one, and sees the solution and the
// rating move.  Then "your mistakes": a player who missed the one winning turn of a tiny
// game has it reviewed, follows the review's "puzzle from this mistake" to the "Your mistakes"
// tab and solves it, unrated.  Screenshots puzzles-SIZE-solved.png, puzzles-SIZE-failed.png
// and puzzles-SIZE-mistake.png, kept in docs/puzzles/.
'use strict';

const fs = require('fs');
const path = require('path');
const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp } = require('./support');

const PASSWORD = 'puzzle-pw-1';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];
const GAME = 'ndengrod';

// The line of the starter puzzle at these moves (the test knows the answers; the page does not).
function lineOf(moves) {
  const file = path.join(__dirname, '..', '..', 'data', 'puzzles', `${GAME}.jsonl`);
  for (const text of fs.readFileSync(file, 'utf8').split('\n').filter((l) => l)) {
    const p = JSON.parse(text);
    if (JSON.stringify(p.moves) === JSON.stringify(moves)) return p.line;
  }
  throw new Error(`no starter puzzle at ${moves.join(' ')}`);
}

// A tiny Ndengrod board where `erring` (first) misses a3, the one winning turn, at turn 9
// (tests/server/puzzle_test_support.h), and loses; reviewed.  Returns the board.
async function mistakenBoard(base, erring, rival, tokens) {
  const { board } = await apiCall(base, 'POST', '/api/games',
    { game: GAME, options: { size: 3, length: 3, swap: 'off' }, players: [erring, rival] }, tokens[erring]);
  const moves = ['a1', 'c1', 'a2', 'c2', 'd5', 'e3', 'b4', 'e4', 'b1', 'c3'];
  for (const [i, move] of moves.entries())
    await apiCall(base, 'POST', `/api/games/${board}/move`, { move }, tokens[i % 2 ? rival : erring]);
  await apiCall(base, 'POST', `/api/games/${board}/review`, {}, tokens[erring]);
  for (let i = 0; i < 600; i++) {
    const review = await apiCall(base, 'GET', `/api/games/${board}/review`);
    if (review.status === 'done') return board;
    if (review.status === 'failed') throw new Error(`the review failed: ${review.note}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the review did not finish');
}

async function attemptOf(page) {
  await page.waitForSelector('#puzzle-box:not([hidden]) #puzzle-frame svg [data-site]');
  return page.evaluate(() => app.puzzle.attempt);
}

Run.main('puzzles browser test', 300000, async (run) => {
  for (const size of SIZES) {
    const user = `solver${size.name}`;
    const token = await signUp(run.base, user, PASSWORD);
    const errors = [];
    const page = await signedInPage(run, size, user, token, errors);
    await page.evaluate(() => { location.hash = '#/puzzles'; });
    await page.waitForSelector('#puzzles-nav a');
    const games = await page.$$eval('#puzzles-nav a', (links) => links.map((a) => a.getAttribute('href')));
    check(games.includes(`#/puzzles/${GAME}`), `${size.name}: the server's games with puzzles are listed: ${games.join(' ')}`);
    await page.click(`#puzzles-nav a[href="#/puzzles/${GAME}"]`);

    // Solve: every turn of the line that is the player's, the answers played back.
    let attempt = await attemptOf(page);
    const line = lineOf(attempt.moves);
    for (let i = 0; i < line.length; i += 2) {
      await page.click(`#puzzle-frame svg [data-site="${line[i]}"]`);
      if (i + 1 < line.length) {
        await page.waitForFunction((n) => app.puzzle && app.puzzle.attempt.played.length === n, i + 2);
        check((await page.textContent('#puzzle-result')).includes(`The answer: ${line[i + 1]}`), `${size.name}: the answer is played back`);
      }
    }
    await page.waitForSelector('#puzzle-box[data-status="solved"]');
    const solved = await page.textContent('#puzzle-result');
    check(solved.startsWith('Solved') && /rating \+\d+/.test(solved), `${size.name}: solved, the rating rises: ${solved}`);
    await noSidewaysScroll(page, 'solved puzzle', size);
    await run.screenshot(page, `puzzles-${size.name}-solved`, { fullPage: true });

    // Fail the next one: a legal cell that is not the winning one.
    await page.click('#puzzle-next');
    await page.waitForFunction((a) => app.puzzle && app.puzzle.attempt.attempt !== a && app.puzzle.attempt.status === 'open', attempt.attempt);
    attempt = await attemptOf(page);
    const next = lineOf(attempt.moves);
    const wrong = await page.evaluate((right) => app.puzzle.position.actions.find((a) => a.sites.length === 1 && a.sites[0] !== right).sites[0], next[0]);
    await page.click(`#puzzle-frame svg [data-site="${wrong}"]`);
    await page.waitForSelector('#puzzle-box[data-status="failed"]');
    const failed = await page.textContent('#puzzle-result');
    check(failed.includes(`${wrong} is not the winning turn`) && /rating -\d+/.test(failed), `${size.name}: failed, the rating falls: ${failed}`);
    check((await page.textContent('#puzzle-line')).includes(`Solution: ${next.join(' · ')}`), `${size.name}: the solution is shown`);
    check(await page.isVisible('#puzzle-next'), `${size.name}: the next puzzle is offered`);
    await noSidewaysScroll(page, 'failed puzzle', size);
    await run.screenshot(page, `puzzles-${size.name}-failed`, { fullPage: true });
    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    await page.context().close();
    log(`${size.name}: a puzzle solved, one failed`);

    // Your mistakes: from the review's link to the puzzle, solved, unrated.
    const [erring, rival] = [`erring${size.name}`, `rival${size.name}`];
    const tokens = { [erring]: await signUp(run.base, erring, PASSWORD, 'all'), [rival]: await signUp(run.base, rival, PASSWORD, 'all') };
    const board = await mistakenBoard(run.base, erring, rival, tokens);
    const own = await signedInPage(run, size, erring, tokens[erring], errors);
    await own.evaluate((b) => { location.hash = `#/board/${b}/review`; }, board);
    // Turn 9's (b1 where a3 alone won; her b4 at turn 7 made one too).
    const ninth = (await apiCall(run.base, 'GET', `/api/puzzles/mine?board=${board}`, null, tokens[erring])).puzzles.find((p) => p.turn === 9);
    check(ninth, `${size.name}: turn 9 made a puzzle`);
    await own.waitForSelector(`#review[data-status="done"] a.review-puzzle[href="#/puzzles/mine/${ninth.puzzle}"]`);
    await own.click(`a.review-puzzle[href="#/puzzles/mine/${ninth.puzzle}"]`);
    await own.waitForSelector('#puzzles-nav a[href="#/puzzles/mine"][aria-current="page"]');
    const mistake = await attemptOf(own);
    check(mistake.rated === false && mistake.moves.length === 8, `${size.name}: the position before the mistake, unrated`);
    check((await own.textContent('#puzzle-ratings')).includes('unrated'), `${size.name}: the page says it is unrated`);
    check((await own.textContent('#puzzles-mine-list')).includes(`board #${board}, turn 9`), `${size.name}: listed under Your mistakes`);
    await own.click('#puzzle-frame svg [data-site="a3"]');
    await own.waitForSelector('#puzzle-box[data-status="solved"]');
    const text = await own.textContent('#puzzle-result');
    check(text.startsWith('Solved') && !/rating [+-]/.test(text), `${size.name}: solved, no rating change: ${text}`);
    const listed = await own.textContent(`#puzzles-mine-list li[data-puzzle="${ninth.puzzle}"]`);
    check(listed.endsWith('— solved'), `${size.name}: the list says solved at once: ${listed}`);
    await noSidewaysScroll(own, 'mistake puzzle', size);
    await run.screenshot(own, `puzzles-${size.name}-mistake`, { fullPage: true });
    await own.click('#puzzle-next');
    await own.waitForFunction(() => document.querySelector('#puzzles-mine-list')?.textContent.includes('solved'));
    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    await own.context().close();
    log(`${size.name}: a puzzle from the player's own mistake solved`);
  }
});
