// An automated accessibility audit (axe-core) of every screen, on a desktop
// and a phone: no serious or critical violations.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { audit, openApp, withApp } from './lib.mjs';

const app = withApp();

for (const [name, viewport] of [
  ['desktop', { width: 1200, height: 800 }],
  ['phone', { width: 375, height: 667 }],
]) {
  test(`every screen passes the audit (${name})`, async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, { viewport });
    const found = {};
    found.home = await audit(page);
    await page.click('[data-action="pick"][data-game="qirkat"]');
    found.opponent = await audit(page);
    await page.click('[data-action="start-friend"]');
    await page.waitForSelector('canvas#board[data-drawn="true"]');
    found.game = await audit(page);
    await page.click('.header-links [data-action="rules"]');
    await page.waitForSelector('body[data-screen="rules"]');
    found.rules = await audit(page);
    const all = Object.entries(found).flatMap(([screen, list]) => list.map((v) => `${screen}: ${v}`));
    assert.deepEqual(all, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
