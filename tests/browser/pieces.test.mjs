// Checks Chesquerque's pieces pixel by pixel in the built web app (dist/):
// every kind of piece is drawn, no two kinds look alike, in both piece
// styles, and the two styles draw a piece differently. Screenshots of the
// start position in each style and on the Slate board go to screenshots/.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, pointPosition, shots, startGame, withApp } from './lib.mjs';

const DESKTOP = { viewport: { width: 1280, height: 800 } };

/**
 * Where each kind stands at the start (docs/rules.md, Chesquerque rule 1),
 * White's and Black's.
 */
const KINDS = {
  pawn: ['e2', 'e8'],
  knight: ['b1', 'b9'],
  bishop: ['c1', 'c9'],
  rook: ['a1', 'a9'],
  archbishop: ['f1', 'f9'],
  queen: ['d1', 'd9'],
  king: ['e1', 'e9'],
};
/** A second white pawn, on a point without diagonals (e2 has them). */
const OTHER_PAWN = 'd2';
/** A point empty at the start, for the bare board. */
const EMPTY = 'e5';

/** Opens the preferences and picks `value` in the menu `select`, then waits for the redraw. */
async function choose(page, select, value) {
  await page.evaluate(() => {
    document.getElementById('prefs').open = true;
  });
  await page.selectOption(select, value);
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * The canvas pixels within the piece's radius of the point `name`, in a
 * fixed order (row by row of the square round it, others left out), and
 * the board's colour next to it: a spot between the lines half a spacing to
 * the right of the point `EMPTY` and a fifth of one below.
 */
async function crop(page, name) {
  const centre = await pointPosition(page, name);
  const bare = await pointPosition(page, EMPTY);
  return page.evaluate(
    ({ centre, bare }) => {
      const canvas = document.getElementById('board');
      const layout = JSON.parse(canvas.dataset.layout);
      const rect = canvas.getBoundingClientRect();
      const scale = canvas.width / rect.width;
      const toCanvas = (p) => [(p.x - rect.left) * scale, (p.y - rect.top) * scale];
      const ctx = canvas.getContext('2d');
      const [bx, by] = toCanvas(bare);
      const surface = Array.from(
        ctx.getImageData(Math.round(bx + layout.spacing * 0.5), Math.round(by + layout.spacing * 0.2), 1, 1).data,
      );
      // The piece's radius (as the app's layout computes it).
      const radius = Math.round(layout.spacing * 0.34);
      const [cx, cy] = toCanvas(centre).map(Math.round);
      const data = ctx.getImageData(cx - radius, cy - radius, 2 * radius + 1, 2 * radius + 1).data;
      const pixels = [];
      for (let y = -radius; y <= radius; y++) {
        for (let x = -radius; x <= radius; x++) {
          if (x * x + y * y > radius * radius) continue;
          const i = ((y + radius) * (2 * radius + 1) + (x + radius)) * 4;
          pixels.push([data[i], data[i + 1], data[i + 2]]);
        }
      }
      return { pixels, surface, ratio: window.devicePixelRatio };
    },
    { centre, bare },
  );
}

/** Largest difference of one colour channel. */
function distance(a, b) {
  return Math.max(...a.map((v, i) => Math.abs(v - b[i])));
}

/** The share of a crop's pixels that differ from `colour`. */
function coverage(pixels, colour) {
  return pixels.filter((p) => distance(p, colour) > 40).length / pixels.length;
}

/** The share of pixels that differ between two crops of the same size. */
function difference(a, b) {
  assert.equal(a.length, b.length, 'crops of one size');
  return a.filter((p, i) => distance(p, b[i]) > 60).length / a.length;
}

/**
 * The share of a crop's pixels drawn on its commonest colour (a solid
 * piece's disc, or the board round an outlined figure): the figure, and
 * lines showing between its parts.
 */
function ink(pixels) {
  const counts = new Map();
  for (const p of pixels) {
    const key = p.map((v) => v >> 4).join();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const [common] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a));
  const colour = common.split(',').map((v) => Number(v) * 16 + 8);
  return pixels.filter((p) => distance(p, colour) > 40).length / pixels.length;
}

/**
 * How unlike two crops are: the pixels that differ, as a share of the ink
 * of the inkier one. The same figure on two points differs only where the
 * board's lines do.
 */
function unlike(a, b) {
  return difference(a, b) / Math.max(ink(a), ink(b));
}

/** Reads every kind's crop, White's and Black's, a second pawn's, and the bare board's. */
async function readPieces(page) {
  const pieces = {};
  for (const [kind, [white, black]] of Object.entries(KINDS)) {
    pieces[kind] = { white: await crop(page, white), black: await crop(page, black) };
  }
  return { pieces, pawn: await crop(page, OTHER_PAWN), bare: await crop(page, EMPTY) };
}

/** Asserts every piece is drawn and no two kinds of one side draw alike. */
function assertDistinct({ pieces, pawn, bare }, label) {
  const surface = bare.surface;
  const empty = coverage(bare.pixels, surface);
  for (const [kind, sides] of Object.entries(pieces)) {
    for (const side of ['white', 'black']) {
      const covered = coverage(sides[side].pixels, surface);
      assert.ok(
        covered > empty + 0.2,
        `${label}: the ${side} ${kind} is drawn (${covered.toFixed(2)} of its disc differs from the board, ${empty.toFixed(2)} on an empty point)`,
      );
    }
  }
  // Two white pawns, one on a point with diagonals and one without.
  const same = unlike(pieces.pawn.white.pixels, pawn.pixels);
  const floor = Math.max(0.1, 2 * same);
  const kinds = Object.keys(pieces);
  for (const side of ['white', 'black']) {
    for (let i = 0; i < kinds.length; i++) {
      for (let j = i + 1; j < kinds.length; j++) {
        const u = unlike(pieces[kinds[i]][side].pixels, pieces[kinds[j]][side].pixels);
        assert.ok(
          u > floor,
          `${label}: the ${side} ${kinds[i]} and ${kinds[j]} differ (${u.toFixed(3)}; two pawns ${same.toFixed(3)})`,
        );
      }
    }
  }
}

describe("Chesquerque's pieces", () => {
  const app = withApp();

  test('every kind is drawn and distinct, in both piece styles', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, DESKTOP);
    try {
      await startGame(page, 'chesquerque', 'friend');
      const solid = await readPieces(page);
      assertDistinct(solid, 'solid');
      await page.locator('canvas#board').screenshot({ path: join(shots, 'chesquerque-solid.png') });

      await choose(page, '#pref-pieces', 'outlined');
      const outlined = await readPieces(page);
      assertDistinct(outlined, 'outlined');
      await page.locator('canvas#board').screenshot({ path: join(shots, 'chesquerque-outlined.png') });
      for (const [kind, sides] of Object.entries(solid.pieces)) {
        for (const side of ['white', 'black']) {
          const d = difference(sides[side].pixels, outlined.pieces[kind][side].pixels);
          assert.ok(d > 0.3, `the styles draw the ${side} ${kind} differently (${d.toFixed(3)} of its pixels)`);
        }
      }

      await choose(page, '#pref-board', 'slate');
      await choose(page, '#pref-pieces', 'solid');
      const slate = await readPieces(page);
      assertDistinct(slate, 'slate');
      assert.ok(
        distance(slate.bare.surface, solid.bare.surface) > 60,
        `the Slate board differs from the Wood one (${slate.bare.surface} vs ${solid.bare.surface})`,
      );
      await page.locator('canvas#board').screenshot({ path: join(shots, 'board-slate.png') });
      assert.deepEqual(errors, [], 'no errors on the page');
    } finally {
      await context.close();
    }
  });
});
