// Meeting strangers against the real game server: two browser contexts make
// accounts and pair by quick pairing at 1+0, chat, and one lets its clock
// run out; the result and both players' new ratings show on both sides. A
// third context finds the game on the Watch screen. The lobby and the Watch
// screen are photographed on a phone, in English and in French.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { audit, openApp, playFirstMove, shots, withServer } from './lib.mjs';

const app = withServer();
const phone = { viewport: { width: 390, height: 760 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
// Each person on a network of their own, as the server (trusting loopback as
// its proxy) is told: two accounts from one network would play unrated.
const from = (address) => ({ extraHTTPHeaders: { 'X-Forwarded-For': address } });

async function register(page, name) {
  await page.click('.account-box summary');
  await page.fill('#account-name', name);
  await page.fill('#account-password', 'a long enough secret');
  await page.click('[data-action="register"]');
  await page.waitForSelector('#signed-in:not([hidden])');
  assert.match(await page.textContent('#signed-in-as'), new RegExp(name));
}

const yourTurn = (page) => page.waitForFunction(
  () => document.getElementById('status').textContent.includes('Your turn'), null, { timeout: 15_000 });

test('two accounts pair at 1+0, chat, a flag falls, and both see the result and the ratings', async () => {
  const suffix = Date.now().toString(36).slice(-5);
  const a = await openApp(app.browser, `${app.server.url}?lobby`, { viewport: { width: 1100, height: 800 }, ...from('192.0.2.1') });
  const b = await openApp(app.browser, `${app.server.url}?lobby`, { ...phone, ...from('198.51.100.2') });
  for (const p of [a.page, b.page]) await p.waitForSelector('body[data-screen="lobby"]');
  await register(a.page, `ana_${suffix}`);
  await register(b.page, `bo_${suffix}`);

  // Ana posts a seek; it shows in Bo's lobby, with her provisional rating.
  await a.page.click('.new-seek summary');
  await a.page.selectOption('#seek-game', 'turkish');
  await a.page.selectOption('#seek-clock', '3+2');
  await a.page.check('#seek-rated');
  await a.page.fill('#seek-range', '1200-1800');
  await a.page.click('[data-action="post-seek"]');
  await a.page.waitForFunction(() => document.getElementById('seeking-text').textContent.startsWith('Looking'));
  await b.page.waitForFunction(
    (name) => document.getElementById('seeks').textContent.includes(name), `ana_${suffix}`, { timeout: 10_000 });
  assert.match(await b.page.textContent('#seeks'), /\(1500\?\) Turkish draughts · 3\+2 · rated · Either side · 1200–1800/);
  await b.page.screenshot({ path: join(shots, 'lobby-phone.png'), fullPage: true });
  assert.deepEqual(await audit(b.page), [], 'the lobby passes the accessibility audit');

  // Someone on Ana's network, in French on a phone, is told before taking
  // her seek that it would be played unrated.
  const near = await openApp(app.browser, `${app.server.url}?lobby&lang=fr`, { ...phone, ...from('192.0.2.1') });
  await near.page.waitForFunction(
    (name) => document.getElementById('seeks').textContent.includes(name), `ana_${suffix}`, { timeout: 10_000 });
  assert.match(await near.page.textContent('#seeks'), /amicale pour vous : même réseau ou même appareil/);
  await near.page.screenshot({ path: join(shots, 'lobby-same-network-fr-phone.png'), fullPage: true });
  assert.deepEqual(near.errors, []);
  await near.context.close();

  // Ana moves to the Classic 1+0 pool instead: her seek leaves the lobby.
  await a.page.selectOption('#quick-game', 'classic');
  await a.page.click('[data-action="quick"][data-clock="1+0"]');
  await a.page.waitForFunction(() => document.getElementById('seeking-text').textContent.includes('Classic, 1+0'));
  await b.page.waitForFunction(
    (name) => !document.getElementById('seeks').textContent.includes(name), `ana_${suffix}`, { timeout: 10_000 });

  // Bo presses the same pool: both are seated at once.
  await b.page.selectOption('#quick-game', 'classic');
  await b.page.click('[data-action="quick"][data-clock="1+0"]');
  for (const p of [a.page, b.page]) {
    await p.waitForSelector('body[data-screen="game"] canvas#board[data-drawn="true"]', { timeout: 15_000 });
    await p.waitForSelector('#clocks:not([hidden])');
    await p.waitForFunction(() => document.getElementById('notice').textContent.startsWith('Opponent found'));
  }
  // The side is drawn by lot: White's page says it is their turn.
  for (const p of [a.page, b.page]) {
    await p.waitForFunction(() => /Your turn|Waiting for White/.test(document.getElementById('status').textContent));
  }
  const aWhite = (await a.page.textContent('#status')).includes('Your turn');
  // Each sees the other by name.
  await a.page.waitForFunction((n) => document.getElementById('players').textContent.includes(n), `bo_${suffix}`);
  await b.page.waitForFunction((n) => document.getElementById('players').textContent.includes(n), `ana_${suffix}`);
  assert.equal((await b.page.textContent('#status')).includes('Your turn'), !aWhite);
  const [white, black] = aWhite ? [a.page, b.page] : [b.page, a.page];

  // A third visitor finds the game on the Watch screen.
  const c = await openApp(app.browser, `${app.server.url}?live`, phone);
  await c.page.waitForFunction(
    (name) => document.getElementById('live-games').textContent.includes(name), `ana_${suffix}`, { timeout: 10_000 });
  assert.match(await c.page.textContent('#live-games'), /Classic · 1\+0 · rated/);
  await c.page.screenshot({ path: join(shots, 'watch-phone.png'), fullPage: true });
  assert.deepEqual(await audit(c.page), [], 'the Watch screen passes the accessibility audit');

  // Both move once, and chat; then White lets the clock run out.
  await yourTurn(white);
  await playFirstMove(white);
  await yourTurn(black);
  await playFirstMove(black);
  await yourTurn(white);
  await black.click('[data-action="chat-phrase"][data-phrase="chat-good-luck"]');
  await white.waitForFunction(() => document.getElementById('chat-log').textContent.includes('Good luck!'));
  // A phrase is the reader's to word: in Russian, the same line says it so.
  // (The language menu is the home screen's: chosen from here as it would be.)
  const choose = (lang) => white.evaluate((lang) => {
    const menu = document.getElementById('language');
    menu.value = lang;
    menu.dispatchEvent(new Event('change', { bubbles: true }));
  }, lang);
  await choose('ru');
  await white.waitForFunction(() => document.getElementById('chat-log').textContent.includes('Удачи!'));
  await choose('en');
  await white.waitForFunction(() => document.getElementById('chat-log').textContent.includes('Good luck!'));
  // A line with quotation marks and a non-breaking space: once shown, the
  // log is left alone (it used to be written again, and scrolled, on every
  // redraw).
  await black.fill('#chat-text', 'have "fun"\u00a0!');
  await black.click('[data-action="chat-send"]');
  await white.waitForFunction(() => document.getElementById('chat-log').textContent.includes('have "fun"'));
  assert.equal(await black.inputValue('#chat-text'), '', 'the box is emptied once the message is sent');
  const rewrites = await white.evaluate(() => new Promise((done) => {
    let seen = 0;
    const watcher = new MutationObserver((changes) => { seen += changes.length; });
    watcher.observe(document.getElementById('chat-log'), { childList: true, subtree: true, characterData: true });
    setTimeout(() => { watcher.disconnect(); done(seen); }, 3_000);
  }));
  assert.equal(rewrites, 0, 'the chat log is not written again while nothing is said');

  for (const [p, sign, other] of [[white, '-', '\\+'], [black, '\\+', '-']]) {
    await p.waitForSelector('#result:not([hidden])', { timeout: 75_000 });
    await p.waitForSelector('#rating-change:not([hidden])', { timeout: 10_000 });
    // By person: "You" first, the opponent by name, the "?" explained.
    const rating = await p.textContent('#rating-change');
    assert.match(
      rating,
      new RegExp(`^You 1500 → \\d+\\?? \\(${sign}\\d+\\)\\. \\w+ 1500 → \\d+\\?? \\(${other}\\d+\\)\\. A question mark marks a provisional rating`),
    );
    assert.match(await p.textContent('#result-headline'), /\(out of time\)/);
    await p.waitForSelector('#rematch-box:not([hidden])');
  }
  assert.match(await black.textContent('#result-headline'), /^You win!/);
  assert.match(await white.textContent('#result-headline'), /^You lose/);
  await black.screenshot({ path: join(shots, 'rated-result.png') });

  // A rematch offered and accepted moves both players to the new game.
  await white.click('[data-action="rematch-yes"]');
  await black.waitForFunction(() => document.getElementById('rematch-text').textContent.includes('offers'));
  await black.click('[data-action="rematch-yes"]');
  for (const p of [white, black]) {
    await p.waitForFunction(() => document.getElementById('notice').textContent.includes('rematch has begun'),
      null, { timeout: 15_000 });
    await p.waitForFunction(() => document.getElementById('result').hidden);
  }
  // Sides swapped: the old Black moves first.
  await yourTurn(black);

  // The winner's page lists the rated game with its new rating, and opens
  // it in review.
  await black.goto(`${app.server.url}?lobby`);
  await black.waitForSelector('#signed-in:not([hidden])');
  await black.click('#my-page');
  await black.waitForSelector('body[data-screen="player"]');
  await black.waitForFunction(() => document.getElementById('player-games').children.length > 0);
  assert.match(await black.textContent('#player-ratings'), /Classic 1\d{3}\?? · 1 game/);
  assert.match(await black.textContent('#player-results'), /With Black: 1 won · 0 drawn · 0 lost/);
  assert.match(await black.textContent('#player-games'), /Classic · .* – .* · White wins \(out of time\)|Black wins \(out of time\)/);
  await black.screenshot({ path: join(shots, 'player-phone.png'), fullPage: true });
  assert.deepEqual(await audit(black), [], "a player's page passes the accessibility audit");
  await black.click('[data-action="review-played"]');
  await black.waitForSelector('body[data-screen="game"] #review-panel:not([hidden])', { timeout: 15_000 });

  for (const ctx of [a, b, c]) {
    assert.deepEqual(ctx.errors, []);
    await ctx.context.close();
  }
});

test('the lobby and the Watch screen in French on a phone, with bad input told in words', async () => {
  const p = await openApp(app.browser, `${app.server.url}?lobby&lang=fr`, phone);
  await p.page.waitForSelector('body[data-screen="lobby"]');
  await p.page.waitForFunction(() => document.getElementById('lobby-title').textContent === 'Jouer en ligne');
  // A rating range that is not one never reaches the server.
  await p.page.click('.new-seek summary');
  await p.page.fill('#seek-range', '1700-1300');
  await p.page.click('[data-action="post-seek"]');
  await p.page.waitForSelector('#lobby-error:not([hidden])');
  assert.match(await p.page.textContent('#lobby-error'), /0 à 4000/);
  // A refusal of the server's (a guest may not play rated) is worded by its
  // code in French, not shown in the English it comes with.
  await p.page.fill('#seek-range', '');
  await p.page.selectOption('#seek-clock', { index: 1 });
  await p.page.check('#seek-rated');
  p.errors.length = 0;
  await p.page.click('[data-action="post-seek"]');
  await p.page.waitForFunction(() => document.getElementById('lobby-error').textContent.startsWith('Les parties classées sont réservées'));
  assert.deepEqual(p.errors.filter((e) => !/\b403\b/.test(e)), []);
  await p.page.uncheck('#seek-rated');
  // A wrong password is refused without saying whether the name exists.
  await p.page.click('.account-box summary');
  await p.page.fill('#account-name', 'nobody_here');
  await p.page.fill('#account-password', 'not the password');
  p.errors.length = 0;
  await p.page.click('[data-action="sign-in"]');
  await p.page.waitForFunction(() => document.getElementById('lobby-error').textContent === 'Nom ou mot de passe incorrect.');
  assert.deepEqual(p.errors.filter((e) => !/\b401\b/.test(e)), []);
  await p.page.screenshot({ path: join(shots, 'lobby-phone-fr.png'), fullPage: true });
  await p.page.click('[data-action="live"]');
  await p.page.waitForSelector('body[data-screen="live"]');
  await p.page.screenshot({ path: join(shots, 'watch-phone-fr.png') });
  await p.context.close();
});

test('offline, the lobby says so once and stops asking; back online, its lists return', async () => {
  const { context, page, errors } = await openApp(app.browser, `${app.server.url}?lobby`, {
    ...phone,
    ...from('203.0.113.40'),
  });
  try {
    await page.waitForSelector('body[data-screen="lobby"]');
    await page.waitForFunction(() => document.getElementById('site-stats')?.textContent.trim());
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    // The socket drops; the page says so, once, and tries nothing for a
    // while (a retry would log a failed connection each time).
    await page.waitForFunction(
      () => document.getElementById('lobby-error')?.textContent.includes('You are offline'),
      null,
      { timeout: 10_000 },
    );
    await page.waitForTimeout(5_000);
    assert.deepEqual(errors, [], 'nothing logged while offline');
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForFunction(() => document.getElementById('lobby-error')?.hidden !== false
      || !document.getElementById('lobby-error').textContent.includes('offline'), null, { timeout: 10_000 });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
