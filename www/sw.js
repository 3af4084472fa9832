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

// Notifications. The server's pushes carry data (what happened, in which
// game, from whom, and the subscription's language); this worker words
// them in that language, from the site's catalog, or in English when the
// catalog cannot be had. Pressing a notification opens its address in a
// tab of the site's already open, or in a new one.

const ENGLISH = {
  'push-moved-title': 'Your move',
  'push-moved-body': '{from} has moved in your correspondence game.',
  'push-challenge-title': 'A challenge',
  'push-challenge-body': '{from} challenges you to a game.',
  'push-clock-title': 'Your time is running out',
  'push-clock-body': 'Your move against {from}: little time is left on your clock.',
};
const KINDS = ['moved', 'challenge', 'clock'];
const LANGUAGES = ['es', 'fr', 'ru', 'tr', 'ar'];
const RIGHT_TO_LEFT = ['ar'];

async function catalog(lang) {
  if (!LANGUAGES.includes(lang)) return ENGLISH;
  try {
    const response = await fetch(new URL(`lang/${lang}.json`, self.registration.scope));
    if (response.ok) return { ...ENGLISH, ...(await response.json()) };
  } catch (error) {
    // No catalog: English below.
  }
  return ENGLISH;
}

function words(text, from) {
  return text.replaceAll('{from}', from);
}

self.addEventListener('push', (event) => {
  let notice = null;
  try {
    notice = event.data && event.data.json();
  } catch (error) {
    return;
  }
  if (!notice || !KINDS.includes(notice.kind)) return;
  event.waitUntil((async () => {
    const said = await catalog(notice.lang);
    const from = String(notice.from ?? '');
    await self.registration.showNotification(words(said[`push-${notice.kind}-title`], from), {
      body: words(said[`push-${notice.kind}-body`], from),
      lang: notice.lang,
      dir: RIGHT_TO_LEFT.includes(notice.lang) ? 'rtl' : 'ltr',
      tag: `${notice.kind}-${notice.id}`,
      icon: new URL('favicon.svg', self.registration.scope).href,
      data: { url: notice.url },
    });
  })());
});

// Opens a notification's address: only ever one of the site's own.
async function open(notification) {
  notification.close();
  const scope = new URL(self.registration.scope);
  const url = new URL(notification.data?.url ?? './', scope);
  if (url.origin !== scope.origin) return;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => new URL(client.url).origin === scope.origin);
  if (tab) {
    // Only a tab this worker controls can be sent elsewhere; focusing it
    // is allowed only in answer to a press.
    const sent = await tab.navigate(url.href).catch(() => null);
    if (sent) {
      await sent.focus().catch(() => {});
      return;
    }
  }
  await self.clients.openWindow(url.href);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(open(event.notification));
});

// A notification pressed on behalf of a page of the site: what the browser
// tests do, as no protocol of the browser's presses one.
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'press-notification') return;
  event.waitUntil((async () => {
    const shown = await self.registration.getNotifications({ tag: event.data.tag });
    if (shown.length) await open(shown[0]);
  })());
});
