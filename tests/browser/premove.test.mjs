// Premoves on a phone, in an online game on a clock against the real
// server: Black enters two moves while White thinks, sees them on the
// board, and each is played the moment its turn comes; a tap elsewhere
// drops the rest.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openApp, pressPoint, shots, withServer } from './lib.mjs';

const app = withServer();
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

const ply = (page, n) => page.waitForFunction((n) => Number(document.body.dataset.ply) === n, n, { timeout: 15_000 });
const premoves = (page) => page.getAttribute('canvas#board', 'data-premoves');

test('premoves: entered while the opponent thinks, shown, and played when their turn comes', async () => {
  const a = await openApp(app.browser, app.server.url, { viewport: { width: 1100, height: 800 } });
  const b = await openApp(app.browser, app.server.url, PHONE);
  try {
    await a.page.click('[data-action="pick"][data-game="turkish"]');
    await a.page.selectOption('#online-side', 'white');
    await a.page.selectOption('#online-clock', '3+2');
    await a.page.click('[data-action="start-online"]');
    await a.page.waitForFunction(() => /^[0-9A-Z]{3}-[0-9A-Z]{3}$/.test(document.getElementById('waiting-code')?.textContent ?? ''));
    const code = (await a.page.textContent('#waiting-code')).trim();
    await b.page.fill('#join-code', code);
    await b.page.click('[data-action="join-online"]');
    await b.page.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]');
    await a.page.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]');

    // White to move; Black enters two moves ahead, the second after the first.
    for (const p of ['a6', 'a5', 'a5', 'a4']) await pressPoint(b.page, p, { touch: true });
    await b.page.waitForFunction(() => document.getElementById('board').dataset.premoves === 'a6-a5 a5-a4');
    await b.page.screenshot({ path: join(shots, 'premoves-phone.png') });
    assert.equal(Number(await b.page.evaluate(() => document.body.dataset.ply)), 0, 'nothing played yet');

    // White moves: Black's first premove is played at once, on the server.
    await pressPoint(a.page, 'd3');
    await pressPoint(a.page, 'd4');
    await ply(a.page, 2);
    await ply(b.page, 2);
    assert.equal(await premoves(b.page), 'a5-a4');
    // And the second at White's next move.
    await pressPoint(a.page, 'h3');
    await pressPoint(a.page, 'h4');
    await ply(a.page, 4);
    assert.equal(await premoves(b.page), null);

    // A premove entered and a tap on an empty point: it is gone.
    for (const p of ['b6', 'b5']) await pressPoint(b.page, p, { touch: true });
    await b.page.waitForFunction(() => document.getElementById('board').dataset.premoves === 'b6-b5');
    await pressPoint(b.page, 'e5', { touch: true });
    await b.page.waitForFunction(() => !document.getElementById('board').dataset.premoves);
    for (const ctx of [a, b]) assert.deepEqual(ctx.errors, []);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
