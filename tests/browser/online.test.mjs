// Online play in three browser contexts against the real game server: one
// creates a game, a second joins by code, a third watches by link and
// suggests; they play, offer and decline a draw, reload mid-game, and end
// the game by resignation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { audit, openApp, playFirstMove, shots, withServer } from './lib.mjs';

const app = withServer();

async function status(page) {
  return (await page.textContent('#status')).trim();
}

async function waitForStatus(page, text) {
  await page.waitForFunction(
    (text) => document.getElementById('status')?.textContent.includes(text),
    text,
    { timeout: 15_000 },
  );
}

async function waitForPly(page, n) {
  await page.waitForFunction((n) => Number(document.body.dataset.ply) === n, n, { timeout: 15_000 });
}

test('create, join by code, watch and suggest, play, reload, resign', async () => {
  const a = await openApp(app.browser, app.server.url, { viewport: { width: 1100, height: 800 } });
  await a.page.click('[data-action="pick"][data-game="classic"]');
  await a.page.selectOption('#online-side', 'white');
  await a.page.click('[data-action="start-online"]');
  await a.page.waitForSelector('body[data-screen="waiting"]');
  await a.page.waitForFunction(() => /^[0-9A-Z]{3}-[0-9A-Z]{3}$/.test(
    document.getElementById('waiting-code').textContent));
  const code = (await a.page.textContent('#waiting-code')).trim();
  assert.match(await a.page.textContent('#waiting-link'), /\?join=[0-9A-Z]{6}$/);
  await a.page.screenshot({ path: join(shots, 'online-waiting.png') });
  assert.deepEqual(await audit(a.page), [], 'the waiting screen passes the accessibility audit');

  // The friend types the code in lower case without the dash.
  const b = await openApp(app.browser, app.server.url, {
    viewport: { width: 390, height: 760 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  await b.page.fill('#join-code', code.replace('-', '').toLowerCase());
  await b.page.click('[data-action="join-online"]');
  await b.page.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]');
  await waitForStatus(b.page, 'Waiting for White');
  await a.page.waitForSelector('body[data-screen="game"]');
  await waitForStatus(a.page, 'Your turn');
  // Against a person, the computer's tools are not offered.
  for (const p of [a.page, b.page]) {
    await p.click('#menu-button');
    await p.waitForSelector('#game-menu:popover-open [data-action="flip"]');
    for (const id of ['analyse', 'edit', 'hint', 'analysis-board', 'review-button']) {
      assert.equal(await p.isVisible(`#${id}`), false, id);
    }
    await p.keyboard.press('Escape');
  }

  // White moves; Black's board follows.
  await playFirstMove(a.page);
  await waitForPly(b.page, 1);
  await waitForStatus(b.page, 'Your turn');
  await a.page.waitForFunction(() => document.body.dataset.pending === 'false');

  // A spectator opens the watch link and suggests a move to Black.
  const watch = (await a.page.textContent('#watch-link')).trim();
  assert.match(watch, /\?watch=\w+$/);
  const c = await openApp(app.browser, watch, { viewport: { width: 1000, height: 760 } });
  await c.page.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]');
  await waitForPly(c.page, 1);
  assert.equal(await status(c.page), 'Black to move');
  const suggested = await playFirstMove(c.page);
  await c.page.waitForFunction(() => document.getElementById('notice').textContent.startsWith('You suggested'));
  assert.equal(await c.page.getAttribute('body', 'data-ply'), '1', 'a suggestion is not played');
  // Black, on move, sees the tally (the move in the game's record notation).
  await b.page.waitForFunction(
    (from) => {
      const text = document.getElementById('suggestions').textContent;
      return text.includes(from) && text.includes('(1)');
    },
    suggested[0],
    { timeout: 15_000 },
  );
  await b.page.screenshot({ path: join(shots, 'online-phone-suggestion.png') });
  assert.deepEqual(await audit(b.page), [], 'the online game passes the accessibility audit');

  // Black plays; everyone sees ply 2.
  await playFirstMove(b.page);
  for (const p of [a.page, b.page, c.page]) await waitForPly(p, 2);

  // A draw offer, declined.
  await a.page.click('[data-action="offer-draw"]');
  await b.page.waitForSelector('#draw-answer:not([hidden])');
  await b.page.click('[data-action="draw-no"]');
  await a.page.waitForFunction(() => !document.getElementById('prompt').textContent.includes('waiting for the answer'));

  // Black reloads mid-game and is back in the same seat.
  await b.page.reload();
  await b.page.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]');
  await waitForPly(b.page, 2);
  await waitForStatus(b.page, 'Waiting for White');

  await playFirstMove(a.page);
  await waitForPly(b.page, 3);
  await a.page.screenshot({ path: join(shots, 'online-game.png') });

  // Black resigns: the result reaches all three.
  await b.page.click('[data-action="resign"]');
  await b.page.click('[data-action="resign"]');
  await waitForStatus(b.page, 'You lose (resignation)');
  await waitForStatus(a.page, 'You win! (resignation)');
  await waitForStatus(c.page, 'White wins (resignation)');

  for (const ctx of [a, b, c]) {
    assert.deepEqual(ctx.errors, []);
    await ctx.context.close();
  }
});

test('a code that opens no game is refused in words', async () => {
  const d = await openApp(app.browser, app.server.url);
  await d.page.fill('#join-code', 'ZZZ-ZZZ');
  await d.page.click('[data-action="join-online"]');
  await d.page.waitForFunction(() => document.getElementById('notice').textContent.includes('opens no game'));
  await d.page.waitForSelector('body[data-screen="home"]');
  await d.context.close();
});

test('a game with clocks: both clocks show, the side on move runs, and a flag falls at 1+0', async () => {
  const a = await openApp(app.browser, app.server.url, { viewport: { width: 1100, height: 800 } });
  await a.page.click('[data-action="pick"][data-game="bell"]');
  await a.page.selectOption('#online-side', 'white');
  await a.page.selectOption('#online-clock', '1+0');
  await a.page.click('[data-action="start-online"]');
  await a.page.waitForFunction(() => /^[0-9A-Z]{3}-[0-9A-Z]{3}$/.test(
    document.getElementById('waiting-code')?.textContent ?? ''));
  const code = (await a.page.textContent('#waiting-code')).trim();
  const b = await openApp(app.browser, app.server.url, {
    viewport: { width: 412, height: 915 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true,
  });
  await b.page.fill('#join-code', code);
  await b.page.click('[data-action="join-online"]');
  await b.page.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]');
  await a.page.waitForSelector('body[data-screen="game"]');

  // Both clocks full, none running before the first move.
  for (const p of [a.page, b.page]) {
    await p.waitForSelector('#clocks:not([hidden])');
    assert.equal(await p.textContent('#clock-white'), '1:00');
    assert.equal(await p.textContent('#clock-black'), '1:00');
  }
  // White's first move starts Black's clock, which runs on both pages.
  await playFirstMove(a.page);
  await waitForPly(b.page, 1);
  for (const p of [a.page, b.page]) {
    await p.waitForSelector('#clock-black.running', { timeout: 5_000 });
    await p.waitForFunction(() => document.getElementById('clock-black').textContent < '1:00',
      null, { timeout: 5_000 });
    assert.equal(await p.textContent('#clock-white'), '1:00', "White's clock stands");
  }
  await b.page.screenshot({ path: join(shots, 'online-clocks-phone.png') });
  assert.deepEqual(await audit(b.page), [], 'a game with clocks passes the accessibility audit');

  // Black lets the minute run out: the server ends the game on both sides.
  await b.page.waitForSelector('#clock-black.low', { timeout: 60_000 });
  await waitForStatusWithin(b.page, 'You lose (out of time)', 75_000);
  await waitForStatusWithin(a.page, 'You win! (out of time)', 10_000);
  assert.equal(await b.page.textContent('#clock-black'), '0.0');
  await b.page.screenshot({ path: join(shots, 'online-flag-phone.png') });
  for (const ctx of [a, b]) {
    assert.deepEqual(ctx.errors, []);
    await ctx.context.close();
  }
});

async function waitForStatusWithin(page, text, timeout) {
  await page.waitForFunction(
    (text) => document.getElementById('status')?.textContent.includes(text),
    text,
    { timeout },
  );
}
