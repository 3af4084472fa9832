// The service worker never mixes builds: it caches one whole build or
// nothing, and a new build replaces the old one as a whole. Each case
// serves its own copy of dist/ and changes it the way a new deployment
// would: a page whose contents differ, with or without the service worker
// of the same build.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dist, launch, playFirstMove, requireDist, serve, startGame, until, waitForPly } from './lib.mjs';

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/**
 * Serves a copy of dist/ (without its compressed copies: the test server
 * sends files as they are), first changed by `prepare(dir)`, and runs
 * `body({ dir, url, browser })` against it in a fresh Chromium.
 */
async function onCopyOfDist(prepare, body) {
  await requireDist();
  const dir = await mkdtemp(join(tmpdir(), 'alq-site-'));
  await cp(dist, dir, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  await prepare(dir);
  const { server, url } = await serve(dir);
  const browser = await launch();
  try {
    await body({ dir, url, browser });
  } finally {
    await browser.close();
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Gives the copy's page another title: a different build's page. */
async function changePage(dir, title) {
  const page = (await readFile(join(dir, 'index.html'), 'utf8')).replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  await writeFile(join(dir, 'index.html'), page);
  return page;
}

/** Rewrites the copy's service worker for the page now there: a new build. */
async function newBuildOfServiceWorker(dir, build, page) {
  const sw = await readFile(join(dir, 'sw.js'), 'utf8');
  const files = JSON.parse(sw.match(/^const FILES = (.*);$/m)[1]).map(([url, sha]) =>
    url === './' ? [url, sha256(page)] : sha ? [url, sha] : [url]);
  await writeFile(join(dir, 'sw.js'), sw
    .replace(/^const BUILD = .*;$/m, `const BUILD = ${JSON.stringify(build)};`)
    .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(files)};`));
}

/** The app's caches and the names of what each holds. */
async function cachesOf(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const key of (await caches.keys()).filter((k) => k.startsWith('alquerque-'))) {
      out[key] = (await (await caches.open(key)).keys()).map((r) => new URL(r.url).pathname);
    }
    return out;
  });
}

test('a new build replaces the cached one whole, and plays offline', async () => {
  await onCopyOfDist(async () => {}, async ({ dir, url, browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-screen="home"]');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await until(page, async () => (await caches.keys()).some((k) => k.startsWith('alquerque-')));
    const [first] = Object.keys(await cachesOf(page));

    // The next deployment: another page and its service worker.
    const next = await changePage(dir, 'Alquerque, next build');
    await newBuildOfServiceWorker(dir, 'next', next);
    await page.reload();
    await page.waitForSelector('body[data-screen="home"]');
    assert.equal(await page.title(), 'Alquerque, next build', 'online, the new page at once');
    await until(page, async () => {
      const keys = (await caches.keys()).filter((k) => k.startsWith('alquerque-'));
      return keys.length === 1 && keys[0] === 'alquerque-next';
    });
    const cached = await cachesOf(page);
    assert.deepEqual(Object.keys(cached), ['alquerque-next'], `the old build (${first}) is gone`);

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-screen="home"]');
    assert.equal(await page.title(), 'Alquerque, next build', 'offline, the page of the cached build');
    await startGame(page, 'classic', 'beginner', 'white');
    await playFirstMove(page);
    await waitForPly(page, 2);
    await context.close();
  });
});

test('a page of another build than the service worker lists is not cached at all', async () => {
  // The server's page has moved on; its service worker still lists the old one.
  await onCopyOfDist((dir) => changePage(dir, 'Alquerque, half deployed'), async ({ url, browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-screen="home"]');
    // The install fails (the worker ends redundant), and no cache of either
    // build is left behind.
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('sw.js');
      const worker = registration.installing ?? registration.waiting ?? registration.active;
      const settled = () => ['activated', 'redundant'].includes(worker.state);
      if (settled()) return worker.state;
      return new Promise((ok) => worker.addEventListener('statechange', () => settled() && ok(worker.state)));
    });
    assert.equal(state, 'redundant');
    assert.equal(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), false);
    assert.deepEqual(await cachesOf(page), {});
    await context.close();
  });
});
