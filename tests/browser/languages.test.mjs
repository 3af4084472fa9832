// The page in each of its languages: chosen by `?lang=`, by the menu (and
// remembered), and by the browser's preferred languages; `<html lang>` and,
// for Arabic, right to left; and no English left on the home, opponent and
// game screens, checked against the English catalog itself.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { here, openApp, shots, withApp } from './lib.mjs';

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const LANGUAGES = ['es', 'fr', 'tr', 'ar', 'ru'];

/** A catalog as written (English is built into the page, not served). */
const catalog = async (code) => JSON.parse(await readFile(join(here, '..', '..', 'www', 'lang', `${code}.json`), 'utf8'));

/** Every form of a message: its text, or its plural forms. */
const forms = (message) => (typeof message === 'string' ? [message] : Object.values(message));

/**
 * The English texts that must not show in `code`: every message whose
 * translation differs (names such as "Qirkat" stay as they are), as
 * patterns for a whole line with each placeholder standing for any text.
 */
async function englishLeft(code) {
  const [en, other] = [await catalog('en'), await catalog(code)];
  const patterns = [];
  for (const [key, message] of Object.entries(en)) {
    if (key === 'language-name') continue; // the menu names every language in its own words
    const translated = new Set(forms(other[key]));
    for (const text of forms(message)) {
      if (!text || translated.has(text)) continue;
      const escaped = text
        .split(/\{[a-z]+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.+');
      patterns.push({ key, text, pattern: new RegExp(`^${escaped}$`) });
    }
  }
  return patterns;
}

/** The page's visible lines, and the accessible labels of what shows. */
async function shownTexts(page) {
  return page.evaluate(() => {
    const lines = document.querySelector('main').innerText.split('\n');
    const labels = [...document.querySelectorAll('main [aria-label]')]
      .filter((el) => el.getClientRects().length > 0)
      .map((el) => el.getAttribute('aria-label'));
    const options = [...document.querySelectorAll('main select')]
      .filter((el) => el.getClientRects().length > 0)
      .flatMap((s) => [...s.options].map((o) => o.textContent));
    return [...lines, ...labels, ...options].map((t) => t.trim()).filter(Boolean);
  });
}

async function assertNoEnglish(page, patterns, where) {
  const texts = await shownTexts(page);
  for (const text of texts) {
    const hit = patterns.find((p) => p.pattern.test(text));
    assert.equal(hit, undefined, `${where}: "${text}" is English (${hit?.key})`);
  }
  return texts.length;
}

describe('languages', () => {
  const app = withApp();

  for (const code of LANGUAGES) {
    test(`${code}: ?lang= shows the home, opponent and game screens with no English left`, async () => {
      const patterns = await englishLeft(code);
      const { context, page, errors } = await openApp(app.browser, `${app.url}?lang=${code}`, PHONE, {
        wait: `html[lang="${code}"]:not(.wait-lang) body[data-screen="home"]`,
      });
      try {
        const dir = await page.evaluate(() => document.documentElement.dir);
        assert.equal(dir, code === 'ar' ? 'rtl' : 'ltr');
        const translated = await catalog(code);
        assert.equal(await page.textContent('#home-title'), translated['choose-game']);
        assert.equal(await page.inputValue('#language'), code);
        assert.ok((await assertNoEnglish(page, patterns, 'home')) > 10, 'the home screen has words');
        if (['ar', 'tr'].includes(code)) await page.screenshot({ path: join(shots, `home-${code}-phone.png`) });

        await page.click('[data-action="pick"][data-game="classic"]');
        await page.waitForSelector('body[data-screen="opponent"]');
        await assertNoEnglish(page, patterns, 'opponent');

        await page.selectOption('#level', 'beginner');
        await page.click('[data-action="start-computer"]');
        await page.waitForSelector('canvas#board[data-drawn="true"]');
        await assertNoEnglish(page, patterns, 'game');
        assert.equal(await page.textContent('#status'), translated['your-turn']);
        if (['ar', 'tr'].includes(code)) await page.screenshot({ path: join(shots, `game-${code}-phone.png`) });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }

  test('the menu changes the language at once and is remembered; the browser chooses by default', async () => {
    const { context, page, errors } = await openApp(app.browser, app.url, { ...PHONE, locale: 'tr-TR' }, {
      wait: 'html[lang="tr"]:not(.wait-lang) body[data-screen="home"]',
    });
    try {
      const ru = await catalog('ru');
      await page.selectOption('#language', 'ru');
      await page.waitForSelector('html[lang="ru"]');
      assert.equal(await page.textContent('#home-title'), ru['choose-game']);
      await page.reload();
      await page.waitForSelector('html[lang="ru"]:not(.wait-lang) body[data-screen="home"]');
      assert.equal(await page.textContent('#home-title'), ru['choose-game']);
      // Back to English: every word is English again, and the direction too.
      await page.selectOption('#language', 'ar');
      await page.waitForSelector('html[lang="ar"][dir="rtl"]');
      await page.selectOption('#language', 'en');
      await page.waitForSelector('html[lang="en"][dir="ltr"]');
      const en = await catalog('en');
      assert.equal(await page.textContent('#home-title'), en['choose-game']);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('an embedded game takes its language from the embedding URL', async () => {
    const url = `${app.url}?embed&game=turkish&opponent=friend&lang=tr`;
    const { context, page, errors } = await openApp(app.browser, url, PHONE, {
      wait: 'html[lang="tr"]:not(.wait-lang) canvas#board[data-drawn="true"]',
    });
    try {
      const tr = await catalog('tr');
      assert.equal(await page.textContent('#status'), tr['white-to-move']);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test('a language that cannot be loaded leaves the page in English, saying so', async () => {
    const context = await app.browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.route('**/lang/fr.json', (route) => route.fulfill({ status: 200, body: '{"choose-game": 3' }));
      await page.goto(`${app.url}?lang=fr`);
      await page.waitForSelector('html:not(.wait-lang) body[data-screen="home"]');
      const en = await catalog('en');
      assert.equal(await page.textContent('#notice'), en['language-failed']);
      assert.equal(await page.textContent('#home-title'), en['choose-game']);
      assert.equal(await page.getAttribute('html', 'lang'), 'en');
    } finally {
      await context.close();
    }
  });
});
