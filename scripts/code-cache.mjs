/**
 * The library's entry and V8 code caches, run by scripts/bundle.mjs in a
 * process of its own once the bundles exist:
 *
 *   dist/lib/index.js          the ES module entry: loads dist/lib/index.cjs through
 *                              cached-load.cjs and exports its names
 *   dist/lib/index.cjs.cache   the library's code cache
 *   dist/vendor/<name>.cjs.cache   yaml's and zod's
 *
 * Each file is compiled as it is at run time (the same wrapper: the library
 * through cached-load.cjs, yaml and zod as src/model/vendor.ts does, which is
 * require's), so V8 accepts the cache for the same source; then exercised the
 * way it is used — the library catalogs, renders and validates a small tree,
 * cold and from its store; yaml parses frontmatters that the fast path
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
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const LIB = join(DIST, 'lib');
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

async function exerciseLibrary(sg) {
  const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-code-cache-'));
  try {
    const tree = join(scratch, 'skills');
    sampleTree(tree);
    for (const cache of [false, join(scratch, 'store'), join(scratch, 'store')]) {
      const engine = sg.createEngine({ workers: 0, cache });
      const { catalog } = await engine.loadCatalog({ roots: [sg.makeRoot({ path: tree, scope: 'project' }, scratch)] });
      sg.renderContext(catalog);
      await engine.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// The library: its entry first (the names index.cjs exports), then its cache.
const { load } = require(join(LIB, 'cached-load.cjs'));
const libFile = join(LIB, 'index.cjs');
const lib = load(libFile, false);
const names = Object.keys(lib.exports).sort();
writeAtomic(
  join(LIB, 'index.js'),
  `// Written by scripts/code-cache.mjs: the library is index.cjs, compiled with V8's code cache.\nimport { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\nconst lib = require('./cached-load.cjs').load(require.resolve('./index.cjs')).exports;\nexport const { ${names.join(', ')} } = lib;\n`,
);
await exerciseLibrary(lib.exports);
writeAtomic(`${libFile}.cache`, lib.script.createCachedData());

for (const [name, exercise] of [
  ['yaml', exerciseYaml],
  ['zod', exerciseZod],
]) {
  const { exports, script, file } = loadVendor(name);
  exercise(exports);
  writeAtomic(`${file}.cache`, script.createCachedData());
}
