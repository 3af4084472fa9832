// The game screen's order of things: the moment's actions (Undo, a draw,
// Resign) in sight, stepping through the moves and the menu in a bar that
// stays under the board on a phone, and every tool in one menu, each named
// by what it does.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fromMenu, openApp, playFirstMove, ply, shots, waitForPly, withApp } from './lib.mjs';

const TOOLS = ['#hint', '#analyse', '#review-button', '#analysis-board', '#edit', '[data-action="flip"]', '#zen'];
const HEIGHT = 640;
const phone = (height) => ({
  viewport: { width: 390, height },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
});

describe('the game screen on a phone', () => {
  const app = withApp();

  for (const lang of ['en', 'ru']) {
    test(`${lang}: the bar under the board, the moment's actions in sight, the tools in one menu`, async () => {
      // A short screen: the panel goes below the fold.
      const { context, page, errors } = await openApp(app.browser, `${app.url}?play=qirkat&lang=${lang}`, phone(HEIGHT));
      try {
        await page.selectOption('#level', 'easy');
        await page.click('[data-action="start-computer"]');
        await page.waitForSelector('canvas#board[data-drawn="true"]');
        await playFirstMove(page, { touch: true });
        await waitForPly(page, 2);
        await page.evaluate(() => scrollTo(0, 0));
        // The bar is at the bottom of the screen though its place in the
        // panel is further down.
        const bar = await page.evaluate(() => document.querySelector('.game-bar').getBoundingClientRect().toJSON());
        assert.ok(bar.bottom <= HEIGHT && bar.bottom > HEIGHT - 80, JSON.stringify(bar));
        for (const s of ['[data-action="back"]', '[data-action="forward"]', '#menu-button']) {
          assert.ok(await page.isVisible(`.game-bar ${s}`), s);
        }
        for (const s of ['#undo', '[data-action="offer-draw"]', '#resign']) {
          assert.ok(await page.isVisible(`.game-actions ${s}`), s);
        }
        // The tools are in the menu alone, shown when it opens.
        for (const s of TOOLS) assert.equal(await page.isVisible(s), false, s);
        await page.tap('#menu-button');
        await page.waitForSelector('#game-menu:popover-open');
        const names = [];
        for (const s of TOOLS) {
          assert.ok(await page.isVisible(`#game-menu ${s}`), s);
          names.push((await page.textContent(`#game-menu ${s}`)).trim());
        }
        // Each tool has its own name, the three of the computer's a sentence.
        assert.equal(new Set(names).size, names.length, names.join(' | '));
        for (const name of names.slice(1, 4)) assert.ok(name.split(/\s+/).length >= 3, name);
        await page.screenshot({ path: join(shots, `game-menu-phone-${lang}.png`) });
        // A tap beside the menu (on the board's edge) closes it.
        const board = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().toJSON());
        await page.touchscreen.tap(board.left + 4, board.top + 4);
        await page.waitForSelector('#game-menu:not(:popover-open)', { state: 'attached' });
        assert.equal(await ply(page), 2);
        assert.ok(await page.isVisible('body[data-screen="game"] #menu-button'));
        // A tool chosen closes the menu and does its work.
        await fromMenu(page, '#hint', { touch: true });
        await page.waitForSelector('canvas#board[data-arrow]');
        assert.equal(await page.isVisible('#game-menu'), false);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});
