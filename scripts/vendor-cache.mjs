/**
 * V8 code caches for the vendored yaml and zod (dist/vendor/<name>.cjs.cache),
 * run by scripts/bundle.mjs in a process of its own once the bundles exist.
 * Each file is compiled as src/model/vendor.ts compiles it (the `require`
 * wrapper, so V8 accepts the cache for the same source), then exercised the
 * way skillgraph calls it — frontmatters that the fast path declines, broken
 * ones included; objects, enums, arrays, records and unions checked, valid
 * and not — and the cache taken after the calls, so it holds the bytecode of
 * the functions they compiled. A cache is only for the Node that made it:
 * another version rejects it and compiles as if there were none, so the
 * caches are not shipped in the package.
 *
 *   node scripts/vendor-cache.mjs   (part of `node scripts/bundle.mjs`)
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const VENDOR = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'vendor');

function load(name) {
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

for (const [name, exercise] of [
  ['yaml', exerciseYaml],
  ['zod', exerciseZod],
]) {
  const { exports, script, file } = load(name);
  exercise(exports);
  const tmp = `${file}.cache.${process.pid}.tmp`;
  writeFileSync(tmp, script.createCachedData());
  renameSync(tmp, `${file}.cache`);
}
