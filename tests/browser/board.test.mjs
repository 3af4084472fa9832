// Loads the built web app (dist/, from `trunk build --release`) in headless
// Chromium, starts a Classic game, and checks what a person would see: the
// board's lines, points and labels are on the canvas, sharp at the device
// pixel ratio, and nothing is logged as an error.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp as open, shots, startGame, withApp } from './lib.mjs';

/** Opens the app and starts a two-player Classic game (no computer moves). */
async function openApp(browser, url, contextOptions) {
  const opened = await open(browser, url, contextOptions);
  await startGame(opened.page, 'classic', 'friend');
  return opened;
}

/**
 * Reads the drawn board: canvas and display sizes, the layout the app
 * recorded, and the colours of the pixels at the given spots (in line
 * spacings from the top-left point, x to the right and y downwards).
 */
async function readBoard(page, spots) {
  return page.evaluate((spots) => {
    const canvas = document.getElementById('board');
    const layout = JSON.parse(canvas.dataset.layout);
    const ctx = canvas.getContext('2d');
    const colours = {};
    for (const [name, [sx, sy]] of Object.entries(spots)) {
      const x = Math.floor(layout.left + sx * layout.spacing);
      const y = Math.floor(layout.top + sy * layout.spacing);
      colours[name] = Array.from(ctx.getImageData(x, y, 1, 1).data);
    }
    const rect = canvas.getBoundingClientRect();
    return {
      layout,
      colours,
      pixels: { width: canvas.width, height: canvas.height },
      css: { width: rect.width, height: rect.height, right: rect.right },
      ratio: window.devicePixelRatio,
      viewport: document.documentElement.clientWidth,
    };
  }, spots);
}

/** Largest difference of one colour channel. */
function distance(a, b) {
  return Math.max(...a.map((v, i) => Math.abs(v - b[i])));
}

// Spots, in spacings from a5 (the top-left point). The 5×5 Alquerque board has
// lines along every rank and file and one diagonal across every square; the
// start position puts a piece (radius about a third of a spacing) on every
// point but c3.
const SPOTS = {
  // Two spots clear of every line, dot and piece: the board's own colour.
  surfaceA: [0.5, 0.2],
  surfaceB: [3.5, 2.2],
  whitePiece: [0.15, 4], // on the man at a1, beside its centre
  blackPiece: [0.15, 0], // on the man at a5
  centreDot: [2, 2], // c3
  cornerDot: [0, 4], // a1
  rankLine: [2.5, 2], // between c3 and d3
  fileLine: [1, 3.5], // between b2 and b1
  diagonal: [1.5, 2.5], // between c3 and b2
};

/** Asserts the board is drawn: lines, dots and pieces differ from the surface. */
function assertBoardDrawn(board, label) {
  const { colours, layout } = board;
  assert.ok(layout.spacing > 0, `${label}: the board has a size`);
  assert.equal(layout.files, 5);
  assert.equal(layout.ranks, 5);
  const surface = colours.surfaceA;
  assert.equal(surface[3], 255, `${label}: the surface is opaque`);
  assert.ok(
    distance(colours.surfaceB, surface) <= 2,
    `${label}: the empty spots share the surface colour (${colours.surfaceB} vs ${surface})`,
  );
  const brightness = (c) => c[0] + c[1] + c[2];
  assert.ok(
    brightness(colours.whitePiece) > brightness(surface) + 40,
    `${label}: a light piece stands on a1 (${colours.whitePiece} vs surface ${surface})`,
  );
  assert.ok(
    brightness(colours.blackPiece) < brightness(surface) - 200,
    `${label}: a dark piece stands on a5 (${colours.blackPiece} vs surface ${surface})`,
  );
  for (const name of ['centreDot', 'cornerDot', 'rankLine', 'fileLine', 'diagonal']) {
    assert.ok(
      distance(colours[name], surface) >= 60,
      `${label}: ${name} is drawn (${colours[name]} vs surface ${surface})`,
    );
  }
}

/** Asserts the canvas buffer matches its displayed size times the pixel ratio. */
function assertSharp(board, label) {
  const { pixels, css, ratio } = board;
  assert.ok(
    Math.abs(pixels.width - css.width * ratio) <= 1,
    `${label}: ${pixels.width} buffer pixels for ${css.width} CSS px at ratio ${ratio}`,
  );
  assert.ok(Math.abs(pixels.height - css.height * ratio) <= 1, `${label}: buffer height`);
}

describe('the web app', () => {
  const app = withApp();

  test('draws the board on a desktop screen', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, {
      viewport: { width: 1280, height: 800 },
    });
    try {
      const board = await readBoard(page, SPOTS);
      assertBoardDrawn(board, 'desktop');
      assertSharp(board, 'desktop');
      assert.equal(await page.title(), 'Alquerque');
      await page.screenshot({ path: join(shots, 'desktop.png') });
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });

  test('fits and stays sharp on a phone', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, {
      viewport: { width: 375, height: 667 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    try {
      const board = await readBoard(page, SPOTS);
      assertBoardDrawn(board, 'phone');
      assertSharp(board, 'phone');
      assert.equal(board.ratio, 2);
      assert.ok(board.css.right <= board.viewport, 'the board fits the screen width');
      await page.screenshot({ path: join(shots, 'phone.png') });
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });

  test('redraws at the new size when the window is resized', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, {
      viewport: { width: 1280, height: 800 },
    });
    try {
      const before = await readBoard(page, SPOTS);
      await page.setViewportSize({ width: 320, height: 568 });
      await page.waitForFunction(
        (old) => document.getElementById('board').width !== old,
        before.pixels.width,
      );
      // One more frame so the redraw that follows the resize has finished.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done())));
      const board = await readBoard(page, SPOTS);
      assertBoardDrawn(board, 'narrow');
      assertSharp(board, 'narrow');
      assert.ok(board.css.right <= board.viewport, 'the board fits a 320 px screen');
      assert.ok(board.layout.spacing < before.layout.spacing, 'the board shrank');
      await page.screenshot({ path: join(shots, 'narrow.png') });
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });
});
