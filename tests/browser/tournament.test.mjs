// An arena, against the real game server: the site's schedule holds a
// one-minute arena; two phones and a desktop find it in the lobby and
// join. The first two are sat at their game without a press; one resigns
// and everyone's standings move (pushed, not polled). When the minute is
// over, the games in play end, and each page shows the podium. The page is
// photographed on a phone and a desktop, in two languages.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { audit, launch, openApp, requireDist, shots, startServer } from './lib.mjs';

const phone = { viewport: { width: 390, height: 760 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };
const desktop = { viewport: { width: 1100, height: 800 } };
const from = (address) => ({ extraHTTPHeaders: { 'X-Forwarded-For': address } });
const app = {};
const schedule = join(tmpdir(), `arena-${process.pid}.toml`);

before(async () => {
  await requireDist();
  // A minute's arena that has most of its minute to run.
  if (new Date().getUTCSeconds() > 15) {
    await new Promise((ok) => setTimeout(ok, (61 - new Date().getUTCSeconds()) * 1000));
  }
  const minute = String(new Date().getUTCMinutes()).padStart(2, '0');
  await writeFile(schedule, `[[arena]]
name = "Minute arena"
game = "classic"
clock = "3+2"
minutes = 1
every = "hour"
at = ":${minute}"
rated = false
`);
  app.server = await startServer({ args: ['--tournaments', schedule] });
  app.browser = await launch();
});

after(async () => {
  await app.browser?.close();
  await app.server?.stop();
  await rm(schedule, { force: true });
});

async function register(page, name) {
  await page.click('.account-box summary');
  await page.fill('#account-name', name);
  await page.fill('#account-password', 'a long enough secret');
  await page.click('[data-action="register"]');
  await page.waitForSelector('#signed-in:not([hidden])');
}

/** The standings as a page shows them: [name, points] rows. */
async function standings(page) {
  return page.$$eval('#tournament-standings tbody tr', (rows) => rows.map((r) => {
    const cells = r.querySelectorAll('td');
    return [cells[1].querySelector('button').textContent.trim(), cells[2].textContent.trim()];
  }));
}

test('two phones and a desktop play an arena to its podium', async () => {
  const suffix = Date.now().toString(36).slice(-5);
  const names = [`ana_${suffix}`, `bob_${suffix}`, `cem_${suffix}`];
  const players = [
    await openApp(app.browser, `${app.server.url}?lobby`, { ...phone, ...from('192.0.2.1') }),
    await openApp(app.browser, `${app.server.url}?lobby&lang=fr`, { ...phone, ...from('198.51.100.2') }),
    await openApp(app.browser, `${app.server.url}?lobby`, { ...desktop, ...from('203.0.113.3') }),
  ].map((p) => p.page);
  for (const [i, page] of players.entries()) {
    await page.waitForSelector('body[data-screen="lobby"]');
    await register(page, names[i]);
  }
  // The arena is in the lobby's list; its page opens from there.
  for (const page of players) {
    await page.goto(page.url());
    await page.waitForSelector('#tournament-list [data-action="tournament"]');
    await page.click('#tournament-list [data-action="tournament"]');
    await page.waitForSelector('body[data-screen="tournament"]');
    assert.match(page.url(), /\?tournament=/);
    await page.waitForSelector('#join-tournament:not([hidden])');
  }
  assert.equal(await players[0].textContent('#tournament-name'), 'Minute arena');
  const address = players[2].url();
  assert.match(await players[2].textContent('#tournament-countdown'), /^0:\d\d$/);
  await players[1].click('#join-tournament');
  await players[1].waitForSelector('#pause-tournament:not([hidden])');
  await players[1].screenshot({ path: join(shots, 'tournament-phone-fr.png') });
  await players[0].click('#join-tournament');
  // The two in are paired at once, and sat at their game without a press.
  for (const page of [players[0], players[1]]) {
    await page.waitForSelector('body[data-screen="game"] #in-tournament:not([hidden])', { timeout: 15_000 });
  }
  assert.match(await players[0].textContent('#in-tournament-line'), /Minute arena/);
  // The desktop watches the standings, pushed as they move.
  await players[2].waitForFunction(() => document.querySelectorAll('#tournament-standings tbody tr').length === 2);
  assert.deepEqual((await standings(players[2])).map((r) => r[1]), ['0', '0']);
  // One of them resigns; the desktop's standings show the other's win,
  // and so does the winner's line above the board.
  await players[0].click('[data-action="resign"]');
  await players[0].click('[data-action="resign"]');
  await players[2].waitForFunction(() => [...document.querySelectorAll('#tournament-standings tr td.points')]
    .some((td) => td.textContent.trim() === '2'));
  assert.deepEqual((await standings(players[2]))[0], [names[1], '2']);
  await players[1].waitForFunction(() => /\b2\b/.test(document.getElementById('in-tournament-line').textContent));
  await players[2].screenshot({ path: join(shots, 'tournament-desktop.png') });
  assert.deepEqual(await audit(players[2]), [], 'the tournament page passes the accessibility audit');
  // The desktop joins too, and is paired as soon as someone is free.
  await players[2].click('#join-tournament');
  let desktopPlayed = false;

  // Until the minute is over, whoever is sat at a game resigns it.
  const deadline = Date.now() + 120_000;
  for (;;) {
    for (const page of players) {
      const inGame = await page.evaluate(() => document.body.dataset.screen === 'game'
        && !document.querySelector('[data-action="resign"]')?.closest('[hidden]')
        && !!document.querySelector('[data-action="resign"]:not([disabled])'));
      if (inGame) {
        desktopPlayed ||= page === players[2];
        await page.click('[data-action="resign"]').catch(() => {});
        await page.click('[data-action="resign"]').catch(() => {});
      }
    }
    const finished = await fetch(`${app.server.url}api/tournaments`).then((r) => r.json())
      .then((l) => l.finished.length > 0);
    if (finished) break;
    assert.ok(Date.now() < deadline, 'the arena ends');
    await new Promise((ok) => setTimeout(ok, 500));
  }
  assert.ok(desktopPlayed, 'the desktop was paired once someone was free');
  // Every page shows the podium (pushed to those on the page).
  for (const page of players) {
    if ((await page.evaluate(() => document.body.dataset.screen)) !== 'tournament') {
      await page.goto(address);
    }
    await page.waitForSelector('#tournament-podium-box:not([hidden])', { timeout: 15_000 });
  }
  const podium = await players[2].$$eval('#tournament-podium li', (li) => li.map((l) => l.textContent));
  assert.equal(podium.length, 3);
  assert.match(podium[0], /^1\. /);
  assert.equal(await players[2].isHidden('#join-tournament'), true, 'nothing to join once over');
  await players[0].screenshot({ path: join(shots, 'tournament-podium-phone.png') });
});
