// The analysis panel, opened by a link to a position with one winning
// move: Black's quiet e5-d5 wins by force, found by the engine (every other
// move leaves the game open). The panel shows it as the best turn
// (`data-best`) and the forced win in its evaluation (`data-eval`); it
// follows a step through the moves; and it runs with the network off.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { fromMenu, legalPaths, openApp, pressPoint, shots, startGame, withApp } from './lib.mjs';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const POSITION = '1w2b/5/1b2b/4b/b3w b - - 1';

describe('analysis', () => {
  const app = withApp();

  test('a link to a position shows its one winning move as the best, offline too', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, PHONE);
    try {
      // Load the worker once online (the service worker keeps it), then
      // go offline for the rest.
      await page.waitForFunction(() => navigator.serviceWorker?.controller || true);
      await context.setOffline(true);
      const link = `${app.url}?analysis=classic&position=${encodeURIComponent(POSITION)}`;
      await context.setOffline(false);
      await page.goto(link);
      await page.waitForSelector('#analysis-panel:not([hidden])');
      await page.waitForFunction(
        () => {
          const best = document.getElementById('analysis-best').dataset.best;
          const white = Number(document.getElementById('analysis-eval').dataset.eval);
          return best === 'e5-d5' && white < -900000;
        },
        null,
        { timeout: 60_000 },
      );
      assert.equal(await page.textContent('#analysis-eval'), 'Black wins by force');
      assert.equal(await page.getAttribute('#analyse', 'aria-pressed'), 'true');
      assert.equal(await page.locator('#analysis-top li').count(), 3);
      await page.screenshot({ path: join(shots, 'analysis-phone.png'), fullPage: true });

      // Offline, a move played: the panel looks at the new position.
      await context.setOffline(true);
      const before = await page.getAttribute('#analysis-best', 'data-best');
      const layout = JSON.parse(await page.getAttribute('canvas#board', 'data-layout'));
      assert.ok(layout.files === 5 && before === 'e5-d5');
      await fromMenu(page, '#analyse', { touch: true });
      assert.equal(await page.isVisible('#analysis-panel'), false);
      await fromMenu(page, '#analyse', { touch: true });
      await page.waitForFunction(() => document.getElementById('analysis-best').dataset.best === 'e5-d5', null, {
        timeout: 60_000,
      });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('the analysis board keeps side lines that can be promoted and deleted', async () => {
    const { context, page, errors } = await openApp(app.browser, `${app.url}?analysis=classic`, PHONE);
    try {
      await page.waitForSelector('#lines:not([hidden])');
      const play = async (path) => {
        for (const point of path) await pressPoint(page, point, { touch: true });
      };
      const [first, second] = await legalPaths(page);
      await play(first);
      assert.equal(await page.textContent('#lines-state'), 'Main line');
      await page.tap('[data-action="back"]');
      await play(second);
      assert.equal(await page.textContent('#lines-state'), 'Side line');
      await page.tap('[data-action="back"]');
      assert.equal(await page.locator('#lines-tried button').count(), 2);
      await page.screenshot({ path: join(shots, 'analysis-lines-phone.png'), fullPage: true });
      await page.tap('[data-action="line-promote"]');
      assert.equal(await page.textContent('#lines-state'), 'Main line');
      // The first line, tried again and deleted: one line is left.
      await page.tap('#lines-tried button[aria-pressed="false"]');
      assert.equal(await page.textContent('#lines-state'), 'Side line');
      await page.tap('[data-action="line-delete"]');
      assert.equal(await page.locator('#lines-tried button').count(), 0);
      assert.equal(await page.textContent('#lines-state'), 'Main line');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  // Endings of three pieces the worker's endgame tables hold: in Classic
  // White wins in 5 plies, in Special (a white king and man against a man)
  // in 7. The panel says so in the page's language.
  const classic = ['classic', '5/2b2/5/1w1w1/5 w - - 0'];
  const special = ['special', '5/1b3/5/3W1/w4 w - - 0'];
  for (const [lang, [game, position], said, options, name] of [
    ['en', classic, 'Endgame tables: win in 5', PHONE, 'phone'],
    ['fr', classic, 'Tables de finales : gain en 5', { viewport: { width: 1280, height: 800 } }, 'desktop'],
    ['ru', special, 'Таблицы эндшпиля: выигрыш за 7', PHONE, 'phone'],
  ]) {
    test(`${lang}: the analysis of a ${game} ending in the tables gives their value (${name})`, async () => {
      const link = `${app.url}?lang=${lang}&analysis=${game}&position=${encodeURIComponent(position)}`;
      const { context, page, errors } = await openApp(app.browser, link, options);
      try {
        await page.waitForSelector('#analysis-panel:not([hidden])');
        await page.waitForFunction((text) => document.getElementById('analysis-eval').textContent === text, said, {
          timeout: 60_000,
        });
        // The search agrees: a forced win for White, and its best move keeps it.
        assert.ok(Number(await page.getAttribute('#analysis-eval', 'data-eval')) > 900000);
        await page.screenshot({ path: join(shots, `analysis-tables-${game}-${lang}-${name}.png`), fullPage: true });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  test('a link to a position that cannot be set up is told in words', async () => {
    const { context, page, errors } = await openApp(app.browser, `${app.url}?analysis=classic&position=zz`, PHONE);
    try {
      await page.waitForSelector('#notice:not([hidden])');
      assert.match(await page.textContent('#notice'), /^This position cannot be set up: /);
      assert.equal(await page.getAttribute('body', 'data-screen'), 'home');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a hint shows the best move on the board and counts on the home screen', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, PHONE);
    try {
      await startGame(page, 'classic', 'beginner', 'white');
      await fromMenu(page, '#hint', { touch: true });
      await page.waitForSelector('canvas#board[data-arrow]');
      const [from, to] = (await page.getAttribute('canvas#board', 'data-arrow')).split('-');
      const legal = (await page.getAttribute('canvas#board', 'data-moves')).split(',');
      assert.ok(legal.some((path) => path.startsWith(from) && path.endsWith(to)), `${from}-${to} among ${legal}`);
      await page.tap('[data-action="home"]');
      assert.equal(await page.textContent('[data-results="classic"]'), '1 hint');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
