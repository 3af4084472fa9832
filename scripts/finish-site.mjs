// The last step of the web build (a Trunk post-build hook; or by hand:
// `node scripts/finish-site.mjs dist`). On the built site it leaves out
// the English catalog (the page has it built in), puts the rule book
// together, minifies the page
// modules' scripts, then
//  1. names the page's two modules and the computer's worker by a hash of
//     their contents, and tells the page those names (its
//     <meta name="page-module"> and <meta name="computer-worker">), so
//     files of different builds never meet, in a browser's cache or the
//     service worker's;
//  2. writes the service worker's list of this build's files, each unhashed
//     one with a digest of its contents, so it caches one whole build or
//     nothing;
//  3. writes a brotli (.br) and a gzip (.gz) copy of every text and wasm
//     file, which the server sends to browsers that take them: compressed
//     once here, never per request.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { assemble } from './rules-book.mjs';

const site = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? 'dist';
const path = (name) => join(site, name);
const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};
/** Trunk's names: `name-<hex>.ext` and `name-<hex>_bg.wasm`. */
const HASHED = /-[0-9a-f]{12,64}(_bg|_loader)?\.[a-z]+$/;
const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|svg|json|webmanifest|txt)$/;

// English is built into the page's module; its catalog file is not served.
rmSync(path('lang/en.json'), { force: true });
rmSync(path('lang/en-full.json'), { force: true });

// The rule book in each language, given its drawings and its table of
// contents (scripts/rules-book.mjs); the drawings' own file is not served.
const drawings = readFileSync(path('rules/diagrams.html'), 'utf8');
rmSync(path('rules/diagrams.html'));
for (const name of readdirSync(path('rules'))) {
  const book = path(`rules/${name}`);
  writeFileSync(book, assemble(readFileSync(book, 'utf8'), drawings));
}

// Step 0: the page modules' scripts (ES modules, which Trunk leaves as they
// are) minified with terser, from the browser tests' packages like wasm-opt.
const terser = createRequire(new URL('../tests/browser/package.json', import.meta.url))('terser');
for (const name of readdirSync(site).filter((n) => /^page(-full)?(-[0-9a-f]+)?\.js$/.test(n))) {
  const { code } = await terser.minify(readFileSync(path(name), 'utf8'), { module: true });
  writeFileSync(path(name), code);
}

// Step 1: the page's two modules and the computer's worker.
// Every file of the site, by its path inside it (`lang/es.json`).
const files = () =>
  readdirSync(site, { recursive: true })
    .filter((name) => !/\.(br|gz)$/.test(name) && statSync(path(name)).isFile())
    .map((name) => name.split(sep).join('/'))
    .sort();
/** Renames `<module>.js` and `<module>_bg.wasm` by a hash of both; the new base name. */
const hashName = (module) => {
  const js = readFileSync(path(`${module}.js`));
  const wasm = readFileSync(path(`${module}_bg.wasm`));
  const name = `${module}-${sha256(js, wasm).slice(0, 16)}`;
  renameSync(path(`${module}.js`), path(`${name}.js`));
  renameSync(path(`${module}_bg.wasm`), path(`${name}_bg.wasm`));
  return name;
};
/** Puts `text` in index.html where `pattern` matches (in a release build the
 * page is minified: attributes may be reordered and unquoted). */
const rewriteMeta = (pattern, text) => {
  const page = readFileSync(path('index.html'), 'utf8');
  if (!pattern.test(page)) throw new Error(`index.html has no ${pattern}`);
  writeFileSync(path('index.html'), page.replace(pattern, text));
};
// The light module is Trunk's main one, already named by its hash; the
// page starts it itself (Trunk.toml's inject_scripts = false), so Trunk's
// leftover <link data-trunk> for it goes.
const light = files().find((name) => /^page-[0-9a-f]+\.js$/.test(name))?.replace(/\.js$/, '');
if (light && files().includes('page-full_bg.wasm')) {
  const full = hashName('page-full');
  // The placeholders in index.html's <meta name="page-module">.
  rewriteMeta(/content="?\.\/page"?(?=[\s>])/, `content="./${light}"`);
  rewriteMeta(/data-full="?\.\/page-full"?(?=[\s>])/, `data-full="./${full}"`);
  rewriteMeta(/ *<link[^>]*data-trunk-id[^>]*>\n?/, '');
}
if (files().includes('ai-worker_bg.wasm')) {
  const name = hashName('ai-worker');
  rmSync(path('ai-worker_loader.js'), { force: true });
  writeFileSync(
    path(`${name}_loader.js`),
    `importScripts("./${name}.js");wasm_bindgen({ module_or_path: "./${name}_bg.wasm" });\n`,
  );
  // The placeholder in index.html's <meta name="computer-worker">.
  rewriteMeta(/content="?\.\/ai-worker_loader\.js"?(?=[\s>])/, `content="./${name}_loader.js"`);
}

// Step 2: the service worker's list. The page is cached as "./", the
// address it is opened at; the embedding demo and the worker itself stay out.
const precached = files().filter((name) => !['sw.js', 'embed-demo.html'].includes(name));
const list = precached.map((name) => {
  const url = name === 'index.html' ? './' : name;
  return HASHED.test(name) ? [url] : [url, sha256(readFileSync(path(name)))];
});
const build = sha256(JSON.stringify(list)).slice(0, 16);
const sw = readFileSync(path('sw.js'), 'utf8');
const marked = /^const BUILD = .*;\nconst FILES = .*;$/m;
if (!marked.test(sw)) throw new Error('sw.js has no `const BUILD = …;` and `const FILES = …;` lines');
writeFileSync(
  path('sw.js'),
  sw.replace(marked, `const BUILD = ${JSON.stringify(build)};\nconst FILES = ${JSON.stringify(list)};`),
);

// Step 3: compressed copies.
let raw = 0;
let brotli = 0;
for (const name of files().filter((name) => COMPRESSIBLE.test(name))) {
  const body = readFileSync(path(name));
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  // A copy no smaller than the file is left out; the file goes as it is.
  if (br.length < body.length) writeFileSync(path(`${name}.br`), br);
  if (gz.length < body.length) writeFileSync(path(`${name}.gz`), gz);
  raw += body.length;
  brotli += Math.min(br.length, body.length);
}
console.log(`finish-site: build ${build}, ${precached.length} files for offline play, ${raw} bytes (${brotli} with brotli)`);
