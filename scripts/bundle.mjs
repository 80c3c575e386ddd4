/**
 * Build dist/ from src/ (`npm run build:ts`): the JavaScript the package runs with esbuild, then
 * the type declarations (declarations.mjs):
 *
 *   dist/skillgraph.cjs     all of the code, once: the library, the internals, the CLI and the
 *                           parse worker's handler, with the WASM core inline
 *   dist/yaml.cjs, zod.cjs  yaml and the part of zod the code uses, required on first use
 *   dist/index.js, .cjs     `skillgraph` for `import` and for `require`: the library's names from it
 *   dist/internals.js, .cjs `skillgraph/internals`, the same way
 *   dist/worker.cjs         `skillgraph/worker`: the file worker threads run
 *   dist/types/             skillgraph.d.ts, every declaration the entries reach, and a file per entry
 *   dist/THIRD-PARTY.md     the licences of the bundled packages
 *
 * One CommonJS file, because it is what every bundler and both of Node's
 * loaders take without help: `require` from CommonJS, `import` through the
 * ES module entries, which re-export one instance (a SkillgraphError is the same
 * class from either). Code behind a dynamic import (serving, the config loader,
 * each CLI verb) and yaml and zod (vendor.bundle.ts requires them) run only
 * when first needed. Every way the built package differs from src/ is a
 * `.bundle.ts` twin of a module (see `twins` below); piscina and the MCP SDK
 * are required from node_modules.
 *
 *   node scripts/bundle.mjs   (part of `npm run build`)
 */
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleDeclarations } from './declarations.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const CORE = join(DIST, 'skillgraph.cjs');
/**
 * Left in node_modules: piscina starts its own worker file. `./yaml.cjs` and
 * `./zod.cjs` are dist/ files of their own (vendor.bundle.ts).
 */
const EXTERNAL = /^(piscina|\.\/yaml\.cjs|\.\/zod\.cjs|@vscode\/tree-sitter-wasm\/package\.json)$/;

const external = {
  name: 'external',
  setup(b) {
    b.onResolve({ filter: EXTERNAL }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * The optional peer dependencies — the MCP SDK and the zod it brings (serving
 * builds its request schemas with it; the `zod/mini` the rest uses is
 * bundled), the o200k tokenizer, the tree-sitter runtime and grammars —
 * required from node_modules inside a try block, where a bundler that cannot
 * find them (an application that does not serve, count tokens or audit) leaves
 * the require for run time instead of failing the build. serve/load.ts and
 * model/peers.ts turn the failure into `dependency.missing`.
 */
const OPTIONAL_PEERS =
  /^(@modelcontextprotocol\/sdk(\/.*)?|zod|gpt-tokenizer(\/.*)?|web-tree-sitter|@vscode\/tree-sitter-wasm(\/.*)?)$/;

const optionalPeers = {
  name: 'optional-peers',
  setup(b) {
    b.onResolve({ filter: OPTIONAL_PEERS }, (args) =>
      args.namespace === 'peer' ? { path: args.path, external: true } : { path: args.path, namespace: 'peer' },
    );
    b.onLoad({ filter: /.*/, namespace: 'peer' }, (args) => ({
      contents: [
        `try {`,
        `  module.exports = require(${JSON.stringify(args.path)});`,
        `} catch (error) {`,
        `  throw error;`,
        `}`,
        '',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/** `x.ts` is built as `x.bundle.ts` where that file exists: the one place the package differs from src/. */
const twins = {
  name: 'twins',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const twin = args.path.replace(/\.ts$/, '.bundle.ts');
      return existsSync(twin) && !args.path.endsWith('.bundle.ts')
        ? { contents: readFileSync(twin, 'utf8'), loader: 'ts', resolveDir: dirname(twin) }
        : undefined;
    });
  },
};

/**
 * Built-in modules loaded on their first call, not when the package is
 * imported: node:crypto alone takes ~5 ms to load, and an import that hashes
 * nothing should not pay it. The functions called are listed; importing one
 * that is not fails the build.
 */
const LAZY_BUILTINS = {
  crypto: ['createHash', 'hash', 'randomBytes', 'randomUUID'],
  v8: ['deserialize', 'serialize', 'setFlagsFromString'],
  vm: ['runInNewContext'],
};

const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    const names = Object.keys(LAZY_BUILTINS).join('|');
    b.onResolve({ filter: new RegExp(`^node:(${names})$`) }, (args) =>
      args.namespace === 'lazy' ? { path: args.path, external: true } : { path: args.path.slice(5), namespace: 'lazy' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, (args) => {
      const calls = LAZY_BUILTINS[args.path].map(
        (fn) => `export function ${fn}(...args) { return load().${fn}(...args); }`,
      );
      return {
        contents: `let m;\nconst load = () => (m ??= require('node:${args.path}'));\n${calls.join('\n')}\n`,
        loader: 'js',
      };
    });
  },
};

/**
 * The entry of the one bundle: each face of the package under its own name,
 * required (and its modules evaluated) on first use: the library (every task
 * with it) is not evaluated on the CLI's path, nor the CLI on the library's.
 */
const ENTRY = `export const library = () => require('./src/index.ts');
export const internals = () => require('./src/internals.ts');
export const cli = () => require('./src/cli/main.ts');
export const worker = () => require('./src/engine/worker.ts');
`;

const STAMP_PLACEHOLDER = 'S'.repeat(64);
const wasm = readFileSync(join(ROOT, 'build', 'skillgraph.wasm'));

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // Whitespace and syntax only: names stay as written, for stack traces and profiles.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  // One character outside ASCII makes V8 hold the whole source two bytes a character.
  charset: 'ascii',
  metafile: true,
  logLevel: 'warning',
};

rmSync(DIST, { recursive: true, force: true });
const builds = await Promise.all([
  build({
    ...common,
    stdin: { contents: ENTRY, resolveDir: ROOT, sourcefile: 'skillgraph-entry.js', loader: 'js' },
    outfile: CORE,
    define: {
      SKILLGRAPH_WASM_BASE64: JSON.stringify(wasm.toString('base64')),
      SKILLGRAPH_CODE_STAMP: JSON.stringify(STAMP_PLACEHOLDER),
    },
    plugins: [external, optionalPeers, twins, lazyBuiltins],
  }),
  // yaml and zod in files of their own, required on first use: importing the package does not parse them.
  // Their local names are shortened too: no stack trace of ours runs through them.
  build({
    ...common,
    minifyIdentifiers: true,
    stdin: {
      contents: "module.exports = require('yaml');",
      resolveDir: ROOT,
      sourcefile: 'yaml-entry.js',
      loader: 'js',
    },
    outfile: join(DIST, 'yaml.cjs'),
  }),
  build({
    ...common,
    minifyIdentifiers: true,
    entryPoints: [join(ROOT, 'src', 'model', 'zod-lib.bundle.ts')],
    outfile: join(DIST, 'zod.cjs'),
  }),
]);

// The code's stamp (every cache keys on it) is the SHA-256 of the code itself.
const files = [CORE, join(DIST, 'yaml.cjs'), join(DIST, 'zod.cjs')];
const hash = createHash('sha256');
for (const file of files) {
  const text = asciiOnly(readFileSync(file, 'utf8'), file);
  writeFileSync(file, text);
  hash.update(text);
}
const code = readFileSync(CORE, 'utf8');
if (code.split(STAMP_PLACEHOLDER).length !== 2)
  throw new Error('bundle: the code stamp placeholder must appear exactly once');
writeFileSync(CORE, code.replace(STAMP_PLACEHOLDER, hash.digest('hex')));

/**
 * `text` with every UTF-16 unit outside ASCII written `\uXXXX`: esbuild's ascii charset leaves
 * regular expression literals as written, and `\uXXXX` means the same unit in a string, a
 * template, an identifier and a regex (a surrogate pair too, with the u flag). A unit right after
 * a backslash would change meaning, so it fails the build instead.
 */
function asciiOnly(text, file) {
  if (/\\[^\0-\x7f]/.test(text)) throw new Error(`bundle: ${relative(ROOT, file)} escapes a character outside ASCII`);
  return text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `dist/<name>.cjs` and `.js` (an ES module of the same names): one face of the bundle, `face` its expression. */
function entries(name, face) {
  const exported = Object.keys(
    new Function('core', `return core.${face}`)(createRequire(import.meta.url)(CORE)),
  ).sort();
  // Node scans a CommonJS file that an ES module imports for its export names, and the files it
  // re-exports (`module.exports = require(…)`): through a variable, the scan stops at this small file.
  writeFileSync(
    join(DIST, `${name}.cjs`),
    `'use strict';\nconst core = require('./skillgraph.cjs');\nmodule.exports = core.${face};\n`,
  );
  writeFileSync(
    join(DIST, `${name}.js`),
    [
      `import face from './${name}.cjs';`,
      'export default face;',
      `export const {`,
      ...exported.map((n) => `  ${n},`),
      '} = face;',
      '',
    ].join('\n'),
  );
}
entries('index', 'library()');
entries('internals', 'internals()');
writeFileSync(
  join(DIST, 'worker.cjs'),
  `'use strict';\nconst core = require('./skillgraph.cjs');\nmodule.exports = core.worker().default;\n`,
);

/** The licence of every package bundled into the code, for dist/THIRD-PARTY.md. */
function thirdParty() {
  const packages = new Map();
  for (const input of builds.flatMap((b) => Object.keys(b.metafile.inputs))) {
    const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) packages.set(m[1], join(ROOT, input.slice(0, m.index + m[0].length)));
  }
  const sections = [...packages]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, dir]) => {
      const { version, license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const file = readdirSync(dir).find((f) => /^licen[cs]e(\.md|\.txt)?$/i.test(f));
      if (!file) throw new Error(`bundle: ${name} has no licence file`);
      return `## ${name} ${version} (${license})\n\n\`\`\`\n${readFileSync(join(dir, file), 'utf8').trim()}\n\`\`\`\n`;
    });
  return `# Third-party code bundled in dist/ (yaml.cjs, zod.cjs)\n\n${sections.join('\n')}`;
}
writeFileSync(join(DIST, 'THIRD-PARTY.md'), thirdParty());

bundleDeclarations(
  ROOT,
  join(DIST, 'types'),
  { index: 'src/index.ts', internals: 'src/internals.ts' },
  join(ROOT, 'tsconfig.build.json'),
);
process.stdout.write(`bundle: ${relative(ROOT, CORE)} ${(code.length / 1024).toFixed(0)} KB\n`);
