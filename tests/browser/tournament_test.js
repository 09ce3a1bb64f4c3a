// Browser test of the tournament pages: `node tournament_test.js BUILD_DIR`.
// Tournaments made and played through the JSON API: an open one joined from the page's
// button, a running round robin (standings, cross table, the round's boards linked) and a
// finished knockout (the bracket, the winner), at a phone and a desktop size: no sideways
// scroll on the phone, readable contrast, no page errors.  Screenshots of the running and
// the finished tournament at both sizes.
'use strict';

const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp } = require('./support');

const PASSWORD = 'tournament-pw';

async function go(page, hash) {
  await page.evaluate((h) => { location.hash = h; }, hash);
}

// Ends every board of the tournament being played: the better seed (the lower number) wins.
async function playRound(base, id, tokens) {
  const t = await apiCall(base, 'GET', `/api/tournaments/${id}`);
  const seed = Object.fromEntries(t.players.map((p) => [p.player, p.seed]));
  for (const g of t.games) {
    if (g.outcome !== 'pending' || !g.board) continue;
    const loser = seed[g.first] < seed[g.second] ? g.second : g.first;
    await apiCall(base, 'POST', `/api/games/${g.board}/resign`, {}, tokens[loser]);
  }
  return apiCall(base, 'GET', `/api/tournaments/${id}`);
}

async function tournamentWith(base, creatorToken, tokens, players, body) {
  const t = (await apiCall(base, 'POST', '/api/tournaments', body, creatorToken)).tournament;
  for (const p of players) await apiCall(base, 'POST', `/api/tournaments/${t.id}/join`, {}, tokens[p]);
  return t.id;
}

Run.main('tournament browser test', 150000, async (run) => {
  const base = run.base;
  const catalog = await apiCall(base, 'GET', '/api/catalog');
  const game = catalog.games[0].name;  // the server's own first game: the page learns names from it
  const tokens = {};
  const players = ['ada', 'bo', 'cy', 'di', 'eve'];
  for (const user of ['host', ...players]) tokens[user] = await signUp(base, user, PASSWORD);
  const common = { game, players: '4-4', start: 'full' };
  const running = await tournamentWith(base, tokens.host, tokens, players.slice(0, 4), { ...common, format: 'roundrobin' });
  await playRound(base, running, tokens);
  const knockout = await tournamentWith(base, tokens.host, tokens, players.slice(0, 4), { ...common, format: 'knockout' });
  let k = await apiCall(base, 'GET', `/api/tournaments/${knockout}`);
  while (k.status === 'running') k = await playRound(base, knockout, tokens);
  check(k.status === 'finished', 'the knockout is finished');
  const open = (await apiCall(base, 'POST', '/api/tournaments', { ...common, format: 'swiss', rounds: 2, players: '4-8' }, tokens.host)).tournament.id;
  const errors = [];
  for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }]) {
    const page = await signedInPage(run, size, 'eve', tokens.eve, errors);
    await go(page, '#/tournaments');
    await page.waitForSelector(`[data-tournament="${running}"]`);
    check((await page.textContent(`[data-tournament="${running}"]`)).includes('round 2 of 3'), `${size.name}: the list shows the running round`);
    await noSidewaysScroll(page, 'tournament list', size);
    // The running round robin: standings, cross table, round 2's boards linked.
    await go(page, `#/tournament/${running}`);
    await page.waitForSelector('#tournament-view[data-status="running"]');
    await page.waitForSelector('#tournament-cross tbody tr');
    check((await page.$$('#tournament-standings-body tr')).length === 4, `${size.name}: four players in the standings`);
    check((await page.textContent('#tournament-standings-title')).includes('Sonneborn-Berger'), `${size.name}: the tiebreak is named`);
    check((await page.$$('#tournament-rounds a[href^="#/board/"]')).length >= 4, `${size.name}: the rounds link their boards`);
    await noSidewaysScroll(page, 'running tournament', size);
    await run.screenshot(page, `tournament-running-${size.name}`, { fullPage: true });
    // A round's board link opens the board.
    const link = await page.getAttribute('#tournament-rounds a[href^="#/board/"]', 'href');
    await page.click(`#tournament-rounds a[href="${link}"]`);
    await page.waitForSelector('#board-frame svg [data-site]');
    check(true, `${size.name}: a round's board opens from its link`);
    // The finished knockout: the bracket and the winner.
    await go(page, `#/tournament/${knockout}`);
    await page.waitForSelector('#tournament-view[data-status="finished"]');
    await page.waitForSelector('.bracket-round');
    check((await page.$$('.bracket-round')).length === 2, `${size.name}: a bracket of two rounds`);
    check((await page.textContent('#tournament-summary')).includes('winner: ada'), `${size.name}: the winner is shown`);
    await noSidewaysScroll(page, 'finished tournament', size);
    await run.screenshot(page, `tournament-finished-${size.name}`, { fullPage: true });
    // An open one: eve joins from the page (the phone), then leaves (the desktop).
    await go(page, `#/tournament/${open}`);
    await page.waitForSelector('#tournament-view[data-status="open"]');
    const action = size.name === 'phone' ? 'join' : 'leave';
    await page.click(`#tournament-actions button[data-action="${action}"]`);
    await page.waitForFunction((want) => !!document.querySelector(`#tournament-actions button[data-action="${want}"]`),
      action === 'join' ? 'leave' : 'join');
    const t = await apiCall(base, 'GET', `/api/tournaments/${open}`);
    check(t.players.some((p) => p.player === 'eve') === (action === 'join'), `${size.name}: eve ${action}s from the page`);
    await page.context().close();
    log(`${size.name}: tournament pages ok`);
  }
  check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
  return 0;
});
