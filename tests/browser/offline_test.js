// SPDX-License-Identifier: Apache-2.0
// Browser test of the page offline and installable (issue 62, docs/wasm.md):
// `node offline_test.js BUILD_DIR` (skipped, 77, until the ctest wasm has built the engine).
// Installability, the checks Chrome makes before it offers to install a page (those
// Lighthouse listed): the page links a manifest served as application/manifest+json with a
// name, a short_name, a start_url, a standalone display and PNG icons of 192 and 512 pixels
// (fetched, their sizes read from the PNG header); a service worker with a fetch handler
// controls the page (proved by the page opening with the network cut); the origin is a
// secure context (http://127.0.0.1 counts as one, like https).  Offline: once the page was
// opened, the network is cut (playwright's offline mode) AND the server stopped; the page
// opens again from the service worker's copy at a phone size, plays a whole game against the
// computer on every game of the catalog, analyses a position, reads each game's rules with
// its board diagram; the games are kept on the device and export as JSON and SGF records.
// Screenshot offline-phone.png, kept in docs/wasm/.
'use strict';

const fs = require('fs');
const path = require('path');
const { Run, check, collectErrors, log, playWholeGame, sleep, STEP_TIMEOUT_MS } = require('./support');

const PHONE = { name: 'phone', width: 390, height: 844 };

// Width and height of a PNG, from its IHDR chunk.
function pngSize(bytes) {
  const png = Buffer.from(bytes);
  check(png.subarray(1, 4).toString() === 'PNG', 'an icon is a PNG');
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

Run.main('offline browser test', 900000, async (run) => {
  if (!fs.existsSync(path.join(run.buildDir, 'wasm', 'engine', 'ludus-engine.wasm'))) {
    log('no engine built (ctest wasm builds it): skipped');
    return 77;
  }
  for (let i = 0; i < 300 && !(await fetch(`${run.base}/api/ready`)).ok; i++) await sleep(100);

  // Installability: the manifest and its icons.
  const html = await (await fetch(`${run.base}/`)).text();
  const link = html.match(/<link rel="manifest" href="([^"]+)">/);
  check(link, 'the page links its manifest');
  const reply = await fetch(`${run.base}/${link[1]}`);
  check(reply.headers.get('content-type') === 'application/manifest+json', `the manifest's type (${reply.headers.get('content-type')})`);
  const manifest = await reply.json();
  check(manifest.name && manifest.short_name && manifest.start_url, `name, short_name, start_url (${manifest.short_name})`);
  check(['standalone', 'fullscreen', 'minimal-ui'].includes(manifest.display), `an app's display (${manifest.display})`);
  const sizes = [];
  for (const icon of manifest.icons) {
    const image = await fetch(new URL(icon.src, `${run.base}/${link[1]}`));
    check(image.ok && image.headers.get('content-type') === 'image/png', `icon ${icon.src} is served as a PNG`);
    const size = pngSize(await image.arrayBuffer());
    check(size === icon.sizes, `icon ${icon.src} is ${icon.sizes} (${size})`);
    sizes.push(size);
  }
  check(sizes.includes('192x192') && sizes.includes('512x512'), `icons of 192 and 512 pixels (${sizes})`);

  // Online once: the service worker installs and keeps what the page needs.
  const catalog = (await (await fetch(`${run.base}/api/catalog`)).json()).games;
  // In German (Accept-Language): offline the page keeps its language.
  const context = await run.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 1, acceptDownloads: true,
    locale: 'de-DE' });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const errors = [];
  collectErrors(page, errors, ' (offline)');
  await page.goto(`${run.base}/`);
  check(await page.evaluate(() => isSecureContext), 'the page is a secure context');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).scope);
  check(scope === `${run.base}/`, `the service worker's scope is the page (${scope})`);
  const kept = await page.evaluate(async () => (await (await caches.open('ludus-offline')).keys()).map((r) => new URL(r.url).pathname));
  for (const name of ['/', '/app.js', '/engine-worker.js', '/engine/ludus-engine.js', '/engine/ludus-engine.wasm', '/api/catalog',
    '/api/page-text', ...catalog.map((g) => `/api/rules/${g.name}`)])
    check(kept.includes(name), `the service worker keeps ${name}`);

  // The network cut, and the server gone.
  await context.setOffline(true);
  await run.stopServer();
  await page.reload();
  await page.waitForFunction(() => app.catalog.length > 0);
  const language = await page.evaluate(() => [document.documentElement.lang, t('Close the analysis')]);
  check(language[0] === 'de' && language[1] !== 'Close the analysis', `offline, the page in German from the kept catalogue (${language.join(', ')})`);
  const health = await page.evaluate(() => fetch('/api/health').then(() => 'answered', () => 'no network'));
  check(health === 'no network', `the server cannot be reached (${health})`);
  for (const game of catalog) {
    await page.evaluate((g) => { location.hash = `#/analysis/${g}`; }, game.name);
    await page.waitForFunction((g) => app.analysis?.game.game === g && document.querySelector('#board-frame svg [data-site]'), game.name);
    const computer = game.colours[0];
    await page.selectOption('#analysis-computer', computer);
    const end = await playWholeGame(page, computer);
    log(`offline, ${game.name}: a whole game against the computer, ${end.plies} plies, ${end.outcome.draw ? 'drawn' : `${end.outcome.winner_colour} won`}`);
    await page.selectOption('#analysis-computer', '');
    await page.evaluate(() => analysisGoTo(1));
    await page.waitForFunction(() => !app.busy && app.analysis.moves.length === 1);
    await page.click('#analysis-engine');
    await page.waitForFunction(() => app.analysis?.engine, null, { timeout: 120000 });
    check(await page.evaluate(() => typeof app.analysis.engine.move === 'string'), `offline, ${game.name}: the engine's opinion`);
    await page.evaluate((g) => { location.hash = `#/rules/${g}`; }, game.name);
    await page.waitForSelector('#rules-body li');
    await page.waitForSelector('#rules-diagram figure svg');
    check(true, `offline, ${game.name}: the rules and the board's diagram`);
  }

  // The games are kept on the device; each exports as JSON and SGF from the engine's records.
  const games = await page.evaluate(() => localGames());
  check(games.length === catalog.length, `the ${catalog.length} games are kept on the device (${games.length})`);
  await page.evaluate((g) => { location.hash = `#/analysis/${g}`; }, catalog[0].name);
  await page.waitForSelector('#local-games:not([hidden])');
  await page.evaluate(() => { $('local-games').open = true; });
  for (const format of ['json', 'sgf']) {
    const [download] = await Promise.all([page.waitForEvent('download'),
      page.click(`#local-games-list li:first-child button[data-format="${format}"]`)]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    const ok = format === 'json' ? JSON.parse(text).moves?.length === games[0].moves.length : text.startsWith('(;');
    check(ok, `a kept game exports as ${format.toUpperCase()} (${download.suggestedFilename()})`);
  }
  await run.screenshot(page, 'offline-phone', { fullPage: true });
  await context.close();
  check(errors.every((e) => /Failed to fetch|cannot reach|ERR_INTERNET_DISCONNECTED|net::/.test(e)),
        `no errors in the page but the unreachable server's: ${errors.join('; ')}`);
  log('offline: installable; every game played against the computer, analysed and its rules read with no network');
  return 0;
});
