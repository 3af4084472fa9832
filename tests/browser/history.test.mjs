// Every screen an address: on a phone, against the real game server, a
// person walks from the home screen to a game's opponent choice, into a game
// with the computer, home, to the lobby and a player's page; the browser's
// Back (Android's back gesture) then returns through each screen in turn,
// and each address, reloaded, opens its screen again.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, shots, withServer } from './lib.mjs';

const app = withServer();
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.9' },
};

/** The screen on show and the address's query. */
async function where(page) {
  await page.waitForFunction(() => document.body.dataset.screen);
  return {
    screen: await page.getAttribute('body', 'data-screen'),
    query: new URL(page.url()).search,
  };
}

/** Waits until `screen` shows at `query`. */
async function at(page, screen, query) {
  await page.waitForFunction(
    ([s, q]) => document.body.dataset.screen === s && location.search === q,
    [screen, query],
    { timeout: 15_000 },
  ).catch(async () => {
    assert.deepEqual(await where(page), { screen, query });
  });
}

test('home → game choice → a game → the lobby → a player, and Back through each; each address reloads', async () => {
  const name = `walker_${Date.now().toString(36).slice(-5)}`;
  const { context, page, errors } = await openApp(app.browser, app.server.url, PHONE);
  try {
    await at(page, 'home', '');
    await page.tap('[data-action="pick"][data-game="qirkat"]');
    await at(page, 'opponent', '?play=qirkat');
    await page.selectOption('#level', 'beginner');
    await page.tap('[data-action="start-computer"]');
    await page.waitForSelector('canvas#board[data-drawn="true"]');
    await at(page, 'game', '?game');
    await page.tap('[data-action="home"] >> visible=true');
    await at(page, 'home', '');
    await page.tap('[data-action="lobby"]');
    await at(page, 'lobby', '?lobby');
    await page.tap('.account-box summary');
    await page.fill('#account-name', name);
    await page.fill('#account-password', 'a long enough secret');
    await page.tap('[data-action="register"]');
    await page.waitForSelector('#signed-in:not([hidden])');
    await page.tap('#my-page');
    await at(page, 'player', `?player=${name}`);
    await page.waitForFunction((n) => document.getElementById('player-name').textContent === n, name);
    await page.screenshot({ path: join(shots, 'history-player-phone.png') });

    // Back, as the phone's back gesture does, one screen at a time.
    const back = [
      ['lobby', '?lobby'],
      ['home', ''],
      ['game', '?game'],
      ['opponent', '?play=qirkat'],
      ['home', ''],
    ];
    for (const [screen, query] of back) {
      await page.goBack();
      await at(page, screen, query);
      if (screen === 'game') {
        assert.equal(await page.textContent('#game-title'), 'Qirkat', 'the game in progress, as it was');
      }
    }
    // Forward again, and each address reloaded opens its screen.
    const forward = [
      ['opponent', '?play=qirkat'],
      ['game', '?game'],
      ['home', ''],
      ['lobby', '?lobby'],
      ['player', `?player=${name}`],
    ];
    for (const [screen, query] of forward) {
      await page.goForward();
      await at(page, screen, query);
      await page.reload();
      await at(page, screen, query);
    }
    await page.waitForFunction((n) => document.getElementById('player-name').textContent === n, name);
    // An address typed in opens its screen too, in the language it asks for.
    await page.goto(`${app.server.url}?rules=bell&lang=fr`);
    await at(page, 'rules', '?rules=bell&lang=fr');
    await page.screenshot({ path: join(shots, 'history-rules-fr-phone.png') });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
