// SPDX-License-Identifier: Apache-2.0
// The page in the reader's language (issue 61, docs/translating.md): `node i18n_test.js BUILD_DIR`.
// A browser asking for German (Accept-Language) gets the page in German: <html lang>, the
// header, the welcome sentence with its button moved where the translation puts it, the list
// of games with a count in its plural form, a date written the German way; no text of the
// catalogue is left in English on the views visited.  The language is then switched from the
// settings to Arabic, kept by the browser and the account (another device follows it): the
// page turns right to left (the sidebar on the other side), while the
// board and its coordinates keep their orientation; plurals follow Intl.PluralRules (Arabic's
// six forms).  Every shipped language gets axe-core with no violation at all on the home, the
// board and the settings views.  Screenshots of Arabic and Japanese at phone size go to
// BUILD_DIR/browser-screenshots (i18n-LANG-VIEW.png; docs/i18n/ keeps copies).
'use strict';

const { AxeBuilder } = require('@axe-core/playwright');
const { Run, apiCall, check, collectErrors, log, signUp, STEP_TIMEOUT_MS } = require('./support');

const PASSWORD = 'a-long-password';
const PHONE = { name: 'phone', width: 390, height: 844 };
const DESKTOP = { name: 'desktop', width: 1280, height: 800 };

// A signed-in page of `size` whose browser asks for `locale` (navigator.language and the
// Accept-Language header), `chosen` kept as the user's choice of language ('' for none).
async function pageIn(run, size, locale, user, token, errors, chosen = '') {
  const phone = size.width < 500;
  const context = await run.browser.newContext({ viewport: size, hasTouch: phone, isMobile: phone, deviceScaleFactor: 1, locale });
  await context.addInitScript(([t, u, c]) => {
    if (localStorage.getItem('ludus.test.started')) return;  // a reload keeps what the page chose
    localStorage.setItem('ludus.test.started', '1');
    localStorage.setItem('ludus.token', t);
    localStorage.setItem('ludus.user', u);
    if (c) localStorage.setItem('ludus.language', c);
  }, [token, user, chosen]);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  collectErrors(page, errors, ` (${locale}, ${size.name})`);
  await page.goto(`${run.base}/`);
  await page.waitForSelector('#welcome:not([hidden]) #catalog li');
  return page;
}

async function showView(page, hash, ready) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForSelector(ready);
  await page.waitForTimeout(200);  // lists filled in after their requests
}

// The texts shown that the catalogue translates but the page shows in English: each text node
// (and aria-label, title, placeholder) of the visible page whose words are a message of the
// catalogue with another translation (and no translation of another message).
async function untranslated(page) {
  return page.evaluate(() => {
    const found = [];
    const fold = (s) => s.replace(/\s+/g, ' ').trim();
    // A word the language shares with English ("Analyse": German's "Analysis", English's
    // button) is a translation, not an English text left over.
    const translations = new Set(Object.values(i18n.messages).flat());
    const english = (text) => typeof i18n.messages[text] === 'string' && i18n.messages[text] !== text && !translations.has(text);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) {
        if (node.parentElement.closest('[hidden], [translate="no"]')) continue;
        const text = fold(node.data);
        if (text && english(text)) found.push(text);
      } else {
        for (const name of ['aria-label', 'title', 'placeholder']) {
          const value = node.getAttribute(name);
          if (value && english(fold(value))) found.push(`${name}="${value}"`);
        }
      }
    }
    return found;
  });
}

async function axeViolations(page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')})`);
}

Run.main('i18n test', 600000, async (run) => {
  const tokens = {};
  for (const user of ['alice', 'bob']) tokens[user] = await signUp(run.base, user, PASSWORD, 'all');
  const newBoard = async (game) => (await apiCall(run.base, 'POST', '/api/games', { game, options: {}, players: ['alice', 'bob'] }, tokens.alice)).board;
  // A finished game of one turn (its line in the list counts its turns), and a live trellis board.
  const finished = await newBoard('ndengrod');
  const start = await apiCall(run.base, 'GET', `/api/games/${finished}`);
  const move = start.legal_moves.find((m) => m !== 'swap' && m !== 'pass');
  await apiCall(run.base, 'POST', `/api/games/${finished}/move`, { move, move_number: start.next_move_number }, tokens[start.to_move.user]);
  await apiCall(run.base, 'POST', `/api/games/${finished}/resign`, {}, tokens.bob);
  const live = await newBoard('trellis');
  const finishedBoard = await apiCall(run.base, 'GET', `/api/games/${finished}`);
  const turns = finishedBoard.turns_played;
  log(`board ${finished}: ${turns} turns played, finished; board ${live} live`);
  const errors = [];

  // --- German from Accept-Language ---------------------------------------------------------
  const de = await pageIn(run, DESKTOP, 'de-DE', 'alice', tokens.alice, errors);
  check(await de.getAttribute('html', 'lang') === 'de' && await de.getAttribute('html', 'dir') === 'ltr', 'de: <html lang="de" dir="ltr">');
  check(await de.textContent('.top-nav a[href="#/standings"]') === 'Tabelle', 'de: the header says Tabelle');
  check((await de.title()).endsWith('ludus: N-Mesh, Netted, Trellis, Ndengrod und Epoxy spielen'), `de: the tab's title in German (${await de.title()})`);
  check((await de.textContent('#welcome h1')).trim() === 'Willkommen bei ludus', 'de: the welcome heading');
  check(await de.textContent('#account-name .signed-in-as') === 'Angemeldet als ', 'de: the header says who is signed in');
  // The games' own texts come from the server's catalogue in the page's language, the side
  // names too (the colours stay the API's names).
  const nmesh = await de.$eval('#catalog li', (li) => li.textContent);
  check(nmesh.includes('(Schwarz / Weiß)') && nmesh.includes('Steine setzen'), `de: the game's summary and sides in German (${nmesh})`);
  // An error line of the server, in the page's language (the page sends it as Accept-Language).
  const refused = await de.evaluate(() => api('POST', '/api/login', { user: 'alice', password: 'not-her-password' }).then(() => '', (e) => e.message));
  check(refused === 'falsche Benutzerkennung oder falsches Passwort', `de: the server's error line in German (${refused})`);
  // The sentence whose link the translation moved: the links keep their targets.
  const sentence = await de.$eval('#welcome p[data-i18n-parts]', (p) => ({ text: p.textContent.replace(/\s+/g, ' ').trim(),
    links: [...p.querySelectorAll('a')].map((a) => `${a.getAttribute('href')}=${a.textContent}`) }));
  check(sentence.text.startsWith('Finde Gegner in der Lobby') && sentence.links.join(' ') === '#/lobby=Lobby #/standings=Tabelle #/settings=Einstellungen',
    `de: the welcome's links in the translated sentence (${sentence.links.join(' ')})`);
  // The list of all of alice's games: the finished one counts its turns in German's plural.
  await de.click('[data-filter="mine"]');
  await de.waitForSelector(`#game-list a[href="#/board/${finished}"]`);
  const line = await de.textContent(`#game-list a[href="#/board/${finished}"] .game-players`);
  check(line === `alice gegen bob · ${turns} ${turns === 1 ? 'Zug' : 'Züge'}`, `de: the finished game's line in German with its plural (${line})`);
  const badge = await de.textContent(`#game-list a[href="#/board/${finished}"] .badge`);
  check(badge === 'du hast gewonnen', `de: who won, in German (${badge})`);
  // A date written the German way: the player page's finished game.
  await showView(de, '#/player/alice', `#player-games li[data-board="${finished}"]`);
  const gameLine = await de.textContent(`#player-games li[data-board="${finished}"] .game-players`);
  const germanDate = await de.evaluate((s) => new Intl.DateTimeFormat('de', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(s * 1000)),
    finishedBoard.updated_at ?? Date.now() / 1000);
  check(gameLine.endsWith(germanDate) && /\d{1,2}\. \S+ \d{4}$/.test(germanDate), `de: the game's date in German (${gameLine})`);
  for (const [hash, ready] of [['#/', '#welcome:not([hidden]) #catalog li'], ['#/lobby', '#lobby-view:not([hidden])'],
    ['#/settings', '#settings-view:not([hidden])'], [`#/board/${live}`, '#board-frame svg [data-site]'], ['#/tournaments', '#tournaments-view:not([hidden])']]) {
    await showView(de, hash, ready);
    const english = await untranslated(de);
    check(english.length === 0, `de ${hash}: every text of the catalogue shown in German${english.length ? `; in English: ${english.join(' | ')}` : ''}`);
  }
  // The analysis board's computer and engine panel, once the engine in the page has loaded or
  // failed (its words say which), and the BOT badge: in German too.
  await showView(de, '#/analysis/trellis', '#board-frame svg [data-site]');
  await de.waitForFunction(() => app.analysis?.game.game === 'trellis' && $('analysis-computer').options.length > 0
    && localEngine.loaded !== undefined, null, { timeout: 120000 });
  await de.evaluate(() => renderBoard());
  const panel = await de.evaluate(() => ({ side: $('analysis-computer').options[0].text, where: $('engine-where').textContent,
    badge: botBadge().title }));
  check(panel.side === 'keine Seite' && panel.where.startsWith('Die Engine läuft') && panel.badge.startsWith('Ein Bot'),
    `de: the computer's side, where the engine runs and the BOT badge in German (${JSON.stringify(panel)})`);
  const englishPanel = await untranslated(de);
  check(englishPanel.length === 0, `de #/analysis: every text of the catalogue shown in German${englishPanel.length ? `; in English: ${englishPanel.join(' | ')}` : ''}`);
  // Plurals by Intl.PluralRules with the catalogue's forms.
  const dePlurals = await de.evaluate(() => [1, 2].map((n) => tn('{n} turn', '{n} turns', n)));
  check(dePlurals.join(' | ') === '1 Zug | 2 Züge', `de: tn() chooses the form (${dePlurals.join(' | ')})`);

  // --- switched to Arabic from the settings ------------------------------------------------
  await showView(de, '#/settings', '#settings-view:not([hidden])');
  const offered = await de.$$eval('#language-choice option', (o) => o.map((x) => `${x.value}:${x.lang}`));
  check(offered.join(' ') === ': en:en ar:ar de:de es:es fr:fr ja:ja pt:pt', `the settings offer every language, each named in itself (${offered.join(' ')})`);
  await Promise.all([de.waitForNavigation(), de.selectOption('#language-choice', 'ar')]);
  await de.waitForSelector('#settings-view:not([hidden]) #language-choice option[value="ar"]', { state: 'attached' });
  check(await de.$eval('#language-choice', (s) => s.value) === 'ar', 'ar: the settings show the language chosen');
  await showView(de, '#/', '#welcome:not([hidden]) #catalog li');
  check(await de.getAttribute('html', 'lang') === 'ar' && await de.getAttribute('html', 'dir') === 'rtl', 'ar: chosen in the settings, <html lang="ar" dir="rtl">');
  check(await de.evaluate(() => localStorage.getItem('ludus.language')) === 'ar', 'ar: the choice is kept on the browser');
  check((await apiCall(run.base, 'GET', '/api/me', null, tokens.alice)).language === 'ar', 'ar: ... and in the account');
  check(await de.textContent('.top-nav a[href="#/standings"]') === 'الترتيب', 'ar: the header in Arabic');
  const sides = await de.evaluate(() => ({ sidebar: document.querySelector('.sidebar').getBoundingClientRect().left,
    main: document.querySelector('main').getBoundingClientRect().left }));
  check(sides.sidebar > sides.main, `ar: the layout mirrors, the sidebar on the right (${sides.sidebar} > ${sides.main})`);
  const arPlurals = await de.evaluate(() => [0, 1, 2, 3, 11, 100].map((n) => tn('{n} turn', '{n} turns', n)));
  const digits = await de.evaluate(() => [0, 3, 11, 100].map((n) => new Intl.NumberFormat('ar').format(n)));
  const expected = [`${digits[0]} دور`, 'دور واحد', 'دوران', `${digits[1]} أدوار`, `${digits[2]} دورًا`, `${digits[3]} دور`];
  check(arPlurals.join(' | ') === expected.join(' | '), `ar: the six plural forms by Intl.PluralRules (${arPlurals.join(' | ')})`);
  // The board keeps its orientation: left to right, its first column's letter on the left.
  await showView(de, `#/board/${live}`, '#board-frame svg [data-site]');
  const board = await de.evaluate(() => {
    const svg = document.querySelector('#board-frame svg');
    const labels = [...svg.querySelectorAll('text.coord')].map((t) => ({ text: t.textContent, x: t.getBoundingClientRect().left }));
    const a = labels.find((l) => l.text === 'a');
    const b = labels.find((l) => l.text === 'b');
    return { direction: getComputedStyle(svg).direction, a: a?.x, b: b?.x, moves: getComputedStyle(document.querySelector('#move-list')).direction };
  });
  check(board.direction === 'ltr' && board.a < board.b, `ar: the board reads left to right, column a left of b (${JSON.stringify(board)})`);
  const english = await untranslated(de);
  check(english.length === 0, `ar board: every text of the catalogue shown in Arabic${english.length ? `; in English: ${english.join(' | ')}` : ''}`);
  await de.context().close();
  // Another device of alice's, its browser asking for Spanish: the account's Arabic wins.
  const other = await pageIn(run, PHONE, 'es-ES', 'alice', tokens.alice, errors);
  await other.waitForFunction(() => document.documentElement.lang === 'ar');
  await other.waitForSelector('#welcome:not([hidden]) #catalog li');
  check(await other.evaluate(() => localStorage.getItem('ludus.language')) === 'ar', 'ar: another device of the account follows its language');
  await other.context().close();
  await apiCall(run.base, 'POST', '/api/me/language', { language: '' }, tokens.alice);

  // --- every language: axe, no violation of any impact; screenshots of ar and ja ------------
  const languages = (await apiCall(run.base, 'GET', '/api/page-text')).languages.map((l) => l.language);
  check(languages.length >= 7, `${languages.length} languages shipped: ${languages.join(' ')}`);
  for (const language of languages) {
    for (const size of language === 'ar' || language === 'ja' ? [PHONE, DESKTOP] : [DESKTOP]) {
      const page = await pageIn(run, size, 'en-US', 'alice', tokens.alice, errors, language);
      check(await page.getAttribute('html', 'lang') === language, `${language} ${size.name}: <html lang="${language}">`);
      const categories = await page.evaluate(() => [new Intl.PluralRules(i18n.language).resolvedOptions().pluralCategories.sort().join(' '),
        [...i18n.plurals].sort().join(' ')]);
      check(categories[0] === categories[1], `${language}: the catalogue's plural forms are the browser's categories (${categories.join(' = ')})`);
      for (const [name, hash, ready] of [['home', '#/', '#welcome:not([hidden]) #catalog li'], ['board', `#/board/${live}`, '#board-frame svg [data-site]'],
        ['settings', '#/settings', '#settings-view:not([hidden])']]) {
        await showView(page, hash, ready);
        const found = await axeViolations(page);
        check(found.length === 0, `${language} ${size.name} ${name}: axe finds no violation${found.length ? `: ${found.join('; ')}` : ''}`);
        if (size === PHONE) await run.screenshot(page, `i18n-${language}-${name}`, { fullPage: name !== 'board' });
      }
      await page.context().close();
    }
  }
  check(errors.length === 0, `no page or console error${errors.length ? `: ${errors.join('; ')}` : ''}`);
  return 0;
});
