// `skillgraph bench`: the pipeline on your own roots, in this process. The side-by-side comparison with
// other pipelines and tools is `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type EngineOptions } from '../../engine/engine.js';
import { resolveBackendFor } from '../../engine/backend.js';
import { resolveCatalog } from '../../engine/resolve.js';
import { intFlag, parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { CATALOG_FLAGS, catalogRequest } from '../catalog-flags.js';
import { EXIT } from '../exit.js';
import { writeJson, type CliIo } from '../io.js';

export const spec: VerbSpec = {
  name: 'bench',
  summary: 'measure discover + parse + seal + resolve throughput on your roots (inline, pool, warm cache)',
  usage: '[--root PATH[:scope[:precedence]]]... [--repeat N] [--json]',
  flags: {
    ...CATALOG_FLAGS,
    repeat: { type: 'string', value: 'N', description: 'runs per mode; the median counts (default 5)' },
  },
  positionals: 'none',
  examples: ['skillgraph bench --root skills --repeat 5'],
};

interface ModeResult {
  readonly mode: string;
  readonly workers: number;
  readonly runs_ms: readonly number[];
  readonly median_ms: number;
  readonly files_per_second: number;
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseVerbArgs(spec, args, io);
  const repeat = intFlag(io, spec.name, 'repeat', values.repeat, 5);
  if (repeat < 1 || repeat > 1000) usageError(io, spec.name, '--repeat must be 1–1000');
  const request = catalogRequest(values, io, spec.name);
  const backend = request.engine?.backend ?? 'auto';
  const threads = Math.max(1, availableParallelism());
  const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-bench-'));
  const modes: { mode: string; engine: Partial<EngineOptions>; warmUp: boolean }[] = [
    { mode: 'cold, inline', engine: { workers: 0, cache: false }, warmUp: false },
    { mode: `cold, ${threads} workers`, engine: { workers: threads, cache: false }, warmUp: false },
    { mode: 'warm cache, inline', engine: { workers: 0, cache: join(scratch, 'cache') }, warmUp: true },
  ];
  const results: ModeResult[] = [];
  let files = 0;
  let skills = 0;
  const resolveMs: number[] = [];
  try {
    for (const m of modes) {
      const engine = createEngine({ ...m.engine, backend });
      try {
        if (m.warmUp) await engine.loadCatalog(request.load);
        const runs: number[] = [];
        let workers = 0;
        for (let i = 0; i < repeat; i++) {
          const t0 = performance.now();
          const loaded = await engine.loadCatalog(request.load);
          runs.push(performance.now() - t0);
          files = loaded.stats.files;
          skills = loaded.stats.skills;
          workers = loaded.stats.workers;
          if (m === modes[0]) {
            const r0 = performance.now();
            resolveCatalog(loaded.catalog, { backend });
            resolveMs.push(performance.now() - r0);
          }
        }
        const med = median(runs);
        const filesPerSecond = Math.round((files / med) * 1000);
        results.push({
          mode: m.mode,
          workers,
          runs_ms: runs.map(round),
          median_ms: round(med),
          files_per_second: filesPerSecond,
        });
        if (!values.json)
          io.stdout.write(
            `${m.mode.padEnd(22)} ${round(med).toFixed(1).padStart(9)}` +
              ` ms  ${String(filesPerSecond).padStart(8)} files/s\n`,
          );
      } finally {
        await engine.close();
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const resolveMedian = round(median(resolveMs));
  const resolver = resolveBackendFor(backend).name;
  if (!values.json)
    io.stdout.write(
      `${`resolve (${resolver})`.padEnd(22)} ${resolveMedian.toFixed(1).padStart(9)} ms  (${skills} skills)\n`,
    );
  if (values.json) {
    writeJson(io, {
      files,
      skills,
      repeat,
      modes: results,
      resolve: { backend: resolver, median_ms: resolveMedian, runs_ms: resolveMs.map(round) },
      machine: {
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: threads,
        node: process.version,
        platform: `${process.platform}-${process.arch}`,
      },
    });
  }
  return EXIT.ok;
}
