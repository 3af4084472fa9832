// Reviewing a finished game with the computer, in its worker: the game
// keeps its result and how it ended, the graph of White's chances is drawn,
// the moves that threw chances away are marked, and a marked move shows the
// better move as an arrow on the board; on a phone and with the network off.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, shots, withApp } from './lib.mjs';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

// Ten turns of Classic found by the engine to hold mistakes: White's
// opening d3-c3 loses a man at once.
const RECORD = 'classic moves d3-c3 b3xd3 e3xc3 d4-e3 c3-d3 e3xc3 b2xd4 c5xe3 c1-b2 a3xc1xc3';
const SAVE = { version: 1, record: RECORD, mode: 'friend', seed: 1, huff: null, path: [], draw_offer: null };

describe('review', () => {
  const app = withApp();

  test('a finished Classic game reviewed: graph drawn, moves marked, a mark shows the better move', async () => {
    const context = await app.browser.newContext(PHONE);
    await context.addInitScript((save) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('alquerque.game', save);
        sessionStorage.setItem('seeded', '1');
      }
    }, JSON.stringify(SAVE));
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    try {
      await page.goto(app.url);
      await page.waitForSelector('canvas#board[data-drawn="true"]');
      assert.equal(await page.getAttribute('body', 'data-ply'), '10');
      await page.tap('[data-action="resign"]');
      await page.tap('[data-action="resign"]');
      await page.waitForSelector('#result:not([hidden])');

      // The rest runs without the network: the worker and the page need none,
      // once the service worker holds the build.
      await page.evaluate(() => navigator.serviceWorker.ready);
      await context.setOffline(true);
      await page.tap('[data-action="review-game"]');
      await page.waitForSelector('#review-panel:not([hidden])');
      await page.waitForFunction(() => document.getElementById('review-panel').dataset.reviewed === '11', null, {
        timeout: 60_000,
      });
      assert.equal(await page.getAttribute('#review-graph', 'data-drawn'), 'true');
      // The game stays as it ended: White resigned, and nothing here can
      // change that or take a turn back.
      assert.match(await page.textContent('#status'), /^Black wins \(resignation\)$/);
      for (const action of ['resign', 'offer-draw', 'undo']) {
        assert.equal(await page.isDisabled(`[data-action="${action}"]`), true, action);
      }
      const record = await page.textContent('#record-out');
      assert.match(record, /\[Result "0-1"\]/);
      assert.match(record, /\[Termination "resignation"\]/);
      const marks = Number(await page.getAttribute('#review-panel', 'data-marks'));
      assert.ok(marks >= 1, `moves marked: ${marks}`);
      assert.equal(await page.locator('#review-marks button').count(), marks);
      assert.match(await page.textContent('#review-summary'), /^White: .* · Black: /);
      // The graph is not blank: White's share and Black's both show.
      const shades = await page.evaluate(() => {
        const c = document.getElementById('review-graph');
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const seen = new Set();
        for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
        return seen.size;
      });
      assert.ok(shades >= 2, `the graph has White's and Black's shares (${shades} colours)`);

      // The first marked move: its position, with the better move's arrow.
      const first = page.locator('#review-marks button').first();
      const ply = await first.getAttribute('data-ply');
      await first.tap();
      await page.waitForSelector('canvas#board[data-arrow]');
      const arrow = await page.getAttribute('canvas#board', 'data-arrow');
      assert.match(arrow, /^[a-e][1-5]-[a-e][1-5]$/);
      assert.equal(await page.getAttribute('body', 'data-ply'), '10', 'the game is unchanged');
      await page.screenshot({ path: join(shots, 'review-phone.png'), fullPage: true });
      // A position whose move is not marked has no arrow.
      const marked = await page.$$eval('#review-marks button', (bs) => bs.map((b) => Number(b.dataset.ply)));
      assert.ok(marked.includes(Number(ply)));
      const plain = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find((q) => !marked.includes(q));
      await page.tap(`#moves [data-ply="${plain}"]`);
      await page.waitForSelector('canvas#board:not([data-arrow])');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a pasted record is reviewed; a review link opens its game; a bad one is told in words', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, PHONE);
    try {
      await page.fill('#record-text', 'classic moves d3-c3 b3xd3 e3xc3');
      await page.tap('[data-action="review-record"]');
      await page.waitForFunction(() => document.getElementById('review-panel')?.dataset.reviewed === '4');
      assert.equal(await page.getAttribute('body', 'data-ply'), '3');
      assert.ok(Number(await page.getAttribute('#review-panel', 'data-marks')) >= 1, 'd3-c3 is marked');

      // A link, with the record written as a link writes it.
      await page.goto(`${app.url}?review=classic%20moves%20d3-c3%20b3xd3`);
      await page.waitForFunction(() => document.getElementById('review-panel')?.dataset.reviewed === '3');
      // Not the saved game: a reload without the link finds nothing saved
      // from it.
      const saved = await page.evaluate(() => localStorage.getItem('alquerque.game'));
      assert.equal(saved, null);

      await page.goto(`${app.url}?review=classic+moves+c2-c4`);
      await page.waitForSelector('#notice:not([hidden])');
      assert.match(await page.textContent('#notice'), /^This record cannot be read: /);
      assert.equal(await page.getAttribute('body', 'data-screen'), 'home');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a record with tags is saved, copied out, and read back from a file; the board is saved as a picture', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, { viewport: { width: 1280, height: 800 } });
    try {
      await page.fill('#record-text', 'classic moves d3-c3 b3xd3 e3xc3');
      await page.click('[data-action="review-record"]');
      await page.waitForFunction(() => document.getElementById('review-panel')?.dataset.reviewed === '4');
      await page.click('#share summary');
      const record = await page.textContent('#record-out');
      assert.match(record, /^\[Game "classic"\]\n/);
      assert.match(record, /\[Date "\d{4}\.\d{2}\.\d{2}"\]/);
      assert.match(record, /\[White "White"\]\n\[Black "Black"\]/);
      assert.match(record, /\n\n1\. d3-c3 b3xd3 2\. e3xc3 \*\n$/);
      // Saved as a file named after the game and the day.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click('#share [data-action="download-record"]'),
      ]);
      assert.match(download.suggestedFilename(), /^classic-\d{4}-\d{2}-\d{2}\.txt$/);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      assert.equal(await readFile(path, 'utf8'), record);
      // The picture is a PNG.
      const [picture] = await Promise.all([
        page.waitForEvent('download'),
        page.click('[data-action="save-picture"]'),
      ]);
      assert.match(picture.suggestedFilename(), /\.png$/);
      const png = await readFile(await picture.path());
      assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
      assert.ok(png.length > 5000, `${png.length} bytes`);

      // The file opened from the home screen is reviewed.
      await page.click('[data-action="home"]').catch(() => {});
      await page.goto(app.url);
      await page.setInputFiles('#record-file', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
      await page.waitForFunction(() => document.getElementById('review-panel')?.dataset.reviewed === '4');
      assert.equal(await page.getAttribute('body', 'data-ply'), '3');
      // A broken file is told in words.
      await page.goto(app.url);
      await page.setInputFiles('#record-file', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('[Game classic]') });
      await page.waitForSelector('#notice:not([hidden])');
      assert.equal(await page.textContent('#notice'), 'Line 1 of the record is not a tag like [Name "value"].');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
