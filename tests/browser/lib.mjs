// Shared helpers of the browser tests: a static server for dist/, a
// headless Chromium, and ways to drive the app as a person does.

import { after, before } from 'node:test';
import { spawn } from 'node:child_process';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

export const here = fileURLToPath(new URL('.', import.meta.url));
export const dist = resolve(process.env.DIST_DIR ?? join(here, '..', '..', 'dist'));
export const shots = join(here, 'screenshots');
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
/**
 * Chromium's flags here: headless, and no background connections (this
 * machine's closed network refuses them, which stalls the browser).
 */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const root = join(here, '..', '..');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** Serves `root` on 127.0.0.1 at a free port. */
export async function serve(root) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

/** Opens the app in a fresh context; collects every console error. */
export async function openApp(browser, url, contextOptions, { wait = 'body[data-screen]' } = {}) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  // A request cut short by the page's own reload is not a failure.
  page.on('requestfailed', (req) => {
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`request failed: ${req.url()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  await page.goto(url);
  await page.waitForSelector(wait, { timeout: 15_000 });
  return { context, page, errors };
}


/** Starts headless Chromium. */
export function launch() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** Fails early with a clear message when the app has not been built. */
export async function requireDist() {
  await stat(join(dist, 'index.html')).catch(() => {
    throw new Error(`${dist}/index.html is missing: run \`trunk build --release\` first`);
  });
}

/**
 * From the home screen, starts `game` against `opponent`: 'friend', 'watch',
 * or a computer level (with `side`, 'white' or 'black').
 */
export async function startGame(page, game, opponent = 'friend', side = 'white') {
  await page.click(`[data-action="pick"][data-game="${game}"]`);
  if (opponent === 'friend') {
    await page.click('[data-action="start-friend"]');
  } else if (opponent === 'watch') {
    await page.click('[data-action="start-watch"]');
  } else {
    await page.selectOption('#level', opponent);
    await page.selectOption('#side', side);
    await page.click('[data-action="start-computer"]');
  }
  await page.waitForSelector('canvas#board[data-drawn="true"]', { timeout: 15_000 });
}

/** Presses `selector` in the game screen's menu, opened for it: with a
 *  tap when `touch`, else a click. */
export async function fromMenu(page, selector, { touch = false } = {}) {
  const press = (s) => (touch ? page.tap(s) : page.click(s));
  await press('#menu-button');
  await page.waitForSelector('#game-menu:popover-open');
  await press(`#game-menu ${selector}`);
}

/** Page coordinates (CSS pixels) of the point named `name`, e.g. `c3`. */
export async function pointPosition(page, name) {
  return page.evaluate((name) => {
    const canvas = document.getElementById('board');
    const layout = JSON.parse(canvas.dataset.layout);
    const file = name.charCodeAt(0) - 97;
    const rank = Number(name.slice(1)) - 1;
    const col = layout.flipped ? layout.files - 1 - file : file;
    const row = layout.flipped ? rank : layout.ranks - 1 - rank;
    const rect = canvas.getBoundingClientRect();
    const scale = rect.width / canvas.width;
    return {
      x: rect.left + (layout.left + col * layout.spacing) * scale,
      y: rect.top + (layout.top + row * layout.spacing) * scale,
    };
  }, name);
}

/** Clicks (or taps) the point named `name`. */
export async function pressPoint(page, name, { touch = false } = {}) {
  // As a person would: the board in sight first (a control pressed below it
  // may have scrolled it away on a phone).
  await page.locator('canvas#board').scrollIntoViewIfNeeded();
  const { x, y } = await pointPosition(page, name);
  if (touch) {
    await page.touchscreen.tap(x, y);
  } else {
    await page.mouse.click(x, y);
  }
}

/** Drags from one point to another with the mouse. */
export async function dragPoints(page, from, to) {
  const a = await pointPosition(page, from);
  const b = await pointPosition(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** The ways to enter the legal turns, as a page (or frame) lists them. */
export async function legalPaths(page) {
  const text = await page.getAttribute('canvas#board', 'data-moves');
  return text ? text.split(',').map((m) => m.split(' ')) : [];
}

/** Enters the first legal turn point by point; its path. */
export async function playFirstMove(page, options) {
  const [path] = await legalPaths(page);
  assert.ok(path, 'the page lists legal moves');
  for (const name of path) await pressPoint(page, name, options);
  return path;
}

/** The number of turns played, as the page reports it. */
export async function ply(page) {
  return Number(await page.getAttribute('body', 'data-ply'));
}

/** Waits until the game has at least `n` turns and nobody is thinking. */
export async function waitForPly(page, n, timeout = 20_000) {
  await page.waitForFunction(
    (n) => Number(document.body.dataset.ply) >= n && document.body.dataset.thinking === 'false',
    n,
    { timeout },
  );
}

/**
 * Registers hooks that serve dist/ and start Chromium around a suite; the
 * object returned holds `browser` and `url` once they have run.
 */
export function withApp() {
  const app = {};
  before(async () => {
    await requireDist();
    await mkdir(shots, { recursive: true });
    ({ server: app.server, url: app.url } = await serve(dist));
    app.browser = await launch();
  });
  after(async () => {
    await app.browser?.close();
    app.server?.close();
  });
  return app;
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious and critical violations on the page as it is now. */
export async function audit(page) {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
  });
  return result;
}

/**
 * The server binary: $SERVER_BIN, else the first of `builds` (cargo
 * profiles) that has been built.
 */
export async function serverBinary(builds = ['debug', 'release']) {
  const candidates = [
    process.env.SERVER_BIN,
    ...builds.map((build) => join(root, 'target', build, 'alquerque-server')),
  ].filter(Boolean);
  for (const path of candidates) {
    if (await stat(path).then(() => true, () => false)) return path;
  }
  throw new Error(`no alquerque-server binary: run \`cargo build -p alquerque-server\` first`);
}

/**
 * Starts the game server (`binary`, by default `serverBinary()`) on a free
 * port with a fresh database, serving `site`, with more `args` if given;
 * its process, URL, and a
 * function that stops it and removes its database.
 */
export async function startServer({ binary, site = dist, args = [] } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'alq-online-'));
  const child = spawn(binary ?? await serverBinary(), [
    '--addr', '127.0.0.1:0',
    '--db', join(dir, 'games.db'),
    '--site', site,
    // Loopback stands for a proxy, so that a test may give each browser an
    // address of its own (X-Forwarded-For); a request without the header
    // counts as loopback's own.
    '--trusted-proxy', '127.0.0.1',
    ...args,
  ], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((ok, fail) => {
    let seen = '';
    const look = (chunk) => {
      seen += chunk;
      const match = seen.match(/"addr":"([^"]+)"/);
      if (match) {
        // The server goes on logging; nobody reads past its address.
        child.stdout.off('data', look);
        child.stdout.resume();
        ok(`http://${match[1]}/`);
      }
    };
    child.stdout.on('data', look);
    child.on('exit', (code) => fail(new Error(`the server exited with ${code}`)));
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  };
  return { child, url, stop, db: join(dir, 'games.db') };
}

/**
 * Registers hooks that start the game server (serving dist/) and Chromium
 * around a suite; the object returned holds `server` and `browser` once
 * they have run.
 */
export function withServer(options = {}) {
  const app = {};
  before(async () => {
    await requireDist();
    app.server = await startServer(options);
    app.browser = await launch();
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/**
 * Polls `fn` (which may be async) in the page until it returns something
 * truthy, and returns that; fails after `timeout` ms.
 */
export async function until(page, fn, arg, timeout = 20_000) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${fn}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}
