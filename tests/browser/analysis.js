// SPDX-License-Identifier: Apache-2.0
// Browser checks of the analysis mode's address: the link of a variation (copied with the
// page's button) opens the same position, analysis text and move list in a new page; a link
// with no board opens a loose analysis whose address follows its moves and whose line the
// buttons step through.
'use strict';

const { check, lowContrastText, STEP_TIMEOUT_MS } = require('./support');

// What an analysis shows, to compare two pages.
async function analysisView(page) {
  return page.evaluate(() => ({
    stones: [...document.querySelectorAll('#board-frame svg .stone')]
      .map((s) => `${s.getAttribute('data-stone')}:${s.getAttribute('class')}`).sort(),
    text: document.querySelector('#analysis-text').textContent,
    status: document.querySelector('#status').textContent,
    moves: [...document.querySelectorAll('#move-list .move-entry')].map((e) => e.textContent),
    shown: document.querySelector('#board-view').dataset.moves,
  }));
}

// The link of the analysis on `page` (after its copy button), opened in a new page of the
// same browser context: the same position and move list.
async function sharedLink(run, page, game, label) {
  await page.click('#analysis-copy');
  await page.waitForFunction(() => document.querySelector('#analysis-copied').textContent !== '');
  const link = await page.inputValue('#analysis-link');
  check(link === page.url() && link.includes(`#/analysis/${game}?`) && link.includes('moves='),
    `${label}: the address is the analysis link (${link})`);
  const before = await analysisView(page);
  const other = await page.context().newPage();
  other.setDefaultTimeout(STEP_TIMEOUT_MS);
  await other.goto(link);
  await other.waitForSelector(`#board-view[data-moves="${before.shown}"]:not([hidden]) #board-frame svg [data-site]`);
  await other.waitForSelector('#analysis:not([hidden])');
  // The movers of a linked variation arrive after the position: wait for the same list.
  await other.waitForFunction((n) => document.querySelectorAll('#move-list .move-entry').length === n, before.moves.length);
  const after = await analysisView(other);
  check(JSON.stringify(after) === JSON.stringify(before),
    `${label}: the link opens the same analysis (${JSON.stringify(after)} against ${JSON.stringify(before)})`);
  const faint = await lowContrastText(other);
  check(faint.length === 0, `${label}: the analysis text meets WCAG contrast: ${faint.join('; ')}`);
  await run.screenshot(other, `analysis-link-${game}-${label.split(' ').pop()}`);
  await other.close();
}

// A link naming no board, opened in a fresh page by somebody not signed in.
async function looseAnalysis(run, base, errors, collectErrors) {
  const context = await run.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  collectErrors(page, errors, ' (loose analysis)');
  // A link of the older form, its plies separated by commas, still opens.
  await page.goto(`${base}/#/analysis/ndengrod?size=5&moves=e5,d4`);
  await page.waitForSelector('#board-view[data-moves="2"]:not([hidden]) #board-frame svg [data-site]');
  check(await page.textContent('#board-title') === 'Analysis · Ndengrod', 'a loose analysis names its game');
  const view = await analysisView(page);
  check(JSON.stringify(view.stones) === JSON.stringify(['d4:stone stone-o', 'e5:stone stone-x']), `the link's stones are drawn (${view.stones})`);
  check(JSON.stringify(view.moves.map((m) => m.replace(/analysis$/, ''))) === '["1.e5","2.d4"]', `the link's moves are listed (${view.moves})`);
  check(await page.isHidden('#download-json') && await page.isHidden('#comments-box'), 'no record or comments without a board');
  // A move by tapping: the address follows; back and forth along the line.
  await page.tap('#board-frame svg [data-site="c3"]');
  await page.waitForSelector('#board-view[data-moves="3"]');
  check(page.url().endsWith('moves=e5+d4+c3'), `the address follows the analysis (${page.url()})`);
  await page.click('#replay-prev');
  await page.waitForSelector('#board-view[data-moves="2"]');
  check(page.url().endsWith('moves=e5+d4+c3&at=2'), `a step back is in the address (${page.url()})`);
  check((await analysisView(page)).moves.length === 3, 'the line stays in the move list after a step back');
  await page.click('#replay-next');
  await page.waitForSelector('#board-view[data-moves="3"]');
  check(true, 'the line is stepped through forwards again');
  await page.click('#move-list .move-entry[data-ply="1"]');
  await page.waitForSelector('#board-view[data-moves="1"]');
  check(true, 'a move of the line shows its position');
  await sharedLink(run, page, 'ndengrod', 'loose phone');
  await run.screenshot(page, 'analysis-loose-phone');
  // An illegal ply in a link: the position before it, and why.
  await page.evaluate(() => { location.hash = '#/analysis/ndengrod?size=5&moves=e5,e5'; });
  await page.waitForFunction(() => document.querySelector('#move-error').textContent.includes('occupied'));
  await page.waitForSelector('#board-view[data-moves="1"]');
  check(true, "a link's illegal move shows the position before it and the reason");
  // Options the game refuses: no position at all, and the page says why.
  await page.evaluate(() => { location.hash = '#/analysis/ndengrod?size=2'; });
  await page.waitForFunction(() => document.querySelector('#welcome-error').textContent.includes('bad option'));
  check(await page.isHidden('#board-view'), "a link's refused options show the reason instead of a board");
  await context.close();
}

module.exports = { looseAnalysis, sharedLink };
