// A whole game of Qirkat against the computer with the keyboard alone: Tab
// and Enter through the menus, the arrow keys and Enter on the board; the
// live region says each move.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { legalPaths, openApp, shots, withApp } from './lib.mjs';

const app = withApp();

/** Presses Tab until `selector` has the focus. */
async function tabTo(page, selector) {
  for (let i = 0; i < 60; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s), selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Moves the board's cursor to `name` with the arrow keys (White below). */
async function cursorTo(page, name) {
  const at = async () => page.getAttribute('canvas#board', 'data-cursor');
  if (!(await at())) await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 20; i++) {
    const here = await at();
    if (here === name) return;
    const df = name.charCodeAt(0) - here.charCodeAt(0);
    const dr = Number(name.slice(1)) - Number(here.slice(1));
    if (df !== 0) await page.keyboard.press(df > 0 ? 'ArrowRight' : 'ArrowLeft');
    else await page.keyboard.press(dr > 0 ? 'ArrowUp' : 'ArrowDown');
  }
  throw new Error(`the cursor did not reach ${name}`);
}

test('a whole game of Qirkat with the keyboard only', async () => {
  const { context, page, errors } = await openApp(app.browser, app.url, {
    viewport: { width: 1100, height: 800 },
  });
  await tabTo(page, '[data-action="pick"][data-game="qirkat"]');
  await page.keyboard.press('Enter');
  await tabTo(page, '#level');
  await page.keyboard.press('b');
  assert.equal(await page.inputValue('#level'), 'beginner');
  await tabTo(page, '[data-action="start-computer"]');
  await page.keyboard.press('Enter');
  await page.waitForSelector('canvas#board[data-drawn="true"]');
  await tabTo(page, 'canvas#board');

  let moves = 0;
  for (;;) {
    await page.waitForFunction(() => document.body.dataset.thinking === 'false'
      && (document.getElementById('board').dataset.moves !== ''
        || /win|lose|Draw/.test(document.getElementById('status').textContent)), null, { timeout: 30_000 });
    const status = await page.textContent('#status');
    if (/win|lose|Draw/.test(status)) break;
    const before = Number(await page.getAttribute('body', 'data-ply'));
    const [path] = await legalPaths(page);
    for (const point of path) {
      await cursorTo(page, point);
      await page.keyboard.press('Enter');
    }
    await page.waitForFunction((n) => Number(document.body.dataset.ply) > n, before);
    moves += 1;
    if (moves === 3) {
      await page.screenshot({ path: join(shots, 'keyboard-cursor.png') });
      const said = await page.textContent('#announce');
      assert.match(said, /(White|Black) played /, 'the live region says the last move');
    }
    assert.ok(moves < 300, 'the game ends');
  }
  const status = await page.textContent('#status');
  assert.match(status, /win|lose|Draw/);
  assert.ok(moves > 3, `a whole game (${moves} moves by keyboard)`);
  assert.deepEqual(errors, []);
  await context.close();
});
