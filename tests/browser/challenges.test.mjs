// Challenges between two browsers, and a house bot: Ana challenges Bob from
// his page; Bob, on his phone, sees it in the lobby and accepts, and both
// are seated. Then Ana challenges EasyBot, marked as a bot on its page and
// at the board, which takes the challenge and answers her move.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, playFirstMove, waitForPly, withServer } from './lib.mjs';

const app = withServer({ args: ['--house-bots', '--bot-wait', '1'] });
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

async function challenge(page, name, game, clock) {
  await page.goto(`${app.server.url}?player=${name}`);
  await page.waitForSelector('#challenge-box:not([hidden])', { timeout: 15_000 });
  await page.click('#challenge-box summary');
  await page.selectOption('#challenge-game', game);
  await page.selectOption('#challenge-clock', clock);
  await page.click('#challenge-send');
}

const seated = (page) =>
  page.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]', { timeout: 20_000 });

test('a challenge made from a page is accepted in the lobby; a bot takes one and plays', async () => {
  const suffix = Date.now().toString(36).slice(-5);
  const [ana, bob] = [`ana_${suffix}`, `bob_${suffix}`];
  const a = (await openApp(app.browser, `${app.server.url}?lobby`, { viewport: { width: 1100, height: 800 }, ...from('192.0.2.1') })).page;
  const b = (await openApp(app.browser, `${app.server.url}?lobby`, { ...phone, ...from('198.51.100.2') })).page;
  for (const p of [a, b]) await p.waitForSelector('body[data-screen="lobby"]');
  await register(a, ana);
  await register(b, bob);

  await challenge(a, bob, 'bell', '3+2');
  await a.waitForFunction(() => document.getElementById('notice').textContent.includes('Challenging'));
  await b.waitForSelector('#challenges [data-action="accept-challenge"]', { timeout: 15_000 });
  assert.match(await b.textContent('#challenges'), new RegExp(`${ana}.*Bell · 3\\+2 · casual`));
  await b.click('#challenges [data-action="accept-challenge"]');
  await seated(a);
  await seated(b);
  assert.match(await a.textContent('#players'), new RegExp(`You – ${bob}|${bob} – You`));

  // A house bot: marked on its page and at the board; it answers.
  await a.goto(`${app.server.url}?player=EasyBot`);
  await a.waitForFunction(() => document.getElementById('player-name').textContent === 'EasyBot (BOT)');
  await challenge(a, 'EasyBot', 'qirkat', '3d');
  await seated(a);
  await a.waitForFunction(() => document.getElementById('players').textContent.includes('EasyBot (BOT)'));
  // Either side: whoever has White moves, and the bot answers.
  const white = await a.evaluate(() => document.getElementById('status').textContent.includes('Your turn'));
  if (white) await playFirstMove(a);
  await waitForPly(a, 2);
});
