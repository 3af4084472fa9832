// The board editor: pieces placed with presses, the engine's refusal of an
// impossible position in words, and a valid one analysed or played.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, pressPoint, shots, withApp } from './lib.mjs';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

async function openEditor(page, game) {
  await page.click(`[data-action="pick"][data-game="${game}"]`);
  await page.click('#screen-opponent [data-action="edit"]');
  await page.waitForSelector('#editor-panel:not([hidden])');
  await page.waitForSelector('canvas#board[data-drawn="true"]');
}

const error = (page) => page.getAttribute('#editor-error', 'data-error');

describe('editor', () => {
  const app = withApp();

  test('an impossible position is refused with its reason, a valid one is analysed', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, PHONE);
    try {
      await openEditor(page, 'classic');
      assert.equal(await error(page), '');
      // A thirteenth white man.
      await pressPoint(page, 'c3', { touch: true });
      assert.equal(await error(page), 'White has 13 pieces; a side has at most 12.');
      assert.equal(await page.isDisabled('[data-action="editor-analyse"]'), true);
      assert.equal(await page.isVisible('#moves'), false, 'the game panel gives way to the editor');
      await page.screenshot({ path: join(shots, 'editor-phone.png'), fullPage: true });
      // Taken off again, and Black to move.
      await pressPoint(page, 'c3', { touch: true });
      assert.equal(await error(page), '');
      await page.click('[data-action="editor-side"]');
      assert.equal(await page.textContent('#editor-side'), 'Black to move');
      const position = await page.getAttribute('#editor-link', 'data-position');
      assert.equal(position, 'bbbbb/bbbbb/bb1ww/wwwww/wwwww b - - 0');
      assert.ok((await page.textContent('#editor-link')).includes('?analysis=classic&position='));
      await page.click('[data-action="editor-analyse"]');
      await page.waitForSelector('#analysis-panel:not([hidden])');
      assert.equal(await page.isVisible('#editor-panel'), false);
      await page.waitForFunction(() => document.getElementById('analysis-best').dataset.best !== '', null, {
        timeout: 30_000,
      });
      // Black moves first: the best turn is one of Black's.
      const best = await page.getAttribute('#analysis-best', 'data-best');
      assert.match(best, /^[a-e][1-5]/);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('Chesquerque: a missing king is named, in the page language', async () => {
    const { context, page, errors } = await openApp(app.browser, `${app.url}?lang=es`, {
      viewport: { width: 1280, height: 800 },
    });
    try {
      await openEditor(page, 'chesquerque');
      await page.click('[data-action="brush"][data-piece="erase"]');
      await pressPoint(page, 'e9');
      assert.equal(await error(page), 'Las negras deben tener exactamente un rey.');
      await page.screenshot({ path: join(shots, 'editor-desktop-es.png') });
      // Put back, a friend's game from here.
      await page.click('[data-action="brush"][data-piece="b-king"]');
      await pressPoint(page, 'e9');
      assert.equal(await error(page), '');
      await page.click('[data-action="editor-friend"]');
      await page.waitForSelector('#editor-panel', { state: 'hidden' });
      assert.equal(await page.getAttribute('body', 'data-screen'), 'game');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
