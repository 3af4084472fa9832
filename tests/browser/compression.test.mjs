// The game server sends the built site compressed and cached as each file
// suits: brotli to a browser that takes it (gzip otherwise), a year for
// files named by their contents, revalidation for the page and the service
// worker. Read from what Chromium receives from the real server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withServer } from './lib.mjs';

const app = withServer();

test('wasm and every text file arrive compressed with brotli, and cached by name', async () => {
  const context = await app.browser.newContext();
  const page = await context.newPage();
  const seen = new Map();
  page.on('response', async (response) => {
    const name = new URL(response.url()).pathname.split('/').pop() || 'index.html';
    seen.set(name, { headers: await response.allHeaders(), status: response.status() });
  });
  await page.goto(app.server.url);
  await page.waitForSelector('body[data-screen="home"]');
  await page.waitForLoadState('networkidle');

  const wasm = [...seen.keys()].find((n) => /^page-[0-9a-f]+_bg\.wasm$/.test(n));
  assert.ok(wasm, `the page's light module was loaded: ${[...seen.keys()]}`);
  // The module with the tools waits for an address that asks for a tool.
  const tools = [...seen.keys()].filter((n) => /^page-full-/.test(n));
  assert.deepEqual(tools, [], 'the home screen loads no tools');
  const request = await page.evaluate(async (wasm) => {
    const r = await fetch(wasm);
    return { type: r.headers.get('content-type'), length: (await r.arrayBuffer()).byteLength };
  }, wasm);
  assert.equal(request.type, 'application/wasm');
  assert.ok(request.length > 100_000, 'the browser decodes the whole module');

  for (const [name, { headers, status }] of seen) {
    if (status !== 200 || !/\.(wasm|js|css|html|svg)$/.test(name)) continue;
    assert.equal(headers['content-encoding'], 'br', `${name}: ${JSON.stringify(headers)}`);
    const hashed = /-[0-9a-f]{12,}(_bg)?\.\w+$/.test(name);
    assert.equal(
      headers['cache-control'],
      hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      name,
    );
  }
  assert.equal(seen.get('index.html')?.headers['cache-control'], 'no-cache');

  // The service worker's script is revalidated too.
  const sw = await page.evaluate(async () => {
    const r = await fetch('sw.js');
    return r.headers.get('cache-control');
  });
  assert.equal(sw, 'no-cache');
  await context.close();
});

test('a client that takes only gzip gets gzip, and one that takes neither gets the file', async () => {
  const page = await fetch(app.server.url, { headers: { 'accept-encoding': 'br' } });
  assert.equal(page.headers.get('content-encoding'), 'br');
  const html = await page.text();
  const wasm = `${html.match(/page-[0-9a-f]{16}/)[0]}_bg.wasm`;
  for (const [accept, encoding] of [['gzip', 'gzip'], ['identity', null]]) {
    // Node's fetch decodes what it is sent, so it reports the encoding only.
    const response = await fetch(new URL(wasm, app.server.url), { headers: { 'accept-encoding': accept } });
    assert.equal(response.headers.get('content-encoding'), encoding, accept);
    assert.equal(response.headers.get('content-type'), 'application/wasm');
    assert.equal(new Uint8Array(await response.arrayBuffer())[0], 0, 'the wasm magic number');
  }
});
