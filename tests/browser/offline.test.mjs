// Installable and offline: the manifest is served, the service worker
// caches the app on the first visit, and with the network gone a reload
// still starts a game against the computer (whose worker comes from the
// cache); online play says it needs the network.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, playFirstMove, startGame, until, waitForPly, withApp } from './lib.mjs';

const app = withApp();

test('after the first visit the game plays against the computer offline', async () => {
  const { context, page, errors } = await openApp(app.browser, app.url, { viewport: { width: 1000, height: 760 } });
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    return (await fetch(link.href)).json();
  });
  assert.equal(manifest.short_name, 'Alquerque');
  assert.equal(manifest.display, 'standalone');
  // The worker installs, caches the app and takes over.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // One cache, of this build, holding the page's two modules and the worker's.
  const cached = await until(page, async () => {
    const keys = (await caches.keys()).filter((k) => k.startsWith('alquerque-'));
    if (keys.length !== 1) return false;
    const names = (await (await caches.open(keys[0])).keys()).map((r) => new URL(r.url).pathname);
    const ok = names.some((n) => /\/page-[0-9a-f]+_bg\.wasm$/.test(n))
      && names.some((n) => /\/page-full-[0-9a-f]+_bg\.wasm$/.test(n))
      && names.some((n) => /ai-worker-[0-9a-f]+_bg\.wasm$/.test(n))
      && names.some((n) => n.endsWith('/rules/en.html'));
    return ok && names;
  });
  // The worker was never started on this page: it came into the cache
  // without the page asking for it.
  assert.equal(await page.evaluate(() => performance.getEntriesByType('resource')
    .some((e) => e.name.includes('ai-worker'))), false);
  assert.ok(cached.length >= 10, `cached: ${cached}`);

  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('body[data-screen]');
  await startGame(page, 'bell', 'beginner', 'white');
  await playFirstMove(page);
  // The computer answers from its worker, loaded from the cache.
  await waitForPly(page, 2);

  // The rule book, fetched when first opened, comes from the cache too.
  await page.click('[data-action="home"]');
  await page.click('#rules-link');
  await page.waitForSelector('#rulebook [id^="rules-"]');

  // Online play explains that it needs the network.
  await page.click('[data-action="home"]');
  await page.click('[data-action="pick"][data-game="bell"]');
  await page.click('[data-action="start-online"]');
  await page.waitForFunction(() => document.getElementById('notice').textContent.includes('needs the network'));
  await context.setOffline(false);
  assert.deepEqual(errors.filter((e) => !e.startsWith('request failed')), []);
  await context.close();
});
