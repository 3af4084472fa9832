// The rule book in six languages: each translation has English's shape
// (the same sections, drawings and notation), the built site gives each its
// drawings and a table of contents, and the page opens the book in the
// language it speaks, fetched only then.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { assemble, mismatch } from '../../scripts/rules-book.mjs';
import { dist, here, openApp, shots, withApp } from './lib.mjs';

const LANGS = ['en', 'es', 'fr', 'tr', 'ar', 'ru'];
const source = join(here, '..', '..', 'www', 'rules');
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};

describe('the rule book', () => {
  test('every language is a translation of English, element for element, and built whole', async () => {
    const files = (await readdir(source)).filter((n) => n !== 'diagrams.html').sort();
    assert.deepEqual(files, LANGS.map((l) => `${l}.html`).sort());
    const english = await readFile(join(source, 'en.html'), 'utf8');
    const drawings = await readFile(join(source, 'diagrams.html'), 'utf8');
    const words = (html) => html.replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<code>[^<]*<\/code>/g, '')
      .replace(/<[^>]+>/g, ' ').split(/\s+/).filter((w) => /^\p{L}{4,}$/u.test(w));
    const englishWords = new Set(words(english));
    for (const lang of LANGS) {
      const book = await readFile(join(source, `${lang}.html`), 'utf8');
      assert.equal(mismatch(english, book), null, lang);
      const built = assemble(book, drawings);
      assert.equal((built.match(/<svg /g) ?? []).length, 20, `${lang}: every drawing`);
      assert.equal((built.match(/<title id="[^"]+"><\/title>/g) ?? []).length, 0, `${lang}: every drawing titled`);
      assert.equal((built.match(/<nav class="rulebook-index">/g) ?? []).length, 1, `${lang}: one table of contents`);
      // Every section in the contents has its heading.
      for (const [, id] of built.matchAll(/<li><a href="#(rules-[a-z]+-\d+)">/g)) {
        assert.ok(built.includes(`<h3 id="${id}">`), `${lang}: ${id}`);
      }
      if (lang !== 'en') {
        // Translated: few of its longer words are English ones (names of
        // games and pieces may be shared).
        const own = words(book);
        const shared = own.filter((w) => englishWords.has(w)).length;
        assert.ok(shared / own.length < 0.08, `${lang}: ${shared} of ${own.length} words are English`);
      }
    }
  });

  const app = withApp();

  test('opens in the language of the page, with its contents, and follows a new language', async () => {
    // The built site serves the books put together.
    const built = await readFile(join(dist, 'rules', 'ru.html'), 'utf8');
    assert.ok(built.includes('<nav class="rulebook-index">'));
    const { context, page, errors } = await openApp(app.browser, `${app.url}?rules=bell&lang=ru`, PHONE);
    try {
      await page.waitForSelector('#rulebook[lang="ru"] #rules-bell');
      const title = await page.textContent('#rules-bell h2');
      assert.match(title, /\p{Script=Cyrillic}/u);
      await page.screenshot({ path: join(shots, 'rules-ru-phone.png') });
      // A section from the contents lands below the bar that stays on top.
      await page.tap('.rulebook-index a[href="#rules-turkish-3"]');
      await page.waitForFunction(() => {
        const top = document.getElementById('rules-turkish-3').getBoundingClientRect().top;
        return top > 0 && top < 200;
      });
      const below = await page.evaluate(() => document.getElementById('rules-turkish-3').getBoundingClientRect().top
        >= document.querySelector('.rules-bar').getBoundingClientRect().bottom - 1);
      assert.ok(below, 'the section below the bar');
      // Another language chosen at home: the book opens in it.
      await page.tap('[data-action="close-rules"]');
      await page.selectOption('#language', 'ar');
      await page.waitForSelector('html[lang="ar"]:not(.wait-lang)');
      await page.tap('#rules-link');
      await page.waitForSelector('#rulebook[lang="ar"] #rules-classic');
      assert.match(await page.textContent('#rules-classic h2'), /\p{Script=Arabic}/u);
      await page.screenshot({ path: join(shots, 'rules-ar-phone.png') });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
