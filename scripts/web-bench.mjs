// How heavy the web app is to load: the size of every file of the built site
// (raw, gzip, brotli); the bytes a phone transfers from the real game server
// to the home screen and to the computer's first reply; and Lighthouse's
// scores for the home page, mobile and desktop.
//
// Usage: node scripts/web-bench.mjs   (scripts/bench.sh --web runs it)
// DIST_DIR: the built site (default dist/); SERVER_BIN: the server binary
// (default target/release/alquerque-server, else target/debug/...);
// CHROMIUM: the browser (default /usr/bin/chromium).
//
// Sizes are in kB: 1 kB = 1000 bytes.

import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
// The browser tests' helpers; playwright-core resolves from their node_modules.
import { chromiumArgs, chromiumPath, dist, launch, serverBinary, startServer } from '../tests/browser/lib.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const RUNS = 3;
const AIM_HOME = 150_000;
const AIM_REPLY = 350_000;
// A mid-range phone, as Lighthouse's mobile preset also assumes.
const PHONE = {
  viewport: { width: 412, height: 915 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
};

// Lighthouse lives in tests/browser/node_modules, which node does not search
// from scripts/, so it is resolved from there by hand.
const requireBrowser = createRequire(join(root, 'tests', 'browser', 'package.json'));
const importBrowser = (name) => import(pathToFileURL(requireBrowser.resolve(name)).href);

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs, show) => `${show(Math.min(...xs))}–${show(Math.max(...xs))}`;
const pad = (s, n) => String(s).padEnd(n);
const padl = (s, n) => String(s).padStart(n);

// ---------------------------------------------------------------- sizes

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Hidden entries (trunk's .stage while it builds) are not served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...await filesUnder(path));
    else out.push(relative(dist, path));
  }
  return out.sort();
}

/** Prints each asset's raw, gzip (level 9) and brotli (quality 11) size. */
async function printSizes() {
  const files = await filesUnder(dist);
  const present = new Set(files);
  // A precompressed copy (X.br, X.gz) stands in for X's column, not as an asset.
  const assets = files.filter((f) => !(/\.(br|gz)$/.test(f) && present.has(f.slice(0, -3))));
  console.log(`Asset sizes in ${dist} (* = precompressed file in the site):`);
  console.log(`  ${pad('file', 40)}${padl('raw', 12)}${padl('gzip -9', 13)}${padl('brotli 11', 13)}`);
  const total = { raw: 0, gz: 0, br: 0 };
  for (const file of assets) {
    const body = await readFile(join(dist, file));
    const gz = present.has(`${file}.gz`)
      ? [(await stat(join(dist, `${file}.gz`))).size, '*']
      : [gzipSync(body, { level: 9 }).length, ' '];
    const br = present.has(`${file}.br`)
      ? [(await stat(join(dist, `${file}.br`))).size, '*']
      : [brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }).length, ' '];
    total.raw += body.length;
    total.gz += gz[0];
    total.br += br[0];
    console.log(`  ${pad(file, 40)}${padl(kB(body.length), 12)}${padl(kB(gz[0]), 12)}${gz[1]}${padl(kB(br[0]), 12)}${br[1]}`);
  }
  console.log(`  ${pad(`total (${assets.length} files)`, 40)}${padl(kB(total.raw), 12)}${padl(kB(total.gz), 12)} ${padl(kB(total.br), 12)}`);
}

// ---------------------------------------------------------------- server

// ---------------------------------------------------------------- bytes

/**
 * Records every request of the page and of the workers it starts (the AI's
 * dedicated worker and the service worker). The page's CDP session only
 * reports the page's own requests, so it also auto-attaches to the page's
 * workers; those sessions are driven through Target.sendMessageToTarget
 * (flatten: false), whose events arrive on this same session.
 */
async function recordRequests(context, page, t0) {
  const cdp = await context.newCDPSession(page);
  const requests = new Map(); // "session/requestId" -> what is known of it
  const entry = (key) => {
    if (!requests.has(key)) requests.set(key, { url: '', encoding: '', bytes: 0, viaWorker: false });
    return requests.get(key);
  };
  const onNetwork = (source, sessionId, method, params) => {
    const r = entry(`${sessionId}/${params.requestId}`);
    r.source = source;
    if (method === 'Network.requestWillBeSent') {
      r.url ||= params.request.url;
      r.startedAt ??= Date.now() - t0;
    } else if (method === 'Network.responseReceived') {
      r.url = params.response.url;
      r.encoding = params.response.headers['content-encoding'] ?? params.response.headers['Content-Encoding'] ?? '';
      // Answered by the service worker: its own fetch is what crossed the wire.
      r.viaWorker = Boolean(params.response.fromServiceWorker);
    } else if (method === 'Network.loadingFinished') {
      r.bytes = r.viaWorker ? 0 : params.encodedDataLength;
      r.finishedAt = Date.now() - t0;
    }
  };
  cdp.on('Network.requestWillBeSent', (p) => onNetwork('page', '', 'Network.requestWillBeSent', p));
  cdp.on('Network.responseReceived', (p) => onNetwork('page', '', 'Network.responseReceived', p));
  cdp.on('Network.loadingFinished', (p) => onNetwork('page', '', 'Network.loadingFinished', p));

  const kinds = new Map();
  const scripts = new Map();
  let id = 0;
  const send = (sessionId, method, params = {}) => cdp.send('Target.sendMessageToTarget', {
    sessionId, message: JSON.stringify({ id: ++id, method, params }),
  }).catch(() => {});
  cdp.on('Target.attachedToTarget', async ({ sessionId, targetInfo }) => {
    kinds.set(sessionId, targetInfo.type === 'service_worker' ? 'service worker' : targetInfo.type);
    scripts.set(sessionId, targetInfo.url);
    await send(sessionId, 'Network.enable');
    await send(sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    const { method, params } = JSON.parse(message);
    if (!method?.startsWith('Network.')) return;
    onNetwork(kinds.get(sessionId), sessionId, method, params);
    // A worker's own script is fetched before its session can report it:
    // only its end shows, without a URL.
    const r = requests.get(`${sessionId}/${params.requestId}`);
    if (!r.url) r.url = `${scripts.get(sessionId)}#main-script`;
  });
  await cdp.send('Network.enable');
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return requests;
}

/** The requests finished by `at` (ms since navigation), and their bytes. */
function finishedBy(requests, at) {
  const list = [...requests.values()].filter((r) => r.finishedAt !== undefined && r.finishedAt <= at);
  return { list, bytes: list.reduce((sum, r) => sum + r.bytes, 0) };
}

/** The requests started by `at` (ms since navigation), and their bytes. */
function startedBy(requests, at) {
  const list = [...requests.values()].filter((r) => r.startedAt !== undefined && r.startedAt <= at);
  return { list, bytes: list.reduce((sum, r) => sum + r.bytes, 0) };
}

/** One fresh phone visit: to the home screen, then to the computer's first reply. */
async function visit(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const t0 = Date.now();
    const requests = await recordRequests(context, page, t0);
    // The page notes the moment its home screen is up (the app sets
    // body[data-screen]), rather than the moment this script notices.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.body?.dataset.screen === 'home') {
          window.homeReadyAt = Date.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-screen'] });
    });
    await page.goto(url);
    await page.waitForSelector('body[data-screen="home"]', { timeout: 30_000 });
    const homeAt = (await page.evaluate(() => window.homeReadyAt ?? Date.now())) - t0;
    // Everything asked for before the screen was up (the page waited for
    // all of it), to its last byte.
    await page.waitForTimeout(50);
    const home = startedBy(requests, homeAt);
    const swEarly = [...requests.values()]
      .filter((r) => r.source === 'service worker' && r.startedAt !== undefined && r.startedAt <= homeAt).length;
    await page.click('[data-action="pick"][data-game="classic"]');
    await page.selectOption('#level', 'beginner');
    await page.selectOption('#side', 'black');
    await page.click('[data-action="start-computer"]');
    const replied = await page.waitForFunction(
      () => Number(document.body.dataset.ply) >= 1 && document.body.dataset.thinking === 'false',
      null,
      { timeout: 60_000 },
    ).then(() => true, () => false);
    const replyAt = Date.now() - t0;
    const longestTask = Number(await page.getAttribute('body', 'data-longest-task'));
    // Without a reply the run still counts for the home screen; its bytes are shown but not used.
    const reply = { ...finishedBy(requests, replyAt), ms: replyAt, replied, longestTask };
    return { home: { ...home, ms: homeAt, swEarly }, reply };
  } finally {
    await context.close();
  }
}

/** Prints the median run's requests, biggest first. */
function printBreakdown(list) {
  const name = (r) => {
    const url = new URL(r.url || 'about:blank');
    const path = url.pathname.split('/').pop() || '/ (index.html)';
    return url.hash === '#main-script' ? `${path} (as its worker starts)` : path;
  };
  for (const r of [...list].sort((a, b) => b.bytes - a.bytes)) {
    const note = r.viaWorker ? 'answered by the service worker' : (r.encoding || 'identity');
    console.log(`    ${pad(name(r), 48)}${padl(kB(r.bytes), 11)}  ${pad(r.source, 15)}${note}`);
  }
}

async function printBytes(url) {
  const browser = await launch();
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, url));
  } finally {
    await browser.close();
  }
  for (const [key, title, aim] of [
    ['home', 'to the home screen (body[data-screen="home"])', AIM_HOME],
    ['reply', "to the computer's first reply (classic, beginner, the computer plays White)", AIM_REPLY],
  ]) {
    console.log(`Bytes ${title}, ${RUNS} fresh phone visits:`);
    const good = runs.filter((r) => r[key].replied !== false);
    if (good.length < runs.length) {
      console.log(`  NO REPLY within 60 s in ${runs.length - good.length} of ${runs.length} runs; ` +
        `bytes by then: ${runs.map((r) => kB(r[key].bytes)).join(', ')}`);
      if (!good.length) {
        printBreakdown(runs[0][key].list);
        continue;
      }
    }
    const bytes = good.map((r) => r[key].bytes);
    const ms = good.map((r) => r[key].ms);
    const mid = good.find((r) => r[key].bytes === median(bytes))[key];
    const verdict = median(bytes) <= aim ? 'within' : 'OVER';
    console.log(`  ${kB(median(bytes))} median (${spread(bytes, kB)}), aim ≤ ${kB(aim)}: ${verdict}; ` +
      `${median(ms)} ms median (${spread(ms, (x) => `${x}`)} ms); ${mid.list.length} requests in the median run:`);
    printBreakdown(mid.list);
    if (key === 'reply') {
      const longest = good.map((r) => r.reply.longestTask);
      console.log(`  Longest main-thread task of the page's own (data-longest-task): ${median(longest)} ms median ` +
        `(${spread(longest, (x) => `${x}`)} ms)`);
    }
    if (key === 'home') {
      const early = runs.map((r) => r.home.swEarly);
      console.log(`  Service worker requests started before the home screen was ready: ${early.join(', ')} ` +
        `(per run; aim 0, its precache must not delay the first screen)`);
    }
  }
}

// ------------------------------------------------------------------ Review

// A 60-turn Classic game of the computer at Easy against itself (from
// `alquerque match --a easy --b easy --records classic`).
const REVIEW_RECORD = 'classic moves b2-c3 d4xb2 a1xc3 a3xa1 c3xa3 a4xa2 d3-d4 d5xd3 e3xc3 b4-b3 c3xa3 a2xa4 c2-c3 c4xc2 d2xb2 a1xc3 c1-d2 c5-d4 d2xb4 b5xb3 e2-e3 e4xe2 e1xe3xc5 b3-b2 b1xb3 a4-a3 b3-c3 e5-e4 d1-e1 a5-b5 c5xa5 e4-e3 c3-d4 e3xc5 e1-d1 a3-b2 d1-c1 c5-c4 c1xa3 c4-c3 a3-a4 c3-c2 a4-b4 c2-c1 b4-b5 c1-b1 b5-c5 b1-a1 a5-b5 a1-b1 b5-a5 b1-a1 a5-b5 a1-b1 c5-d5 b1-a1 d5-e5 a1-b1 e5-d5 b1-c1';

/** Reviews the game on a fresh phone visit: seconds from the press to the
 * last position analysed, and the page's longest task by then. */
async function reviewVisit(browser, url) {
  const context = await browser.newContext(PHONE);
  try {
    const save = { version: 1, record: REVIEW_RECORD, mode: 'friend', seed: 1, huff: null, path: [], draw_offer: null };
    await context.addInitScript((text) => {
      localStorage.setItem('alquerque.game', text);
      // Sounds off: the audio context the first touch makes is not the review's.
      localStorage.setItem('alquerque.prefs', JSON.stringify({ sound: false }));
    }, JSON.stringify(save));
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('canvas#board[data-drawn="true"]', { timeout: 30_000 });
    // Resigning asks for a second press.
    await page.click('[data-action="resign"]');
    await page.click('[data-action="resign"]');
    const t0 = Date.now();
    await page.click('[data-action="review-game"]');
    await page.waitForFunction(
      () => document.getElementById('review-panel').dataset.reviewed === '61',
      null,
      { timeout: 120_000 },
    );
    const seconds = (Date.now() - t0) / 1000;
    const marks = Number(await page.getAttribute('#review-panel', 'data-marks'));
    const longest = Number(await page.getAttribute('body', 'data-longest-task'));
    return { seconds, marks, longest };
  } finally {
    await context.close();
  }
}

async function printReview(url) {
  const browser = await launch();
  const runs = [];
  try {
    for (let i = 0; i < RUNS; i++) runs.push(await reviewVisit(browser, url));
  } finally {
    await browser.close();
  }
  const seconds = runs.map((r) => r.seconds);
  const longest = runs.map((r) => r.longest);
  console.log(`Review of a 60-turn Classic game in the page (phone viewport, ${RUNS} fresh visits):`);
  console.log(`  ${median(seconds).toFixed(2)} s median (${spread(seconds, (x) => x.toFixed(2))} s) from the press ` +
    `to the last position; ${runs[0].marks} moves marked`);
  console.log(`  Longest main-thread task of the page's own, start-up included (sounds off): ${median(longest)} ms median ` +
    `(${spread(longest, (x) => `${x}`)} ms)`);
}

// ---------------------------------------------------------------- Lighthouse

/** One Lighthouse run of the home page in a fresh Chromium; the result. */
async function lighthouseRun(url, desktop) {
  const { default: lighthouse } = await importBrowser('lighthouse');
  const { launch: launchChrome } = await importBrowser('chrome-launcher');
  const config = desktop
    ? (await import(pathToFileURL(requireBrowser.resolve('lighthouse/core/config/desktop-config.js')).href)).default
    : undefined;
  const chrome = await launchChrome({ chromePath: chromiumPath, chromeFlags: chromiumArgs, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'],
    }, config);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** The LCP element's HTML snippet, as Lighthouse found it. */
function lcpElement(lhr) {
  const find = (node) => {
    if (!node || typeof node !== 'object') return undefined;
    if (node.type === 'node' && node.snippet) {
      return `${node.snippet} at ${node.selector ?? '?'}, "${(node.nodeLabel ?? '').slice(0, 60)}"`;
    }
    for (const value of Object.values(node)) {
      const hit = find(value);
      if (hit) return hit;
    }
    return undefined;
  };
  return find(lhr.audits['largest-contentful-paint-element']?.details) ?? '(none reported)';
}

async function printLighthouse(url, desktop, runs) {
  const lhrs = [];
  for (let i = 0; i < runs; i++) lhrs.push(await lighthouseRun(url, desktop));
  const metric = (lhr, id) => lhr.audits[id]?.numericValue;
  const perf = lhrs.map((l) => Math.round((l.categories.performance.score ?? 0) * 100));
  const mid = lhrs[perf.indexOf(median(perf))];
  const ms = (x) => `${Math.round(x)} ms`;
  console.log(`Lighthouse ${lhrs[0].lighthouseVersion}, home page, ${desktop ? 'desktop (--preset=desktop)' : 'mobile (simulated throttling)'}, ${runs} run${runs > 1 ? 's' : ''}:`);
  console.log(`  performance ${median(perf)} median (${spread(perf, String)})`);
  const lcp = lhrs.map((l) => metric(l, 'largest-contentful-paint'));
  console.log(`  LCP ${ms(median(lcp))} median (${spread(lcp, ms)})`);
  for (const [id, label, show] of [
    ['first-contentful-paint', 'FCP', ms],
    ['total-blocking-time', 'TBT', ms],
    ['cumulative-layout-shift', 'CLS', (x) => x.toFixed(3)],
    ['speed-index', 'Speed Index', ms],
    ['interactive', 'TTI', ms],
  ]) {
    const values = lhrs.map((l) => metric(l, id)).filter((x) => x !== undefined);
    if (values.length) console.log(`  ${label} ${show(median(values))} median (${spread(values, show)})`);
  }
  console.log(`  LCP element (median run): ${lcpElement(mid).slice(0, 200)}`);
  const warnings = mid.runWarnings ?? [];
  for (const w of warnings) console.log(`  warning: ${w}`);
}

// ---------------------------------------------------------------- main

await stat(join(dist, 'index.html')).catch(() => {
  throw new Error(`${dist}/index.html is missing: run \`trunk build --release\` first`);
});
await printSizes();
// A release build of the server if there is one: it is what a site runs.
const binary = await serverBinary(['release', 'debug']);
const server = await startServer({ binary, site: dist });
try {
  console.log();
  console.log(`Server: ${binary} at ${server.url}`);
  await printBytes(server.url);
  console.log();
  await printReview(server.url);
  console.log();
  await printLighthouse(server.url, false, RUNS);
  console.log();
  await printLighthouse(server.url, true, Number(process.env.DESKTOP_RUNS ?? RUNS));
} finally {
  await server.stop();
}
