// The rule book, one file per language (www/rules/<lang>.html), each a
// translation of en.html element for element. Its drawings are kept once,
// in www/rules/diagrams.html, and its table of contents is made from its
// headings: both are put in when the site is built (finish-site.mjs calls
// `assemble`), so a translation holds only words.
//
//   node scripts/rules-book.mjs --check www/rules/fr.html
// checks that a translation has English's shape: the same elements in the
// same order with the same ids, games and drawings, and the same notation.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIGURE = /<figure class="diagram" data-figure="([a-z-]+)" data-title="([^"]*)">/g;
const TAG = /<([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>/g;

/** The book's elements in order, each with its attributes but the words
 *  (a figure's title), and every piece of notation (`<code>`). */
export function shape(html) {
  const body = html.replace(/<!--[\s\S]*?-->/g, '');
  const tags = [...body.matchAll(TAG)].map(([, name, attrs]) =>
    name + attrs.replace(/\s+data-title="[^"]*"/, ''));
  const code = [...body.matchAll(/<code>([^<]*)<\/code>/g)].map(([, c]) => c);
  return { tags, code };
}

/** What keeps `book` from being a translation of `english`: the first
 *  element or notation that differs, or an untranslated figure title. */
export function mismatch(english, book) {
  const [a, b] = [shape(english), shape(book)];
  for (let i = 0; i < Math.max(a.tags.length, b.tags.length); i++) {
    if (a.tags[i] !== b.tags[i]) {
      return `element ${i + 1}: <${b.tags[i] ?? 'end'}> where English has <${a.tags[i] ?? 'end'}>`;
    }
  }
  for (let i = 0; i < Math.max(a.code.length, b.code.length); i++) {
    if (a.code[i] !== b.code[i]) {
      return `notation ${i + 1}: "${b.code[i]}" where English has "${a.code[i]}"`;
    }
  }
  const titles = (html) => [...html.matchAll(FIGURE)].map(([, , t]) => t);
  const empty = titles(book).findIndex((t) => !t.trim());
  return empty >= 0 ? `figure ${empty + 1} has no title` : null;
}

/** The book as served: each figure given its drawing and title, each
 *  section an id, and a table of contents (games, then their sections)
 *  before the first game. */
export function assemble(book, diagrams) {
  const drawings = new Map(
    [...diagrams.matchAll(/<svg data-figure="([a-z-]+)"[\s\S]*?<\/svg>/g)].map((m) => [m[1], m[0]]));
  const withFigures = book.replace(FIGURE, (_, id, title) => {
    const svg = drawings.get(id);
    if (!svg) throw new Error(`the rule book has no drawing "${id}"`);
    return '<figure class="diagram">\n'
      + svg.replace(` data-figure="${id}"`, '').replace(/(<title id="[^"]+">)(<\/title>)/, `$1${title}$2`);
  });
  const contents = [];
  const withIds = withFigures.replace(
    /<article class="rules" id="([a-z-]+)"[^>]*>\s*<h2>([^<]*)<\/h2>|<h3>([^<]*)<\/h3>/g,
    (whole, article, game, section) => {
      if (article) {
        contents.push({ id: article, name: game, sections: [] });
        return whole;
      }
      const last = contents.at(-1);
      const id = `${last.id}-${last.sections.length + 1}`;
      last.sections.push({ id, name: section });
      return `<h3 id="${id}">${section}</h3>`;
    });
  const link = ({ id, name }) => `<a href="#${id}">${name}</a>`;
  const toc = '<nav class="rulebook-index">\n<ol>\n'
    + contents.map((g) => `<li>${link(g)}\n<ol>${g.sections.map((s) => `<li>${link(s)}</li>`).join('')}</ol></li>\n`).join('')
    + '</ol>\n</nav>\n';
  const first = withIds.indexOf('<article');
  return withIds.slice(0, first) + toc + withIds.slice(first);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--check') {
  const english = readFileSync(new URL('../www/rules/en.html', import.meta.url), 'utf8');
  let failed = false;
  for (const file of process.argv.slice(3)) {
    const why = mismatch(english, readFileSync(file, 'utf8'));
    console.log(`${file}: ${why ?? 'the same shape as English'}`);
    failed ||= why !== null;
  }
  process.exit(failed ? 1 : 0);
}
