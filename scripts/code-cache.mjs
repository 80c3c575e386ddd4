/**
 * The ES module entries of the library and the CLI, and V8 code caches, run by
 * scripts/bundle.mjs in a process of its own once the bundles exist:
 *
 *   dist/lib/index.js          the library's ES module entry: loads dist/lib/index.cjs
 *                              through cached-load.mjs and exports its names
 *   dist/bin/main.js           the CLI's, the same way for dist/bin/main.cjs
 *   dist/lib/index.cjs.cache, dist/bin/main.cjs.cache, dist/vendor/<name>.cjs.cache
 *                              the code caches of the library, the CLI, yaml and zod
 *
 * Each file is compiled as it is at run time (the same wrapper: the library
 * and the CLI through cached-load.mjs, yaml and zod as src/model/vendor.ts
 * does, which is require's), so V8 accepts the cache for the same source; then
 * exercised the way it is used — the library catalogs and renders a small
 * tree, cold and from its store; the CLI runs its common verbs on it, text and
 * JSON, with a config file; yaml parses frontmatters that the fast path
 * declines, broken ones included; zod checks objects, enums, arrays, records
 * and unions, valid and not — and the cache is taken after the calls, so it
 * holds the bytecode of the functions they compiled. A cache is only for the
 * Node that made it: another version rejects it and compiles as if there
 * were none, so caches are not shipped in the package.
 *
 *   node scripts/code-cache.mjs   (part of `node scripts/bundle.mjs`)
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const VENDOR = join(DIST, 'vendor');
const require = createRequire(import.meta.url);

function writeAtomic(file, bytes) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

function loadVendor(name) {
  const file = join(VENDOR, `${name}.cjs`);
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, VENDOR);
  return { exports: module.exports, script, file };
}

const FRONTMATTERS = [
  'name: a\ndescription: [unclosed, flow\n',
  'name: b\ndescription: one\ndescription: two\n',
  'name: c\nmetadata: {author: x, tags: [a, b]}\n',
  'name: d\ndescription: |\n  block text\n  more\nallowed-tools: [Read, "Bash(git:*)"]\n',
  'name: e\ndescription: >-\n  folded\nbase: &b {x: 1}\nother: *b\n',
  'name: f\n\tdescription: tab\n',
  'name: "g\ndescription: unterminated\n',
  'name: i\n---\nsecond: document\n',
  'name: j\nlist:\n  - one\n  - {two: 2}\n  - [three]\nx: !tag value\n',
];

function exerciseYaml(yaml) {
  for (const text of FRONTMATTERS) {
    const lines = new yaml.LineCounter();
    const parser = new yaml.Parser(lines.addNewLine);
    const composer = new yaml.Composer({ uniqueKeys: false, prettyErrors: false });
    for (const _ of new yaml.Lexer().lex(text, false));
    for (const doc of composer.compose(parser.parse(text), true, text.length)) {
      yaml.visit(doc, { Pair: (_, pair) => void (yaml.isScalar(pair.key) && pair.key.value), Alias: () => undefined, Map: (_, map) => void yaml.isMap(map) });
      doc.toJS({ maxAliasCount: 50 });
      for (const e of doc.errors) lines.linePos(e.pos[0]);
    }
    yaml.parseDocument(text, { uniqueKeys: true });
  }
}

function exerciseZod({ z }) {
  const schema = z
    .object({
      name: z.string().min(1).max(64).regex(/^[a-z0-9-]+$/),
      version: z.number().int().optional(),
      kind: z.enum(['skill', 'tool']),
      tags: z.array(z.string()).max(10),
      meta: z.record(z.string(), z.unknown()),
      ref: z.union([z.string(), z.object({ skill: z.string(), optional: z.boolean().default(false) }).strict()]),
      flag: z.literal(true).nullable(),
    })
    .strict();
  const values = [
    { name: 'ok-name', kind: 'skill', tags: [], meta: {}, ref: 'x', flag: true },
    { name: '', version: 1.5, kind: 'other', tags: [1], meta: 1, ref: { skill: 2, extra: 1 }, flag: 'no', unknown: 1 },
  ];
  for (const value of values) {
    const result = schema.safeParse(value);
    if (!result.success) for (const issue of result.error.issues) void `${issue.path.join('.')}: ${issue.message}`;
  }
}

/** A small tree: skills that include each other, one with a supporting file, broken ones. */
function sampleTree(dir) {
  const skill = (rel, text) => {
    mkdirSync(join(dir, rel), { recursive: true });
    writeFileSync(join(dir, rel, 'SKILL.md'), text);
  };
  skill('base', '---\nname: base\ndescription: Shared steps. Use when another skill needs them.\nlicense: MIT\nmetadata:\n  author: build\n---\n# Base\n\nSee [notes](references/notes.md).\n');
  mkdirSync(join(dir, 'base', 'references'), { recursive: true });
  writeFileSync(join(dir, 'base', 'references', 'notes.md'), '# Notes\n');
  skill('tools/deploy', '---\nname: deploy\ndescription: "Deploy the service. Use when the user asks to ship."\nallowed-tools: [Read, Bash]\nincludes: [base]\n---\n# Deploy\n\n1. Build.\n2. Ship.\n');
  skill('broken', '---\nname: broken\ndescription: [unclosed, flow\n---\nbody\n');
  skill('nofront', '# No frontmatter\n');
  skill('mismatch', '---\nname: other-name\ndescription: Wrong name. Use when testing.\n---\nbody\n');
}

/** Run `exercise(exports, tree, scratch)` with a fresh sample tree in a scratch folder. */
async function withTree(exports, exercise) {
  const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-code-cache-'));
  try {
    const tree = join(scratch, 'skills');
    sampleTree(tree);
    await exercise(exports, tree, scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function exerciseLibrary(sg, tree, scratch) {
  for (const cache of [false, join(scratch, 'store'), join(scratch, 'store')]) {
    const engine = sg.createEngine({ workers: 0, cache });
    const { catalog } = await engine.loadCatalog({ roots: [sg.makeRoot({ path: tree, scope: 'project' }, scratch)] });
    sg.renderContext(catalog);
    await engine.close();
  }
}

async function exerciseCli(cli, tree, scratch) {
  writeFileSync(join(scratch, 'skillgraph.config.yaml'), 'roots:\n  - path: skills\n    scope: project\n');
  const io = { stdout: { write: () => true }, stderr: { write: () => true }, cwd: scratch, env: { HOME: scratch, PATH: process.env.PATH ?? '' } };
  const runs = [
    ['catalog', '--json', '--no-cache'],
    ['catalog', '--no-cache'],
    ['catalog', '--json', '--cache', join(scratch, 'store')],
    ['catalog', '--json', '--cache', join(scratch, 'store')],
    ['validate', tree, '--json'],
    ['validate', tree],
    ['lint', tree, '--json'],
    ['resolve', '--json', '--no-cache'],
    ['context', '--no-cache'],
    ['lock', '--no-cache', '--allow-errors', '--out', join(scratch, 'skillgraph.lock.json')],
    ['check', '--no-cache', '--lock', join(scratch, 'skillgraph.lock.json')],
    ['--help'],
  ];
  for (const argv of runs) await cli.main(argv, io);
}

/** Write the ES module entry of `dir/name.cjs`, exercise it, and write its cache. */
async function entryAndCache(dir, name, exercise) {
  const { load } = await import(pathToFileURL(join(DIST, dir, 'cached-load.mjs')).href);
  const file = join(DIST, dir, `${name}.cjs`);
  const loaded = load(file, false);
  const names = Object.keys(loaded.exports).sort();
  writeAtomic(
    join(DIST, dir, `${name}.js`),
    `// Written by scripts/code-cache.mjs: the code is ${name}.cjs, compiled with V8's code cache.\nimport { load } from './cached-load.mjs';\nconst loaded = load(new URL('./${name}.cjs', import.meta.url)).exports;\nexport const { ${names.join(', ')} } = loaded;\n`,
  );
  await withTree(loaded.exports, exercise);
  writeAtomic(`${file}.cache`, loaded.script.createCachedData());
}

await entryAndCache('lib', 'index', exerciseLibrary);
await entryAndCache('bin', 'main', exerciseCli);

for (const [name, exercise] of [
  ['yaml', exerciseYaml],
  ['zod', exerciseZod],
]) {
  const { exports, script, file } = loadVendor(name);
  exercise(exports);
  writeAtomic(`${file}.cache`, script.createCachedData());
}
