// SPDX-License-Identifier: Apache-2.0
// What the browser tests share: a `ludus serve` on a free loopback port with a fresh
// database and this source tree's web page, Debian's chromium through playwright-core (no
// browser download), the JSON API for set-up and checks, counted checks, screenshots, and a
// limit that stops the whole run (server included).
'use strict';

const { chromium } = require('playwright-core');
const { spawn } = require('child_process');
const assert = require('assert/strict');
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');

const CHROMIUM = process.env.LUDUS_CHROMIUM || '/usr/bin/chromium';
const STEP_TIMEOUT_MS = 15000;
const webDir = path.join(__dirname, '..', '..', 'web');  // the page of this source tree
const started = Date.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function log(line) {
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
}

let checks = 0;
function check(condition, message) {
  assert.ok(condition, message);
  checks++;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// One test run: its build directory, server, browser and temporary directory.
class Run {
  constructor(buildDir) {
    this.buildDir = path.resolve(buildDir);
    this.ludus = path.join(this.buildDir, 'ludus');
    this.shotDir = path.join(this.buildDir, 'browser-screenshots');
    this.server = null;
    this.browser = null;
    this.tmp = null;
  }

  async start() {
    if (!fs.existsSync(this.ludus)) throw new Error(`no ludus binary at ${this.ludus} (build first)`);
    fs.mkdirSync(this.shotDir, { recursive: true });
    this.tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ludus-browser-'));
    this.base = await this.startServer();
    log(`ludus serve on ${this.base}`);
    this.browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Playwright gives the browser a fresh temporary user-data-dir of its own.
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      timeout: 30000,
    });
    log(`chromium ${this.browser.version()}`);
    return this.base;
  }

  async startServer() {
    const port = await freePort();
    const db = path.join(this.tmp, 'ludus.db');
    const output = [];
    const args = ['serve', '--db', db, '--port', String(port), '--host', '127.0.0.1', '--web-dir', webDir, '--test-hashing', '--quiet', '--signups-per-hour', '0'];
    const env = { ...process.env };
    if (this.mailDir !== undefined) {
      // The server's mail goes through tests/mail/sendmail_to_dir.sh into this.mailDir.
      this.mailDir = path.join(this.tmp, 'mail');
      fs.mkdirSync(this.mailDir);
      env.LUDUS_TEST_SENDMAIL_DIR = this.mailDir;
      args.push('--sendmail', path.join(__dirname, '..', 'mail', 'sendmail_to_dir.sh'), '--from', 'ludus@games.example.org',
        '--mail-interval', '0.2');
    }
    const server = spawn(this.ludus, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    this.server = server;
    server.stdout.on('data', (d) => output.push(d.toString()));
    server.stderr.on('data', (d) => output.push(d.toString()));
    server.exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (server.exitCode !== null) throw new Error(`ludus serve exited: ${output.join('')}`);
      try {
        const r = await fetch(`${base}/api/health`);
        if (r.ok) return base;
      } catch (e) {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`ludus serve did not answer on ${base}: ${output.join('')}`);
  }

  async stopServer() {
    const server = this.server;
    if (!server || server.exitCode !== null) return;
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 5000);
    await server.exited;
    clearTimeout(timer);
  }

  async cleanUp() {
    if (this.browser) await this.browser.close().catch(() => {});
    await this.stopServer();
    if (this.tmp) fs.rmSync(this.tmp, { recursive: true, force: true });
  }

  async screenshot(page, name, options = {}) {
    const file = path.join(this.shotDir, `${name}.png`);
    await page.screenshot({ path: file, ...options });
    log(`screenshot ${file}`);
  }

  // Runs `main(run)` within `limitMs`, then cleans up and exits with what main returns (0 when
  // nothing), or 1 on any failure.
  // options.mail: the server sends its mail into run.mailDir (one N.eml per message).
  static main(name, limitMs, main, options = {}) {
    const run = new Run(process.argv[2] || path.join(__dirname, '..', '..', 'build'));
    if (options.mail) run.mailDir = null;
    const limit = setTimeout(() => {
      console.error(`${name}: stopped after ${limitMs / 1000} s`);
      if (run.server && run.server.exitCode === null) run.server.kill('SIGKILL');
      process.exit(1);
    }, limitMs);
    run.start().then(() => main(run)).then(async (code) => {
      await run.cleanUp();
      clearTimeout(limit);
      log(`${name} ${code ? `exits ${code} after` : 'passed:'} ${checks} checks`);
      if (code) process.exit(code);
    }).catch(async (e) => {
      console.error(`${name} FAILED: ${e.stack || e}`);
      await run.cleanUp();
      clearTimeout(limit);
      process.exit(1);
    });
  }
}

// The JSON API; a reply that is not 2xx throws with the server's message.
async function apiCall(base, method, route, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(base + route, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await r.json();
  if (!r.ok) throw new Error(`${method} ${route}: ${data.error}`);
  data.httpStatus = r.status;
  return data;
}

// Signs `user` up through the API and returns its token; with `challenges` ('all': a
// challenge starts a board at once) sets how the user takes challenges.
async function signUp(base, user, password, challenges = null) {
  await apiCall(base, 'POST', '/api/signup', { user, password });
  const token = (await apiCall(base, 'POST', '/api/login', { user, password })).token;
  if (challenges) await apiCall(base, 'POST', '/api/me/limits', { challenges }, token);
  return token;
}

// Page errors and console errors of `page` go to `errors` (refused requests answer 4xx on
// purpose; the browser logs those responses as errors, which are not the page's).
function collectErrors(page, errors, label = '') {
  page.on('pageerror', (e) => errors.push(`page error${label}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console error${label}: ${m.text()}`);
  });
}

// A browser context of `size` signed in as `user` (the token the page keeps in localStorage),
// its page at the home view; page errors, console errors and any dialog go to `errors`.
// `contextOptions` go to the browser context (a timezoneId, ...).
async function signedInPage(run, size, user, token, errors, contextOptions = {}) {
  const phone = size.width < 500;
  const context = await run.browser.newContext({ viewport: size, hasTouch: phone, isMobile: phone, deviceScaleFactor: 1, ...contextOptions });
  await context.addInitScript(([t, u]) => {
    localStorage.setItem('ludus.token', t);
    localStorage.setItem('ludus.user', u);
  }, [token, user]);
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  collectErrors(page, errors, ` (${user}, ${size.name})`);
  page.on('dialog', (d) => { errors.push(`a dialog opened (${user}): ${d.message()}`); d.dismiss(); });
  await page.goto(`${run.base}/`);
  await page.waitForSelector(`text=Signed in as ${user}`);
  return page;
}

// The width check of the brief: nothing scrolls sideways.
async function horizontalScroll(page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
}

// Visible text whose colour against its background falls short of WCAG 2's contrast minimum
// (4.5:1; 3:1 for large text: 24px, or 18.66px bold). The background is the first opaque
// background colour up the tree (the page is white without one); disabled controls are exempt,
// as in WCAG. Returns "text: ratio (colour on background)" lines, empty when all pass.
async function lowContrastText(page) {
  return page.evaluate(() => {
    const rgba = (text) => {
      const m = text.match(/rgba?\(([^)]+)\)/);
      if (!m) return [255, 255, 255, 1];
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const luminance = ([r, g, b]) => {
      const lin = (c) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] >= 0.99) return c;
      }
      return [255, 255, 255, 1];
    };
    const problems = [];
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ').trim();
      if (!own || el.closest('svg') || el.closest('[hidden]') || el.disabled) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (style.visibility === 'hidden' || style.display === 'none' || box.width === 0 || box.height === 0) continue;
      const fg = rgba(style.color);
      const bg = background(el);
      // A translucent text colour is blended over its background first.
      const blended = [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3]));
      const [hi, lo] = [luminance(blended), luminance(bg)].sort((x, y) => y - x);
      const ratio = (hi + 0.05) / (lo + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5) - 0.005) problems.push(`"${own.slice(0, 30)}": ${ratio.toFixed(2)} (${style.color} on rgb(${bg.slice(0, 3).join(', ')}))`);
    }
    return problems;
  });
}

// Checks a page at a size: the text's contrast, and on a phone no sideways scroll.
async function noSidewaysScroll(page, what, size) {
  const faint = await lowContrastText(page);
  check(faint.length === 0, `${what} ${size.name}: text meets WCAG contrast: ${faint.join('; ')}`);
  if (size.width >= 500) return;
  const n = await horizontalScroll(page);
  check(n.scroll <= n.inner, `${what} ${size.name}: no horizontal scroll (${n.scroll} > ${n.inner})`);
}

// The visible controls under `selector` smaller than a finger's 44 px (WCAG 2.5.5), one line
// each ("#id 120x33"); a radio or check box counts by the label around it.
async function smallTapTargets(page, selector) {
  return page.$$eval(`${selector} :is(button, input, select)`, (controls) => controls.flatMap((c) => {
    const target = (c.type === 'radio' || c.type === 'checkbox') && c.closest('label') ? c.closest('label') : c;
    const box = target.getBoundingClientRect();
    if (box.width === 0 || c.closest('[hidden]')) return [];
    return box.height < 43.5 || box.width < 43.5 ? [`${c.id || c.textContent || c.type} ${Math.round(box.width)}x${Math.round(box.height)}`] : [];
  }));
}

// --- a board on the page ------------------------------------------------------------------

async function openBoard(page, board) {
  await page.evaluate((n) => { location.hash = `#/board/${n}`; }, board);
  await page.waitForFunction((n) => document.querySelector('#board-title')?.textContent.startsWith(`Board #${n} `), board);
  await page.waitForSelector('#board-frame svg [data-site]');
}

async function clickSite(page, name) {
  await page.click(`#board-frame svg [data-site="${name}"]`);
}

// Waits until the page shows `count` moves (its own move or one that arrived by polling).
async function waitForMoves(page, count) {
  await page.waitForSelector(`#board-view[data-moves="${count}"]:not([hidden])`);
}

// On the analysis board with the computer playing `computer` (the engine in the page,
// docs/wasm.md): the test's side plays the first legal move the page lists until the game
// ends, the computer answering each.  Returns {outcome, legal, plies} at the end.
async function playWholeGame(page, computer) {
  for (let i = 0; i < 400; i++) {  // the rules end every game long before
    await page.waitForFunction((c) => !app.busy && app.board && (app.board.outcome || app.board.to_move?.colour !== c), computer,
                               { timeout: 120000 });
    const state = await page.evaluate(() => ({ outcome: app.board.outcome, legal: app.board.legal_moves, plies: app.analysis.moves.length }));
    if (state.outcome) return state;
    await page.evaluate((m) => analysisPlay(m), state.legal[0]);
  }
  throw new Error('no end after 400 plies');
}

module.exports = {
  Run, apiCall, check, clickSite, collectErrors, horizontalScroll, log, lowContrastText, noSidewaysScroll, openBoard, playWholeGame, signedInPage,
  signUp, sleep, smallTapTargets, STEP_TIMEOUT_MS, waitForMoves,
};
