// Notifications, from a delivered push to the opened game. Headless
// Chromium cannot subscribe to a real push service with no network, so the
// test stands in for one: a push service of its own on loopback, to which
// it subscribes Ana's account with keys of its own making. Bob challenges
// Ana; she accepts and leaves; Bob moves. The server's push reaches the
// test's service, which decrypts it (RFC 8291, with Node's crypto: a
// second implementation beside the server's) and hands what it says to
// Ana's service worker through the DevTools protocol. The worker shows the
// notification in French, as Ana's subscription asked; pressed, it opens
// the game, where Ana is seated and sees Bob's move.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import crypto from 'node:crypto';
import { openApp, playFirstMove, waitForPly, withServer, until } from './lib.mjs';

const app = withServer({ args: ['--push-loopback'] });
const phone = { viewport: { width: 390, height: 760 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const from = (address) => ({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
const password = 'a long enough secret';

async function register(page, name) {
  await page.click('.account-box summary');
  await page.fill('#account-name', name);
  await page.fill('#account-password', password);
  await page.click('[data-action="register"]');
  await page.waitForSelector('#signed-in:not([hidden])');
}

/** A push service on loopback: the bodies posted to it, in order. */
async function pushService() {
  const posts = [];
  const waiting = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const post = { path: req.url, headers: req.headers, body: Buffer.concat(chunks) };
      res.writeHead(201).end();
      const next = waiting.shift();
      if (next) next(post);
      else posts.push(post);
    });
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const next = (timeout = 15_000) => new Promise((ok, fail) => {
    if (posts.length) return ok(posts.shift());
    const timer = setTimeout(() => fail(new Error('no push came')), timeout);
    waiting.push((post) => { clearTimeout(timer); ok(post); });
  });
  return { server, url: `http://127.0.0.1:${server.address().port}`, next };
}

const hkdf = (salt, ikm, info, length) => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** Decrypts an aes128gcm push (RFC 8188, keys as RFC 8291 derives them). */
function decrypt(body, browser) {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const serverKey = body.subarray(21, 21 + idlen);
  const sealed = body.subarray(21 + idlen);
  const shared = browser.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, serverKey]);
  const ikm = hkdf(browser.auth, shared, info, 32);
  const key = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  // The last record ends with its delimiter (2), then any zero padding.
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  assert.equal(padded[end], 2, 'the last record’s delimiter');
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

test('a push is shown in the player’s language and opens the game when pressed', async () => {
  const push = await pushService();
  const suffix = Date.now().toString(36).slice(-5);
  const [ana, bob] = [`ana_${suffix}`, `bob_${suffix}`];
  const desktop = { viewport: { width: 1100, height: 800 }, ...from('192.0.2.7') };
  const a = await openApp(app.browser, `${app.server.url}?lobby&lang=fr`, desktop);
  const b = (await openApp(app.browser, `${app.server.url}?lobby`, { ...phone, ...from('198.51.100.8') })).page;
  for (const p of [a.page, b]) await p.waitForSelector('body[data-screen="lobby"]');
  await register(a.page, ana);
  await register(b, bob);
  // Signed in, the button is offered, in French; nothing was asked.
  await a.page.waitForSelector('#notify-button:not([hidden])');
  assert.equal(await a.page.textContent('#notify-button'), 'Activer les notifications');
  assert.equal(await a.page.evaluate(() => Notification.permission), 'default');

  // The browser's side of a subscription, at the test's push service.
  const browser = { ecdh: crypto.createECDH('prime256v1'), auth: crypto.randomBytes(16) };
  browser.publicKey = browser.ecdh.generateKeys();
  const subscription = {
    endpoint: `${push.url}/ana`,
    keys: { p256dh: browser.publicKey.toString('base64url'), auth: browser.auth.toString('base64url') },
    lang: 'fr',
  };
  const subscribed = await a.page.evaluate(async (body) => {
    const answer = await fetch('api/push/subscribe', {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    return answer.status;
  }, subscription);
  assert.equal(subscribed, 204);

  // Bob challenges Ana to a correspondence game, moving first.
  await b.goto(`${app.server.url}?player=${ana}`);
  await b.waitForSelector('#challenge-box:not([hidden])', { timeout: 15_000 });
  await b.click('#challenge-box summary');
  await b.selectOption('#challenge-game', 'classic');
  await b.selectOption('#challenge-clock', '1d');
  await b.selectOption('#challenge-side', 'white');
  await b.click('#challenge-send');
  const challenged = decrypt((await push.next()).body, browser);
  assert.deepEqual([challenged.kind, challenged.from, challenged.lang], ['challenge', bob, 'fr']);
  await a.page.waitForSelector('#challenges [data-action="accept-challenge"]', { timeout: 15_000 });
  await a.page.click('#challenges [data-action="accept-challenge"]');
  await a.page.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]', { timeout: 20_000 });
  const game = new URL(a.page.url()).searchParams.get('watch');
  assert.ok(game, a.page.url());

  // Ana's service worker, and its registration as DevTools knows it; then
  // she leaves the site (a page of hers open would hear the move itself).
  await a.context.grantPermissions(['notifications'], { origin: new URL(app.server.url).origin });
  await a.page.evaluate(() => navigator.serviceWorker.register('sw.js'));
  await until(a.page, () => navigator.serviceWorker.controller !== null);
  const cdp = await a.context.newCDPSession(a.page);
  const registrations = new Promise((ok) => cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const live = registrations.find((r) => !r.isDeleted);
    if (live) ok(live);
  }));
  await cdp.send('ServiceWorker.enable');
  const { registrationId, scopeURL } = await registrations;
  await a.page.goto('about:blank');

  // Bob moves; Ana, away, is pushed to.
  await b.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]', { timeout: 20_000 });
  await playFirstMove(b);
  const moved = decrypt((await push.next()).body, browser);
  assert.deepEqual(moved, { kind: 'moved', id: game, from: bob, lang: 'fr', url: `./?watch=${game}` });

  // Delivered to her worker: shown in French.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(scopeURL).origin, registrationId, data: JSON.stringify(moved),
  });
  // Back on the site, on the rules: the notification is there.
  const tab = a.page;
  await tab.goto(`${app.server.url}?rules&lang=fr`);
  await tab.waitForSelector('body[data-screen]');
  const shown = await until(tab, async () => {
    const registration = await navigator.serviceWorker.ready;
    const [n] = await registration.getNotifications();
    return n && { title: n.title, body: n.body, tag: n.tag, dir: n.dir };
  });
  assert.deepEqual(shown, {
    title: 'À vous de jouer',
    body: `${bob} a joué dans votre partie par correspondance.`,
    tag: `moved-${game}`,
    dir: 'ltr',
  });

  // Pressed: the tab opens the game, Ana seated, Bob's move on the board.
  await tab.evaluate((tag) => navigator.serviceWorker.controller.postMessage({ type: 'press-notification', tag }), shown.tag);
  await tab.waitForURL((url) => url.searchParams.get('watch') === game, { timeout: 15_000 });
  await tab.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]', { timeout: 20_000 });
  await waitForPly(tab, 1);
  await until(tab, () => document.getElementById('status').textContent.length > 0);
  assert.match(await tab.textContent('#players'), new RegExp(bob));
  assert.equal(await tab.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length), 0,
    'the pressed notification is closed');
  push.server.close();
});
