// SPDX-License-Identifier: Apache-2.0
// Layout checks of the board view shared by the browser tests: widths (nothing scrolls
// sideways, the playing area fills a phone), the coordinates (readable, apart, inside the
// screen, each Epoxy column number joined to its own diagonal), and the tablet sizes.
'use strict';

const { apiCall, check, STEP_TIMEOUT_MS } = require('./support');

// The width checks of the brief: the page's scroll width, the window, the board's SVG and
// the playing area alone (the click targets of the sites, labels and frame left out).
async function layoutNumbers(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#board-frame svg');
    const sites = svg && svg.querySelector('.layer-sites');
    return {
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
      board: svg ? svg.getBoundingClientRect().width : 0,
      cells: sites ? sites.getBoundingClientRect().width : 0,
    };
  });
}

// What is wrong with the board's coordinates, as lines (empty when all is well): labels
// smaller than 11 px, outside the window (clipped), overlapping each other or covering a
// site; on Epoxy a column number without a leader line from its own column's top point.
async function labelProblems(page) {
  return page.evaluate(() => {
    const svg = document.querySelector('#board-frame svg');
    const problems = [];
    const labels = [...svg.querySelectorAll('.coord')].map((t) => ({ text: t.textContent, el: t, box: t.getBoundingClientRect() }));
    // A text's box is its font's whole line (ascent to descent): the glyphs take the middle.
    const inner = (b) => ({ left: b.left + 0.1 * b.width, right: b.right - 0.1 * b.width, top: b.top + 0.2 * b.height, bottom: b.bottom - 0.2 * b.height });
    const sites = [...svg.querySelectorAll('[data-site]')].map((s) => {
      const b = s.getBoundingClientRect();
      return { name: s.dataset.site, x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2, r: b.width / 2 };
    });
    const scale = svg.getScreenCTM().a;  // px per unit of the drawing
    labels.forEach((l, i) => {
      const size = parseFloat(getComputedStyle(l.el).fontSize) * scale;
      if (size < 10.5) problems.push(`"${l.text}" is ${size.toFixed(1)} px`);
      if (l.box.left < 0 || l.box.right > window.innerWidth) problems.push(`"${l.text}" is cut off at the window's edge`);
      const a = inner(l.box);
      for (const m of labels.slice(i + 1)) {
        const b = inner(m.box);
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) problems.push(`"${l.text}" and "${m.text}" overlap`);
      }
      // A site's point or stone (the inner 60% of its target) under a label.
      for (const s of sites) {
        const dx = Math.max(a.left - s.x, 0, s.x - a.right), dy = Math.max(a.top - s.y, 0, s.y - a.bottom);
        if (Math.hypot(dx, dy) < 0.6 * s.r) problems.push(`"${l.text}" covers ${s.name}`);
      }
    });
    if (svg.classList.contains('game-epoxy')) {
      // Each leader starts at a column's top point and ends at that column's number.
      const view = (x, y) => {
        const p = svg.createSVGPoint();
        p.x = x; p.y = y;
        const q = p.matrixTransform(svg.getScreenCTM());
        return { x: q.x, y: q.y };
      };
      const joined = new Set();
      for (const line of svg.querySelectorAll('.coord-leader')) {
        const start = view(+line.getAttribute('x1'), +line.getAttribute('y1'));
        const end = view(+line.getAttribute('x2'), +line.getAttribute('y2'));
        const near = (list, p, at) => list.reduce((best, o) => {
          const d = Math.hypot(at(o).x - p.x, at(o).y - p.y);
          return d < best.d ? { o, d } : best;
        }, { o: null, d: Infinity }).o;
        const site = near(sites, start, (s) => s);
        const label = near(labels, end, (l) => ({ x: (l.box.left + l.box.right) / 2, y: (l.box.top + l.box.bottom) / 2 }));
        const column = site && site.name.replace(/^[a-z]+/, '');
        if (!label || label.text !== column) problems.push(`a leader from ${site && site.name} ends at "${label && label.text}"`);
        else joined.add(column);
      }
      for (const l of labels) if (/^\d+$/.test(l.text) && !joined.has(l.text)) problems.push(`column ${l.text} has no leader`);
    }
    return problems;
  });
}

// Board number `board` opened at `size` in a new browser context (a phone: touch, mobile).
async function openAt(browser, base, board, size) {
  const phone = size.width < 500;
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await page.goto(`${base}/#/board/${board}`);
  await page.waitForSelector('#board-frame svg [data-site]');
  return page;
}

// Epoxy's coordinates on its smallest and largest boards, on a phone and a desktop: apart,
// readable, inside the screen, each column number on its own diagonal's leader.
async function epoxyLabels(run, base, tokens) {
  for (const boardSize of ['xs', 'xxl']) {
    const { board } = await apiCall(base, 'POST', '/api/games', { game: 'epoxy', options: { size: boardSize }, players: ['alice', 'bob'] }, tokens.alice);
    for (const size of [{ name: 'phone', width: 390, height: 844 }, { name: 'desktop', width: 1280, height: 800 }]) {
      const page = await openAt(run.browser, base, board, size);
      const problems = await labelProblems(page);
      check(problems.length === 0, `Epoxy ${boardSize} ${size.name}: coordinates: ${problems.join('; ')}`);
      const leaders = await page.$$eval('#board-frame svg .coord-leader', (l) => l.length);
      check(leaders > 0, `Epoxy ${boardSize} ${size.name}: column numbers have leaders (${leaders})`);
      await run.screenshot(page, `labels-epoxy-${boardSize}-${size.name}`);
      await page.context().close();
    }
  }
}

// The in-between sizes: a tablet held upright shows the board across the width, the players
// below; held sideways (1024x768) the board and the players/moves side by side, the board as
// tall as the screen allows.  Nothing scrolls sideways at either size.
async function tabletSizes(run, base, tokens) {
  const { board } = await apiCall(base, 'POST', '/api/games', { game: 'netted', options: {}, players: ['alice', 'bob'] }, tokens.alice);
  for (const size of [{ name: 'tablet', width: 768, height: 1024 }, { name: '1024', width: 1024, height: 768 }]) {
    const page = await openAt(run.browser, base, board, size);
    const numbers = await layoutNumbers(page);
    check(numbers.scroll <= numbers.inner, `${size.name}: no horizontal scroll (${numbers.scroll} > ${numbers.inner})`);
    const boxes = await page.evaluate(() => {
      const box = (sel) => document.querySelector(sel).getBoundingClientRect().toJSON();
      return { cells: box('#board-frame svg .layer-sites'), players: box('#players'), moves: box('#move-list') };
    });
    if (size.width > size.height) {
      check(boxes.players.left >= boxes.cells.right && boxes.moves.left >= boxes.cells.right,
        `${size.name}: the players and moves are beside the board (${boxes.players.left} < ${boxes.cells.right})`);
      check(boxes.players.bottom <= size.height && boxes.moves.top < size.height, `${size.name}: the players and moves are on the screen`);
      check(boxes.cells.height >= 0.7 * size.height, `${size.name}: the board is tall (${boxes.cells.height} of ${size.height})`);
    } else {
      check(numbers.cells >= 0.9 * numbers.inner, `${size.name}: the board fills the width (${numbers.cells} of ${numbers.inner})`);
      check(boxes.players.top >= boxes.cells.bottom, `${size.name}: the players are below the board`);
    }
    const problems = await labelProblems(page);
    check(problems.length === 0, `${size.name}: coordinates: ${problems.join('; ')}`);
    await run.screenshot(page, `layout-netted-${size.name}`);
    await page.context().close();
  }
}

module.exports = { epoxyLabels, labelProblems, layoutNumbers, tabletSizes };
