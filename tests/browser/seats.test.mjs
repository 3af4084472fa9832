// A signed-in player's seat is their account's: Ana and Bob pair in the
// correspondence pool; Ana signs in on a second browser (a phone), finds the
// game among her games, and plays her next move there; the first browser and
// Bob's see it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, playFirstMove, withServer } from './lib.mjs';

const app = withServer();
const phone = { viewport: { width: 390, height: 760 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const from = (address) => ({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
const password = 'a long enough secret';

async function account(page, name, action) {
  await page.click('.account-box summary');
  await page.fill('#account-name', name);
  await page.fill('#account-password', password);
  await page.click(`[data-action="${action}"]`);
  await page.waitForSelector('#signed-in:not([hidden])');
}

const myTurn = (page) => page.evaluate(() => document.getElementById('status').textContent.includes('Your turn'));
const atPly = (page, n) => page.waitForFunction((n) => Number(document.body.dataset.ply) >= n, n, { timeout: 15_000 });

test('a correspondence game begun on one browser is played from another after signing in', async () => {
  const suffix = Date.now().toString(36).slice(-5);
  const [ana, bob] = [`ana_${suffix}`, `bob_${suffix}`];
  const a = (await openApp(app.browser, `${app.server.url}?lobby`, { viewport: { width: 1100, height: 800 }, ...from('192.0.2.1') })).page;
  const b = (await openApp(app.browser, `${app.server.url}?lobby`, { ...phone, ...from('198.51.100.2') })).page;
  for (const p of [a, b]) await p.waitForSelector('body[data-screen="lobby"]');
  await account(a, ana, 'register');
  await account(b, bob, 'register');
  for (const p of [a, b]) {
    await p.selectOption('#quick-game', 'classic');
    await p.click('[data-action="quick"][data-clock="3d"]');
  }
  for (const p of [a, b]) {
    await p.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]', { timeout: 15_000 });
    await p.waitForFunction(() => /Your turn|Waiting for White/.test(document.getElementById('status').textContent));
  }
  // White moves first, then Black: it is White's turn again.
  const [white, black] = (await myTurn(a)) ? [a, b] : [b, a];
  await playFirstMove(white);
  await atPly(black, 1);
  await playFirstMove(black);
  await atPly(white, 2);

  // Ana on her phone: signed in, her game listed, her seat there too.
  const c = (await openApp(app.browser, `${app.server.url}?lobby`, { ...phone, ...from('203.0.113.3') })).page;
  await c.waitForSelector('body[data-screen="lobby"]');
  await account(c, ana, 'sign-in');
  await c.waitForSelector('#mine [data-action="resume"]', { timeout: 15_000 });
  await c.click('#mine [data-action="resume"]');
  await c.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]');
  await atPly(c, 2);
  assert.doesNotMatch(await c.textContent('#notice'), /another browser/);
  if (white === a) {
    // Her turn, on the phone.
    await c.waitForFunction(() => document.getElementById('status').textContent.includes('Your turn'));
    await playFirstMove(c);
  } else {
    await playFirstMove(b);
    await atPly(c, 3);
    await c.waitForFunction(() => document.getElementById('status').textContent.includes('Your turn'));
    await playFirstMove(c);
  }
  const played = white === a ? 3 : 4;
  // The first browser and Bob see the move made on the phone.
  await atPly(a, played);
  await atPly(b, played);
});
