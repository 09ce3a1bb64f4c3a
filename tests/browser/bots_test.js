// SPDX-License-Identifier: Apache-2.0
// Browser test of the BOT badge (docs/bots.md, issue 60): `node bots_test.js BUILD_DIR`.  At a
// phone (390x844) and a desktop (1280x800) size, alice invites a bot account; her lobby shows
// the invitation "to engine BOT"; the bot joins (its bot token); the board's players and the
// bot's player page show the badge, and axe-core finds no violation in either view.
'use strict';

const { AxeBuilder } = require('@axe-core/playwright');
const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp } = require('./support');

const PASSWORD = 'bots-pw-1';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

async function noAxeViolations(page, selector, what) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  check(result.violations.length === 0,
    `${what}: axe: ${result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`).join('; ')}`);
}

Run.main('bots browser test', 300000, async (run) => {
  for (const size of SIZES) {
    const alice = `alice${size.name}`;
    const engine = `engine${size.name}`;
    const tokens = { [alice]: await signUp(run.base, alice, PASSWORD, 'all'), [engine]: await signUp(run.base, engine, PASSWORD, 'ask') };
    await apiCall(run.base, 'POST', '/api/me/bot', { password: PASSWORD }, tokens[engine]);
    const { token: botToken } = await apiCall(run.base, 'POST', '/api/me/bot-tokens', { password: PASSWORD }, tokens[engine]);
    const { offer } = await apiCall(run.base, 'POST', '/api/games', { game: 'ndengrod', options: { size: '4' }, players: [alice, engine] }, tokens[alice]);
    const errors = [];
    const page = await signedInPage(run, size, alice, tokens[alice], errors);

    await page.evaluate(() => { location.hash = '#/lobby'; });
    const item = `#offers-out [data-offer="${offer.id}"]`;
    await page.waitForSelector(`${item} .bot-badge`);
    check((await page.textContent(item)).includes(`to ${engine} BOT`), `${size.name}: the invitation names the bot: ${await page.textContent(item)}`);
    await noSidewaysScroll(page, 'lobby', size);

    const { board } = await apiCall(run.base, 'POST', `/api/offers/${offer.id}/join`, {}, botToken);
    await page.evaluate((b) => { location.hash = `#/board/${b}`; }, board);
    await page.waitForSelector('#players .bot-badge');
    const names = await page.$$eval('#players .player-text', (items) => items.map((i) => i.textContent));
    check(names[1].startsWith(`${engine} BOT`) && !names[0].includes('BOT'), `${size.name}: the bot's seat has the badge: ${names.join(' / ')}`);
    await noAxeViolations(page, '#players', `${size.name}: the board's players`);
    await noSidewaysScroll(page, 'board with a bot', size);
    await run.screenshot(page, `bots-${size.name}-board`);

    await page.evaluate((u) => { location.hash = `#/player/${u}`; }, engine);
    await page.waitForSelector('#player-title .bot-badge');
    await noAxeViolations(page, '#player-view', `${size.name}: the bot's page`);
    check(errors.length === 0, `${size.name}: no page errors: ${errors.join('; ')}`);
    await page.context().close();
    log(`${size.name}: the badge in the lobby, on the board and on the player page`);
  }
});
