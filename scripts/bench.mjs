// Times perft and search from each game's start position natively (the
// `alquerque` binary) and as WebAssembly in node, in one run, and prints both
// with their ratio. The games, their order (the wasm module's game numbers)
// and their depths are the binary's own, read from what `alquerque bench`
// prints. Run through scripts/bench.sh, which builds both.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [binary, wasmPath] = process.argv.slice(2);
const rounds = 3;

const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath));
const perft = instance.exports.perft;
const search = instance.exports.search;

// `alquerque bench` prints a perft table, then a search table, with a row
// per game: game, depth, nodes, seconds, nodes per second.
function bench(args) {
  const out = execFileSync(binary, ['bench', ...args], { encoding: 'utf8' });
  const rows = (table) =>
    table
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields.length === 5 && /^\d+$/.test(fields[1]))
      .map(([game, depth, nodes, seconds]) => ({
        game,
        depth: Number(depth),
        nodes: Number(nodes),
        seconds: Number(seconds),
      }));
  const [perftTable, searchTable] = out.split('search from the start');
  return { perft: rows(perftTable), search: rows(searchTable) };
}

function best(run) {
  let fastest = Infinity;
  let nodes = 0;
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    nodes = run();
    fastest = Math.min(fastest, (performance.now() - t) / 1000);
  }
  return { nodes, seconds: fastest };
}

const faster = (a, b) => (a && a.seconds <= b.seconds ? a : b);

// Every game, in the order the wasm module numbers them.
const games = bench(['--depth', '1']).perft.map((row) => row.game);

// Each game at the binary's own depths, natively (the binary's own timing,
// which leaves out process start-up) and in wasm, the fastest of each.
const results = games.map((game, i) => {
  let native = { perft: null, search: null };
  for (let r = 0; r < rounds; r++) {
    const run = bench(['--game', game]);
    native = { perft: faster(native.perft, run.perft[0]), search: faster(native.search, run.search[0]) };
  }
  const wasmPerft = best(() => Number(perft(i, native.perft.depth)));
  if (wasmPerft.nodes !== native.perft.nodes) {
    throw new Error(`${game}: wasm counted ${wasmPerft.nodes}, native ${native.perft.nodes}`);
  }
  const wasmSearch = best(() => Number(search(i, native.search.depth)));
  if (wasmSearch.nodes !== native.search.nodes) {
    throw new Error(`${game}: wasm searched ${wasmSearch.nodes} nodes, native ${native.search.nodes}`);
  }
  return { game, native, wasm: { perft: wasmPerft, search: wasmSearch } };
});

const pad = (s, n) => String(s).padStart(n);
const width = Math.max(8, ...games.map((game) => game.length));
console.log(`${'game'.padEnd(width)} ${pad('depth', 5)} ${pad('nodes', 10)} ${pad('native n/s', 12)} ${pad('wasm n/s', 12)} ${pad('wasm/native', 11)}`);
for (const { game, native, wasm } of results) {
  const nativeRate = native.perft.nodes / native.perft.seconds;
  const wasmRate = wasm.perft.nodes / wasm.perft.seconds;
  console.log(`${game.padEnd(width)} ${pad(native.perft.depth, 5)} ${pad(wasm.perft.nodes, 10)} ${pad((nativeRate / 1e6).toFixed(1) + 'M', 12)} ${pad((wasmRate / 1e6).toFixed(1) + 'M', 12)} ${pad((wasmRate / nativeRate).toFixed(2), 11)}`);
}

// Search from the start, time to depth.
console.log();
console.log(`${'search'.padEnd(width)} ${pad('depth', 5)} ${pad('nodes', 10)} ${pad('native s', 9)} ${pad('wasm s', 9)} ${pad('wasm/native', 11)}`);
for (const { game, native, wasm } of results) {
  const ratio = native.search.seconds / wasm.search.seconds;
  console.log(`${game.padEnd(width)} ${pad(native.search.depth, 5)} ${pad(wasm.search.nodes, 10)} ${pad(native.search.seconds.toFixed(3), 9)} ${pad(wasm.search.seconds.toFixed(3), 9)} ${pad(ratio.toFixed(2), 11)}`);
}
