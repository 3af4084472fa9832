// Times perft from each rule set's start position natively (the `alquerque`
// binary) and as WebAssembly in node, in one run, and prints both with their
// ratio. Run through scripts/bench.sh, which builds both.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const [binary, wasmPath] = process.argv.slice(2);
const games = ['classic', 'special', 'qirkat', 'bell', 'turkish'];
const depths = { classic: 14, special: 9, qirkat: 14, bell: 14, turkish: 7 };
const rounds = 3;

const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath));
const perft = instance.exports.perft;
const search = instance.exports.search;

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

const pad = (s, n) => String(s).padStart(n);
console.log(`${'game'.padEnd(8)} ${pad('depth', 5)} ${pad('nodes', 10)} ${pad('native n/s', 12)} ${pad('wasm n/s', 12)} ${pad('wasm/native', 11)}`);
for (const [i, game] of games.entries()) {
  const depth = depths[game];
  // The binary's own timing leaves out process start-up.
  let native = { nodes: 0, seconds: Infinity };
  for (let r = 0; r < rounds; r++) {
    const out = execFileSync(binary, ['bench', '--game', game, '--depth', String(depth)], { encoding: 'utf8' });
    const [, , nodes, seconds] = out.split('\n').find((l) => l.startsWith(game)).trim().split(/\s+/);
    native = { nodes: Number(nodes), seconds: Math.min(native.seconds, Number(seconds)) };
  }
  const wasm = best(() => Number(perft(i, depth)));
  if (wasm.nodes !== native.nodes) {
    throw new Error(`${game}: wasm counted ${wasm.nodes}, native ${native.nodes}`);
  }
  const nativeRate = native.nodes / native.seconds;
  const wasmRate = wasm.nodes / wasm.seconds;
  console.log(`${game.padEnd(8)} ${pad(depth, 5)} ${pad(wasm.nodes, 10)} ${pad((nativeRate / 1e6).toFixed(1) + 'M', 12)} ${pad((wasmRate / 1e6).toFixed(1) + 'M', 12)} ${pad((wasmRate / nativeRate).toFixed(2), 11)}`);
}

// Search from the start, time to depth: the binary's figures and wasm's.
const searchGames = [...games, 'chesquerque'];
const searchDepths = { classic: 18, special: 16, qirkat: 18, bell: 18, turkish: 10, chesquerque: 6 };
const benchOut = execFileSync(binary, ['bench', '--depth', '1'], { encoding: 'utf8' });
const searchLines = benchOut.split('search from the start')[1].split('\n');
console.log();
console.log(`search    ${pad('depth', 5)} ${pad('nodes', 10)} ${pad('native s', 9)} ${pad('wasm s', 9)} ${pad('wasm/native', 11)}`);
for (const [i, game] of searchGames.entries()) {
  const depth = searchDepths[game];
  const line = searchLines.find((l) => l.startsWith(game + ' '));
  const [, , nativeNodes, nativeSeconds] = line.trim().split(/\s+/);
  const wasm = best(() => Number(search(i, depth)));
  if (wasm.nodes !== Number(nativeNodes)) {
    throw new Error(`${game}: wasm searched ${wasm.nodes} nodes, native ${nativeNodes}`);
  }
  const ratio = Number(nativeSeconds) / wasm.seconds;
  console.log(`${game.padEnd(9)} ${pad(depth, 5)} ${pad(wasm.nodes, 10)} ${pad(Number(nativeSeconds).toFixed(3), 9)} ${pad(wasm.seconds.toFixed(3), 9)} ${pad(ratio.toFixed(2), 11)}`);
}
