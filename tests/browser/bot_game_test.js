// SPDX-License-Identifier: Apache-2.0
// Browser test of a whole game against a bot that `ludus bot` serves (docs/bots.md, issue 60):
// `node bot_game_test.js BUILD_DIR`.  The bot account and its bot token are made through the
// API (docs/bots.md sections 1 and 2); `ludus bot --server ... --token ... -- ludus gtp --ai
// easy` runs as the test's child process.  At a phone (390x844) and a desktop (1280x800) size,
// a person signs in on the page, invites the bot from the challenge form (Ndengrod, size 3),
// opens the board the bot's acceptance starts from the games list, and plays by clicking the
// board until the game ends: the bot's seat has the BOT badge, each of the bot's moves arrives
// on the page, the page states the result the server holds.  Screenshots bot-game-SIZE.png
// (the finished game), kept in docs/bots/.  The bridge is stopped with SIGTERM and must exit 0.
'use strict';

const { spawn } = require('child_process');
const {
  Run, apiCall, check, clickSite, log, noSidewaysScroll, pageOfSize, signInThroughPage, signUp, sleep,
} = require('./support');

const PASSWORD = 'bot-game-pw-1';
const ENGINE = 'engine';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

// `ludus bot` for the bot token, bridging `ludus gtp --ai easy`; its output kept for failures.
function startBridge(run, token) {
  const args = ['bot', '--server', run.base, '--token', token, '--games', 'ndengrod', '--accept', 'size=3', '--move-time', '1',
    '--', run.ludus, 'gtp', '--ai', 'easy'];
  const bridge = spawn(run.ludus, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  bridge.output = [];
  bridge.stdout.on('data', (d) => bridge.output.push(d.toString()));
  bridge.stderr.on('data', (d) => bridge.output.push(d.toString()));
  bridge.exited = new Promise((resolve) => bridge.on('exit', (code, signal) => resolve({ code, signal })));
  return bridge;
}

// SIGTERM, as an operator stops it: the bridge quits its engine and exits 0 (SIGKILL after 10 s).
async function stopBridge(bridge) {
  if (bridge.exitCode !== null || bridge.signalCode !== null) return bridge.exited;
  bridge.kill('SIGTERM');
  const timer = setTimeout(() => bridge.kill('SIGKILL'), 10000);
  const end = await bridge.exited;
  clearTimeout(timer);
  return end;
}

// The person's boards against the bot once one more than `known` has started (the bot's join).
async function startedBoard(base, user, token, known) {
  for (let i = 0; i < 200; i++) {
    const { games } = await apiCall(base, 'GET', `/api/games?user=${user}`, null, token);
    const fresh = games.map((g) => g.board).filter((b) => !known.includes(b));
    if (fresh.length) return fresh[0];
    await sleep(100);
  }
  throw new Error('the bot did not accept the invitation within 20 s');
}

// Clicks the person's moves until the game ends, waiting for each of the bot's to arrive on the
// page; the person's clicks are spread over the legal cells (k-th move: a different pick).
async function playUntilTheEnd(page, user) {
  let clicks = 0;
  for (let k = 0; k < 40; k++) {
    await page.waitForFunction((u) => app.board && (app.board.outcome || app.board.to_move?.user === u), user, { timeout: 60000 });
    const state = await page.evaluate(() => ({
      outcome: app.board.outcome, moves: app.board.position_move_number,
      sites: app.board.actions.filter((a) => a.kind === 'place').flatMap((a) => a.sites),
    }));
    if (state.outcome) return { moves: state.moves, botMoves: state.moves - clicks };
    check(state.sites.length > 0, `a legal cell to click at move ${state.moves + 1}`);
    await clickSite(page, state.sites[(k * 7) % state.sites.length]);
    clicks++;
    // The click's move shows (the bot's reply may already follow it).
    await page.waitForFunction((n) => Number(document.querySelector('#board-view').dataset.moves) > n, state.moves);
  }
  throw new Error('no end after 40 of the person\'s moves');
}

Run.main('bot game browser test', 300000, async (run) => {
  const ownerToken = await signUp(run.base, ENGINE, PASSWORD);
  await apiCall(run.base, 'POST', '/api/me/bot', { password: PASSWORD }, ownerToken);
  const { token: botToken, scope } = await apiCall(run.base, 'POST', '/api/me/bot-tokens', { password: PASSWORD }, ownerToken);
  check(scope === 'bot', `the bridge gets a bot-scoped token: ${scope}`);
  const bridge = startBridge(run, botToken);
  try {
    for (const size of SIZES) {
      const user = `player${size.name}`;
      const token = await signUp(run.base, user, PASSWORD);
      const errors = [];
      const page = await pageOfSize(run, size, user, errors);
      await signInThroughPage(page, user, PASSWORD);

      // The invitation from the challenge form; the bot's bridge accepts it.
      await page.selectOption('#challenge-game', 'ndengrod');
      await page.fill('#option-size', '3');
      await page.fill('#option-length', '3');
      await page.waitForSelector('#challenge-rated:disabled:not(:checked)');  // unrated: not standard options
      await page.selectOption('#challenge-opponent-kind', 'person');
      await page.fill('#challenge-opponent', ENGINE);
      // 202: an invitation the bot answers (its note on the page goes once the bot has answered).
      const [reply] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/games')),
        page.click('#challenge-form button[type=submit]'),
      ]);
      const { offer } = await reply.json();
      check(reply.status() === 202 && offer.to === ENGINE, `${size.name}: the form sends an invitation to the bot: ${reply.status()}`);
      const board = await startedBoard(run.base, user, token, []);
      log(`${size.name}: the bot accepted the invitation: board ${board}`);

      // The board from the person's games list.
      await page.click('.tabs [data-filter=active]');
      await page.click(`.game-link[href="#/board/${board}"]`);
      await page.waitForFunction((n) => document.querySelector('#board-title')?.textContent.startsWith(`Board #${n} `), board);
      await page.waitForSelector('#players .bot-badge');
      const names = await page.$$eval('#players .player-text', (items) => items.map((i) => i.textContent));
      check(names[1].startsWith(`${ENGINE} BOT`) && !names[0].includes('BOT'), `${size.name}: the bot's seat has the badge: ${names.join(' / ')}`);

      const played = await playUntilTheEnd(page, user);
      check(played.botMoves >= 2, `${size.name}: the bot's moves arrived on the page (${played.botMoves})`);
      const final = await apiCall(run.base, 'GET', `/api/games/${board}`, null, token);
      check(final.outcome && final.moves_played === played.moves, `${size.name}: the server's game ended after ${played.moves} moves: ${JSON.stringify(final.outcome)}`);
      check(!final.rated, `${size.name}: a board with a bot is unrated`);
      const listed = await page.$$eval('#move-list .move-text', (items) => items.map((i) => i.textContent));
      check(listed.length === final.moves_played, `${size.name}: the move list shows every move, the bot's too: ${listed.join(' ')}`);
      const o = final.outcome;
      const expected = o.draw ? 'The game is drawn' : o.winner_user === user ? 'You win' : `${ENGINE} (${o.winner_colour}) wins`;
      await page.waitForFunction((t) => document.querySelector('#status').textContent.startsWith(t), expected);
      check(!(o.reason || '').includes('resign') && !(o.reason || '').includes('time'), `${size.name}: ended by the rules: ${o.reason}`);
      await noSidewaysScroll(page, 'a finished game against a bot', size);
      await run.screenshot(page, `bot-game-${size.name}`, { fullPage: size.width >= 500 });
      check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
      log(`${size.name}: ${played.moves} moves, ${played.botMoves} of them the bot's; the page says "${await page.textContent('#status')}"`);
      await page.context().close();
    }
  } catch (e) {
    console.error(`ludus bot's output:\n${bridge.output.join('')}`);
    throw e;
  } finally {
    const end = await stopBridge(bridge);
    check(end.code === 0, `ludus bot stops cleanly on SIGTERM: ${JSON.stringify(end)}\n${bridge.output.join('')}`);
  }
  log('the bridge stopped cleanly');
});
