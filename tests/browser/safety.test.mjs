// Keeping players safe, against the real game server: Ana and Bob, paired
// by quick pairing, play; Bob insults Ana in chat, and Ana reports the line
// from the chat. Mia, made a moderator on the server's command line, finds
// the report in her queue with the insult, and mutes Bob. Bob is told in
// Russian, with the reason, and his chat is refused; Ana is told that her
// report was handled. The report form, the queue and the notices are
// photographed on a phone and a desktop, in three languages.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { audit, openApp, serverBinary, shots, withServer } from './lib.mjs';

const app = withServer();
const phone = { viewport: { width: 390, height: 760 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const desktop = { viewport: { width: 1100, height: 800 } };
const from = (address) => ({ extraHTTPHeaders: { 'X-Forwarded-For': address } });

async function register(page, name) {
  await page.click('.account-box summary');
  await page.fill('#account-name', name);
  await page.fill('#account-password', 'a long enough secret');
  await page.click('[data-action="register"]');
  await page.waitForSelector('#signed-in:not([hidden])');
}

test('a reported insult is muted by a moderator, and both players are told', async () => {
  const suffix = Date.now().toString(36).slice(-5);
  const [ana, bob, mia] = [`ana_${suffix}`, `bob_${suffix}`, `mia_${suffix}`];
  const a = await openApp(app.browser, `${app.server.url}?lobby`, { ...desktop, ...from('192.0.2.1') });
  const b = await openApp(app.browser, `${app.server.url}?lobby&lang=ru`, { ...phone, ...from('198.51.100.2') });
  const m = await openApp(app.browser, `${app.server.url}?lobby&lang=fr`, { ...phone, ...from('203.0.113.3') });
  for (const p of [a.page, b.page, m.page]) await p.waitForSelector('body[data-screen="lobby"]');
  await register(a.page, ana);
  await register(b.page, bob);
  await register(m.page, mia);
  // No moderator yet: no way into the queue.
  assert.equal(await m.page.isHidden('#moderation-link'), true);

  // Paired at 15+10.
  for (const p of [a.page, b.page]) {
    await p.selectOption('#quick-game', 'classic');
    await p.click('[data-action="quick"][data-clock="15+10"]');
  }
  for (const p of [a.page, b.page]) {
    await p.waitForSelector('body[data-screen="game"] #chat:not([hidden])', { timeout: 15_000 });
  }
  // Bob insults Ana. Her own lines carry no flag; his does.
  await a.page.fill('#chat-text', 'good luck');
  await a.page.click('[data-action="chat-send"]');
  await b.page.fill('#chat-text', 'you play like an idiot');
  await b.page.click('[data-action="chat-send"]');
  await a.page.waitForFunction(() => document.getElementById('chat-log').textContent.includes('idiot'));
  assert.equal(await a.page.locator('#chat-log .flag').count(), 1, 'only the opponent\'s line can be reported');

  // Ana reports the line: the form opens with it quoted.
  await a.page.click('#chat-log .flag');
  await a.page.waitForSelector('#report-form:not([hidden])');
  assert.equal(await a.page.textContent('#report-title'), `Report ${bob}`);
  assert.match(await a.page.inputValue('#report-note'), /«you play like an idiot»/);
  // Sent without a reason: said, and nothing is sent.
  await a.page.click('[data-action="send-report"]');
  await a.page.waitForSelector('#report-said:not([hidden])');
  assert.equal(await a.page.textContent('#report-said'), 'Choose a reason.');
  await a.page.selectOption('#report-reason', 'insult');
  await a.page.fill('#report-note', `${await a.page.inputValue('#report-note')}and he keeps on`);
  await a.page.screenshot({ path: join(shots, 'report-form-desktop.png') });
  assert.deepEqual(await audit(a.page), [], 'the report form passes the accessibility audit');
  await a.page.click('[data-action="send-report"]');
  await a.page.waitForSelector('#report-form', { state: 'hidden' });
  await a.page.waitForFunction(() => document.getElementById('notice').textContent.includes('report was received'));

  // The operator makes Mia a moderator; her lobby then leads to the queue.
  await promisify(execFile)(await serverBinary(), ['moderator', 'add', mia, '--db', app.server.db]);
  await m.page.goto(`${app.server.url}?lobby&lang=fr`);
  await m.page.waitForSelector('#moderation-link:not([hidden])');
  await m.page.click('#moderation-link');
  await m.page.waitForSelector('body[data-screen="moderation"]');
  await m.page.waitForFunction((bob) => document.getElementById('mod-queue').textContent.includes(bob), bob);
  const queue = await m.page.textContent('#mod-queue');
  assert.match(queue, new RegExp(`${ana} signale ${bob}`));
  assert.match(queue, /you play like an idiot/, 'the chat as the server kept it');
  assert.match(queue, /and he keeps on/, 'the note');
  // A reason is asked for first: the player is told it.
  await m.page.click('[data-action="mod-act"][data-act="mute"]');
  await m.page.waitForSelector('#mod-said:not([hidden])');
  const row = m.page.locator('#mod-queue > li').first();
  await row.locator('input[id^="mod-reason-"]').fill('insultes dans la discussion');
  await row.locator('select').selectOption('60');
  await m.page.screenshot({ path: join(shots, 'moderation-fr-phone.png'), fullPage: true });
  assert.deepEqual(await audit(m.page), [], 'the moderation page passes the accessibility audit');
  await m.page.click('[data-action="mod-act"][data-act="mute"]');
  await m.page.waitForSelector('#mod-empty:not([hidden])');
  // Bob's history shows the mute.
  await m.page.goto(`${app.server.url}?moderation&lang=fr`);
  await m.page.waitForSelector('#mod-empty:not([hidden])');

  // Bob's chat is refused now.
  await b.page.fill('#chat-text', 'still an idiot');
  await b.page.click('[data-action="chat-send"]');
  await a.page.waitForTimeout(1500);
  assert.doesNotMatch(await a.page.textContent('#chat-log'), /still an idiot/);
  // He is told in Russian, with the reason and until when.
  await b.page.goto(`${app.server.url}?lobby&lang=ru`);
  await b.page.waitForSelector('#notices:not([hidden])');
  const told = await b.page.textContent('#notice-list');
  assert.match(told, /insultes dans la discussion/);
  assert.match(told, /\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  assert.doesNotMatch(told, /moderator|muted/i, 'in Russian, not English');
  await b.page.screenshot({ path: join(shots, 'muted-notice-ru-phone.png'), fullPage: true });

  // Ana is told that her report was handled, until she has read it.
  await a.page.goto(`${app.server.url}?lobby`);
  await a.page.waitForSelector('#notices:not([hidden])');
  assert.match(await a.page.textContent('#notice-list'), new RegExp(`handled your report on ${bob}`));
  await a.page.click('[data-action="read-notices"]');
  await a.page.waitForSelector('#notices', { state: 'hidden' });
  await a.page.reload();
  await a.page.waitForSelector('#signed-in:not([hidden])');
  await a.page.waitForTimeout(500);
  assert.equal(await a.page.isHidden('#notices'), true, 'read once, not told again');
  // From Bob's page, she blocks him in one press.
  await a.page.goto(`${app.server.url}?player=${bob}`);
  await a.page.waitForSelector('#player-safety:not([hidden]) [data-kind="block"][data-on="true"]');
  await a.page.click('[data-kind="block"][data-on="true"]');
  await a.page.waitForSelector('#player-safety [data-kind="block"][data-on="false"]');
  assert.equal(await a.page.textContent('#player-safety [data-kind="block"]'), 'Unblock');
  // Her page lists him, and her report as handled.
  await a.page.goto(`${app.server.url}?safety`);
  await a.page.waitForFunction(() => document.getElementById('my-reports').textContent.includes('Handled'));
  await a.page.waitForFunction((bob) => document.getElementById('blocked-list').textContent.includes(bob), bob);
  await a.page.screenshot({ path: join(shots, 'safety-desktop.png'), fullPage: true });
  assert.deepEqual(await audit(a.page), [], 'the safety page passes the accessibility audit');
  // Undone there.
  await a.page.click('#blocked-list [data-action="relate"]');
  await a.page.waitForFunction((bob) => !document.getElementById('blocked-list').textContent.includes(bob), bob);

  for (const p of [a, b, m]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});
