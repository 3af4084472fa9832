// Sounds: a quiet move and a capture are heard (through the body's
// data-sound hook, whether or not headless Chromium plays audio); an
// embedded game is silent unless its URL says sound=1; nothing is heard
// before the person has touched the page.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { legalPaths, openApp, pressPoint, startGame, waitForPly, withApp } from './lib.mjs';

const app = withApp();

/** The sound hook's state: the last sound's name and how many so far. */
async function heard(page) {
  return page.evaluate(() => ({
    sound: document.body.dataset.sound ?? null,
    count: Number(document.body.dataset.sounds ?? 0),
  }));
}

/** Whether a path (point names) jumps: two points apart in a step. */
function jumps(path) {
  return path.slice(1).some((to, i) => {
    const from = path[i];
    const files = Math.abs(to.charCodeAt(0) - from.charCodeAt(0));
    const ranks = Math.abs(Number(to.slice(1)) - Number(from.slice(1)));
    return files === 2 || ranks === 2;
  });
}

/** Enters `path` point by point and waits for the sound it makes. */
async function play(page, path) {
  const before = (await heard(page)).count;
  for (const name of path) await pressPoint(page, name);
  await page.waitForFunction((n) => Number(document.body.dataset.sounds ?? 0) > n, before);
  return heard(page);
}

test('a quiet move is heard as a move and a capture as a capture', async () => {
  const { context, page, errors } = await openApp(app.browser, app.url);
  try {
    await startGame(page, 'classic', 'friend');
    assert.equal((await heard(page)).sound, null, 'starting a game is silent');
    const quiet = (await legalPaths(page)).find((p) => !jumps(p));
    assert.ok(quiet, 'a quiet first move');
    assert.deepEqual(await play(page, quiet), { sound: 'move', count: 1 });
    // Quiet moves until a capture is there to make (Classic's are
    // compulsory, and come at once).
    for (let turn = 0; turn < 10; turn++) {
      const paths = await legalPaths(page);
      const capture = paths.find(jumps);
      if (capture) {
        const after = await play(page, capture);
        assert.equal(after.sound, 'capture');
        assert.equal(errors.length, 0, errors.join('\n'));
        return;
      }
      assert.equal((await play(page, paths[0])).sound, 'move');
    }
    assert.fail('no capture came up');
  } finally {
    await context.close();
  }
});

test('an embedded game is silent unless its URL asks for sound', async () => {
  for (const [query, loud] of [['', false], ['&sound=1', true]]) {
    const { context, page, errors } = await openApp(
      app.browser, `${app.url}?embed&game=classic&opponent=friend${query}`, undefined,
      { wait: 'canvas#board[data-drawn="true"]' });
    try {
      const [path] = await legalPaths(page);
      for (const name of path) await pressPoint(page, name);
      await waitForPly(page, 1);
      if (loud) {
        await page.waitForFunction(() => document.body.dataset.sound === 'move');
      } else {
        // Give a sound every chance to be noted.
        await page.waitForTimeout(300);
        assert.deepEqual(await heard(page), { sound: null, count: 0 });
      }
      assert.equal(errors.length, 0, errors.join('\n'));
    } finally {
      await context.close();
    }
  }
});

test('nothing is heard before the person touches the page', async () => {
  // Embedded, the computer plays itself from the start: no gesture yet.
  const { context, page, errors } = await openApp(
    app.browser, `${app.url}?embed&game=classic&opponent=watch&sound=1`, undefined,
    { wait: 'canvas#board[data-drawn="true"]' });
  try {
    await waitForPly(page, 2);
    assert.deepEqual(await heard(page), { sound: null, count: 0 }, 'silent before a gesture');
    // A press anywhere on the page lets the next turns be heard.
    await page.mouse.click(2, 2);
    await page.waitForFunction(() => Number(document.body.dataset.sounds ?? 0) > 0,
      undefined, { timeout: 20_000 });
    const { sound } = await heard(page);
    assert.ok(['move', 'capture', 'game-end'].includes(sound), sound);
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});
