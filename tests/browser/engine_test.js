// SPDX-License-Identifier: Apache-2.0
// Browser test of the engine in the page (issue 62, docs/wasm.md): `node engine_test.js BUILD_DIR`.
// The server serves the WebAssembly engine of BUILD_DIR/wasm/engine at /engine/ (skipped, 77,
// when it is not built: the ctest `wasm` builds it).  At a phone size (390x844), signed out,
// on every game of the server's catalog, the analysis board loads the engine into a Web
// Worker, plays a whole game against the computer (the computer one side at the level easy,
// the test the other with legal moves the page lists) and asks the engine about a position,
// and the page sends NO request for a position, an analysis or a move to the server
// (/api/position, /api/evaluate, /api/games...: every request is listed and checked).  The
// page stays live while the computer thinks (a timer in the page keeps firing).  "Compute
// on the server" sends them to the server again.  Measured and printed: the time from
// opening the page to the computer's first move (engine load included), and random playouts
// per second in chromium's worker against the native binary, game by game in one run, the
// better of two rounds each (goal: 40% of native).  Screenshot engine-phone.png, kept in docs/wasm/.
'use strict';

const fs = require('fs');
const path = require('path');
const { execFileSync } = require('child_process');
const { Run, check, collectErrors, log, noSidewaysScroll, playWholeGame, sleep, STEP_TIMEOUT_MS } = require('./support');

const PHONE = { name: 'phone', width: 390, height: 844 };

// The page's requests to the server's API, path by path.
function apiRequests(page) {
  const seen = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${r.method()} ${url.pathname}`);
  });
  return seen;
}

async function phonePage(run, errors) {
  const context = await run.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  collectErrors(page, errors, ` (${PHONE.name})`);
  return page;
}

async function openAnalysis(page, game) {
  await page.evaluate((g) => { location.hash = `#/analysis/${g}`; }, game);
  await page.waitForFunction((g) => app.analysis?.game.game === g && document.querySelector('#board-frame svg [data-site]'), game);
}

// Chooses the computer's side (a colour, or '' for neither) in the panel.
async function computerPlays(page, colour) {
  await page.selectOption('#analysis-computer', colour);
}

Run.main('engine browser test', 900000, async (run) => {
  const engineDir = path.join(run.buildDir, 'wasm', 'engine');
  if (!fs.existsSync(path.join(engineDir, 'ludus-engine.wasm'))) {
    log(`no engine built in ${engineDir} (ctest wasm builds it): skipped`);
    return 77;
  }
  // /api/health answers while the server still opens its database (503 to the rest).
  for (let i = 0; i < 300 && !(await fetch(`${run.base}/api/ready`)).ok; i++) await sleep(100);
  const served = await fetch(`${run.base}/engine/ludus-engine.wasm`);
  check(served.ok && served.headers.get('content-type') === 'application/wasm', `the server serves the engine (${served.status})`);
  const catalog = (await (await fetch(`${run.base}/api/catalog`)).json()).games;
  const errors = [];

  // The first AI move at a phone size, from a fresh page (the engine loaded on the way).
  const first = catalog[0];
  let page = await phonePage(run, errors);
  let requests = apiRequests(page);
  const t0 = Date.now();
  await page.goto(`${run.base}/#/analysis/${first.name}`);
  await page.waitForFunction((g) => app.analysis?.game.game === g && document.querySelector('#board-frame svg [data-site]'), first.name);
  await computerPlays(page, first.colours[0]);
  await page.waitForSelector('#board-view[data-moves="1"]:not([hidden])', { timeout: 120000 });
  const firstMoveMs = Date.now() - t0;
  log(`time to the first AI move at phone size (${first.name}, page opened cold, engine loaded): ${firstMoveMs} ms`);
  check(await page.evaluate(() => localEngine.loaded === true), 'the engine loaded in the worker');
  check((await page.textContent('#engine-where')).includes('in this browser'), 'the panel says the engine runs in the browser');
  await noSidewaysScroll(page, 'the analysis with the computer', PHONE);
  await page.close();

  // Every game: a whole game against the computer and an analysis, all in the page.
  page = await phonePage(run, errors);
  requests = apiRequests(page);
  await page.goto(`${run.base}/`);
  await page.waitForFunction(() => app.catalog.length > 0);
  const before = requests.length;
  // A timer in the page: it keeps firing while the worker thinks (the page never freezes).
  await page.evaluate(() => { window.__ticks = []; setInterval(() => window.__ticks.push(performance.now()), 50); });
  for (const game of catalog) {
    await openAnalysis(page, game.name);
    // The levels are the catalog's (the server's measured ones); the page's default is easy.
    const levels = await page.$eval('#analysis-level', (s) => [...s.options].map((o) => o.value));
    const level = await page.$eval('#analysis-level', (s) => s.value);
    check(levels.join() === game.ai_levels.map((l) => l.level.replace(/^ai:/, '')).join() && level === 'easy',
          `${game.name}: the levels come from the catalog (${levels}), easy chosen`);
    const computer = game.colours[1];
    await computerPlays(page, computer);
    const end = await playWholeGame(page, computer);
    const o = end.outcome;
    log(`${game.name}: a whole game against ${level}, ${end.plies} plies, ${o.draw ? 'drawn' : `${o.winner_colour} won`} (${o.reason})`);
    check(end.plies > 0, `${game.name}: a game was played to its end`);
    // An analysis: back to the start, the computer off, and the engine asked.
    await computerPlays(page, '');
    await page.evaluate(() => analysisGoTo(2));
    await page.waitForFunction(() => !app.busy && app.analysis.moves.length === 2);
    await page.click('#analysis-engine');
    await page.waitForFunction(() => app.analysis?.engine, null, { timeout: 120000 });
    const e = await page.evaluate(() => app.analysis.engine);
    check(typeof e.move === 'string' && e.pv.length > 0 && e.win_probability >= 0 && e.win_probability <= 1,
          `${game.name}: the engine's opinion (${e.move}, ${Math.round(e.win_probability * 100)}%, ${e.iterations} playouts)`);
    check((await page.textContent('#engine-result')).includes(`Best: ${e.move}`), `${game.name}: the panel shows it`);
  }
  const gaps = await page.evaluate(() => window.__ticks.slice(1).map((t, i) => t - window.__ticks[i]));
  const longest = Math.max(...gaps);
  log(`the page's timer fired ${gaps.length + 1} times while the engine worked; longest gap ${longest.toFixed(0)} ms`);
  check(longest < 1000, `the page never froze (longest gap between 50 ms ticks ${longest.toFixed(0)} ms)`);
  const asked = requests.slice(before);
  log(`the page's API requests meanwhile: ${[...new Set(asked)].join(', ') || 'none'}`);
  check(!asked.some((r) => /\/api\/(position|evaluate|games|command)/.test(r)),
        `no position, analysis or move was asked of the server: ${asked.join(', ') || 'no API request at all'}`);
  await run.screenshot(page, 'engine-phone', { fullPage: true });

  // "Compute on the server": the same questions go to the server again.
  await page.check('#compute-on-server');
  await openAnalysis(page, catalog[0].name);
  await page.evaluate(() => analysisGoTo(0));
  const onServer = requests.length;
  await page.click('#analysis-engine');
  await page.waitForFunction(() => app.analysis?.engine, null, { timeout: 120000 });
  check(requests.slice(onServer).includes('POST /api/evaluate'), `with "Compute on the server" the server answers (${requests.slice(onServer)})`);
  check((await page.textContent('#engine-where')).includes('on the server (your choice)'), 'the panel says so');
  await page.uncheck('#compute-on-server');

  // Random playouts per second, chromium's worker against the native binary, game by game,
  // each the better of two rounds taken in turn (the machine's load moves both).
  log('random playouts per second from the start, one thread (1 s each, best of 2)');
  log('game        native   chromium (wasm)   ratio');
  for (const game of catalog) {
    const defaults = game.options.flatMap((o) => ['-o', `${o.name}=${o.default}`]);
    let native = 0, wasm = 0;
    for (let round = 0; round < 2; round++) {
      native = Math.max(native, JSON.parse(execFileSync(run.ludus, ['bench', game.name, ...defaults, '--no-mcts', '--threads', '1',
        '--seconds', '1', '--signature-games', '1', '--json'], { encoding: 'utf8' })).boards[0].playouts_per_second);
      wasm = Math.max(wasm, (await page.evaluate((g) => localEngineCall({ call: 'playouts', game: g, seconds: 1 }), game.name)).per_second);
    }
    const ratio = wasm / native;
    log(`${game.name.padEnd(10)} ${native.toFixed(0).padStart(8)} ${wasm.toFixed(0).padStart(17)} ${(ratio * 100).toFixed(0).padStart(6)}%`);
    check(ratio >= 0.4, `${game.name}: chromium reaches 40% of native (${(ratio * 100).toFixed(0)}%)`);
  }
  await page.context().close();
  check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
  log('engine: games against the computer and analyses on every game, in the page');
  return 0;
});
