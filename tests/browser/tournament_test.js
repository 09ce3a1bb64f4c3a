// SPDX-License-Identifier: Apache-2.0
// Browser test of the tournament pages: `node tournament_test.js BUILD_DIR`.
// Tournaments made and played through the JSON API: an open one joined from the page's
// button, a running round robin (standings, cross table, the round's boards linked), a
// finished knockout of six (the bracket with byes and a replayed draw, the winner) and a
// finished 8-player Swiss (the standings with Buchholz), at a phone and a desktop size: no
// sideways scroll on the phone, readable contrast, no page errors.  Then the form of the
// list page: the server's one-line errors shown, a Swiss with a game option, a start time
// typed in a time zone far from UTC, unrated boards and time limits created from a phone,
// joined by its creator and by a second player on a desktop, and started by its creator.
// Screenshots of the running and the finished tournaments at both sizes
// (tournament-*.png in BUILD_DIR/browser-screenshots).
'use strict';

const { Run, apiCall, check, log, noSidewaysScroll, signedInPage, signUp, smallTapTargets } = require('./support');

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

// The error the server gives for a body of POST /api/tournaments (the page must show it).
async function serverError(base, body, token) {
  const r = await fetch(`${base}/api/tournaments`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  check(r.status === 400, `the server refuses ${JSON.stringify(body)}`);
  return (await r.json()).error;
}

// The UTC seconds of a wall-clock time 'YYYY-MM-DDTHH:MM' in `zone` (Intl knows the zone's offset).
function zonedSeconds(local, zone) {
  const asUtc = Date.parse(`${local}:00Z`);
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
  }).formatToParts(asUtc).map((p) => [p.type, p.value]));
  const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`);
  return (asUtc - (shown - asUtc)) / 1000;
}

// Submits the tournament form and waits for its message (an error) to read `want`.
async function submitExpectingError(page, want) {
  await page.click('#tournament-create-form button[type=submit]');
  await page.waitForFunction((w) => document.querySelector('#tournament-create-message').textContent === w, want);
}

// The form of the list page, from a phone in New York (ada) and a desktop (bo): errors as
// the server words them, then a Swiss created, joined by both and started by ada.
async function createFromTheForm(run, catalog, tokens, errors) {
  const base = run.base;
  const phone = { name: 'phone', width: 390, height: 844 };
  const zone = 'America/New_York';
  const page = await signedInPage(run, phone, 'ada', tokens.ada, errors, { timezoneId: zone });
  await go(page, '#/tournaments');
  await page.waitForSelector('#tournament-create-form:not([hidden]) #tournament-game option', { state: 'attached' });
  // The game and its options come from the catalog: the last game, its first option changed.
  const game = catalog.games[catalog.games.length - 1];
  await page.selectOption('#tournament-game', game.name);
  check((await page.$$('#tournament-options [data-option]')).length === game.options.length, 'the form shows the game\'s options');
  const options = {};
  const option = game.options[0];
  if (option) {
    const id = `#tournament-option-${option.name}`;
    if (option.type === 'integer') {
      // Two apart keeps an odd size odd.
      options[option.name] = String(option.default + 2 <= option.max ? option.default + 2 : option.default - 2);
      await page.fill(id, options[option.name]);
    } else {
      options[option.name] = option.choices.find((c) => c !== option.default);
      await page.selectOption(id, options[option.name]);
    }
  }
  // Other than the standard options: the form says the games will be unrated (issue 57 item 5).
  if (option) await page.waitForSelector('#tournament-rated:disabled:not(:checked)');
  await page.selectOption('#tournament-format', 'swiss');
  check(await page.isVisible('#tournament-round-count'), 'a Swiss asks for its rounds');
  await page.fill('#tournament-min', '5');
  await page.fill('#tournament-max', '3');
  await submitExpectingError(page, await serverError(base, { game: game.name, format: 'swiss', rounds: 3, players: '5-3', start: 'full' }, tokens.ada));
  await page.fill('#tournament-min', '2');
  await page.fill('#tournament-max', '4');
  await submitExpectingError(page, await serverError(base, { game: game.name, format: 'swiss', rounds: 3, players: '2-4', start: 'full' }, tokens.ada));
  check((await page.textContent('#tournament-create-message')).startsWith('-rounds must be'), 'the rounds error is the server\'s line');
  await page.fill('#tournament-round-count', '1');
  await page.check('#tournament-start-date');
  const day = new Date(Date.now() + 3 * 86400 * 1000).toISOString().slice(0, 10);
  const local = `${day}T18:30`;
  await page.fill('#tournament-start-at', local);
  await page.fill('#tournament-nagtime', '3');
  await page.fill('#tournament-forfeittime', '10');
  await page.uncheck('#tournament-rated');
  const small = await smallTapTargets(page, '#tournament-create-form');
  check(small.length === 0, `phone: the form's controls are 44 px or more: ${small.join(', ')}`);
  await noSidewaysScroll(page, 'tournament form', phone);
  await run.screenshot(page, 'tournament-form-phone', { fullPage: true });
  await page.click('#tournament-create-form button[type=submit]');
  await page.waitForSelector('#tournament-view[data-status="open"]');
  const id = Number(await page.evaluate(() => location.hash.split('/')[2]));
  let t = await apiCall(base, 'GET', `/api/tournaments/${id}`);
  check(t.game === game.name && t.format === 'swiss' && t.rounds === 1 && t.min_players === 2 && t.max_players === 4,
    `the form's tournament: ${JSON.stringify(t)}`);
  check(t.starts_at === zonedSeconds(local, zone), `${local} in ${zone} is ${t.starts_at} (want ${zonedSeconds(local, zone)})`);
  check(t.rated === false && t.options.nagtime === '3' && t.options.forfeittime === '10', 'unrated, 3 and 10 days');
  for (const [name, value] of Object.entries(options)) check(t.options[name] === value, `the option ${name}=${value}`);
  check(t.creator === 'ada' && t.players.length === 0, 'the creator does not play until they join');
  // ada joins from her phone, bo from a desktop; ada starts it.
  await page.click('#tournament-actions button[data-action="join"]');
  await page.waitForSelector('#tournament-actions button[data-action="leave"]');
  const desktop = await signedInPage(run, { name: 'desktop', width: 1280, height: 800 }, 'bo', tokens.bo, errors);
  await go(desktop, `#/tournament/${id}`);
  await desktop.waitForSelector('#tournament-view[data-status="open"]');
  check(await desktop.isHidden('#tournament-actions button[data-action="start"]'), 'only the creator may start it');
  await desktop.click('#tournament-actions button[data-action="join"]');
  await desktop.waitForSelector('#tournament-actions button[data-action="leave"]');
  await page.click('#tournament-actions button[data-action="start"]');
  await page.waitForSelector('#tournament-view[data-status="running"] #tournament-rounds a[href^="#/board/"]');
  t = await apiCall(base, 'GET', `/api/tournaments/${id}`);
  const boards = t.games.filter((g) => g.board);
  check(t.status === 'running' && t.round === 1 && boards.length === 1, 'started: round 1 has its board');
  check([boards[0].first, boards[0].second].sort().join() === 'ada,bo', 'ada meets bo');
  const board = await apiCall(base, 'GET', `/api/games/${boards[0].board}`);
  for (const [name, value] of Object.entries(options)) check(board.options[name] === value, `the board has ${name}=${value}`);
  check(board.rated === false, 'the board is unrated');
  await desktop.context().close();
  await page.context().close();
  log('the form: a Swiss created on a phone, joined by two, started');
}

Run.main('tournament browser test', 150000, async (run) => {
  const base = run.base;
  const catalog = await apiCall(base, 'GET', '/api/catalog');
  const game = catalog.games[0].name;  // the server's own first game: the page learns names from it
  const tokens = {};
  const players = ['ada', 'bo', 'cy', 'di', 'eve', 'fay', 'gus', 'hal'];
  for (const user of ['host', ...players]) tokens[user] = await signUp(base, user, PASSWORD);
  const common = { game, players: '4-4', start: 'full' };
  const running = await tournamentWith(base, tokens.host, tokens, players.slice(0, 4), { ...common, format: 'roundrobin' });
  await playRound(base, running, tokens);
  // A knockout of six: a bracket of eight with byes for the top two; a drawn game is replayed.
  // (of a game whose rules have draws: the catalog's first such; the others offer none)
  const drawable = catalog.games.find((g) => g.draws !== false).name;
  const knockout = await tournamentWith(base, tokens.host, tokens, players.slice(0, 6), { ...common, game: drawable, players: '6-6', format: 'knockout' });
  let k = await apiCall(base, 'GET', `/api/tournaments/${knockout}`);
  const drawn = k.games.find((g) => g.board && g.outcome === 'pending');
  await apiCall(base, 'POST', `/api/games/${drawn.board}/propose`, { kind: 'draw' }, tokens[drawn.first]);
  await apiCall(base, 'POST', `/api/games/${drawn.board}/accept`, {}, tokens[drawn.second]);
  while (k.status === 'running') k = await playRound(base, knockout, tokens);
  check(k.status === 'finished' && k.games.some((g) => g.replay === 1), 'the knockout is finished, a draw replayed');
  const swiss = await tournamentWith(base, tokens.host, tokens, players, { ...common, format: 'swiss', rounds: 3, players: '8-8' });
  let w = await apiCall(base, 'GET', `/api/tournaments/${swiss}`);
  while (w.status === 'running') w = await playRound(base, swiss, tokens);
  check(w.status === 'finished' && w.games.length === 12, 'the Swiss of 8 is finished after 3 rounds');
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
    check((await page.textContent('#tournament-ranking')).includes('Sonneborn-Berger'), `${size.name}: the tie-breaks are named`);
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
    check((await page.$$('.bracket-round')).length === 3, `${size.name}: a bracket of three rounds`);
    check((await page.textContent('#tournament-bracket')).includes('replay 1'), `${size.name}: the replay is in the bracket`);
    check((await page.textContent('#tournament-ranking')).includes('by rounds won'), `${size.name}: a knockout ranks by rounds won`);
    check((await page.textContent('#tournament-status')).includes('Winner: ada'), `${size.name}: the winner is shown`);
    await noSidewaysScroll(page, 'finished tournament', size);
    await run.screenshot(page, `tournament-finished-${size.name}`, { fullPage: true });
    // The finished Swiss: the final standings with Buchholz.
    await go(page, `#/tournament/${swiss}`);
    await page.waitForSelector('#tournament-view[data-status="finished"]');
    await page.waitForSelector('#tournament-standings-body tr:nth-child(8)');
    check((await page.textContent('#tournament-ranking')).includes('Buchholz'), `${size.name}: the Swiss names Buchholz`);
    check(await page.isHidden('#tournament-cross-box') && await page.isHidden('#tournament-bracket-box'), `${size.name}: a Swiss has neither cross table nor bracket`);
    const top = w.standings[0];
    check((await page.textContent('#tournament-standings-body tr:first-child')).includes(`${top.player}`), `${size.name}: ${top.player} leads`);
    await noSidewaysScroll(page, 'finished Swiss', size);
    await run.screenshot(page, `tournament-finished-swiss-${size.name}`, { fullPage: true });
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
  await createFromTheForm(run, catalog, tokens, errors);
  check(errors.length === 0, `no errors in the page: ${errors.join('; ')}`);
  return 0;
});
