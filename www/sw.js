// The service worker: the game plays against the computer with no network
// once it has been visited. Network first, so a new version is used as soon
// as it is online; the cache answers only when the network does not. The
// page and its assets are cached together (file names carry a hash of
// their contents), so an offline start always gets matching JS and wasm.
// Online play (/api, /ws) never goes through the cache.

const CACHE = 'alquerque-v1';
// Files whose names carry no hash.
const FIXED = ['manifest.webmanifest', 'favicon.svg', 'ai-worker_loader.js', 'ai-worker.js', 'ai-worker_bg.wasm'];
const HASHED = /-[0-9a-f]{16}(_bg)?\.(js|wasm|css|svg)$/;

/** The assets a page's HTML refers to, relative to the site. */
function assetsOf(html) {
  const found = new Set();
  for (const m of html.matchAll(/(?:href|src|from|module_or_path:)\s*=?\s*["'](?:\.\/)?([\w.-]+\.(?:js|wasm|css|svg|webmanifest))["']/g)) {
    found.add(m[1]);
  }
  for (const m of html.matchAll(/["']\.\/([\w.-]+\.(?:js|wasm))["']/g)) found.add(m[1]);
  return found;
}

/** Drops hashed files that the current page no longer uses. */
async function prune(cache, html) {
  const keep = assetsOf(html);
  for (const request of await cache.keys()) {
    const name = new URL(request.url).pathname.split('/').pop();
    if (HASHED.test(name) && !keep.has(name)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const page = await fetch('./', { cache: 'no-store' });
    const html = await page.clone().text();
    await cache.put('./', page);
    await cache.addAll([...new Set([...FIXED, ...assetsOf(html)])]);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (request.method !== 'GET' || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  if (path.startsWith('api/') || path === 'ws') return;
  const navigation = request.mode === 'navigate';
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const fresh = await fetch(request);
      if (fresh.ok) {
        // The app's page is kept once, whatever its query (?embed, ?join…).
        const key = navigation && (path === '' || path === 'index.html') ? './' : request;
        await cache.put(key, fresh.clone());
        if (key === './') await prune(cache, await fresh.clone().text());
      }
      return fresh;
    } catch (error) {
      const hit = navigation
        ? (await cache.match(request, { ignoreSearch: true })) ?? (await cache.match('./'))
        : await cache.match(request);
      if (hit) return hit;
      throw error;
    }
  })());
});
