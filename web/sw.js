// SPDX-License-Identifier: Apache-2.0
// The page offline (issue 62, docs/wasm.md): a service worker keeping a copy of the page, the
// engine in the page and what the page reads to play without the server (the catalog of
// games and each game's rules, asked of the server: no game is named here; the page's
// catalogue of texts in its language), so that with no network the page opens in its
// language, plays the computer, analyses and shows the rules.  Network first:
// online the page is always the server's and each copy is refreshed as it comes; offline the
// copy answers.  Only those files are kept: no other reply of the API (a player's data) is
// ever stored, or even seen (those requests go straight to the network).
const CACHE = 'ludus-offline';
const KEPT_API = /^\/api\/(catalog|page-text|rules\/[a-z0-9_-]+)$/;
const PAGE_TEXT = '/api/page-text';  // kept as it comes: the browser's language or ?lang=, the chosen one

// What the page needs offline: index.html and every file it names, the worker and the
// engine, the catalog and each game's rules, the page's texts in the browser's language.
async function keptFiles() {
  const html = await (await fetch('./', { cache: 'no-store' })).text();
  const named = [...html.matchAll(/\s(?:src|href)="([a-z0-9_./-]+)"/gi)].map((m) => m[1]);
  const catalog = await (await fetch('api/catalog', { cache: 'no-store' })).json();
  const rules = catalog.games.map((g) => `api/rules/${encodeURIComponent(g.name)}`);
  return ['./', ...named, 'engine-worker.js', 'engine/ludus-engine.js', 'engine/ludus-engine.wasm', 'api/catalog',
    'api/page-text', ...rules];
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // A server without the engine: the rest is kept all the same (the page then needs it).
    await Promise.all((await keptFiles()).map((file) => cache.add(new Request(file, { cache: 'no-store' })).catch(() => {})));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin) return;
  if (url.pathname.startsWith('/api/') && !KEPT_API.test(url.pathname)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok && (url.pathname === PAGE_TEXT || (await cache.match(request)))) await cache.put(request, response.clone());
      return response;
    } catch (e) {
      // The page's texts vary by Accept-Language, which the page's own request does not
      // carry as a header: the copy kept is this browser's language all the same.
      const kept = await cache.match(request, { ignoreVary: true });
      if (kept) return kept;
      throw e;
    }
  })());
});
