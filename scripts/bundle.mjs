/**
 * Build dist/ from src/ (`npm run build:ts`): the JavaScript the package runs with esbuild, then
 * the type declarations (declarations.mjs):
 *
 *   dist/skillgraph.cjs     the core: what importing the library and a catalog run, the faces of
 *                           the entries and the catalog worker's handler, with the WASM core inline
 *   dist/audit.cjs, verbs.cjs  the parts (`PARTS`): the audit rules; the tasks, CLI, reports, host
 *                           models and server; each required by the core on first use
 *   dist/yaml.cjs, zod.cjs  yaml and the part of zod the code uses, required on first use
 *   dist/index.js, .cjs     `skillgraph` for `import` and for `require`: the library's names from it
 *   dist/internals.js, .cjs `skillgraph/internals`, the same way
 *   dist/worker.cjs         `skillgraph/worker`: the file the catalog's worker threads run
 *   dist/audit-worker.cjs   the file the audit's worker threads run (found beside the bundle)
 *   dist/types/             skillgraph.d.ts, every declaration the entries reach, and a file per entry
 *   dist/THIRD-PARTY.md     the licences of the bundled packages
 *   dist/schemas/           schemas/*.json without their layout, `skillgraph/schemas/*` in the package
 *
 * CommonJS, because it is what every bundler and both of Node's loaders take
 * without help: `require` from CommonJS, `import` through the ES module
 * entries, which re-export one instance (a SkillgraphError is the same class
 * from either). Each module ships in one file; the parts, and yaml and zod
 * (vendor.bundle.ts requires them), are required by literal name, so bundlers
 * follow them, and run only when first needed. Every way the built package differs from src/ is a
 * `.bundle.ts` twin of a module (see `twins` below); piscina and the MCP SDK
 * are required from node_modules.
 *
 *   node scripts/bundle.mjs   (part of `npm run build`)
 */
import { createHash } from 'node:crypto';
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { bundleDeclarations } from './declarations.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
const CORE = join(DIST, 'skillgraph.cjs');
/**
 * Left in node_modules: piscina starts its own worker file. `./<name>.cjs` is another
 * file of dist/: yaml and zod (vendor.bundle.ts), the core and its parts (`PARTS`).
 */
const EXTERNAL = /^(piscina|\.\/\w+\.cjs|@vscode\/tree-sitter-wasm\/package\.json)$/;

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

/** The phrase lists without their `note` (the list syntax, for whoever edits them): the run never reads it. */
const phraseNotes = {
  name: 'phrase-notes',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]audit[\\/]phrases[\\/]\w+\.json$/ }, (args) => {
      const { note: _note, ...list } = JSON.parse(readFileSync(args.path, 'utf8'));
      return { contents: JSON.stringify(list), loader: 'json' };
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

/** `YAML_NAMES` of src/model/yaml-names.ts: the names of the yaml package the code uses. */
function yamlNames() {
  const file = 'src/model/yaml-names.ts';
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const names = [];
  const visit = (node) => {
    if (ts.isVariableDeclaration(node) && node.name.getText(source) === 'YAML_NAMES')
      node.initializer.forEachChild(function collect(n) {
        if (ts.isStringLiteral(n)) names.push(n.text);
        else n.forEachChild(collect);
      });
    node.forEachChild(visit);
  };
  visit(source);
  if (names.length === 0) throw new Error(`bundle: no YAML_NAMES in ${file}`);
  return names;
}

/** The value bindings `file` (an entry: only `export { … } from` statements) re-exports, each with the module declaring it. */
function reexports(file) {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const bindings = [];
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || statement.isTypeOnly || !statement.exportClause) continue;
    const from = join(dirname(file), statement.moduleSpecifier.text.replace(/\.js$/, '.ts'));
    for (const e of statement.exportClause.elements)
      if (!e.isTypeOnly) bindings.push({ name: e.name.text, from: declaredIn((e.propertyName ?? e.name).text, from) });
  }
  return bindings;
}

/** The module under src/ that declares `name`, which `file` exports, following re-exports and imports. */
function declaredIn(name, file) {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const target = (specifier) => join(dirname(file), specifier.replace(/\.js$/, '.ts'));
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      const e = statement.exportClause.elements.find((x) => x.name.text === name);
      if (!e) continue;
      const local = (e.propertyName ?? e.name).text;
      if (statement.moduleSpecifier) return declaredIn(local, target(statement.moduleSpecifier.text));
      return importedFrom(source, local, target) ?? file;
    }
  }
  return file;
}

/** Where `file` imports `local` from (then where that module declares it), or undefined. */
function importedFrom(source, local, target) {
  for (const statement of source.statements) {
    const named = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    const e = named && ts.isNamedImports(named) ? named.elements.find((x) => x.name.text === local) : undefined;
    if (e) return declaredIn((e.propertyName ?? e.name).text, target(statement.moduleSpecifier.text));
  }
  return undefined;
}

/**
 * The files the code is split into, by source folder: the core (skillgraph.cjs) is what importing the library
 * compiles and a catalog runs; each part is compiled on first use: the audit rules; the verbs (their tasks, the
 * CLI, the reports, the host models, the MCP server). Two, because each crossing costs bytes and the tarball is
 * held to 400 KB (a third part for the parsers saved a warm start 15% but cost 5 KB). A module lives in exactly
 * one file; an import that crosses files goes through a proxy (see `proxy`).
 */
const PARTS = [
  ['audit', /^src\/audit\//],
  ['verbs', /^src\/(tasks|cli|report|hosts|serve)\//],
];
/** Modules kept in the core whatever their folder: what the faces' values need at import (see `atImport`). */
const resident = new Set();
const partOf = (input) => (resident.has(input) ? 'core' : (PARTS.find(([, re]) => re.test(input))?.[0] ?? 'core'));
const fileOf = (part) => (part === 'core' ? './skillgraph.cjs' : `./${part}.cjs`);

/** The core's expression for module `id`: its own module, or the module of the part that holds it, loaded once. */
function inCore(id) {
  const part = partOf(id);
  return part === 'core' ? `require('./${id}')` : `chunk(${JSON.stringify(part)}).moduleOf(${JSON.stringify(id)})`;
}

/**
 * A face of the package whose names evaluate only the module they come from, on first use: importing the library
 * does not run the audit rules' or the server's set-up unless they are called. A plain function is a function of
 * the same name that calls it (so an ES module can export it at once); anything else a getter, read once.
 */
function lazyFace(file) {
  const bindings = reexports(file);
  const modules = [...new Set(bindings.map((b) => b.from))];
  const deferred = bindings.filter((b) => functions.has(b.name)).map((b) => [b.name, modules.indexOf(b.from)]);
  const values = bindings.filter((b) => !functions.has(b.name)).map((b) => [b.name, modules.indexOf(b.from)]);
  return `(() => {
  const modules = [${modules.map((m) => `once(() => ${inCore(m)})`).join(', ')}];
  const face = {};
  for (const [name, k] of ${JSON.stringify(deferred)}) {
    const named = { [name](...args) { return modules[k]()[name].apply(this, args); } };
    Object.defineProperty(face, name, { value: named[name], enumerable: true });
  }
  for (const [name, k] of ${JSON.stringify(values)}) {
    Object.defineProperty(face, name, {
      enumerable: true,
      configurable: true,
      get() {
        const value = modules[k]()[name];
        Object.defineProperty(face, name, { value, enumerable: true });
        return value;
      },
    });
  }
  return face;
})()`;
}

/** The registry of a file: its modules that other files import, each evaluated on first request. */
function registry(ids) {
  return `const registry = {\n${ids.map((id) => `  ${JSON.stringify(id)}: once(() => require('./${id}')),`).join('\n')}\n};
export const moduleOf = (id) => registry[id]();
`;
}

const ONCE = 'const once = (load) => { let m; return () => (m ??= load()); };\n';

/**
 * The core's entry: each face of the package under its own name, its modules evaluated on first use (the
 * library is not evaluated on the CLI's path, nor the CLI on the library's); `chunk(part)` loads another file
 * once, through `useChunkLoader`'s loader when one is set (the CLI's code cache), else by a plain `require`
 * bundlers follow.
 */
const coreEntry = (ids) => `${ONCE}${registry(ids)}import { chunk } from 'sg:chunks';
export { chunk, useChunkLoader } from 'sg:chunks';
let libraryFace, internalsFace;
export const library = () => (libraryFace ??= ${lazyFace('src/index.ts')});
export const internals = () => (internalsFace ??= ${lazyFace('src/internals.ts')});
export const cli = () => ${inCore('src/cli/main.ts')};
export const worker = () => require('./src/engine/worker.ts');
export const auditWorker = () => ${inCore(AUDIT_WORKER)};
`;

const CHUNK_LOADER = `const chunks = {
${PARTS.map(([part]) => `  ${part}: () => require(${JSON.stringify(fileOf(part))}),`).join('\n')}
};
let loader;
const loaded = {};
exports.useChunkLoader = (load) => { loader = load; };
exports.chunk = (part) => (loaded[part] ??= loader ? loader(part) : chunks[part]());
`;

/** The audit pool's worker entry (dist/audit-worker.cjs): a face of the core, its module in its own part. */
const AUDIT_WORKER = 'src/tasks/audit-worker.ts';

const STAMP_PLACEHOLDER = 'S'.repeat(64);
const wasm = readFileSync(join(ROOT, 'build', 'skillgraph.wasm'));

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // Whitespace and syntax only: names stay as written, for stack traces and profiles (but see the audit part).
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  // One character outside ASCII makes V8 hold the whole source two bytes a character.
  charset: 'ascii',
  metafile: true,
  logLevel: 'warning',
};

const define = {
  SKILLGRAPH_WASM_BASE64: JSON.stringify(wasm.toString('base64')),
  SKILLGRAPH_CODE_STAMP: JSON.stringify(STAMP_PLACEHOLDER),
};
const plugins = [external, optionalPeers, twins, phraseNotes, lazyBuiltins];
const toId = (path) => relative(ROOT, path).split(sep).join('/');

// The module graph of the whole code, to learn which modules other parts import and the names they export.
// The whole code in one file, to learn which modules other parts import, the names they export, and which of
// the faces' names are plain functions (see `lazyFace`); removed once read.
rmSync(DIST, { recursive: true, force: true });
const graphFile = join(DIST, 'graph.cjs');
const graph = await build({
  ...common,
  stdin: {
    contents: [
      "exports.library = () => require('./src/index.ts');",
      "exports.internals = () => require('./src/internals.ts');",
      "exports.cli = () => require('./src/cli/main.ts');",
      "exports.worker = () => require('./src/engine/worker.ts');",
      `exports.auditWorker = () => require('./${AUDIT_WORKER}');`,
    ].join('\n'),
    resolveDir: ROOT,
    sourcefile: 'graph-entry.js',
    loader: 'js',
  },
  outfile: graphFile,
  define,
  plugins,
});
const whole = createRequire(import.meta.url)(graphFile);
const functions = new Set(
  [whole.library(), whole.internals()].flatMap((face) => Object.keys(face).filter((n) => deferrable(face[n]))),
);
rmSync(graphFile);
for (const id of atImport(graph.metafile.inputs)) resident.add(id);

/**
 * The modules the library's values (what is not a plain function) are declared in, and every module they import:
 * the ES module entry reads those values at import, so they stay in the core and no part loads at import.
 */
function atImport(inputs) {
  const out = new Set();
  const visit = (id) => {
    if (out.has(id) || !inputs[id]) return;
    out.add(id);
    for (const i of inputs[id].imports) if (i.kind !== 'dynamic-import' && i.path.startsWith('src/')) visit(i.path);
  };
  for (const { name, from } of reexports('src/index.ts')) if (!functions.has(name)) visit(from);
  return out;
}
const targets = new Map([['core', new Set()], ...PARTS.map(([part]) => [part, new Set()])]);
for (const [id, input] of Object.entries(graph.metafile.inputs)) {
  if (!id.startsWith('src/')) continue;
  for (const { path } of input.imports)
    if (path.startsWith('src/') && partOf(path) !== partOf(id)) targets.get(partOf(path)).add(path);
}
for (const { from } of [...reexports('src/index.ts'), ...reexports('src/internals.ts')])
  if (partOf(from) !== 'core') targets.get(partOf(from)).add(from);
targets.get(partOf('src/cli/main.ts')).add('src/cli/main.ts');
targets.get(partOf(AUDIT_WORKER)).add(AUDIT_WORKER);
const crossingIds = [...targets].flatMap(([part, ids]) => (part === 'core' ? [] : [...ids]));
const namesOf = await exportNames(crossingIds);

/** The names each module of `ids` exports (`default` among them when it has one). */
async function exportNames(ids) {
  const r = await build({
    ...common,
    format: 'esm',
    splitting: true,
    write: false,
    entryPoints: ids.map((id) => join(ROOT, id)),
    outdir: join(DIST, 'names'),
    define,
    plugins,
  });
  const names = new Map();
  for (const output of Object.values(r.metafile.outputs))
    if (output.entryPoint) names.set(output.entryPoint, output.exports);
  for (const id of ids) if (!names.has(id)) throw new Error(`bundle: no export names for ${id}`);
  return names;
}

/**
 * A module of another part as the part `from` imports it: the core's module itself (the core is loaded before any
 * part), or an object whose names load the other part when first read.
 */
function proxy(from, id) {
  const part = partOf(id);
  const load = `require('sg:module')(${JSON.stringify(part)}, ${JSON.stringify(id)})`;
  if (part === 'core') return `module.exports = ${load};\n`;
  return `module.exports = require('sg:lazy')(() => ${load}, ${JSON.stringify(namesOf.get(id))});\n`;
}

/** `(part, id)`: module `id` of `part`, as the file built for `from` reaches it. */
const moduleOf = (from) =>
  from === 'core'
    ? `module.exports = (part, id) => require('sg:chunks').chunk(part).moduleOf(id);\n`
    : `const core = require('./skillgraph.cjs');
module.exports = (part, id) => (part === 'core' ? core : core.chunk(part)).moduleOf(id);
`;

/** An object of `names`, each read from `load()`'s answer, which is asked for once, when the first is read. */
const LAZY_MODULE = `module.exports = (load, names) => {
  let ns;
  const lazy = Object.defineProperty({}, '__esModule', { value: true });
  for (const name of names) Object.defineProperty(lazy, name, { enumerable: true, get: () => (ns ??= load())[name] });
  return lazy;
};
`;

/** For the build of `part`: an import of another part's module becomes its proxy; `sg:chunks` is the chunk loader. */
const crossing = (part) => ({
  name: 'crossing',
  setup(b) {
    b.onResolve({ filter: /^sg:(chunks|lazy|module)$/ }, (args) => ({ path: args.path.slice(3), namespace: 'sg' }));
    b.onLoad({ filter: /.*/, namespace: 'sg' }, (args) => ({
      contents: { chunks: CHUNK_LOADER, lazy: LAZY_MODULE, module: moduleOf(part) }[args.path],
      loader: 'js',
    }));
    b.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData?.crossing) return undefined;
      const r = await b.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: { crossing: true },
      });
      if (r.errors.length > 0 || r.external) return undefined;
      const id = toId(r.path);
      return id.startsWith('src/') && partOf(id) !== part ? { path: id, namespace: 'x' } : r;
    });
    b.onLoad({ filter: /.*/, namespace: 'x' }, (args) => ({ contents: proxy(part, args.path), loader: 'js' }));
  },
});

const builds = await Promise.all([
  ...[['core'], ...PARTS].map(([part]) =>
    build({
      ...common,
      // The audit's part grows with its rules: its local names are shortened (6.5 KB of the tarball).
      // SKILLGRAPH_KEEP_NAMES=1 keeps them, for a profile that names its functions.
      minifyIdentifiers: part === 'audit' && !process.env.SKILLGRAPH_KEEP_NAMES,
      stdin: {
        contents: part === 'core' ? coreEntry([...targets.get('core')]) : `${ONCE}${registry([...targets.get(part)])}`,
        resolveDir: ROOT,
        sourcefile: `${part}-entry.js`,
        loader: 'js',
      },
      outfile: join(DIST, fileOf(part)),
      define,
      plugins: [external, crossing(part), optionalPeers, twins, phraseNotes, lazyBuiltins],
    }),
  ),
  // yaml and zod in files of their own, required on first use: importing the package does not parse them.
  // Their local names are shortened too: no stack trace of ours runs through them. yaml is bundled from its
  // ES module build (the `default` condition), so only the names the code uses, and what they need, ship.
  build({
    ...common,
    minifyIdentifiers: true,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    stdin: {
      contents: `export { ${yamlNames().join(', ')} } from 'yaml';`,
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
const files = [
  ...[['core'], ...PARTS].map(([part]) => join(DIST, fileOf(part))),
  join(DIST, 'yaml.cjs'),
  join(DIST, 'zod.cjs'),
];
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

/** A plain function (not a class, no members of its own): a face can hand on a function that calls it. */
function deferrable(value) {
  return (
    typeof value === 'function' &&
    !Function.prototype.toString.call(value).startsWith('class') &&
    Object.keys(value).length === 0
  );
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
for (const [file, face] of [
  ['worker.cjs', 'worker'],
  ['audit-worker.cjs', 'auditWorker'],
])
  writeFileSync(
    join(DIST, file),
    `'use strict';\nconst core = require('./skillgraph.cjs');\nmodule.exports = core.${face}().default;\n`,
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

// A program reads the schemas; their indentation was a twentieth of the tarball's size limit.
mkdirSync(join(DIST, 'schemas'));
for (const name of readdirSync(join(ROOT, 'schemas')).filter((n) => n.endsWith('.json')))
  writeFileSync(
    join(DIST, 'schemas', name),
    `${JSON.stringify(JSON.parse(readFileSync(join(ROOT, 'schemas', name), 'utf8')))}\n`,
  );
if (process.env.SG_META) writeFileSync(process.env.SG_META, JSON.stringify(builds.map((b) => b.metafile)));

bundleDeclarations(
  ROOT,
  join(DIST, 'types'),
  { index: 'src/index.ts', internals: 'src/internals.ts' },
  join(ROOT, 'tsconfig.build.json'),
);
process.stdout.write(`bundle: ${relative(ROOT, CORE)} ${(code.length / 1024).toFixed(0)} KB\n`);
