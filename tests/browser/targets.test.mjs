// Touch targets on a phone: every control a finger can press, on every
// screen, is at least 44 × 44 CSS pixels (WCAG 2.5.5), in English and in
// Russian, whose words are the longest. Links inside a sentence are exempt,
// as WCAG allows.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, playFirstMove, withServer } from './lib.mjs';

const app = withServer();
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.12' },
};
const SMALLEST = 44;

/** The visible controls on the page smaller than `SMALLEST` either way. */
async function smallTargets(page) {
  return page.evaluate((smallest) => {
    const controls = document.querySelectorAll(
      'button, a[href], summary, select, input:not([type="hidden"]), textarea, [role="button"]',
    );
    const small = [];
    for (const el of controls) {
      if (el.closest('[hidden], dialog:not([open])')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A link in running text is exempt.
      if (el.tagName === 'A' && el.closest('p, li') && !el.closest('nav, header, .controls')) continue;
      // A checkbox or a radio is pressed through its label.
      let target = box;
      if (el.type === 'checkbox' || el.type === 'radio') {
        const label = el.closest('label');
        if (label) target = label.getBoundingClientRect();
      }
      if (target.width + 0.5 < smallest || target.height + 0.5 < smallest) {
        const name = el.id ? `#${el.id}` : el.dataset.action ? `[data-action=${el.dataset.action}]` : el.tagName.toLowerCase();
        small.push(`${name} "${(el.textContent || el.value || '').trim().slice(0, 24)}" ${Math.round(target.width)}×${Math.round(target.height)}`);
      }
    }
    return small;
  }, SMALLEST);
}

/** The screens to audit: an address, and what to wait for there. */
const SCREENS = [
  ['', 'body[data-screen="home"]'],
  ['?play=classic', 'body[data-screen="opponent"]'],
  ['?rules=special', 'body[data-screen="rules"], #rules:not([hidden])'],
  ['?lobby', 'body[data-screen="lobby"]'],
  ['?live', 'body[data-screen="live"]'],
  ['?player=nobody', 'body[data-screen="player"]'],
  ['?analysis=classic%20moves%20d3-c3&ply=1', 'body[data-screen="game"] canvas#board[data-drawn="true"]'],
  ['?editor=classic', 'body[data-screen="game"] #editor-panel:not([hidden])'],
  ['?review=classic%20moves%20d3-c3%20b3xd3', 'body[data-screen="game"] #review-panel:not([hidden])'],
];

for (const lang of ['en', 'ru']) {
  test(`every control on every screen is at least ${SMALLEST} px each way on a phone (${lang})`, async () => {
    const { context, page, errors } = await openApp(app.browser, `${app.server.url}?lang=${lang}`, PHONE);
    const found = [];
    try {
      for (const [query, ready] of SCREENS) {
        const sep = query ? '&' : '?';
        await page.goto(`${app.server.url}${query}${sep}lang=${lang}`);
        await page.waitForSelector(ready, { timeout: 15_000 });
        for (const small of await smallTargets(page)) found.push(`${query || 'home'}: ${small}`);
      }
      // A game on this device, a turn in, its preferences open.
      await page.goto(`${app.server.url}?play=classic&lang=${lang}`);
      await page.click('[data-action="start-friend"]');
      await page.waitForSelector('canvas#board[data-drawn="true"]');
      await playFirstMove(page, { touch: true });
      await page.click('#prefs summary');
      for (const small of await smallTargets(page)) found.push(`game: ${small}`);
      // Its menu open.
      await page.tap('#menu-button');
      await page.waitForSelector('#game-menu:popover-open');
      for (const small of await smallTargets(page)) found.push(`game menu: ${small}`);
      assert.deepEqual(found, []);
      // The page of a player who does not exist is a 404, told in words.
      assert.deepEqual(errors.filter((e) => !e.includes('404')), []);
    } finally {
      await context.close();
    }
  });
}
