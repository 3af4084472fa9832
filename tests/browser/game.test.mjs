// Plays the built web app (dist/) in headless Chromium the way a person
// does: real pointer events on the canvas, the computer answering from its
// worker, reloads, undo, resignation, draw offers, a huff by triple-click,
// touch input on a phone, and the page staying responsive while the
// computer thinks. Screenshots of every screen go to screenshots/.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  dragPoints,
  fromMenu,
  legalPaths,
  openApp,
  ply,
  pressPoint,
  shots,
  startGame,
  waitForPly,
  withApp,
} from './lib.mjs';

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = {
  viewport: { width: 375, height: 667 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const GAMES = ['classic', 'special', 'qirkat', 'bell', 'turkish', 'chesquerque'];

/** Enters a turn point by point; answers a promotion with a queen. */
async function enter(page, path, options) {
  for (const name of path) await pressPoint(page, name, options);
  if (await page.isVisible('#promotion')) {
    await page.click('[data-action="promote"][data-role="queen"]');
  }
}

/** The move list as shown. */
async function moveList(page) {
  return page.$$eval('#moves button', (bs) => bs.map((b) => b.textContent.trim()));
}

/** A copy of the canvas pixels, to tell whether anything changed. */
async function pixels(page) {
  return page.evaluate(() => document.getElementById('board').toDataURL());
}

describe('playing in the browser', () => {
  const app = withApp();

  for (const game of GAMES) {
    test(`${game}: moves by clicking, the computer answers, reload restores, undo, draw offer, resign`, async () => {
      const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
      try {
        await startGame(page, game, 'beginner', 'white');
        const paths = await legalPaths(page);
        assert.ok(paths.length > 0, 'the player has moves');
        // A drag for the first move where the page allows it, clicks otherwise.
        const first = paths[0];
        if (first.length === 2) {
          await dragPoints(page, first[0], first[1]);
        } else {
          await enter(page, first);
        }
        await waitForPly(page, 2);
        const second = (await legalPaths(page))[0];
        await enter(page, second);
        await waitForPly(page, 4);
        const moves = await moveList(page);
        assert.equal(moves.length, await ply(page));
        await page.screenshot({ path: join(shots, `game-${game}-desktop.png`) });

        await page.reload();
        await page.waitForSelector('canvas#board[data-drawn="true"]');
        assert.deepEqual(await moveList(page), moves, 'the reload restored every move');

        await page.click('[data-action="undo"]');
        assert.equal(await ply(page), moves.length - 2, 'undo takes back the pair');
        assert.deepEqual(await moveList(page), moves.slice(0, -2));

        await page.click('[data-action="offer-draw"]');
        // The computer answers from its worker, a moment later: in the
        // opening, no level takes a draw.
        await page.waitForSelector('#notice:not([hidden])');
        assert.equal(await page.textContent('#notice'), 'The computer declines the draw.');
        // Resigning asks for a second press on the same button.
        const status = await page.textContent('#status');
        await page.click('[data-action="resign"]');
        await page.waitForSelector('[data-action="resign"][data-confirm]');
        assert.equal(await page.textContent('[data-action="resign"]'), 'Resign? Press again');
        assert.equal(await page.textContent('#status'), status, 'one press resigns nothing');
        await page.click('[data-action="resign"]');
        assert.match(await page.textContent('#status'), /^You lose \(resignation\)$/);
        await page.screenshot({ path: join(shots, `result-${game}-desktop.png`) });
        assert.deepEqual(errors, [], 'no errors on the page');
      } finally {
        await context.close();
      }
    });
  }

  test('special: a whole game in which the player huffs the computer by triple-click', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
    try {
      // A game in which Black (the computer) has just stepped a3-b3 although
      // its man on c3 could capture: White may huff c3.
      const record = 'special moves d3-c3 b3xd3 c2-c3 d3xb3 e3-d3 b3-c3 b2-c2 a3-b3';
      await page.evaluate((record) => {
        localStorage.setItem(
          'alquerque.game',
          JSON.stringify({ version: 1, record, mode: 'computer', level: 'beginner', human: 'white', seed: 5 }),
        );
      }, record);
      await page.reload();
      await page.waitForSelector('canvas#board[data-drawn="true"]');
      assert.equal(await ply(page), 8);
      const before = await pixels(page);
      const movesBefore = await legalPaths(page);
      // A triple-click on a piece that cannot be huffed changes nothing.
      await pressPoint(page, 'a5');
      await pressPoint(page, 'a5');
      await pressPoint(page, 'a5');
      assert.equal(await pixels(page), before, 'the board looks the same');
      assert.deepEqual(await legalPaths(page), movesBefore);
      assert.equal(await ply(page), 8);
      // The triple-click on c3 huffs it: the piece goes, then White moves.
      await page.waitForTimeout(700);
      await pressPoint(page, 'c3');
      await pressPoint(page, 'c3');
      await pressPoint(page, 'c3');
      assert.notEqual(await pixels(page), before, 'the huffed piece is gone');
      assert.match(await page.textContent('#prompt'), /huffed/i);
      const afterHuff = await legalPaths(page);
      assert.ok(afterHuff.length > 0);
      await enter(page, afterHuff[0]);
      await waitForPly(page, 10);
      assert.match((await moveList(page))[8], /^5\. h:c3 /, 'the huff is in the record');
      // Play on to the end, captures first.
      for (let turn = 0; turn < 120; turn += 1) {
        const status = await page.textContent('#status');
        if (!status.startsWith('Your turn')) break;
        const paths = await legalPaths(page);
        const n = await ply(page);
        const jump = paths.find((p) => p.length > 2) ?? paths[turn % paths.length];
        await enter(page, jump);
        await waitForPly(page, n + 1);
        await page.waitForFunction(() => document.body.dataset.thinking === 'false');
      }
      const status = await page.textContent('#status');
      assert.match(status, /^(You win!|You lose|Draw)/, `the game ended: ${status}`);
      await page.screenshot({ path: join(shots, 'special-huff-desktop.png') });
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });

  test('special: a huff is explained in words and on the board, with its rule a press away', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
    try {
      // White's d3-c3 left c1's capture untaken: Black may huff c1.
      const record = 'special moves c2-c3 c4xc2 d3-c3';
      await page.evaluate((record) => {
        localStorage.setItem('alquerque.game', JSON.stringify({ version: 1, record, mode: 'friend', seed: 5 }));
      }, record);
      await page.reload();
      await page.waitForSelector('canvas#board[data-drawn="true"]');
      assert.equal(await page.isVisible('#huff-note'), false);
      for (let i = 0; i < 3; i += 1) await pressPoint(page, 'c1');
      await enter(page, ['b3', 'd3']);
      await waitForPly(page, 4);
      await page.waitForSelector('#huff-note:not([hidden])');
      assert.equal(
        await page.textContent('#huff-note-text'),
        "White's piece on c1 was huffed: it could have captured and did not, so Black removed it.",
      );
      assert.equal(await page.getAttribute('canvas#board', 'data-huffed'), 'c1');
      await page.click('#huff-note [data-action="rules"]');
      await page.waitForSelector('#rules-special');
      assert.ok(await page.isVisible('#rules-special'));
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });

  test('a phone: touch input, and every screen fits', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, PHONE);
    try {
      // The phone's vibrator, as the page asks for it.
      await context.addInitScript(() => {
        window.buzzed = [];
        navigator.vibrate = (pattern) => window.buzzed.push(pattern) > 0;
      });
      await page.reload();
      await page.waitForSelector('body[data-screen="home"]');
      await page.screenshot({ path: join(shots, 'home-phone.png'), fullPage: true });
      await page.tap('[data-action="pick"][data-game="qirkat"]');
      await page.screenshot({ path: join(shots, 'opponent-phone.png'), fullPage: true });
      await page.selectOption('#level', 'easy');
      await page.tap('[data-action="start-computer"]');
      await page.waitForSelector('canvas#board[data-drawn="true"]');
      const path = (await legalPaths(page))[0];
      await enter(page, path, { touch: true });
      await waitForPly(page, 2);
      // One buzz, for the computer's move (a longer one if it took a
      // piece), none for the person's own.
      const buzzed = await page.evaluate(() => window.buzzed);
      assert.equal(buzzed.length, 1, JSON.stringify(buzzed));
      assert.ok(['[35]', '[70,60,70]'].includes(JSON.stringify(buzzed[0])), JSON.stringify(buzzed));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `nothing wider than the screen (${width})`);
      await page.screenshot({ path: join(shots, 'game-phone.png'), fullPage: true });
      await page.tap('[data-action="rules"]');
      await page.waitForSelector('#rules-qirkat');
      await page.screenshot({ path: join(shots, 'rules-phone.png') });
      await page.tap('[data-action="close-rules"]');
      await fromMenu(page, '[data-action="new-game"]', { touch: true });
      await page.waitForSelector('#confirm-new[open]');
      await page.screenshot({ path: join(shots, 'confirm-phone.png') });
      await page.tap('[data-action="confirm-new-no"]');
      assert.equal(await ply(page), 2, 'keeping the game keeps it');
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });

  test('desktop screens', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
    try {
      await page.screenshot({ path: join(shots, 'home-desktop.png') });
      await page.click('[data-action="pick"][data-game="chesquerque"]');
      await page.screenshot({ path: join(shots, 'opponent-desktop.png') });
      await page.click('[data-action="start-friend"]');
      await page.waitForSelector('canvas#board[data-drawn="true"]');
      await page.screenshot({ path: join(shots, 'game-chesquerque-friend-desktop.png') });
      // One move, then New game asks before the game is lost.
      await enter(page, (await legalPaths(page))[0]);
      await fromMenu(page, '[data-action="new-game"]');
      await page.waitForSelector('#confirm-new[open]');
      await page.screenshot({ path: join(shots, 'confirm-desktop.png') });
      await page.click('[data-action="confirm-new-no"]');
      assert.equal(await ply(page), 1, 'keeping the game keeps it');
      await page.click('[data-action="offer-draw"]');
      await page.waitForSelector('#draw-answer:not([hidden])');
      await page.screenshot({ path: join(shots, 'draw-offer-desktop.png') });
      await page.click('[data-action="draw-yes"]');
      assert.equal(await page.textContent('#status'), 'Draw: agreement');
      await page.click('[data-action="rules"]');
      await page.waitForSelector('#rules-chesquerque');
      await page.screenshot({ path: join(shots, 'rules-desktop.png') });
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });

  test('watching the computer play itself: pause, step, a new pace, take over', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
    try {
      await page.click('[data-action="pick"][data-game="bell"]');
      await page.selectOption('#delay', '300');
      await page.click('[data-action="start-watch"]');
      await waitForPly(page, 3);
      await page.click('[data-action="pause"]');
      await page.waitForFunction(() => document.body.dataset.thinking === 'false');
      const paused = await ply(page);
      await page.waitForTimeout(800);
      assert.equal(await ply(page), paused, 'a paused game waits');
      await page.click('[data-action="step"]');
      await waitForPly(page, paused + 1);
      await page.selectOption('#watch-delay', '2000');
      await page.screenshot({ path: join(shots, 'watch-desktop.png') });
      await page.click('[data-action="take-over"]');
      await page.waitForFunction(() => document.body.dataset.thinking === 'false');
      assert.equal(await page.textContent('#status'), 'Your turn');
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });

  test('the page stays responsive while the computer thinks at Expert', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
    try {
      await startGame(page, 'chesquerque', 'expert', 'white');
      // A zero-delay heartbeat on the main thread counts how often it runs
      // while the body says the computer is thinking. A search in the worker
      // leaves the main thread free, so the heartbeat keeps beating through
      // every reply; a search on the main thread would hold it still from
      // the moment thinking starts until the reply. How long the page's own
      // tasks and gaps were is printed as a figure, not judged: on a busy
      // two-core machine it depends on what else runs.
      await page.evaluate(() => {
        window.beats = { thinking: 0, replies: 0, longest: 0 };
        let last = performance.now();
        let was = false;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const now = performance.now();
          window.beats.longest = Math.max(window.beats.longest, now - last);
          last = now;
          const thinking = document.body.dataset.thinking === 'true';
          if (thinking) window.beats.thinking += 1;
          if (thinking && !was) window.beats.replies += 1;
          was = thinking;
          if (!window.stopBeat) channel.port2.postMessage(0);
        };
        channel.port2.postMessage(0);
      });
      const turns = 3;
      for (let i = 0; i < turns; i += 1) {
        const n = await ply(page);
        await enter(page, (await legalPaths(page))[0]);
        await waitForPly(page, n + 2);
      }
      const beats = await page.evaluate(() => {
        window.stopBeat = true;
        return window.beats;
      });
      const own = await page.getAttribute('body', 'data-longest-task');
      console.log(
        `while Expert thought: ${beats.thinking} heartbeats over ${beats.replies} replies; ` +
          `longest task of the page ${own} ms, longest main-thread gap ${beats.longest.toFixed(0)} ms`,
      );
      assert.equal(beats.replies, turns, 'the heartbeat ran while each reply was being thought');
      assert.ok(beats.thinking >= 10 * turns, `only ${beats.thinking} heartbeats while thinking`);
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });

  test('a damaged save is reported and set aside, never a blank page', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
    try {
      await page.evaluate(() => localStorage.setItem('alquerque.game', '{"version":1,"record":"classic moves z9-z8"'));
      await page.reload();
      await page.waitForSelector('#notice:not([hidden])');
      assert.match(await page.textContent('#notice'), /could not be restored/);
      assert.equal(await page.getAttribute('body', 'data-screen'), 'home');
      const aside = await page.evaluate(() => localStorage.getItem('alquerque.game.unreadable'));
      assert.ok(aside.includes('z9-z8'), 'the damaged save is kept aside');
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });

  test('time to the first drawn board on reload', async () => {
    const { context, page } = await openApp(app.browser, app.url, DESKTOP);
    try {
      await startGame(page, 'turkish', 'friend');
      await page.reload();
      const ms = await page.evaluate(
        () =>
          new Promise((done) => {
            const check = () => {
              if (document.getElementById('board').dataset.drawn === 'true') {
                done(performance.now());
              } else {
                requestAnimationFrame(check);
              }
            };
            check();
          }),
      );
      console.log(`first drawn board ${ms.toFixed(0)} ms after navigation`);
      assert.ok(ms > 0);
    } finally {
      await context.close();
    }
  });
});
