// Embedding: the demo host page with two frames driven through the
// postMessage API, messages from a foreign origin ignored, a 320×480 frame
// played by touch, storage blocked, and the embed at three sizes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { audit, legalPaths, openApp, playFirstMove, pointPosition, shots, withApp } from './lib.mjs';

const app = withApp();

/** Page coordinates of point `name` on the board inside `frameElement`. */
async function framePoint(page, frameElement, name) {
  const frame = await (await page.$(frameElement)).contentFrame();
  const inner = await pointPosition(frame, name);
  const box = await (await page.$(frameElement)).boundingBox();
  return { x: box.x + inner.x, y: box.y + inner.y };
}

async function frameOf(page, selector) {
  return (await page.$(selector)).contentFrame();
}

/** Plays the first legal move in a frame by clicks (or taps). */
async function playFirst(page, selector, { touch = false } = {}) {
  const frame = await frameOf(page, selector);
  await frame.waitForFunction(() => document.getElementById('board').dataset.moves !== '');
  const [path] = await legalPaths(frame);
  for (const name of path) {
    const { x, y } = await framePoint(page, selector, name);
    if (touch) await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  }
  return path;
}

async function waitForEvent(page, predicate, arg) {
  const handle = await page.waitForFunction(
    ([source, arg]) => {
      const pick = new Function('e', 'arg', `return (${source})(e, arg)`);
      return window.demoEvents.find((e) => pick(e, arg)) ?? false;
    },
    [predicate.toString(), arg],
    { timeout: 15_000 },
  );
  return handle.jsonValue();
}

test('the demo host page drives two embedded games', async () => {
  const { context, page, errors } = await openApp(app.browser, `${app.url}embed-demo.html`,
    { viewport: { width: 1200, height: 900 } }, { wait: 'iframe#right' });
  await waitForEvent(page, (e) => e.type === 'alquerque:ready' && e.frame === 'left');
  const ready = await waitForEvent(page, (e) => e.type === 'alquerque:ready' && e.frame === 'right');
  assert.equal(ready.state.game, 'turkish');

  // A move in the left frame is reported with its notation.
  await playFirst(page, 'iframe#left');
  const moved = await waitForEvent(page, (e) => e.type === 'alquerque:move' && e.frame === 'left');
  assert.equal(moved.ply, 1);
  assert.equal(moved.state.moves.length, 1);
  await waitForEvent(page, (e) => e.type === 'alquerque:turn' && e.frame === 'left' && e.person === true);

  // The host starts a new game of another kind.
  await page.click('[data-frame="left"][data-send*="new-game"]');
  const started = await waitForEvent(page, (e) => e.type === 'alquerque:started' && e.frame === 'left');
  assert.equal(started.state.game, 'qirkat');
  assert.deepEqual(started.state.moves, []);
  const left = await frameOf(page, 'iframe#left');
  await left.waitForFunction(() => document.body.dataset.ply === '0');

  // State on request, and a bad request answered with an error.
  await page.click('[data-frame="right"][data-send*="get-state"]');
  const state = await waitForEvent(page, (e) => e.type === 'alquerque:state' && e.frame === 'right');
  assert.equal(state.state.to_move, 'white');
  await page.click('[data-frame="right"][data-send*="chess"]');
  const refused = await waitForEvent(page, (e) => e.type === 'alquerque:error' && e.frame === 'right');
  assert.equal(refused.code, 'invalid');
  // Garbage changes nothing and is answered.
  await page.evaluate(() => document.getElementById('right').contentWindow.postMessage('{{{', location.origin));
  await waitForEvent(page, (e) => e.type === 'alquerque:error' && e.code === 'malformed');

  // Two players in the right frame; Black, on move, resigns and the host hears the end.
  await playFirst(page, 'iframe#right');
  const right = await frameOf(page, 'iframe#right');
  await right.click('[data-action="resign"]');
  await right.click('[data-action="resign"]');
  const over = await waitForEvent(page, (e) => e.type === 'alquerque:game-over' && e.frame === 'right');
  assert.equal(over.result, '1-0');
  await page.screenshot({ path: join(shots, 'embed-demo.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('messages from another origin are ignored unless that host is configured', async () => {
  const foreign = app.url.replace('127.0.0.1', 'localhost');
  const { context, page } = await openApp(app.browser, `${foreign}embed-demo.html`, {}, { wait: 'iframe' });
  const ask = async (src) => {
    await page.setContent(`<iframe id="f" src="${src}" style="width:400px;height:400px"></iframe>`);
    const frame = await frameOf(page, '#f');
    await frame.waitForSelector('canvas#board[data-drawn="true"]');
    return page.evaluate(() => new Promise((done) => {
      window.addEventListener('message', (e) => { if (e.data?.type === 'alquerque:state') done(true); });
      document.getElementById('f').contentWindow.postMessage({ type: 'alquerque:get-state' }, '*');
      setTimeout(() => done(false), 1500);
    }));
  };
  const warnings = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  assert.equal(await ask(`${app.url}?embed&game=bell&opponent=friend`), false, 'a foreign host is not heard');
  const host = encodeURIComponent(foreign.replace(/\/$/, ''));
  // The frame says, in the console, what is missing.
  assert.ok(warnings.some((w) => w.includes(`host=${host}`)), warnings.join('\n'));
  warnings.length = 0;
  assert.equal(await ask(`${app.url}?embed&game=bell&opponent=friend&host=${host}`), true, 'a configured host is');
  assert.deepEqual(warnings.filter((w) => w.includes('host=')), [], 'nothing to say then');
  await context.close();
});

test('a 320×480 frame on a phone plays by touch', async () => {
  const { context, page, errors } = await openApp(app.browser, `${app.url}embed-demo.html`, {
    viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  }, { wait: 'iframe' });
  await page.setContent(`<iframe id="f" src="${app.url}?embed&game=special&opponent=friend&id=phone"
    style="width:320px;height:480px;border:0"></iframe>`);
  const frame = await frameOf(page, '#f');
  await frame.waitForSelector('canvas#board[data-drawn="true"]');
  for (let i = 0; i < 4; i++) {
    const before = Number(await frame.getAttribute('body', 'data-ply'));
    await playFirst(page, '#f', { touch: true });
    await frame.waitForFunction((n) => Number(document.body.dataset.ply) > n, before);
  }
  const fits = await frame.evaluate(() => {
    const board = document.getElementById('board').getBoundingClientRect();
    const resign = document.querySelector('[data-action="resign"]').getBoundingClientRect();
    return {
      wide: document.documentElement.scrollWidth <= 320,
      board: board.top >= 0 && board.bottom <= 480 && board.width >= 200,
      controls: resign.bottom <= 480,
    };
  });
  assert.deepEqual(fits, { wide: true, board: true, controls: true });
  await page.screenshot({ path: join(shots, 'embed-320x480-touch.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('with storage blocked the embedded game still plays, and says so', async () => {
  const context = await app.browser.newContext({ viewport: { width: 600, height: 500 } });
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() { throw new DOMException('blocked', 'SecurityError'); },
    });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${app.url}?embed&game=classic&opponent=beginner`);
  await page.waitForSelector('canvas#board[data-drawn="true"]');
  assert.match(await page.textContent('#notice'), /no storage/);
  // The notice above the board moves it: wait until it stays put.
  await page.waitForFunction(() => new Promise((done) => {
    const at = document.getElementById('board').getBoundingClientRect().top;
    setTimeout(() => done(document.getElementById('board').getBoundingClientRect().top === at), 200);
  }));
  await playFirstMove(page);
  await page.waitForFunction(() => Number(document.body.dataset.ply) >= 2
    && document.body.dataset.thinking === 'false', null, { timeout: 20_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the embed at three sizes, and its audit', async () => {
  for (const [width, height, name] of [[280, 420, 'small'], [560, 360, 'landscape'], [900, 640, 'large']]) {
    const { context, page, errors } = await openApp(app.browser,
      `${app.url}?embed&game=chesquerque&opponent=friend&theme=${name === 'landscape' ? 'light' : 'dark'}&id=${name}`,
      { viewport: { width, height } }, { wait: 'canvas#board[data-drawn="true"]' });
    const fits = await page.evaluate(([w, h]) => {
      const board = document.getElementById('board').getBoundingClientRect();
      const resign = document.querySelector('[data-action="resign"]').getBoundingClientRect();
      return document.documentElement.scrollWidth <= w && board.top >= 0 && board.left >= 0
        && board.bottom <= h && board.right <= w && resign.bottom <= h;
    }, [width, height]);
    assert.ok(fits, `${name}: the board fits ${width}×${height}`);
    await page.screenshot({ path: join(shots, `embed-${name}-${width}x${height}.png`) });
    assert.deepEqual(await audit(page), [], `${name}: accessibility`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
