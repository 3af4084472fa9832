// The screens around a game: the game screen naming the game and the
// players, the result panel's rematch (sides swapped) and look back, the
// home screen's "Continue" and results per game, keyboard help only where
// there is a keyboard, and confirming moves on a phone.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fromMenu, openApp, playFirstMove, ply, shots, startGame, waitForPly, withApp } from './lib.mjs';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

describe('screens', () => {
  const app = withApp();

  test('the game screen names the game and the players with the level; a rematch swaps sides', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
    try {
      await startGame(page, 'chesquerque', 'hard', 'white');
      assert.equal(await page.textContent('#game-title'), 'Chesquerque');
      assert.equal(await page.textContent('#players'), 'You – Computer (Hard)');
      assert.equal(await page.isVisible('#result'), false);

      await page.click('[data-action="resign"]');
      await page.click('[data-action="resign"]');
      await page.waitForSelector('#result:not([hidden])');
      assert.equal(await page.textContent('#result-headline'), 'You lose');
      assert.equal(await page.textContent('#result-reason'), 'resignation');
      await page.screenshot({ path: join(shots, 'result-desktop.png') });

      // Reloaded, the game is still over: nothing to lose by a new game.
      await page.reload();
      await page.waitForSelector('#result:not([hidden])');
      assert.equal(await page.textContent('#result-reason'), 'resignation');
      await page.click('#result [data-action="new-game"]');
      await page.waitForSelector('body[data-screen="home"]');
      assert.equal(await page.isVisible('#confirm-new'), false, 'nothing asked');
      assert.equal(await page.isVisible('#continue'), false, 'a finished game is not in progress');
      await page.goBack();
      await page.waitForSelector('#result:not([hidden])');

      // Look back: the panel goes, the first position shows.
      await page.click('[data-action="look-back"]');
      assert.equal(await page.isVisible('#result'), false);

      // Home: the finished game counts in Chesquerque's card, and there is
      // nothing to continue.
      await page.click('[data-action="home"]');
      assert.equal(await page.textContent('[data-results="chesquerque"]'), '0 won, 0 drawn, 1 lost');
      assert.equal(await page.isVisible('#continue'), false);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a rematch keeps the game and level and gives the person the other side', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
    try {
      await startGame(page, 'classic', 'beginner', 'white');
      await page.click('[data-action="resign"]');
      await page.click('[data-action="resign"]');
      await page.click('[data-action="rematch"]');
      assert.equal(await page.textContent('#players'), 'Computer (Beginner) – You');
      assert.equal(await page.textContent('#game-title'), 'Classic');
      // The computer now has White and opens.
      await waitForPly(page, 1);
      assert.equal(await page.isVisible('#result'), false);

      // The game in progress is offered on the home screen.
      await page.click('[data-action="home"]');
      const what = await page.textContent('#continue-what');
      assert.match(what, /^Classic against the computer \(Beginner\) · Your turn$/);
      await page.click('[data-action="continue"]');
      await page.waitForSelector('body[data-screen="game"]');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('keyboard help shows with a keyboard, not on a touch screen until keys are used', async () => {
    const desk = await openApp(app.browser, app.url, DESKTOP);
    const phone = await openApp(app.browser, app.url, PHONE);
    // A touch screen that is not a phone's: a tablet, or a laptop's.
    const touch = await openApp(app.browser, app.url, { viewport: { width: 390, height: 844 }, hasTouch: true });
    try {
      await startGame(desk.page, 'classic');
      await startGame(phone.page, 'classic');
      await startGame(touch.page, 'classic');
      assert.equal(await desk.page.isVisible('#board-keys'), true);
      assert.equal(await phone.page.isVisible('#board-keys'), false);
      assert.equal(await touch.page.isVisible('#board-keys'), false);
      // The board still describes itself to a screen reader by it.
      assert.equal(await phone.page.getAttribute('#board', 'aria-describedby'), 'board-keys');
      await phone.page.keyboard.press('Tab');
      assert.equal(await phone.page.isVisible('#board-keys'), true);
      // Confirming moves is a touch screen's preference.
      assert.equal(await desk.page.isVisible('label:has(#pref-confirm)', { timeout: 0 }), false);
    } finally {
      await desk.context.close();
      await phone.context.close();
      await touch.context.close();
    }
  });

  test('on a phone a move can wait for confirmation', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, PHONE);
    try {
      await startGame(page, 'classic');
      await page.click('#prefs summary');
      await page.check('#pref-confirm');
      // The preferences lie below the controls: back up to the board.
      await page.locator('#board').scrollIntoViewIfNeeded();
      await playFirstMove(page, { touch: true });
      await page.waitForSelector('#confirm-move:not([hidden])');
      assert.equal(await ply(page), 0, 'nothing played before it is confirmed');
      await page.screenshot({ path: join(shots, 'confirm-move-phone.png') });
      await page.tap('[data-action="cancel-move"]');
      assert.equal(await ply(page), 0);
      await playFirstMove(page, { touch: true });
      await page.tap('[data-action="confirm-move"]');
      await waitForPly(page, 1);
      assert.equal(await page.isVisible('#confirm-move'), false);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('a phone turned sideways', () => {
  const app = withApp();

  for (const lang of ['en', 'ar']) {
    test(`board and panel side by side, the whole board in sight (${lang})`, async () => {
      const sideways = { ...PHONE, viewport: { width: 844, height: 390 } };
      const { context, page, errors } = await openApp(app.browser, `${app.url}?play=classic&lang=${lang}`, sideways);
      try {
        await page.selectOption('#level', 'easy');
        await page.click('[data-action="start-computer"]');
        await page.waitForSelector('canvas#board[data-drawn="true"]');
        const boxes = await page.evaluate(() => {
          const box = (el) => el.getBoundingClientRect().toJSON();
          return { board: box(document.getElementById('board')), panel: box(document.querySelector('#screen-game .panel')) };
        });
        const { board, panel } = boxes;
        assert.ok(board.top >= 0 && board.bottom <= 390, `the board in sight: ${JSON.stringify(board)}`);
        assert.ok(board.height >= 280, `a board as tall as the screen allows: ${board.height}`);
        // Side by side, in reading order.
        const apart = lang === 'ar' ? board.left >= panel.right - 1 : board.right <= panel.left + 1;
        assert.ok(apart, JSON.stringify(boxes));
        // Every control of the panel within reach, by scrolling the panel alone.
        await page.locator('#menu-button').scrollIntoViewIfNeeded();
        const still = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().top);
        assert.ok(still >= 0, 'the board stays in sight');
        await page.screenshot({ path: join(shots, `game-landscape-${lang}.png`) });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  for (const lang of ['en', 'ar']) {
    test(`upright, for comparison (${lang})`, async () => {
      const { context, page, errors } = await openApp(app.browser, `${app.url}?play=classic&lang=${lang}`, PHONE);
      try {
        await page.selectOption('#level', 'easy');
        await page.click('[data-action="start-computer"]');
        await page.waitForSelector('canvas#board[data-drawn="true"]');
        const board = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().toJSON());
        assert.ok(board.width >= 340, `the board the screen's width: ${board.width}`);
        await page.screenshot({ path: join(shots, `game-portrait-${lang}.png`) });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the rule book on a phone', () => {
  const app = withApp();

  test('opened at a game, its bar with Back and every game stays in sight', async () => {
    const { context, page, errors } = await openApp(app.browser, `${app.url}?rules=chesquerque`, PHONE);
    try {
      await page.waitForSelector('#rules-chesquerque');
      await page.waitForFunction(() => document.getElementById('rules-chesquerque').getBoundingClientRect().top < 200);
      const inSight = (selector) => page.evaluate((selector) => {
        const box = document.querySelector(selector).getBoundingClientRect();
        return box.top >= 0 && box.bottom <= innerHeight && box.height > 0;
      }, selector);
      assert.ok(await inSight('[data-action="close-rules"]'), 'Back in sight');
      assert.ok(await inSight('.rules-bar a[href="#rules-classic"]'), 'the contents in sight');
      // The article's title is not hidden under the bar.
      const under = await page.evaluate(() => {
        const bar = document.querySelector('.rules-bar').getBoundingClientRect();
        const title = document.querySelector('#rules-chesquerque h2, #rules-chesquerque h3');
        return title.getBoundingClientRect().top >= bar.bottom - 1;
      });
      assert.ok(under, 'the title below the bar');
      await page.tap('.rules-bar a[href="#rules-classic"]');
      await page.waitForFunction(() => Math.abs(document.getElementById('rules-classic').getBoundingClientRect().top) < 120);
      assert.ok(await inSight('[data-action="close-rules"]'), 'Back still in sight');
      await page.tap('[data-action="close-rules"]');
      await page.waitForSelector('body[data-screen="home"]');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('installing', () => {
  const app = withApp();

  test('a browser that offers to install gets a button for it; the installed game opens at the game in progress', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, PHONE);
    try {
      assert.equal(await page.isVisible('#install'), false, 'nothing offered, no button');
      await page.evaluate(() => {
        const offer = new Event('beforeinstallprompt', { cancelable: true });
        window.prompted = 0;
        offer.prompt = () => { window.prompted += 1; };
        offer.userChoice = Promise.resolve({ outcome: 'accepted' });
        dispatchEvent(offer);
      });
      await page.waitForSelector('#install:not([hidden])');
      await page.tap('#install');
      await page.waitForFunction(() => window.prompted === 1 && document.getElementById('install').hidden);

      // Started from the manifest's address with a game in progress: the
      // game, not the home screen.
      await page.goto(`${app.url}?play=classic`);
      await page.click('[data-action="start-friend"]');
      await page.waitForSelector('canvas#board[data-drawn="true"]');
      await playFirstMove(page, { touch: true });
      const manifest = await (await fetch(new URL('manifest.webmanifest', app.url))).json();
      const started = await context.newPage();
      await started.goto(new URL(manifest.start_url, app.url).href);
      await started.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]');
      assert.equal(await started.getAttribute('body', 'data-ply'), '1');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});

describe('zen mode', () => {
  const app = withApp();

  test('only the board, the clocks and the names, kept across a reload, and a way out', async () => {
    const { context, page, errors } = await openApp(app.browser, `${app.url}?play=classic&lang=ru`, PHONE);
    try {
      await page.selectOption('#level', 'easy');
      await page.click('[data-action="start-computer"]');
      await page.waitForSelector('canvas#board[data-drawn="true"]');
      await fromMenu(page, '#zen', { touch: true });
      await page.waitForSelector('body[data-zen="true"]');
      const shown = () => page.evaluate(() => {
        const seen = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
        return {
          board: seen(document.getElementById('board')),
          players: seen(document.getElementById('players')),
          exit: seen(document.getElementById('zen-exit')),
          header: seen(document.querySelector('.app-header')),
          moves: seen(document.getElementById('moves')),
          status: seen(document.getElementById('status')),
          resign: seen(document.querySelector('[data-action="resign"]')),
        };
      });
      const zen = { board: true, players: true, exit: true, header: false, moves: false, status: false, resign: false };
      assert.deepEqual(await shown(), zen);
      await page.screenshot({ path: join(shots, 'zen-phone-ru.png') });
      await page.reload();
      await page.waitForSelector('body[data-zen="true"] canvas#board[data-drawn="true"]');
      assert.deepEqual(await shown(), zen);
      await page.tap('#zen-exit');
      await page.waitForSelector('body[data-zen="false"]');
      const normal = await shown();
      assert.ok(normal.header && normal.status && normal.resign && !normal.exit, JSON.stringify(normal));
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
