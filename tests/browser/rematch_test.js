// SPDX-License-Identifier: Apache-2.0
// Browser test of "Rated" and of rematches (issue 57, items 5 and 6): `node rematch_test.js
// BUILD_DIR`.  At a phone (390x844) and a desktop (1280x800) size:
//  * the New game form with N-Mesh size 4: sent at once with Rated ticked, nothing is made and
//    the form says why; then the Rated box is unticked and disabled, and the note says why
//    (the server's reason, POST /api/board-spec); size 6 ticks it again; the game started
//    with size 4 is unrated; the tournament form says the same;
//  * the Opponent list shows each computer level's measured rating on the chosen game
//    ("Computer: medium ≈ 1450", the catalog's ai_levels; issue 59), and follows the game;
//  * a rematch: alice opens her finished board with bob and asks for a rematch; bob (who
//    asks to be asked) sees it on the same board's page, accepts, and lands on the new board,
//    where he plays first: the colours swapped.  Screenshots rematch-SIZE-asked.png (alice's
//    page) and rematch-SIZE.png (bob's, the invitation), kept in docs/accounts/.
'use strict';

const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp, sleep, smallTapTargets } = require('./support');

const PASSWORD = 'rematch-pw-1';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

// The Rated box and note of the form PREFIX once the server's answer is shown.
async function ratedState(page, prefix, disabled) {
  await page.waitForFunction(([p, d]) => document.getElementById(`${p}-rated`).disabled === d, [prefix, disabled]);
  return page.evaluate((p) => ({
    checked: document.getElementById(`${p}-rated`).checked,
    note: document.getElementById(`${p}-rated-note`).textContent,
  }), prefix);
}

Run.main('rematch browser test', 300000, async (run) => {
  for (const size of SIZES) {
    const alice = `alice${size.name}`;
    const bob = `bob${size.name}`;
    const tokens = { [alice]: await signUp(run.base, alice, PASSWORD, 'all'), [bob]: await signUp(run.base, bob, PASSWORD, 'ask') };
    const errors = [];

    // Item 5: the form says why a board of other options cannot be rated, before it is made.
    const page = await signedInPage(run, size, alice, tokens[alice], errors);
    const { games } = await apiCall(run.base, 'GET', '/api/catalog');
    for (const name of ['netted', 'n-mesh']) {
      await page.selectOption('#challenge-game', name);
      const labels = await page.$$eval('#challenge-opponent-kind option', (os) => Object.fromEntries(os.map((o) => [o.value, o.textContent])));
      const levels = games.find((g) => g.name === name).ai_levels;
      check(levels.length >= 4, `${size.name}: ${name} has measured AI levels`);
      for (const { level, rating } of levels) {
        check(labels[level] === undefined || labels[level].endsWith(` ≈ ${rating}`), `${size.name}: ${name}: ${labels[level]} shows ${rating}`);
      }
      check(labels['ai:beginner'] === 'Computer: beginner ≈ 1000', `${size.name}: ${labels['ai:beginner']}`);
      check(/^Computer: medium ≈ \d+$/.test(labels['ai:medium']), `${size.name}: ${labels['ai:medium']}`);
      check(labels.person === 'Another player…', `${size.name}: the person option keeps its name`);
    }
    await page.selectOption('#challenge-opponent-kind', 'ai:random');
    // Sent at once, before the server's answer could untick the box: nothing is made, and
    // the form says why (the answer is held back a moment to make sure of the order).
    await page.route('**/api/board-spec', async (route) => { await sleep(500); await route.continue(); });
    await page.fill('#option-size', '4');
    await page.click('#challenge-form button[type=submit]');
    await page.waitForFunction(() => document.getElementById('challenge-message').textContent.includes('Send the form again to play unrated'));
    check((await apiCall(run.base, 'GET', `/api/games?user=${alice}`)).games.length === 0, `${size.name}: no game was made unrated without a word`);
    await page.unroute('**/api/board-spec');
    let state = await ratedState(page, 'challenge', true);
    check(!state.checked, `${size.name}: Rated is unticked for size 4`);
    check(state.note.includes("only boards with N-Mesh's standard options are rated (size 6, not 4)"),
      `${size.name}: the note says why: ${state.note}`);
    await page.fill('#option-size', '6');
    state = await ratedState(page, 'challenge', false);
    check(state.checked && state.note === '', `${size.name}: size 6 may be rated again`);
    await page.fill('#option-size', '4');
    await ratedState(page, 'challenge', true);
    await page.click('#challenge-form button[type=submit]');
    await page.waitForFunction(() => /^#\/board\/\d+$/.test(location.hash) || document.getElementById('challenge-message').textContent);
    const message = await page.textContent('#challenge-message');
    check(!message, `${size.name}: the game was made: ${message}`);
    const made = (await apiCall(run.base, 'GET', `/api/games?user=${alice}&limit=1`)).games[0];
    check(made && made.options.size === '4' && made.rated === false, `${size.name}: the size-4 game is unrated`);
    await page.evaluate(() => { location.hash = '#/tournaments'; });
    await page.waitForSelector('#tournament-create-form:not([hidden]) #tournament-options [data-option]');
    await page.selectOption('#tournament-game', 'n-mesh');
    await page.waitForSelector('#tournament-option-size');
    await page.fill('#tournament-option-size', '4');
    state = await ratedState(page, 'tournament', true);
    check(!state.checked && state.note.includes('standard options'), `${size.name}: the tournament form says why too`);

    // Item 6: the rematch, asked by alice on her finished board, accepted by bob on his.
    // bob asks to be asked, alice takes all: bob's challenge starts the board at once.
    const { board } = await apiCall(run.base, 'POST', '/api/games', { game: 'ndengrod', options: {}, players: [alice, bob] }, tokens[bob]);
    await apiCall(run.base, 'POST', `/api/games/${board}/resign`, {}, tokens[bob]);
    await page.evaluate((b) => { location.hash = `#/board/${b}`; }, board);
    await page.waitForSelector('#rematch:not([hidden]) #rematch-button:not([hidden])');
    check((await page.textContent('#rematch-text')).includes('colours swapped'), `${size.name}: the rematch says what it is`);
    await page.click('#rematch-button');
    await page.waitForFunction((b) => document.getElementById('rematch-text').textContent.includes(`You asked ${b} for a rematch`), bob);
    check(await page.isHidden('#rematch-button'), `${size.name}: one ask at a time`);
    await noSidewaysScroll(page, 'rematch asked', size);
    await run.screenshot(page, `rematch-${size.name}-asked`);

    const bobPage = await signedInPage(run, size, bob, tokens[bob], errors);
    await bobPage.evaluate((b) => { location.hash = `#/board/${b}`; }, board);
    await bobPage.waitForSelector('#rematch:not([hidden]) #rematch-accept:not([hidden])');
    check((await bobPage.textContent('#rematch-text')).startsWith(`${alice} asks for a rematch`), `${size.name}: bob sees alice's ask`);
    if (size.width < 500) {
      const small = await smallTapTargets(bobPage, '#rematch');
      check(small.length === 0, `${size.name}: the rematch's buttons are 44 px or more: ${small.join(', ')}`);
    }
    await noSidewaysScroll(bobPage, 'rematch invitation', size);
    await bobPage.locator('#rematch').scrollIntoViewIfNeeded();
    await run.screenshot(bobPage, `rematch-${size.name}`);
    await bobPage.click('#rematch-accept');
    await bobPage.waitForFunction((b) => /^#\/board\/\d+$/.test(location.hash) && location.hash !== `#/board/${b}`, board);
    const rematch = Number((await bobPage.evaluate(() => location.hash)).split('/')[2]);
    const started = await apiCall(run.base, 'GET', `/api/games/${rematch}`);
    check(started.seats[0].user === bob && started.seats[1].user === alice, `${size.name}: the colours are swapped: ${bob} plays first`);
    await bobPage.waitForSelector(`#board-view[data-board="${rematch}"]`);
    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    await page.context().close();
    await bobPage.context().close();
    log(`${size.name}: rated explained, rematch asked and accepted`);
  }
});
