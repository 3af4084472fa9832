// Puzzles: a Classic puzzle solved with its winning move and the next one
// failed, the progress kept across a reload; on a phone.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dist, legalPaths, openApp, pressPoint, shots, withApp } from './lib.mjs';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

/** The Classic set as served: [position, best turn, …] per puzzle. */
const puzzles = () =>
  readFileSync(join(dist, 'puzzles', 'classic.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split('\t'));

/** The points a Classic turn's text passes through: `d4xb2xd2`. */
const points = (turn) => turn.split(/[-x]/);

async function play(page, path) {
  for (const point of path) await pressPoint(page, point, { touch: true });
}

describe('puzzles', () => {
  const app = withApp();

  test('a puzzle solved and one failed, the progress kept', async () => {
    const [first, second] = puzzles();
    const { context, page, errors } = await openApp(app.browser, app.url, PHONE);
    try {
      await page.tap('[data-action="pick"][data-game="classic"]');
      await page.tap('[data-action="puzzles"]');
      await page.waitForSelector('#puzzle-panel:not([hidden])');
      assert.equal(await page.textContent('#puzzle-title'), `Classic puzzle 1 of ${puzzles().length}`);
      await play(page, points(first[1]));
      await page.waitForSelector('#puzzle-panel[data-verdict="right"]');
      assert.equal(await page.textContent('#puzzle-verdict'), `Right! ${first[1]} wins.`);
      await page.screenshot({ path: join(shots, 'puzzle-phone.png'), fullPage: true });

      await page.tap('[data-action="puzzle-next"]');
      await page.waitForSelector('#puzzle-panel[data-verdict=""]');
      assert.equal(await page.textContent('#puzzle-title'), `Classic puzzle 2 of ${puzzles().length}`);
      const wrong = (await legalPaths(page)).find((path) => path.join(' ') !== points(second[1]).join(' '));
      await play(page, wrong);
      await page.waitForSelector('#puzzle-panel[data-verdict="wrong"]');
      await page.tap('[data-action="puzzle-solution"]');
      assert.match(await page.textContent('#puzzle-verdict'), new RegExp(`^The solution: ${second[1]}`));

      // Solved and failed, as stored; the puzzles opened again from the
      // home screen start at the first unsolved one, the second.
      assert.equal(await page.evaluate(() => localStorage.getItem('alquerque.puzzles')), 'classic:+0,-1');
      assert.match(page.url(), /\?puzzles=classic$/, 'the puzzles have an address of their own');
      await page.goto(app.url);
      await page.tap('[data-action="pick"][data-game="classic"]');
      await page.tap('[data-action="puzzles"]');
      await page.waitForSelector('#puzzle-panel:not([hidden])');
      assert.equal(await page.textContent('#puzzle-title'), `Classic puzzle 2 of ${puzzles().length}`);
      assert.equal(await page.textContent('#puzzle-progress'), `Solved 1 of ${puzzles().length}`);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
