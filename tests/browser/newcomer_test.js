// SPDX-License-Identifier: Apache-2.0
// Browser test of what a new player meets (issue 43): `node newcomer_test.js BUILD_DIR`.
// Stones keep their colours after the rules' diagram has been drawn (ids unique per drawing,
// checked on the rendered pixels); each navigation shows its view at the top on a phone; the
// signed-out welcome points at a sign-in form the player can reach; invitations show outside
// the lobby, live, and stale notes go; the Standings open on a played game; a rated game's
// end shows the change of rating; small sites can be zoomed on a touch screen.
'use strict';

const { Run, apiCall, check, log, signedInPage, signUp } = require('./support');

const PASSWORD = 'a-long-password';
const PHONE = { name: 'phone', width: 390, height: 844 };
const DESKTOP = { name: 'desktop', width: 1280, height: 800 };

// Plays `turns` whole turns on `board` through the API by whoever is to move: the first
// legal actions, one after another until one ends the turn (the positions between from
// POST /api/position), sent whole.
async function playTurns(base, board, turns, tokens) {
  let state = await apiCall(base, 'GET', `/api/games/${board}`);
  for (let played = 0; played < turns; played++) {
    const plies = state.moves.flatMap((m) => m.move.split(','));
    const turn = [];
    let actions = state.actions;
    for (;;) {
      const action = actions.find((a) => a.ends_turn) || actions[0];
      turn.push(action.text);
      if (action.ends_turn) break;
      actions = (await apiCall(base, 'POST', '/api/position', { game: state.game, options: state.options, moves: [...plies, ...turn] })).actions;
    }
    state = await apiCall(base, 'POST', `/api/games/${board}/move`, { move: turn.join(','), move_number: state.next_move_number }, tokens[state.to_move.user]);
  }
  return state;
}

// The rendered colour (r, g, b) at the centre of each stone on the board view, from a
// screenshot decoded by the page itself; keyed by the stone's colour class.
async function renderedStoneColours(page) {
  const centres = await page.$$eval('#board-frame svg .stone', (stones) => stones.map((s) => {
    const box = s.getBoundingClientRect();
    const colour = [...s.classList].find((c) => c.startsWith('stone-')).slice(6);
    // Between the centre and the rim: the centre holds the last-move and colour marks.
    return { colour, x: box.x + box.width * 0.2, y: box.y + box.height * 0.7 };
  }));
  const png = (await page.screenshot()).toString('base64');
  return page.evaluate(async ([data, points]) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const out = {};
    for (const p of points) {
      const [r, g, b] = ctx.getImageData(Math.round(p.x), Math.round(p.y), 1, 1).data;
      (out[p.colour] ||= []).push([r, g, b]);
    }
    return out;
  }, [png, centres]);
}

// Issue 43, item 1: the rules' diagram and the board each define their stone gradients; with
// shared ids the board's stones painted through the hidden diagram's and lost their colour.
async function stonesAfterTheRules(run, tokens, errors) {
  const page = await signedInPage(run, DESKTOP, 'alice', tokens.alice, errors);
  for (const game of ['ndengrod', 'epoxy']) {
    const { board } = await apiCall(run.base, 'POST', '/api/games', { game, options: {}, players: ['alice', 'bob'] }, tokens.alice);
    await playTurns(run.base, board, 2, tokens);
    await page.evaluate((g) => { location.hash = `#/rules/${g}`; }, game);
    await page.waitForSelector('#rules-diagram svg .stone, #rules-diagram svg [data-site]');
    await page.evaluate((n) => { location.hash = `#/board/${n}`; }, board);
    await page.waitForFunction((n) => document.querySelector('#board-title')?.textContent.startsWith(`Board #${n} `), board);
    await page.waitForSelector('#board-frame svg .stone');
    const ids = await page.$$eval('[id]', (all) => all.map((e) => e.id));
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    check(twice.length === 0, `${game}: every id is unique in the page (twice: ${[...new Set(twice)].join(', ')})`);
    const colours = await renderedStoneColours(page);
    const names = Object.keys(colours);
    check(names.length === 2, `${game}: stones of both colours on the board (${names.join(', ')})`);
    const [a, b] = names.map((n) => colours[n][0]);
    const distance = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    check(distance > 100, `${game}: the two colours' stones look different after the rules were opened (${names[0]} rgb(${a}), ${names[1]} rgb(${b}))`);
    await run.screenshot(page, `newcomer-${game}-after-rules`);
  }
  await page.context().close();
}

// Issue 43, item 2: on a phone the new-game form stands below the view; starting a game
// shows the new board at the top of the screen, and so does every other navigation.
async function phoneNavigation(run, tokens, errors) {
  const page = await signedInPage(run, PHONE, 'alice', tokens.alice, errors);
  await page.selectOption('#challenge-game', 'ndengrod');
  await page.selectOption('#challenge-opponent-kind', 'person');
  await page.fill('#challenge-opponent', 'bob');
  await page.locator('#challenge-form button[type=submit]').scrollIntoViewIfNeeded();
  check(await page.evaluate(() => window.scrollY) > 300, 'phone: the new-game form is below the view');
  await page.click('#challenge-form button[type=submit]');
  await page.waitForFunction(() => /^#\/board\/\d+$/.test(location.hash));
  await page.waitForSelector('#board-frame svg [data-site]');
  await page.waitForTimeout(300);  // a late scroll would show here
  const title = await page.$eval('#board-title', (h) => h.getBoundingClientRect().top);
  check(title >= 0 && title < 200, `phone: the new board's title is at the top of the screen (at ${Math.round(title)} px)`);
  await run.screenshot(page, 'newcomer-phone-new-board');
  for (const hash of ['#/standings', '#/lobby', '#/rules/epoxy', '#/settings', '#/']) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.evaluate((h) => { location.hash = h; }, hash);
    await page.waitForTimeout(300);
    check(await page.evaluate(() => window.scrollY) === 0, `phone: ${hash} opens at the top`);
  }
  await page.context().close();
}

// Issue 43, item 7: signed out on a phone, the welcome names no side ("on the left") and
// its sign-in button brings the form into view with the user id field focused.
async function signedOutWelcome(run, errors) {
  for (const size of [PHONE, DESKTOP]) {
    const context = await run.browser.newContext({ viewport: size, hasTouch: size === PHONE, isMobile: size === PHONE });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`page error (signed out): ${e.message}`));
    await page.goto(`${run.base}/`);
    await page.waitForSelector('#welcome:not([hidden])');
    const text = await page.textContent('#welcome');
    check(!/on the left|on the right|below|above/.test(text), `${size.name}: the welcome names no place on the screen`);
    await page.click('#welcome-sign-in');
    await page.waitForFunction(() => document.activeElement?.id === 'auth-user');
    const box = await page.$eval('#auth-user', (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
    check(box.top >= 0 && box.bottom <= size.height, `${size.name}: the welcome's sign-in button brings the form into view`);
    await run.screenshot(page, `newcomer-${size.name}-signed-out`);
    await context.close();
  }
}

// Issue 43, items 3 and 5: an invitation shows outside the Lobby (a count on its link, a line
// on the home view), live; the sender's "Invitation sent" note goes once it is accepted; a
// refusal ("It is alice's turn.") goes once the game has ended.
async function invitationsAndStaleMessages(run, tokens, errors) {
  tokens.carol = await signUp(run.base, 'carol', PASSWORD);
  const carol = await signedInPage(run, DESKTOP, 'carol', tokens.carol, errors);
  const alice = await signedInPage(run, DESKTOP, 'alice', tokens.alice, errors);
  await carol.waitForTimeout(500);  // the WebSocket is open
  check(await carol.textContent('.top-nav a[href="#/lobby"]') === 'Lobby', 'carol: no invitation yet');
  await alice.selectOption('#challenge-game', 'netted');
  await alice.selectOption('#challenge-opponent-kind', 'person');
  await alice.fill('#challenge-opponent', 'carol');
  await alice.click('#challenge-form button[type=submit]');
  await alice.waitForFunction(() => document.querySelector('#challenge-message').textContent.startsWith('Invitation sent to carol'));
  await carol.waitForFunction(() => document.querySelector('.top-nav a[href="#/lobby"]').textContent === 'Lobby (1)');
  await carol.waitForSelector('#home-invitations:not([hidden])');
  check(/invitation waits for your answer/.test(await carol.textContent('#home-invitations')), 'carol\'s home view says an invitation waits, without a reload');
  await run.screenshot(carol, 'newcomer-invited-home');
  const offer = (await apiCall(run.base, 'GET', '/api/offers?user=carol', null, tokens.carol)).offers.find((o) => o.to === 'carol');
  const { board } = await apiCall(run.base, 'POST', `/api/offers/${offer.id}/join`, {}, tokens.carol);
  await alice.waitForFunction(() => document.querySelector('#challenge-message').textContent === '');
  check(true, 'alice\'s "Invitation sent" note went once carol accepted');
  await carol.waitForFunction(() => document.querySelector('.top-nav a[href="#/lobby"]').textContent === 'Lobby');
  check(await carol.isHidden('#home-invitations'), 'carol\'s invitation line went once answered');

  // Carol (second) clicks while it is alice's turn, then alice resigns.
  await carol.evaluate((n) => { location.hash = `#/board/${n}`; }, board);
  await carol.waitForSelector('#board-frame svg [data-site]');
  await carol.click('#board-frame svg [data-site]');
  await carol.waitForFunction(() => document.querySelector('#move-error').textContent.includes("alice's turn"));
  await apiCall(run.base, 'POST', `/api/games/${board}/resign`, {}, tokens.alice);
  await carol.waitForFunction(() => /win/.test(document.querySelector('#status').textContent));
  check(await carol.textContent('#move-error') === '', `the winner sees no stale refusal ("${await carol.textContent('#move-error')}")`);
  await carol.context().close();
  await alice.context().close();
}

// Issue 43, item 6: the Standings link opens on the game the player played last (Ndengrod
// here), not on the catalog's first game with 'No rated games'; signed out, on the first
// game with rated games.
async function standingsOpenOnAPlayedGame(run, tokens, errors) {
  const { board } = await apiCall(run.base, 'POST', '/api/games', { game: 'ndengrod', options: {}, players: ['bob', 'alice'] }, tokens.bob);
  await playTurns(run.base, board, 2, tokens);
  await apiCall(run.base, 'POST', `/api/games/${board}/resign`, {}, tokens.alice);
  const page = await signedInPage(run, DESKTOP, 'bob', tokens.bob, errors);
  await page.click('.top-nav a[href="#/standings"]');
  await page.waitForSelector('#standings-view[data-game]:not([hidden])');
  check(await page.getAttribute('#standings-view', 'data-game') === 'ndengrod', 'bob: the standings open on Ndengrod, his last game');
  check((await page.$$('#standings-body tr[data-player]')).length >= 2, 'bob: the standings list the players');
  // Issue 43, item 4: the change of rating, old → new, for both players on the board and on
  // the player page.
  await page.evaluate((n) => { location.hash = `#/board/${n}`; }, board);
  await page.waitForFunction(() => document.querySelectorAll('#players .rating-change').length === 2);
  const shown = await page.$$eval('#players .rating-change', (spans) => spans.map((s) => s.textContent));
  check(/^rating 1500 → \d+ \(\+\d+\)$/.test(shown[0]) && /^rating 1500 → \d+ \(−\d+\)$/.test(shown[1]),
    `the board shows both players' change of rating, winner first seat (${shown.join(' / ')})`);
  await run.screenshot(page, 'newcomer-rating-change-board');
  await page.evaluate(() => { location.hash = '#/player/bob'; });
  await page.waitForSelector(`#player-games li[data-board="${board}"] .rating-change`);
  const line = await page.textContent(`#player-games li[data-board="${board}"] .rating-change`);
  check(line === shown[0], `bob's page shows the same change for that game (${line})`);
  await page.context().close();
  const context = await run.browser.newContext({ viewport: DESKTOP });
  const anonymous = await context.newPage();
  await anonymous.goto(`${run.base}/#/standings`);
  await anonymous.waitForSelector('#standings-view[data-game]:not([hidden])');
  const game = await anonymous.getAttribute('#standings-view', 'data-game');
  const rated = (await apiCall(run.base, 'GET', `/api/ratings/${game}`)).players.length;
  check(rated > 0, `signed out: the standings open on a game with rated games (${game})`);
  await context.close();
}

// Issue 43, item 8: Trellis 15 on a phone has sites about 24 px apart; 'Zoom in' draws them
// at least 44 px apart in a frame that scrolls, and a tap there plays.
async function tapTargetsOnAPhone(run, tokens, errors) {
  const { board } = await apiCall(run.base, 'POST', '/api/games', { game: 'trellis', options: {}, players: ['alice', 'bob'] }, tokens.alice);
  const page = await signedInPage(run, PHONE, 'alice', tokens.alice, errors);
  await page.evaluate((n) => { location.hash = `#/board/${n}`; }, board);
  await page.waitForSelector('#board-frame svg [data-site].playable');
  const size = () => page.$eval('#board-frame svg [data-site="h8"]', (s) => Math.round(s.getBoundingClientRect().width));
  const before = await size();
  check(before < 44, `phone: Trellis 15's sites are small (${before} px)`);
  check(await page.isVisible('#zoom-button'), 'phone: a Zoom in button is offered');
  await page.click('#zoom-button');
  await page.waitForSelector('#board-frame.zoomed');
  const after = await size();
  check(after >= 44, `phone: zoomed in, a site is at least 44 px (${after} px)`);
  await run.screenshot(page, 'newcomer-phone-trellis-zoomed');
  await page.tap('#board-frame svg [data-site="h8"]');
  if (await page.isVisible('#play-alone')) await page.tap('#play-alone');
  await page.waitForSelector('#board-view[data-moves="1"]');
  check(true, 'phone: a tap on the zoomed board plays');
  check(await page.getAttribute('#zoom-button', 'aria-pressed') === 'true', 'the zoom stays on after the move');
  const desktop = await signedInPage(run, DESKTOP, 'alice', tokens.alice, errors);
  await desktop.evaluate((n) => { location.hash = `#/board/${n}`; }, board);
  await desktop.waitForSelector('#board-frame svg [data-site]');
  check(await desktop.isHidden('#zoom-button'), 'desktop: big enough, no zoom offered');
  await page.context().close();
  await desktop.context().close();
}

Run.main('newcomer test', 300000, async (run) => {
  const tokens = {};
  for (const user of ['alice', 'bob']) tokens[user] = await signUp(run.base, user, PASSWORD, 'all');
  const errors = [];
  await stonesAfterTheRules(run, tokens, errors);
  log('stones after the rules: ok');
  await phoneNavigation(run, tokens, errors);
  log('phone navigation: ok');
  await signedOutWelcome(run, errors);
  log('signed-out welcome: ok');
  await invitationsAndStaleMessages(run, tokens, errors);
  log('invitations and stale messages: ok');
  await standingsOpenOnAPlayedGame(run, tokens, errors);
  log('standings open on a played game: ok');
  await tapTargetsOnAPhone(run, tokens, errors);
  log('tap targets on a phone: ok');
  check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
});
