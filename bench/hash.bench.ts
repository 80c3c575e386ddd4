/**
 * SHA-256 batches: node:crypto (`JS_HASHER`, one native call per input)
 * against the WASM core (`hashBatch`, one call per packed batch), in one
 * tinybench run per input size. The `auto` backend's hash rule in
 * src/engine/backend.ts is read off these figures.
 *
 *   node --import=tsx bench/hash.bench.ts [--time MS]
 *
 * Prints the machine, the date, µs per input and the WASM/node ratio.
 */
import { cpus, totalmem } from 'node:os';
import { Bench } from 'tinybench';
import { JS_HASHER } from '../src/catalog/hasher.js';
import { wasmBackendOrNull } from '../src/engine/backend.js';

const timeArg = process.argv.indexOf('--time');
const time = timeArg > 0 ? Number(process.argv[timeArg + 1]) : 1000;
const wasm = wasmBackendOrNull();
if (!wasm) throw new Error("build/skillgraph.wasm is missing: run 'npm run build:wasm'");

/** [input bytes, inputs per batch] — per-field digests up to whole SKILL.md files. */
const CASES: readonly (readonly [number, number])[] = [
  [32, 10_000],
  [64, 10_000],
  [256, 10_000],
  [1024, 4_000],
  [4096, 2_000],
  [65_536, 200],
];

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `# sha256 — ${new Date().toISOString()} — Node ${process.version}, ${cpus().length}× ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
);
console.log(
  `${'input'.padStart(8)} ${'batch'.padStart(6)} ${'node:crypto µs/input'.padStart(21)} ${'wasm µs/input'.padStart(14)} ${'wasm vs node'.padStart(13)}`,
);
let sink = 0;
for (const [size, count] of CASES) {
  const inputs = Array.from({ length: count }, (_, i) =>
    Uint8Array.from({ length: size }, (_, j) => (i * 7 + j) & 0xff),
  );
  const bench = new Bench({ time, warmup: true });
  bench.add('node:crypto', () => void (sink += JS_HASHER.hashBatch(inputs).length));
  bench.add('wasm', () => void (sink += wasm.hashBatch(inputs).length));
  await bench.run();
  const mean = (name: string): number => {
    const r = bench.getTask(name)?.result;
    return r && (r.state === 'completed' || r.state === 'aborted-with-statistics') ? r.latency.mean : NaN;
  };
  const node = mean('node:crypto');
  const w = mean('wasm');
  const per = (ms: number): string => ((ms * 1000) / count).toFixed(3);
  console.log(
    `${String(size).padStart(8)} ${String(count).padStart(6)} ${per(node).padStart(21)} ${per(w).padStart(14)} ${`×${(node / w).toFixed(2)}`.padStart(13)}`,
  );
}
if (sink === -1) console.log(sink);
