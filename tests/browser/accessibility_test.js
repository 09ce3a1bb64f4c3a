// SPDX-License-Identifier: Apache-2.0
// Accessibility of every view, checked by a real engine: `node accessibility_test.js BUILD_DIR`.
// axe-core (npm @axe-core/playwright) runs on the home page (signed out and in), the lobby,
// a board of each game (to play, and one only watched), the rules, an analysis, the
// standings, a player page, the settings, the tournaments with the form to create one, a
// running and a finished tournament, a comment's report form, a finished board's rematch and
// the administrators' page as a player sees it, at phone and desktop size: no serious or
// critical violation (none of any impact on the boards, the tournament, report, rematch and
// administrators' views).  Then a board is played with the keyboard alone (one Tab stop, the
// arrow keys, Enter), and the move is announced in a live region.
// Screenshots of every view go to BUILD_DIR/browser-screenshots (a11y-SIZE-VIEW.png).
'use strict';

const { AxeBuilder } = require('@axe-core/playwright');
const { Run, apiCall, check, log, signedInPage, signUp } = require('./support');

const PASSWORD = 'a-long-password';
const SIZES = [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }];

// ARIA that axe cannot judge alone and leaves for review ("incomplete"), which the page must
// not need: an aria-label on an element whose role does not take one (a board's 226 sites
// once were such).
const REVIEWED = ['aria-prohibited-attr'];

// The serious and critical violations of the page as it stands (with `strict`, every
// violation, minor and moderate too; with `reviewed`, the REVIEWED ones axe leaves for
// review too), one line each.
async function violations(page, strict, reviewed) {
  const result = await new AxeBuilder({ page }).analyze();
  const impacts = result.violations.map((v) => `${v.id} (${v.impact})`);
  log(`axe: ${result.passes.length} rules pass, ${result.violations.length} violated${impacts.length ? `: ${impacts.join(', ')}` : ''}`);
  const found = result.violations.filter((v) => strict || v.impact === 'serious' || v.impact === 'critical');
  if (reviewed) found.push(...result.incomplete.filter((v) => REVIEWED.includes(v.id)));
  return found.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''})`);
}

async function showView(page, hash, ready) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForSelector(ready);
  await page.waitForTimeout(200);  // lists filled in after their requests
}

// Every view is audited before the test judges, so one run lists all that is wrong.
const problems = [];
async function audit(run, page, size, name, strict = false, reviewed = false) {
  const found = await violations(page, strict, reviewed);
  if (found.length) problems.push(`${size.name} ${name}:\n    ${found.join('\n    ')}`);
  else check(true, `${size.name} ${name}: no ${strict ? '' : 'serious or critical '}violation`);
  await run.screenshot(page, `a11y-${size.name}-${name}`, { fullPage: true });
}

// Plays a legal action of the page's board with the keyboard alone: Tab until the board has
// the focus (it is one stop), the arrow keys until a playable site has it, then Enter.
async function playByKeyboard(page, moves) {
  const onBoard = () => page.evaluate(() => Boolean(document.activeElement?.matches('#board-frame [data-site]')));
  for (let i = 0; i < 60 && !(await onBoard()); i++) await page.keyboard.press('Tab');
  if (!(await onBoard())) throw new Error('Tab does not reach the board');
  for (let i = 0; i < 60; i++) {
    const focused = await page.evaluate(() => {
      const e = document.activeElement;
      return e && e.matches('#board-frame [data-site].playable') ? e.getAttribute('data-site') : null;
    });
    if (focused) {
      await page.keyboard.press('Enter');
      await page.waitForSelector(`#board-view[data-moves="${moves + 1}"]`);
      return focused;
    }
    await page.keyboard.press(i % 12 < 6 ? 'ArrowRight' : 'ArrowDown');
  }
  throw new Error('no playable site took the focus by the arrow keys');
}

Run.main('accessibility test', 420000, async (run) => {
  const tokens = {};
  for (const user of ['alice', 'bob']) tokens[user] = await signUp(run.base, user, PASSWORD, 'all');
  const catalog = (await apiCall(run.base, 'GET', '/api/catalog')).games.map((g) => g.name);
  const boards = {};
  for (const game of catalog) {
    boards[game] = (await apiCall(run.base, 'POST', '/api/games', { game, options: {}, players: ['alice', 'bob'] }, tokens.alice)).board;
  }
  // A finished rated game, so the standings and the player page have something to show.
  await apiCall(run.base, 'POST', `/api/games/${boards.ndengrod}/resign`, {}, tokens.bob);
  // A running round robin of four (a cross table) and a finished knockout of two (a bracket).
  for (const user of ['carol', 'dave']) tokens[user] = await signUp(run.base, user, PASSWORD, 'all');
  const tournament = async (format, players) => {
    const t = (await apiCall(run.base, 'POST', '/api/tournaments', { game: catalog[0], format, players: `${players.length}-${players.length}`, start: 'full' }, tokens.alice)).tournament;
    for (const user of players) await apiCall(run.base, 'POST', `/api/tournaments/${t.id}/join`, {}, tokens[user]);
    return apiCall(run.base, 'GET', `/api/tournaments/${t.id}`);
  };
  const roundRobin = (await tournament('roundrobin', ['alice', 'bob', 'carol', 'dave'])).id;
  const knockout = await tournament('knockout', ['carol', 'dave']);
  await apiCall(run.base, 'POST', `/api/games/${knockout.games[0].board}/resign`, {}, tokens.dave);
  // A board alice only watches (no site of it is hers to play).
  const watched = (await apiCall(run.base, 'POST', '/api/games', { game: 'trellis', options: {}, players: ['carol', 'dave'] }, tokens.carol)).board;
  // An open one, named, with the settings of its boards and a player waiting.
  const open = (await apiCall(run.base, 'POST', '/api/tournaments',
    { name: 'Friday blitz', game: catalog[0], format: 'swiss', rounds: 2, players: '4-8', start: 'full' }, tokens.alice)).tournament;
  await apiCall(run.base, 'POST', `/api/tournaments/${open.id}/join`, {}, tokens.bob);
  // bob's comment, which alice may report.
  await apiCall(run.base, 'POST', `/api/games/${boards['n-mesh']}/comment`, { text: 'a comment to report' }, tokens.bob);
  const errors = [];
  for (const size of SIZES) {
    const context = await run.browser.newContext({ viewport: size, hasTouch: size.name === 'phone', isMobile: size.name === 'phone' });
    const signedOut = await context.newPage();
    await signedOut.goto(`${run.base}/`);
    await signedOut.waitForSelector('#welcome:not([hidden]) #catalog li');
    await audit(run, signedOut, size, 'home-signed-out');
    await context.close();

    const page = await signedInPage(run, size, 'alice', tokens.alice, errors);
    await showView(page, '#/', '#welcome:not([hidden]) #catalog li');
    await audit(run, page, size, 'home');
    await showView(page, '#/lobby', '#lobby-view:not([hidden])');
    await audit(run, page, size, 'lobby');
    // The boards are held to no violation of any impact, and to no label where a role takes
    // none even where axe only asks for a review (their sites once had labels and no role).
    for (const game of catalog) {
      await showView(page, `#/board/${boards[game]}`, '#board-frame svg [data-site]');
      await audit(run, page, size, `board-${game}`, true, true);
    }
    await showView(page, `#/board/${watched}`, '#board-frame svg [data-site]');
    await audit(run, page, size, 'board-watched', true, true);
    await showView(page, '#/rules/epoxy', '#rules-diagram svg');
    await audit(run, page, size, 'rules');
    await showView(page, `#/board/${boards.ndengrod}`, '#board-frame svg [data-site]');
    await page.click('#analyse-button');
    await page.waitForSelector('#analysis:not([hidden])');
    await audit(run, page, size, 'analysis');
    await showView(page, '#/standings/ndengrod', '#standings-view:not([hidden]) #standings-body tr');
    await audit(run, page, size, 'standings');
    await showView(page, '#/player/alice', '#player-view:not([hidden]) #player-ratings-body tr');
    await audit(run, page, size, 'player');
    await showView(page, '#/settings', '#settings-view:not([hidden])');
    await audit(run, page, size, 'settings');
    // The notification list open over the home view (issue 58), of any impact.
    await showView(page, '#/', '#welcome:not([hidden]) #catalog li');
    await page.click('#notify-bell');
    await page.waitForSelector('#notify-panel:not([hidden]) #notify-list li');
    await audit(run, page, size, 'notifications', true);
    await page.click('#notify-bell');
    // The views of issue 57 too, of any impact: a finished board's rematch, the administrators'
    // page as a player sees it (admin_test.js audits an administrator's).
    await showView(page, `#/board/${boards.ndengrod}`, '#rematch:not([hidden]) #rematch-button');
    await audit(run, page, size, 'board-rematch', true);
    await showView(page, '#/admin', '#admin-denied:not([hidden])');
    await audit(run, page, size, 'admin-denied', true);
    // The views of issue 47 are held to no violation at all, of any impact.
    await showView(page, '#/tournaments', '#tournament-create-form:not([hidden]) #tournament-options [data-option]');
    await audit(run, page, size, 'tournaments', true);
    await page.selectOption('#tournament-format', 'swiss');
    await page.check('#tournament-start-date');
    await audit(run, page, size, 'tournament-form-swiss', true);
    await showView(page, `#/tournament/${open.id}`, '#tournament-view[data-status="open"] #tournament-standings-body tr');
    await audit(run, page, size, 'tournament-open', true);
    await showView(page, `#/tournament/${roundRobin}`, '#tournament-cross tbody tr');
    await audit(run, page, size, 'tournament-running', true);
    await showView(page, `#/tournament/${knockout.id}`, '#tournament-view[data-status="finished"] .bracket-round');
    await audit(run, page, size, 'tournament-finished', true);
    await showView(page, `#/board/${boards['n-mesh']}`, '#board-frame svg [data-site]');
    await page.evaluate(() => { document.getElementById('comments-box').open = true; });
    await page.click('#comments button.comment-report-button');
    await page.waitForSelector('#comments .comment-report-form input');
    await audit(run, page, size, 'comment-report', true);
    await page.context().close();
    log(`every view at ${size.name} size: ok`);
  }

  check(problems.length === 0, `axe finds violations:\n  ${problems.join('\n  ')}`);

  // Keyboard alone, and the move announced: alice plays on N-Mesh by Tab and Enter; bob's
  // page, open on the board, says in its live region what alice played.
  const alice = await signedInPage(run, SIZES[1], 'alice', tokens.alice, errors);
  const bob = await signedInPage(run, SIZES[1], 'bob', tokens.bob, errors);
  await showView(alice, `#/board/${boards['n-mesh']}`, '#board-frame svg [data-site].playable');
  await showView(bob, `#/board/${boards['n-mesh']}`, '#board-frame svg [data-site]');
  const site = await playByKeyboard(alice, 0);
  check(Boolean(site), `alice played ${site} with the keyboard alone`);
  const live = await bob.waitForFunction((s) => {
    const region = document.querySelector('#announcer');
    return region && region.getAttribute('aria-live') && region.textContent.includes(s) ? region.textContent : null;
  }, site);
  log(`bob's live region: ${await live.jsonValue()}`);
  check(true, 'the move is announced in a live region');
  // Bob answers (by the API); on alice's page his stone carries the second colour's mark.
  const state = await apiCall(run.base, 'GET', `/api/games/${boards['n-mesh']}`);
  const reply = state.actions.find((a) => a.ends_turn);
  await apiCall(run.base, 'POST', `/api/games/${boards['n-mesh']}/move`, { move: reply.text, move_number: state.next_move_number }, tokens.bob);
  await alice.waitForSelector('#board-view[data-moves="2"]');
  const second = state.colours[1];
  const marks = await alice.evaluate((c) => ({
    stones: document.querySelectorAll(`#board-frame .stone-${c}`).length,
    marks: document.querySelectorAll('#board-frame .colour-mark').length,
  }), second);
  check(marks.stones === 1 && marks.marks === 1, `the ${second} stone carries a mark besides its colour (${JSON.stringify(marks)})`);
  const announced = await alice.textContent('#announcer');
  check(announced.includes(`bob played ${reply.text}`), `alice hears bob's move: "${announced}"`);
  check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
});
