/**
 * Build the JavaScript the package runs, with esbuild: three bundles, each
 * one folder below dist/ as the modules they hold are in src/, so their
 * `import.meta.url` lookups (the WASM module in build/, the parse worker
 * beside the pool, the code fingerprint over dist/) resolve the same.
 *
 *   dist/lib/        `import('skillgraph')`: index.js, which runs index.cjs (the library, one
 *                    CommonJS file) with V8's code cache; worker.js
 *   dist/internals/  `skillgraph/internals`: internals.js, its chunks, worker.js
 *   dist/bin/        the CLI (bin/skillgraph.js): main.js, which runs main.cjs the same way; worker.js
 *   dist/vendor/     yaml and zod, each one CommonJS file with its licence and V8 code cache beside it
 *
 * Node 20 has no code cache for ES modules, and compiling the library's
 * functions was a fifth of a cold start that catalogs 300 skills (for a CLI
 * run on a few skills, resolving, linking and compiling its ES module chunks
 * took ~40 ms); the library and the CLI are therefore one CommonJS file
 * each, compiled by a small ES module entry through `vm.Script` with the cache
 * scripts/code-cache.mjs made. The internals stay ES modules, split at their
 * dynamic imports; one entry per build (two entries in one build would split
 * the shared code into dozens of chunks, one per set of entries that
 * reach a module). Node's built-in modules are required, not imported (see
 * `builtins` below). yaml and zod are required on first use (src/model/vendor.ts)
 * from their one-file copies in dist/vendor/ (requiring yaml's ~60 modules
 * took three times as long); piscina and the MCP SDK stay in node_modules.
 * Types come from tsc (`npm run build:ts`).
 *
 *   node scripts/bundle.mjs   (part of `npm run build`)
 */
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Built-in modules as the bundles see them. Importing `node:fs` from ES
 * module code builds its ES module facade, which reads every export,
 * getters included (`fs.ReadStream` loads all of the streams code): ~5 ms of
 * an import that opens no stream. So each `node:*` import in our code
 * resolves to a small module that requires the built-in and re-exports the
 * values the built-in holds (getters are left out unless listed in
 * `GETTERS`: importing another fails the build). `node:crypto`, `node:v8`
 * and `node:vm` are loaded on first call instead (crypto alone takes ~5 ms
 * to load, and an import that hashes nothing should not pay it): the
 * functions we call are listed here, and importing one that is not listed
 * fails the build.
 */
const LAZY_BUILTINS = {
  crypto: ['createHash', 'hash', 'randomBytes', 'randomUUID'],
  v8: ['deserialize', 'serialize', 'setFlagsFromString'],
  vm: ['runInNewContext'],
};
/** Getters our code imports (read when the module loads, as an import would). */
const GETTERS = { util: ['parseArgs'] };
const requireBuiltin = createRequire(import.meta.url);
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function builtinShim(name) {
  // process.getBuiltinModule (Node 20.16+) hands over the module without a require function or a resolve.
  const head = `import { createRequire } from 'node:module';\nconst builtin$ = () => process.getBuiltinModule?.('node:${name}') ?? createRequire(import.meta.url)('node:${name}');\n`;
  const lazy = LAZY_BUILTINS[name];
  if (lazy) {
    const calls = lazy.map((fn) => `export function ${fn}(...args) { return load().${fn}(...args); }`);
    return `${head}let m;\nconst load = () => (m ??= builtin$());\n${calls.join('\n')}\n`;
  }
  const mod = requireBuiltin(`node:${name}`);
  const values = Object.getOwnPropertyNames(mod).filter((key) => key !== 'default' && IDENTIFIER.test(key) && ('value' in Object.getOwnPropertyDescriptor(mod, key) || GETTERS[name]?.includes(key)));
  return `${head}const m = builtin$();\nexport default m;\nexport const { ${values.join(', ')} } = m;\n`;
}

const builtins = {
  name: 'builtins',
  setup(b) {
    b.onResolve({ filter: /^node:[a-z0-9_]+$/ }, (args) => (args.namespace === 'builtin' || args.path === 'node:module' ? { path: args.path, external: true } : { path: args.path.slice(5), namespace: 'builtin' }));
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({ contents: builtinShim(args.path), loader: 'js' }));
  },
};

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
  // Strings, patterns and names come out escaped; asciiOnly() below does the comments esbuild keeps.
  charset: 'ascii',
  logLevel: 'warning',
  plugins: [builtins],
};

/**
 * Escape what is left outside ASCII in a bundle: only comments are (esbuild
 * escapes strings, patterns and names). One character outside ASCII makes
 * V8 hold the whole source two bytes a character: a third slower to read
 * and compile from the code cache.
 */
function asciiOnly(file) {
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\0-\x7f]/gu, (ch) => `\\u{${ch.codePointAt(0).toString(16)}}`);
  if (ascii !== text) writeFileSync(file, ascii);
}

const bundles = [
  ['lib', 'index', 'src/index.ts'],
  ['internals', 'internals', 'src/internals.ts'],
  ['bin', 'main', 'src/cli/main.ts'],
];

await Promise.all(
  bundles.map(async ([dir, name, entry]) => {
    const outdir = join(ROOT, 'dist', dir);
    rmSync(outdir, { recursive: true, force: true });
    if (dir !== 'internals') {
      // The library and the CLI: one CommonJS file each, which its ES module entry (written by
      // code-cache.mjs) compiles with V8's code cache through cached-load.mjs.
      await build({ ...common, format: 'cjs', entryPoints: { [name]: entry }, outfile: join(outdir, `${name}.cjs`), define: { 'import.meta.url': '__importMetaUrl' } });
      asciiOnly(join(outdir, `${name}.cjs`));
      copyFileSync(join(ROOT, 'scripts', 'cached-load.mjs'), join(outdir, 'cached-load.mjs'));
    } else {
      await build({ ...common, entryPoints: { [name]: entry }, outdir, splitting: true });
    }
    // The parse worker is a thread of its own: one file, beside the pool that starts it.
    await build({ ...common, entryPoints: { worker: 'src/engine/worker.ts' }, outdir });
  }),
);

/**
 * zod's `locales` export, the messages of 48 languages (half of its bundle), is
 * left out: skillgraph reads zod's issues, never their wording, and English,
 * which zod configures itself, stays. Its other exports are zod's own.
 */
const noZodLocales = {
  name: 'no-zod-locales',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.c?js$/ }, (args) => (/[\\/]node_modules[\\/]zod[\\/]/.test(args.importer) ? { path: args.path, namespace: 'no-zod-locales' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'no-zod-locales' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

// The installed yaml and zod (the versions package.json pins), each as one file; then the
// entries of the library and the CLI, and the code caches (scripts/code-cache.mjs).
const vendor = join(ROOT, 'dist', 'vendor');
rmSync(vendor, { recursive: true, force: true });
for (const name of ['yaml', 'zod']) {
  const plugins = name === 'zod' ? [noZodLocales] : [];
  await build({ ...common, plugins, packages: undefined, format: 'cjs', stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: ROOT, loader: 'js' }, outfile: join(vendor, `${name}.cjs`) });
  asciiOnly(join(vendor, `${name}.cjs`));
  copyFileSync(join(ROOT, 'node_modules', name, 'LICENSE'), join(vendor, `${name}.LICENSE`));
}
execFileSync(process.execPath, [join(ROOT, 'scripts', 'code-cache.mjs')], { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '' } });
