// SPDX-License-Identifier: Apache-2.0
// Browser test of a tournament among friends, as a new user running a small server tries it:
// `node tournament_live_test.js BUILD_DIR`.
//  * The form (phone): a tournament named "Friday blitz"; the format's choices fit their
//    select; no developer words on the pages.
//  * The open page: its name, its status on a line of its own, the settings of every board
//    (joining consents to them: the game's option, unrated, the time limits in words), no
//    empty Rounds heading, plain words for the rounds to come.
//  * Live: the creator's page on a phone and another player's on a desktop stay open while
//    the last player joins with `ludus pbm` (another process on the database): both show the
//    tournament started without a reload; then round 1 ends through the API and both show
//    round 2, again without a reload.
//  * A true tie: a round robin whose three leaders beat each other in a circle says "Shared
//    first place" and names no winner.
// Screenshots (BUILD_DIR/browser-screenshots/live-*.png, shared-first-*.png) at both sizes.
'use strict';

const { execFileSync } = require('child_process');
const path = require('path');
const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp } = require('./support');

const PASSWORD = 'friday-pw';
const PHONE = { name: 'phone', width: 390, height: 844 };
const DESKTOP = { name: 'desktop', width: 1280, height: 800 };

async function go(page, hash) {
  await page.evaluate((h) => { location.hash = h; }, hash);
}

// Ends every board of the round being played: the player earlier in `order` wins.
async function playRound(base, id, tokens, order) {
  const t = await apiCall(base, 'GET', `/api/tournaments/${id}`);
  for (const g of t.games) {
    if (g.outcome !== 'pending' || !g.board) continue;
    const loser = order(g.first, g.second) ? g.second : g.first;
    await apiCall(base, 'POST', `/api/games/${g.board}/resign`, {}, tokens[loser]);
  }
  return apiCall(base, 'GET', `/api/tournaments/${id}`);
}

// Marks the page so that a reload would show: the mark lives as long as the document.
async function markDocument(page) {
  await page.evaluate(() => { window.notReloaded = true; });
}

async function stillTheSameDocument(page) {
  return page.evaluate(() => window.notReloaded === true);
}

// Words for developers that have no place on a player's page.
const DEVELOPER_WORDS = ['/api/', 'ludus pbm', 'POST ', 'rounds by players'];

async function developerWords(page) {
  const text = await page.evaluate(() => document.querySelector('main, body').innerText);
  return DEVELOPER_WORDS.filter((w) => text.includes(w));
}

// The options of a select whose text is wider than the select shows (cut off).
async function cutOffOptions(page, selector) {
  return page.$eval(selector, (select) => {
    const style = getComputedStyle(select);
    const canvas = document.createElement('canvas').getContext('2d');
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // The text's room: the box less its padding and the arrow (about 1.5 em).
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
    return [...select.options].filter((o) => canvas.measureText(o.textContent).width > room).map((o) => o.textContent);
  });
}

// The form on a phone: a named round robin of four, unrated, with time limits and a game option.
async function createFromTheForm(run, page, catalog) {
  await go(page, '#/tournaments');
  await page.waitForSelector('#tournament-create-form:not([hidden]) #tournament-game option', { state: 'attached' });
  const cut = await cutOffOptions(page, '#tournament-format');
  check(cut.length === 0, `phone: the format's choices are not cut off: ${cut.join(' | ')}`);
  const words = await developerWords(page);
  check(words.length === 0, `phone: no developer words on the tournaments page: ${words.join(', ')}`);
  const game = catalog.games[0];
  await page.selectOption('#tournament-game', game.name);
  const option = game.options.find((o) => o.type === 'integer');
  let optionText = '';
  if (option) {
    const value = String(option.default + 2 <= option.max ? option.default + 2 : option.default - 2);
    await page.fill(`#tournament-option-${option.name}`, value);
    optionText = `${option.name} ${value}`;
  }
  await page.fill('#tournament-name', 'Friday blitz');
  await page.selectOption('#tournament-format', 'roundrobin');
  check((await page.textContent('#tournament-format-help')).includes('Everyone meets everyone'), 'the format is explained under its select');
  await page.fill('#tournament-min', '4');
  await page.fill('#tournament-max', '4');
  await page.fill('#tournament-nagtime', '3');
  await page.fill('#tournament-forfeittime', '10');
  if (option) {
    // Options other than the game's standard ones are never rated: the server's check (it
    // answers while the form is filled) unticks and disables the box and says why.
    await page.waitForFunction(() => document.getElementById('tournament-rated').disabled, null, { timeout: 10000 });
    check((await page.textContent('#tournament-rated-note')).startsWith('Unrated: '), 'the form says why the boards will be unrated');
  } else {
    await page.uncheck('#tournament-rated');
  }
  await noSidewaysScroll(page, 'tournament form', PHONE);
  await run.screenshot(page, 'live-form-phone', { fullPage: true });
  await page.click('#tournament-create-form button[type=submit]');
  await page.waitForSelector('#tournament-view[data-status="open"]');
  return { id: Number(await page.evaluate(() => location.hash.split('/')[2])), optionText };
}

// The open page of `id` (3 of 4 players) at `size`: name, status line, the boards' settings,
// no Rounds heading, plain words.
async function checkOpenPage(page, size, optionText) {
  await page.waitForFunction(() => document.querySelector('#tournament-standings-title').textContent === 'Players (3 of 4)');
  check(await page.textContent('#tournament-title') === 'Friday blitz', `${size.name}: the page is titled with the name`);
  const status = await page.textContent('#tournament-status');
  check(status === 'Open: 3 of 4 players have joined', `${size.name}: the status line: ${status}`);
  check(!(await page.textContent('#tournament-summary')).includes('Open'), `${size.name}: the status is not in the description`);
  // On a line of its own: nothing else beside it.
  const [statusBox, summaryBox, titleBox] = await Promise.all(['#tournament-status', '#tournament-summary', '#tournament-title']
    .map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())));
  check(statusBox.top >= titleBox.bottom - 1 && summaryBox.top >= statusBox.bottom - 1,
    `${size.name}: title, status and description are lines of their own (${JSON.stringify([titleBox, statusBox, summaryBox])})`);
  const boards = await page.textContent('#tournament-boards');
  for (const want of ['Joining is consent to every board', 'unrated', 'a reminder after 3 days without a move',
    'lost on time after 10 days without a move', 'hard time: holidays do not pause the clocks', optionText]) check(boards.includes(want), `${size.name}: the boards' settings say "${want}": ${boards}`);
  check((await page.textContent('#tournament-summary')).includes('everyone meets everyone'), `${size.name}: the rounds to come in plain words`);
  check(await page.isHidden('#tournament-rounds-title'), `${size.name}: no Rounds heading while there are no rounds`);
  const words = await developerWords(page);
  check(words.length === 0, `${size.name}: no developer words on the tournament page: ${words.join(', ')}`);
  await noSidewaysScroll(page, 'open tournament', size);
}

Run.main('tournament live browser test', 170000, async (run) => {
  const base = run.base;
  const catalog = await apiCall(base, 'GET', '/api/catalog');
  const tokens = {};
  const friends = ['alicep', 'bobp', 'carolp', 'davep'];
  for (const user of [...friends, 'erin']) tokens[user] = await signUp(base, user, PASSWORD);
  const errors = [];
  const phone = await signedInPage(run, PHONE, 'alicep', tokens.alicep, errors);
  const { id, optionText } = await createFromTheForm(run, phone, catalog);
  let t = await apiCall(base, 'GET', `/api/tournaments/${id}`);
  check(t.name === 'Friday blitz' && t.format === 'roundrobin' && t.rated === false, `the form's tournament: ${JSON.stringify(t)}`);
  // alicep joins from her phone; bobp and carolp through the API; bobp watches on a desktop.
  await phone.click('#tournament-actions button[data-action="join"]');
  await phone.waitForSelector('#tournament-actions button[data-action="leave"]');
  for (const user of ['bobp', 'carolp']) await apiCall(base, 'POST', `/api/tournaments/${id}/join`, {}, tokens[user]);
  const desktop = await signedInPage(run, DESKTOP, 'bobp', tokens.bobp, errors);
  await go(desktop, `#/tournament/${id}`);
  // Both pages hear of the joins after they were opened (the phone saw only its own join).
  for (const [page, size] of [[phone, PHONE], [desktop, DESKTOP]]) {
    await checkOpenPage(page, size, optionText);
    await markDocument(page);
    await run.screenshot(page, `live-open-${size.name}`, { fullPage: true });
  }
  // davep joins with `ludus pbm`, another process on the same database: the tournament is
  // full and starts; both pages show it without a reload.
  const db = path.join(run.tmp, 'ludus.db');
  const reply = execFileSync(run.ludus, ['pbm', '--db', db, 'tournament', 'join', String(id), 'davep', PASSWORD], { encoding: 'utf8' });
  check(reply.includes('it is full and starts'), `ludus pbm: ${reply}`);
  for (const [page, size] of [[phone, PHONE], [desktop, DESKTOP]]) {
    await page.waitForSelector('#tournament-view[data-status="running"] #tournament-rounds a[href^="#/board/"]', { timeout: 5000 });
    check(await stillTheSameDocument(page), `${size.name}: the page was not reloaded`);
    check(await page.textContent('#tournament-status') === 'Running: round 1 of 3', `${size.name}: round 1 of 3`);
    check((await page.$$('#tournament-standings-body tr')).length === 4, `${size.name}: four players in the standings`);
    check(await page.isHidden('#tournament-actions button[data-action="start"]'), `${size.name}: no Start button once it started`);
    check(await page.isVisible('#tournament-rounds-title'), `${size.name}: the Rounds heading once there are rounds`);
    await noSidewaysScroll(page, 'started tournament', size);
    await run.screenshot(page, `live-started-${size.name}`, { fullPage: true });
  }
  log('live: the last join through ludus pbm reached both pages');
  // Round 1 ends through the API (alicep beats everyone, ...): both pages show round 2.
  const rank = (a, b) => friends.indexOf(a) < friends.indexOf(b);
  t = await playRound(base, id, tokens, rank);
  check(t.round === 2, 'the API says round 2');
  for (const [page, size] of [[phone, PHONE], [desktop, DESKTOP]]) {
    await page.waitForFunction(() => document.querySelector('#tournament-status').textContent === 'Running: round 2 of 3', null, { timeout: 5000 });
    check(await stillTheSameDocument(page), `${size.name}: still not reloaded after the round`);
    check((await page.$$('#tournament-rounds h3')).length === 2, `${size.name}: two rounds listed`);
    await run.screenshot(page, `live-round-2-${size.name}`, { fullPage: true });
  }
  log('live: the end of round 1 reached both pages');
  // The rest: alicep beats bobp, bobp beats carolp, carolp beats alicep, and all beat davep.
  const circle = new Set(['alicep>bobp', 'bobp>carolp', 'carolp>alicep', 'alicep>davep', 'bobp>davep', 'carolp>davep']);
  while (t.status === 'running') t = await playRound(base, id, tokens, (a, b) => circle.has(`${a}>${b}`));
  check(JSON.stringify(t.winners) === JSON.stringify(['alicep', 'bobp', 'carolp']), `three share first place: ${JSON.stringify(t.winners)}`);
  for (const [page, size] of [[phone, PHONE], [desktop, DESKTOP]]) {
    await page.waitForSelector('#tournament-view[data-status="finished"]', { timeout: 5000 });
    const status = await page.textContent('#tournament-status');
    check(status === 'Finished · Shared first place: alicep, bobp, carolp', `${size.name}: the status says the tie: ${status}`);
    const text = await page.textContent('#tournament-view');
    check(!/winner/i.test(text), `${size.name}: nobody is called the winner`);
    const places = await page.$$eval('#tournament-standings-body tr td:first-child', (cells) => cells.map((c) => c.textContent));
    check(places.join() === '1=,1=,1=,4', `${size.name}: the places ${places.join()}`);
    check((await page.textContent('#tournament-ranking')).includes('direct encounter, wins, Sonneborn-Berger'), `${size.name}: the tie-breaks are named in order`);
    await noSidewaysScroll(page, 'shared first place', size);
    await run.screenshot(page, `shared-first-${size.name}`, { fullPage: true });
  }
  await phone.context().close();
  await desktop.context().close();
  check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
  return 0;
});
