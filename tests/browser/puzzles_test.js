// SPDX-License-Identifier: Apache-2.0
// Browser test of the puzzle page (docs/puzzles.md): `node puzzles_test.js BUILD_DIR`.  At a
// phone (390x844) and a desktop (1280x800) size a new player opens #/puzzles (the games come
// from the server), takes Ndengrod's next puzzle (one of the starter set, data/puzzles/),
// solves it by clicking the turns of its line (the answers are played back), then fails the
// next one with a legal turn that is not the winning one, and sees the solution and the
// rating move.  Screenshots puzzles-SIZE-solved.png and puzzles-SIZE-failed.png, kept in
// docs/puzzles/.
'use strict';

const fs = require('fs');
const path = require('path');
const { Run, check, log, noSidewaysScroll, signedInPage, signUp } = require('./support');

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
  }
});
