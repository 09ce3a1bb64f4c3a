// SPDX-License-Identifier: Apache-2.0
// Browser test of the ludus web page: `node web_test.js BUILD_DIR`.
// Starts `BUILD_DIR/ludus serve` on a free loopback port with a fresh database, drives
// Debian's chromium (headless, no downloads) through playwright-core as two users, and
// checks sign-up, challenges, clicking moves on the SVG board (Ndengrod, Trellis pairs and
// single stones, Epoxy turns of two actions collected click by click and sent whole, slides),
// the move list, error messages, an AI reply arriving by polling, and that
// each game's board has the right number of sites; the layout at phone, tablet and desktop
// sizes with the boards' coordinates (layout.js) and analysis links (analysis.js).
// Screenshots go to BUILD_DIR/browser-screenshots.
// Everything is bounded: the whole run stops itself (server included) within five minutes (it takes
// one or two; more on a machine busy compiling).
'use strict';

const { Run, apiCall, check, clickSite, collectErrors, log, lowContrastText, openBoard, signInThroughPage, STEP_TIMEOUT_MS, waitForMoves } = require('./support');
const { epoxyLabels, labelProblems, layoutNumbers, tabletSizes } = require('./layout');
const { looseAnalysis, sharedLink } = require('./analysis');
const fs = require('fs');

let run = null;  // the server and browser of this run (support.js)
let browser = null;

// --- page helpers ---------------------------------------------------------------------------

// `webSocket: false` hides the WebSocket API from the page (it must fall back to long polls).
// page.pushes counts the board states the server pushed over GET /api/ws.
async function newPage(base, errors, { webSocket = true } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (!webSocket) await context.addInitScript(() => { window.WebSocket = undefined; });
  const page = await context.newPage();
  page.pushes = 0;
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/api/ws')) return;
    ws.on('framereceived', (frame) => { if (String(frame.payload).includes('"state"')) page.pushes++; });
  });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  collectErrors(page, errors);
  await page.goto(`${base}/`);
  return page;
}

async function signUpThroughPage(page, user, password) {
  await page.fill('#auth-user', user);
  await page.fill('#auth-password', password);
  await page.click('#sign-up');
  await page.waitForSelector(`text=Signed in as ${user}`);
}

async function moveTexts(page) {
  return page.$$eval('#move-list .move-text', (items) => items.map((i) => i.textContent));
}

async function stones(page) {
  return page.$$eval('#board-frame svg .stone', (items) =>
    Object.fromEntries(items.map((s) => [s.getAttribute('data-stone'), [...s.classList].find((c) => c.startsWith('stone-')).slice(6)])));
}

// --- the scenarios --------------------------------------------------------------------------

// Games that end quickly, as plies from the start (epoxy: found by playing its first legal
// action until the game ends), and how many sites decided each.  `turns` groups the plies
// into the whole turns a move sends.
const ENDINGS = {
  ndengrod: { options: { size: 3, length: 3 }, plies: ['a1', 'c1', 'a2', 'c2', 'a3'], deciding: 3 },
  'n-mesh': { options: {}, plies: ['b1', 'a1', 'a2'], deciding: 1 },
  netted: { options: {}, plies: ['b2', 'a1', 'b1', 'a2', 'a3'], deciding: 2 },
  trellis: { options: { size: 7 }, plies: ['a1,a4', 'g1,g4', 'a2,a5', 'g2,g5', 'a3,a6', 'g3,g6', 'a7'], deciding: 7 },
  epoxy: { options: {}, plies: null, deciding: -1 },
};

async function epoxyEnding(base) {
  const plies = [];
  for (let i = 0; i < 400; i++) {
    const pos = await apiCall(base, 'POST', '/api/position', { game: 'epoxy', moves: plies });
    if (pos.outcome) return plies;
    plies.push(pos.legal_moves.find((m) => m !== 'pass') || 'pass');
  }
  throw new Error('no end of Epoxy in 400 plies');
}

// The plies of a line grouped into whole turns, as the server counts them: [{first, text}]
// with `first` the index of the turn's first ply.
async function wholeTurns(base, game, options, plies) {
  const pos = await apiCall(base, 'POST', '/api/position', { game, options, moves: plies });
  const turns = [];
  pos.plies.forEach((ply, i) => {
    const last = turns[turns.length - 1];
    if (last && last.turn === ply.turn) last.text += `,${ply.move}`;
    else turns.push({ turn: ply.turn, first: i, text: ply.move });
  });
  return turns;
}

// Taps (or clicks) the sites of one action on the board: one site, two stones (each
// clicked: the second plays them), a slide.
async function playByTouch(page, game, text, touch) {
  const press = (name) => (touch ? page.tap(`#board-frame svg [data-site="${name}"]`) : clickSite(page, name));
  if (text.includes(',')) {
    const [a, b] = text.split(',');
    await press(a);
    await press(b);
  } else if (text.includes('-')) {
    const [from, to] = text.split('-');
    await press(from);
    await press(to);
  } else {
    await press(text);
  }
}

// Every game at one screen size: a move by tapping, the end highlight, stepping through,
// the analysis mode, the rules and the downloads.
async function studyEveryGame(base, errors, size, tokens) {
  const phone = size.width < 500;
  const context = await browser.newContext({
    viewport: size, hasTouch: phone, isMobile: phone, deviceScaleFactor: 1, acceptDownloads: true,
  });
  await context.addInitScript(([token]) => {
    localStorage.setItem('ludus.token', token);
    localStorage.setItem('ludus.user', 'alice');
  }, [tokens.alice]);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  collectErrors(page, errors, ` (${size.name})`);
  await page.goto(`${base}/`);
  await page.waitForSelector('text=Signed in as alice');
  for (const [game, ending] of Object.entries(ENDINGS)) {
    const plies = ending.plies || (ENDINGS.epoxy.plies = await epoxyEnding(base));
    const created = await apiCall(base, 'POST', '/api/games', { game, options: ending.options, players: ['alice', 'bob'] }, tokens.alice);
    const board = created.board;
    await openBoard(page, board);
    const numbers = await layoutNumbers(page);
    check(numbers.scroll <= numbers.inner, `${game} ${size.name}: no horizontal scroll (${numbers.scroll} > ${numbers.inner})`);
    // The playing area alone (labels and frame left out) takes 90% of a phone's width.
    if (phone) check(numbers.cells >= 0.9 * numbers.inner, `${game} ${size.name}: the board fills the width (${numbers.cells} of ${numbers.inner})`);
    const labelFaults = await labelProblems(page);
    check(labelFaults.length === 0, `${game} ${size.name}: coordinates: ${labelFaults.join('; ')}`);
    // The first move by tapping / clicking, the rest through the API, a whole turn at a time.
    await playByTouch(page, game, plies[0], phone);
    await waitForMoves(page, 1);
    let state = await apiCall(base, 'GET', `/api/games/${board}`);
    for (const turn of (await wholeTurns(base, game, ending.options, plies)).slice(1)) {
      state = await apiCall(base, 'POST', `/api/games/${board}/move`, { move: turn.text, move_number: turn.first + 1 }, tokens[state.to_move.user]);
    }
    check(state.outcome !== null, `${game}: the game is over`);
    await waitForMoves(page, plies.length);
    await page.waitForSelector('#board-frame svg .deciding-ring');
    const rings = await page.$$eval('#board-frame svg .deciding-ring', (r) => r.length);
    check(ending.deciding < 0 ? rings > 0 : rings === ending.deciding, `${game}: ${rings} deciding sites highlighted`);
    check(JSON.stringify(state.deciding_sites.length) === String(rings), `${game}: the page draws the API's deciding sites`);
    await run.screenshot(page, `end-${game}-${size.name}`);
    const faint = await lowContrastText(page);
    check(faint.length === 0, `${game} ${size.name}: text meets WCAG contrast: ${faint.join('; ')}`);
    // "How to move" quotes the rules' "A turn" item (Epoxy: "Turn protocol" and "Actions").
    if (!(await page.getAttribute('#how-to-move', 'open'))) await page.click('#how-to-move summary');
    await page.waitForFunction(() => /^(A turn|Turn protocol)/.test(document.querySelector('#how-rule').textContent));
    check(true, `${game}: how to move, from the rules`);
    // ... and the game's own examples of a turn's text, from the catalog.
    const examples = (await apiCall(base, 'GET', '/api/catalog')).games.find((g) => g.name === game).turn.examples;
    check((await page.textContent('#how-click')).includes(`${examples[0].text}: ${examples[0].meaning}`), `${game}: how to move, with examples`);
    if (!phone && game === 'epoxy') await run.screenshot(page, 'how-to-move-epoxy');

    // Stepping through: keys and buttons; an earlier position shows nobody thinking.
    await page.keyboard.press('Home');
    await waitForMoves(page, 0);
    check(await page.$$eval('#board-frame svg .stone', (s) => s.length) === 0, `${game}: Home shows the empty board`);
    check(!(await page.textContent('#players')).includes('thinking'), `${game}: nobody is thinking in an earlier position`);
    await page.click('#replay-next');
    await waitForMoves(page, 1);
    await page.keyboard.press('ArrowRight');
    await waitForMoves(page, 2);
    await page.keyboard.press('ArrowLeft');
    await waitForMoves(page, 1);

    // Analysis from move 1: a different move, then back to the game.
    await page.click('#analyse-button');
    await page.waitForSelector('#analysis:not([hidden])');
    const pos = await apiCall(base, 'POST', '/api/position', { game, options: ending.options, moves: plies.slice(0, 1) });
    const other = pos.legal_moves.find((m) => m !== plies[1] && m !== 'pass' && m !== 'swap' && !m.includes('-') &&
      m.includes(',') === (game === 'trellis'));
    await playByTouch(page, game, other, phone);
    await waitForMoves(page, 2);
    check((await page.textContent('#analysis-text')).includes(other), `${game}: the variation shows ${other}`);
    await sharedLink(run, page, game, `${game} ${size.name}`);
    if (!phone) {
      await page.click('#analysis-engine');
      await page.waitForSelector('#engine-result .win-bar');
      check(/\d+% to win|a proven (win|loss|draw)/.test(await page.textContent('#engine-result')), `${game}: the engine gives a win probability`);
      await run.screenshot(page, `analysis-${game}-${size.name}`);
    }
    // Back to the game: the page's button, or the browser's Back (the analysis is one entry).
    if (game === 'ndengrod') await page.goBack();
    else await page.click('#analysis-leave');
    await page.waitForSelector('#analysis', { state: 'hidden' });
    await waitForMoves(page, plies.length);

    // Downloads: the records from their links, the picture as a file.
    const hrefs = await page.$$eval('#downloads a', (a) => a.map((x) => x.href));
    const json = await (await fetch(hrefs[0])).json();
    check(JSON.stringify(json.moves) === JSON.stringify(plies), `${game}: the JSON record has the moves`);
    const sgf = await (await fetch(hrefs[1])).text();
    check(sgf.startsWith('(;FF[4]'), `${game}: the SGF record`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-svg')]);
    check(download.suggestedFilename().endsWith('.svg'), `${game}: an SVG picture is offered`);
    const svgText = fs.readFileSync(await download.path(), 'utf8');
    check(svgText.includes('<style>') && svgText.includes('deciding-ring'), `${game}: the SVG carries its styles and the highlight`);
    if (!phone && game === 'ndengrod') {
      const [png] = await Promise.all([page.waitForEvent('download'), page.click('#download-png')]);
      check(png.suggestedFilename().endsWith('.png'), 'a PNG picture is offered');
    }
  }
  // The rules page of a game, with its diagram.
  await page.evaluate(() => { location.hash = '#/rules/trellis'; });
  await page.waitForSelector('#rules-body li');
  check((await page.textContent('#rules-body')).includes('A turn'), 'the rules page shows the rules');
  // The diagram is drawn after the text arrives (the board comes from its own request).
  await page.waitForSelector('#rules-diagram svg [data-site]');
  check(await page.$$eval('#rules-diagram svg [data-site]', (s) => s.length) === 225, 'the rules show the Trellis board');
  if (phone) {
    const numbers = await layoutNumbers(page);
    check(numbers.scroll <= numbers.inner, `rules ${size.name}: no horizontal scroll`);
  }
  await run.screenshot(page, `rules-trellis-${size.name}`);
  const faintRules = await lowContrastText(page);
  check(faintRules.length === 0, `rules ${size.name}: text meets WCAG contrast: ${faintRules.join('; ')}`);
  await context.close();
}

// Two people play Ndengrod by clicking; an illegal click shows the server's reason.
async function ndengrodBetweenTwoPeople(base, errors) {
  const alice = await newPage(base, errors);
  // A one-character password is refused, and the page says why.
  await alice.fill('#auth-user', 'alice');
  await alice.fill('#auth-password', 'a');
  await alice.click('#sign-up');
  await alice.waitForFunction(() => document.querySelector('#auth-message').textContent.includes('at least 8 characters'));
  check(true, 'a short password is refused with the reason');
  await signUpThroughPage(alice, 'alice', 'alice-password');
  check(await alice.isVisible('#challenge-panel'), 'the challenge form shows once signed in');
  await apiCall(base, 'POST', '/api/signup', { user: 'bob', password: 'bob-password' });
  // Bob accepts every challenge, so Alice's starts a board at once (invitations, which a
  // person gets by default, are the community test's).
  const bobToken = (await apiCall(base, 'POST', '/api/login', { user: 'bob', password: 'bob-password' })).token;
  await apiCall(base, 'POST', '/api/me/limits', { challenges: 'all' }, bobToken);
  const bob = await newPage(base, errors);
  await signInThroughPage(bob, 'bob', 'bob-password');

  // Alice challenges Bob from the form, with the default options of the catalog.
  await alice.selectOption('#challenge-game', 'ndengrod');
  check(await alice.inputValue('#option-size') === '5', 'options come with their defaults');
  check(await alice.getAttribute('#option-length', 'max') === '9', 'integer options carry their range');
  await alice.selectOption('#challenge-opponent-kind', 'person');
  await alice.fill('#challenge-opponent', 'bob');
  await alice.click('#challenge-form button[type=submit]');
  await alice.waitForSelector('#board-frame svg [data-site]');
  const board = Number((await alice.textContent('#board-title')).match(/#(\d+)/)[1]);
  check((await alice.$$('#board-frame svg [data-site]')).length === 61, 'Ndengrod hex-hex 5 has 61 cells');
  log(`alice challenged bob: board ${board}`);

  // Bob finds the game in his list, and it is not his move yet.
  await bob.click('.tabs [data-filter=active]');
  await bob.waitForSelector(`.game-link[href="#/board/${board}"]`);
  await openBoard(bob, board);

  const moves = ['e5', 'd4', 'e6', 'f6', 'c3', 'g7', 'e7'];
  const players = [alice, bob];
  for (let i = 0; i < moves.length; i++) {
    const page = players[i % 2];
    await waitForMoves(page, i);  // the opponent's move arrives by polling
    await clickSite(page, moves[i]);
    await waitForMoves(page, i + 1);
  }
  await waitForMoves(bob, moves.length);
  check(alice.pushes > 0 && bob.pushes > 0, `the opponent's moves arrive over the WebSocket (${alice.pushes}, ${bob.pushes})`);

  check(JSON.stringify(await moveTexts(alice)) === JSON.stringify(moves), 'the move list shows every move in order');
  const onBoard = await stones(bob);
  moves.forEach((m, i) => check(onBoard[m] === (i % 2 ? 'o' : 'x'), `${m} holds an ${i % 2 ? 'o' : 'x'} stone`));
  check(Object.keys(onBoard).length === moves.length, 'no other stones');
  const lastMarked = await bob.$$eval('#board-frame svg .last-mark', (m) => m.length);
  check(lastMarked === 1, 'the last move is marked');

  // Illegal clicks: on an occupied cell (the server's reason), and out of turn (the page's).
  await clickSite(bob, 'e5');
  await bob.waitForFunction(() => document.querySelector('#move-error').textContent.includes('occupied'));
  check((await bob.textContent('#move-error')).includes("illegal move 'e5': occupied"), 'an illegal click shows why');
  await clickSite(alice, 'a1');
  await alice.waitForFunction(() => document.querySelector('#move-error').textContent.includes("bob's turn"));
  check(true, 'a click out of turn is refused');
  check((await apiCall(base, 'GET', `/api/games/${board}`)).moves_played === moves.length, 'illegal clicks store nothing');

  // A legal-move list drives the highlights: every empty cell but none occupied.
  const legalDots = await bob.$$eval('#board-frame svg .legal-dot', (d) => d.length);
  check(legalDots === 61 - moves.length, `legal moves are marked (${legalDots})`);

  // The typed-move form and the history view.
  await bob.fill('#move-text', 'f5');
  await bob.click('#move-form button[type=submit]');
  await waitForMoves(bob, moves.length + 1);
  await bob.click('#move-list .move-entry[data-ply="2"]');
  await bob.waitForSelector('#history-banner:not([hidden])');
  check(Object.keys(await stones(bob)).length === 2, 'the history view shows the position after move 2');
  await bob.click('#history-live');
  await bob.waitForSelector('#history-banner', { state: 'hidden' });
  await waitForMoves(alice, moves.length + 1);
  await run.screenshot(alice, 'ndengrod-alice');
  await run.screenshot(bob, 'ndengrod-bob');
  return { alice, bob };
}

// Without WebSockets the page waits for the opponent with long polls.
async function longPollFallback(base, errors) {
  const token = async (user, password) => (await apiCall(base, 'POST', '/api/login', { user, password })).token;
  const aliceToken = await token('alice', 'alice-password');
  const game = await apiCall(base, 'POST', '/api/games', { game: 'ndengrod', options: { size: 4 }, players: ['alice', 'bob'] }, aliceToken);
  const bob = await newPage(base, errors, { webSocket: false });
  await signInThroughPage(bob, 'bob', 'bob-password');
  await openBoard(bob, game.board);
  await apiCall(base, 'POST', `/api/games/${game.board}/move`, { move: 'd4', move_number: 1 }, aliceToken);
  await waitForMoves(bob, 1);
  check(bob.pushes === 0, 'no WebSocket in this page');
  check(true, 'without WebSockets the move arrives by long polling');
  await bob.context().close();
}

// Trellis: two clicks play a pair; one click and "Play … alone" a single stone.
async function trellisPairs(base, alice, bob) {
  const game = await createGame(alice, 'trellis', { size: '9' }, 'bob');
  await openBoard(alice, game);
  check((await alice.$$('#board-frame svg [data-site]')).length === 81, 'Trellis 9 has 81 points');
  await clickSite(alice, 'd4');
  await alice.waitForSelector('#selection:not([hidden])');
  const candidates = await alice.$$eval('#board-frame svg .candidate-dot', (d) => d.length);
  check(candidates === 12, `twelve partner points for d4 (${candidates})`);
  check(await alice.textContent('#play-alone') === 'Play d4 alone', 'one stone may end the turn');
  await run.screenshot(alice, 'trellis-first-stone');
  await clickSite(alice, 'e6');
  await waitForMoves(alice, 1);
  await clickSite(alice, 'c7');
  await alice.click('#play-alone');
  await waitForMoves(alice, 2);
  check(JSON.stringify(await moveTexts(alice)) === '["d4,e6","c7"]', 'Trellis turns in the move list');
  const onBoard = await stones(alice);
  check(onBoard.d4 === 'black' && onBoard.e6 === 'black' && onBoard.c7 === 'white', 'Trellis stones drawn');
  // A point that is not three from the first one starts a new choice; an occupied point
  // cannot start a turn, and the server says why.
  await clickSite(alice, 'a1');
  await clickSite(alice, 'b1');
  check(await alice.textContent('#selection-text') === 'Selected b1: click another point, or play b1 alone.',
    'a point out of reach starts a new choice');
  await clickSite(alice, 'd4');
  await alice.waitForFunction(() => document.querySelector('#move-error').textContent.includes('occupied'));
  check(await alice.isHidden('#selection'), 'the choice is cleared after an error');
  await run.screenshot(alice, 'trellis-pairs');
}

// Epoxy: a turn of two actions is collected click by click and sent whole (a placement, then
// a second one; later a slide, then "End turn"); nothing is stored before the turn is whole.
async function epoxyTurns(base, alice, bob) {
  const tokens = {};
  for (const [user, password] of [['alice', 'alice-password'], ['bob', 'bob-password']])
    tokens[user] = (await apiCall(base, 'POST', '/api/login', { user, password })).token;
  const game = await createGame(alice, 'epoxy', {}, 'bob');
  await openBoard(alice, game);
  await openBoard(bob, game);
  const pages = { alice, bob };
  let state = await apiCall(base, 'GET', `/api/games/${game}`);
  check(state.actions.every((a) => a.ends_turn), "Maroon's first turn is one action");
  const first = state.actions[0].text;
  await clickSite(alice, first);
  await waitForMoves(alice, 1);
  // Grey's first action is drawn and marked, not stored; the second sends the whole turn.
  await waitForMoves(bob, 1);
  state = await apiCall(base, 'GET', `/api/games/${game}`);
  const one = state.actions.find((a) => a.kind === 'place').text;
  await clickSite(bob, one);
  await bob.waitForFunction((t) => document.querySelector('#selection-text').textContent.startsWith(`Your turn so far: ${t}.`), one);
  check(await bob.textContent('#pass-button') === 'End turn', 'a pass ends the turn after its first action');
  check((await stones(bob))[one] === 'grey', 'the first action is drawn');
  check(await bob.$$eval('#board-frame svg .pending-ring', (r) => r.length) === 1, 'the action of the turn under way is marked');
  check((await apiCall(base, 'GET', `/api/games/${game}`)).moves_played === 1, 'nothing is stored before the turn is whole');
  check((await bob.textContent('#status')).startsWith('Your turn continues as grey, turn 2'), 'the status says the turn goes on');
  await run.screenshot(bob, 'epoxy-first-action');
  const after = await apiCall(base, 'POST', '/api/position', { game: 'epoxy', moves: [first, one] });
  const two = after.actions.find((a) => a.kind === 'place').text;
  await clickSite(bob, two);
  await waitForMoves(bob, 3);
  check(JSON.stringify(await moveTexts(bob)) === JSON.stringify([first, `${one} · ${two}`]), 'one turn of two actions in the move list');
  // Whole turns through the API until a slide is legal as a first action; it is clicked,
  // shown, and sent with "End turn".
  for (let turn = 0; turn < 40; turn++) {
    state = await apiCall(base, 'GET', `/api/games/${game}`);
    if (state.outcome) break;
    const page = pages[state.to_move.user];
    const slide = state.actions.find((a) => a.kind === 'slide');
    if (slide) {
      await waitForMoves(page, state.moves_played);
      const [from, to] = slide.sites;
      await clickSite(page, from);
      await page.waitForSelector('#selection:not([hidden])');
      check(await page.$$eval('#board-frame svg .candidate-dot', (d) => d.length) > 0, 'slide destinations are marked');
      await clickSite(page, to);
      await page.waitForFunction(() => document.querySelector('#pass-button').textContent === 'End turn' && !document.querySelector('#pass-button').hidden);
      const onBoard = await stones(page);
      check(onBoard[to] === state.to_move.colour && !onBoard[from], `the slide ${slide.text} moved the stone`);
      check(await page.$$eval('#board-frame svg .slide-arrow', (a) => a.length) >= 1, 'the slide is drawn as an arrow');
      await run.screenshot(page, 'epoxy-slide');
      await page.click('#pass-button');
      await waitForMoves(page, state.moves_played + 2);
      const listed = await moveTexts(page);
      check(listed[listed.length - 1] === `${slide.text} · pass`, `the slide and the pass are one turn (${listed[listed.length - 1]})`);
      return;
    }
    const place = state.actions.find((a) => a.kind === 'place');
    let text = place.text;
    if (!place.ends_turn) {
      const next = await apiCall(base, 'POST', '/api/position', { game: 'epoxy', moves: [...state.moves.map((m) => m.move), place.text] });
      text += `,${(next.actions.find((a) => a.kind === 'place') || next.actions.find((a) => a.kind === 'pass')).text}`;
    }
    await apiCall(base, 'POST', `/api/games/${game}/move`, { move: text, move_number: state.moves_played + 1 }, tokens[state.to_move.user]);
  }
  throw new Error('no legal Epoxy slide came up in 40 turns');
}

async function createGame(page, game, options, opponent, seat = '0') {
  const token = await page.evaluate(() => localStorage.getItem('ludus.token'));
  const user = await page.evaluate(() => localStorage.getItem('ludus.user'));
  const base = new URL(page.url()).origin;
  const players = seat === '0' ? [user, opponent] : [opponent, user];
  const created = await apiCall(base, 'POST', '/api/games', { game, options, players }, token);
  if (!created.geometry)
    throw new Error(`the API gives no board geometry for ${game}: its Game must override board_geometry() and its State site_colour()`);
  return created.board;
}

// Against the computer: the AI's reply appears without reloading.  Bob follows the board.
async function againstTheComputer(alice, bob) {
  await alice.selectOption('#challenge-game', 'ndengrod');
  await alice.fill('#option-size', '3');
  await alice.fill('#option-length', '3');
  // Other than the standard options: the form says the game will be unrated before it starts.
  await alice.waitForSelector('#challenge-rated:disabled:not(:checked)');
  await alice.selectOption('#challenge-opponent-kind', 'ai:easy');
  await alice.click('#challenge-form button[type=submit]');
  await alice.waitForFunction(() => document.querySelector('#players').textContent.includes('ai:easy'));
  await waitForMoves(alice, 0);
  check((await alice.$$('#board-frame svg [data-site]')).length === 19, 'Ndengrod size 3 has 19 cells');
  await clickSite(alice, 'c3');
  await waitForMoves(alice, 2);
  check((await alice.textContent('#status')).startsWith('Your move'), 'the computer replied and it is alice again');
  // The computer accepts a take-back: alice's move and its reply go.
  await alice.click('#undo-button');
  await waitForMoves(alice, 0);
  check(Object.keys(await stones(alice)).length === 0, 'the take-back emptied the board');

  const board = Number((await alice.textContent('#board-title')).match(/#(\d+)/)[1]);
  await openBoard(bob, board);
  await bob.waitForSelector('#follow-button:not([hidden])');
  await clickSite(bob, 'c3');
  await bob.waitForFunction(() => document.querySelector('#move-error').textContent.includes('do not play'));
  await bob.click('#follow-button');
  await bob.waitForFunction(() => document.querySelector('#follow-button').textContent === 'Stop following');
  await bob.click('.tabs [data-filter=watched]');
  await bob.waitForSelector(`.game-link[href="#/board/${board}"]`);
  check(true, 'a spectator follows the board and finds it under Watched');
}

// Each game's board once: the SVG has one site per point/cell of the default board.
async function everyBoard(alice) {
  const expected = { 'n-mesh': 36, netted: 60, trellis: 225, ndengrod: 61, epoxy: 39 };
  for (const [game, sites] of Object.entries(expected)) {
    const board = await createGame(alice, game, {}, 'bob');
    await openBoard(alice, board);
    const drawn = await alice.$$eval('#board-frame svg [data-site]', (s) => s.length);
    check(drawn === sites, `${game}: ${sites} sites drawn (got ${drawn})`);
    const labels = await alice.$$eval('#board-frame svg .coord', (s) => s.length);
    check(labels > 0, `${game}: coordinates are labelled`);
    const first = await alice.$eval('#board-frame svg [data-site]', (s) => s.getAttribute('data-site'));
    await clickSite(alice, first);  // a first move on each board
    if (game === 'trellis') await alice.click('#play-alone');
    await waitForMoves(alice, 1);
    await run.screenshot(alice, `board-${game}`);
  }
}

Run.main('browser test', 300000, async (started) => {
  run = started;
  browser = run.browser;
  const base = run.base;
  const errors = [];
  const { alice, bob } = await ndengrodBetweenTwoPeople(base, errors);
  log('ndengrod between two people: ok');
  await longPollFallback(base, errors);
  log('long-poll fallback: ok');
  await trellisPairs(base, alice, bob);
  log('trellis pairs: ok');
  await epoxyTurns(base, alice, bob);
  log('epoxy turns: ok');
  await againstTheComputer(alice, bob);
  log('against the computer: ok');
  await everyBoard(alice);
  log('every board: ok');
  const tokens = {};
  for (const [user, password] of [['alice', 'alice-password'], ['bob', 'bob-password']])
    tokens[user] = (await apiCall(base, 'POST', '/api/login', { user, password })).token;
  await tabletSizes(run, base, tokens);
  log('tablet and 1024 sizes: ok');
  await epoxyLabels(run, base, tokens);
  log('Epoxy coordinates: ok');
  await looseAnalysis(run, base, errors, collectErrors);
  log('a loose analysis by link: ok');
  for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }]) {
    await studyEveryGame(base, errors, size, tokens);
    log(`every game studied at ${size.name} size: ok`);
  }
  check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
});
