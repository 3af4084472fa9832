// The service worker: after a first visit the game plays against the
// computer with no network.
//
// It caches one whole build or nothing. The build (scripts/finish-site.mjs)
// writes the two lines below: a name for the build and its files, each
// file without a hash in its name together with a digest of its contents.
// Installing fetches them all and checks each digest, so a server that has
// moved on to another build meanwhile fails the install instead of leaving
// a cache of two builds; the newer service worker then installs its own.
//
// With the network up, the page and every file without a hash come from
// the network (a new build shows at once); a hashed file never changes, so
// the cache answers it. With the network down, everything comes from this
// build's cache. Online play (api/, ws) never goes through the cache.
//
// The page registers this worker only once it has started, so precaching
// never competes with the first screen.

const BUILD = 'dev';
const FILES = [];

const CACHE = `alquerque-${BUILD}`;
// The build's files named by their contents: those listed without a digest.
const HASHED = new Set(FILES.filter(([, sha]) => !sha).map(([url]) => url));

async function digest(response) {
  const bytes = await response.clone().arrayBuffer();
  const hash = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await Promise.all(FILES.map(async ([url, sha]) => {
      const response = await fetch(url, { cache: sha ? 'no-cache' : 'default' });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      if (sha && (await digest(response)) !== sha) throw new Error(`${url} belongs to another build`);
      await cache.put(url, response);
    }));
    await self.skipWaiting();
  })().catch(async (error) => {
    await caches.delete(CACHE);
    throw error;
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('alquerque-') && key !== CACHE) await caches.delete(key);
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
  // The app's page is one file, whatever its query (?embed, ?join…).
  const key = request.mode === 'navigate' && (path === '' || path === 'index.html') ? './' : path;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    if (HASHED.has(path)) {
      const hit = await cache.match(key);
      if (hit) return hit;
    }
    try {
      return await fetch(request);
    } catch (error) {
      const hit = await cache.match(key);
      if (hit) return hit;
      throw error;
    }
  })());
});
