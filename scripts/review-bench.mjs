// Times a game's review as the page's worker does it (every position
// analysed at the review's limits, one analyser throughout), in wasm in
// node: a 60-turn Classic game, a 60-turn Turkish game and a 40-turn
// Chesquerque game, each played by the computer at Easy against itself.
// Run through scripts/bench.sh, which builds the module.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [wasmPath] = process.argv.slice(2);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath));
const { prepare, review } = instance.exports;
// The module's game numbers: the draughts games, then Chesquerque.
const GAMES = [
  ['classic', 0, 60],
  ['turkish', 4, 60],
  ['chesquerque', 5, 40],
];
const rounds = 3;

console.log('review (wasm in node, every position at the review\'s limits; median of 3 and spread)');
console.log(`${'game'.padEnd(12)} ${'turns'.padStart(5)} ${'seconds'.padStart(18)} ${'per position'.padStart(13)} ${'nodes'.padStart(10)}`);
for (const [name, number, plies] of GAMES) {
  const turns = prepare(number, plies);
  const times = [];
  let nodes = 0n;
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    nodes = review();
    times.push((performance.now() - t) / 1000);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const spread = `${median.toFixed(2)} (${times[0].toFixed(2)}–${times[times.length - 1].toFixed(2)})`;
  const each = `${((median / (turns + 1)) * 1000).toFixed(1)} ms`;
  console.log(`${name.padEnd(12)} ${String(turns).padStart(5)} ${spread.padStart(18)} ${each.padStart(13)} ${String(nodes).padStart(10)}`);
}
