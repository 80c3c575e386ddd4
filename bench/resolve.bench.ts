/**
 * Include-graph resolution: the WASM kernel against the TypeScript reference
 * kernel (same CSR + Int32-stamp algorithm), on generated catalogs of 1k and
 * 10k skills in three shapes (bench/_graphs.ts), in one tinybench run. A
 * Map/Set memoised resolver (the naive layout) is the baseline at 1k.
 *
 *   node --import=tsx bench/resolve.bench.ts [--time MS] [--sizes 1000,10000]
 *
 * Prints the machine, the date, the arena size per graph, kernel times and
 * ratios, plus one end-to-end `resolveCatalog` timing per backend.
 */
import { cpus, totalmem } from 'node:os';
import { Bench } from 'tinybench';
import { wasmBackendOrNull } from '../src/engine/backend.js';
import type { Catalog } from '../src/model/catalog.js';
import type { SkillPackage } from '../src/model/package.js';
import { resolveCatalog } from '../src/engine/resolve.js';
import { encodeCatalog, resolveGraphJs, tarjan } from '../src/resolve/index.js';
import { SHAPES, generateCatalog } from './_graphs.js';

const arg = (flag: string, fallback: string): string => {
  const i = process.argv.indexOf(flag);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const time = Number(arg('--time', '1500'));
const sizes = arg('--sizes', '1000,10000').split(',').map(Number);
const wasm = wasmBackendOrNull();
if (!wasm) throw new Error("build/skillgraph.wasm is missing: run 'npm run build:wasm'");

/** The naive layout: one Map of key → metadata per skill, memoised in topological order. */
function mapSetResolve(catalog: Catalog): number {
  const enc = encodeCatalog(catalog);
  const { order, cyclic } = tarjan(enc.graph.nodeCount, enc.graph.edgeOffsets, enc.graph.edgeTarget);
  const index = new Map<SkillPackage, number>(enc.nodes.map((p, i) => [p, i]));
  const memo: (Map<string, unknown> | null)[] = new Array(enc.nodes.length).fill(null);
  let total = 0;
  for (const v of order) {
    if (cyclic[v] === 1) continue;
    const pkg = enc.nodes[v]!;
    const out = new Map<string, unknown>();
    let ok = true;
    for (const inc of pkg.composition.includes) {
      const t = catalog.get(inc.skill);
      const list = t ? memo[index.get(t)!] : null;
      if (!list) {
        ok = false;
        break;
      }
      for (const [key, meta] of list)
        out.set(key, inc.overrides[key] ? { ...(meta as object), ...inc.overrides[key] } : meta);
    }
    if (!ok) continue;
    for (const t of pkg.composition.tools) out.set(t.name, t);
    pkg.composition.inlineTools.forEach((t, i) => out.set(`${pkg.descriptor.name}/_anon_${i}`, t));
    for (const m of pkg.composition.mcp) for (const t of m.tools) out.set(`mcp:${m.server}/${t.name}`, t);
    memo[v] = out;
    total += out.size;
  }
  return total;
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `# resolve — ${new Date().toISOString()} — Node ${process.version}, ${cpus().length}× ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
);
let sink = 0;
for (const size of sizes) {
  for (const shape of SHAPES) {
    const catalog = generateCatalog(shape, size);
    const graph = encodeCatalog(catalog).graph;
    const jsResult = resolveGraphJs(graph);
    const bench = new Bench({ time, iterations: 3, warmup: true, warmupIterations: 1 });
    bench.add('js (TS reference)', () => {
      sink += resolveGraphJs(graph).arena.length;
    });
    bench.add('wasm', () => {
      sink += wasm.resolveGraph(graph).arena.length;
    });
    if (size <= 1000) bench.add('Map/Set memo (naive layout)', () => void (sink += mapSetResolve(catalog)));
    await bench.run();
    const mean = (name: string): number => {
      const r = bench.getTask(name)?.result;
      return r && (r.state === 'completed' || r.state === 'aborted-with-statistics') ? r.latency.mean : NaN;
    };
    const js = mean('js (TS reference)');
    console.log(
      `\n## ${shape} ${size} skills — ${graph.edgeTarget.length} includes, arena ${jsResult.arena.length} entries`,
    );
    for (const task of bench.tasks) {
      const m = mean(task.name);
      console.log(`${task.name.padEnd(30)} ${m.toFixed(2).padStart(10)} ms   ×${(js / m).toFixed(2)} vs js`);
    }
    for (const backend of ['js', 'wasm'] as const) {
      const t0 = performance.now();
      // The engine's resolve, which passes the WASM kernel in; the arena layout on both backends, so
      // WASM and JS compare (a chain this size would pick deltas).
      const r = resolveCatalog(catalog, { backend, layout: 'arena' });
      const total = performance.now() - t0;
      const t = r.stats.timingsMs;
      console.log(
        `end-to-end resolveCatalog (${backend}): ${total.toFixed(1)} ms (encode ${t.encode}, kernel ${t.kernel}, results ${t.results})`,
      );
    }
  }
}
if (sink === -1) console.log(sink);
