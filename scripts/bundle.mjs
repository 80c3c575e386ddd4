/**
 * Build the JavaScript the package runs, with esbuild: three bundles, each
 * one folder below dist/ as the modules they hold are in src/, so their
 * `import.meta.url` lookups (the WASM module in build/, the parse worker
 * beside the pool, the code fingerprint over dist/) resolve the same.
 *
 *   dist/lib/        `import('skillgraph')`: index.js, its chunks, worker.js
 *   dist/internals/  `skillgraph/internals`: internals.js, its chunks, worker.js
 *   dist/bin/        the CLI (bin/skillgraph.js): main.js, one chunk per verb, worker.js
 *   dist/vendor/     yaml and zod, each one CommonJS file with its licence beside it
 *
 * One entry per build: chunks are split at the dynamic imports (serve, the
 * config loader, each verb), so an import opens a handful of files and
 * compiles only what its calls can reach. Two entries in one build would
 * split the shared code into dozens of chunks, one per set of entries that
 * reach a module. yaml and zod are required on first use (src/model/vendor.ts)
 * from their one-file copies in dist/vendor/ (requiring yaml's ~60 modules
 * took three times as long); piscina and the MCP SDK stay in node_modules.
 * Types come from tsc (`npm run build:ts`).
 *
 *   node scripts/bundle.mjs   (part of `npm run build`)
 */
import { build } from 'esbuild';
import { copyFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Names stay readable in stack traces and profiles; minifying would save a few ms of parse.
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
};

const bundles = [
  ['lib', 'index', 'src/index.ts'],
  ['internals', 'internals', 'src/internals.ts'],
  ['bin', 'main', 'src/cli/main.ts'],
];

await Promise.all(
  bundles.map(async ([dir, name, entry]) => {
    const outdir = join(ROOT, 'dist', dir);
    rmSync(outdir, { recursive: true, force: true });
    await build({ ...common, entryPoints: { [name]: entry }, outdir, splitting: true });
    // The parse worker is a thread of its own: one file, beside the pool that starts it.
    await build({ ...common, entryPoints: { worker: 'src/engine/worker.ts' }, outdir });
  }),
);

// The installed yaml and zod (the versions package.json pins), each as one file.
const vendor = join(ROOT, 'dist', 'vendor');
rmSync(vendor, { recursive: true, force: true });
for (const name of ['yaml', 'zod']) {
  await build({ ...common, packages: undefined, format: 'cjs', stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: ROOT, loader: 'js' }, outfile: join(vendor, `${name}.cjs`) });
  copyFileSync(join(ROOT, 'node_modules', name, 'LICENSE'), join(vendor, `${name}.LICENSE`));
}
