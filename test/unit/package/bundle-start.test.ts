/**
 * What importing the built library costs before any call: nothing but its
 * own code. `node:crypto` is loaded on the first digest, yaml and zod on first
 * use, the internals and the CLI only when asked for; `import` and `require`
 * hand over the same objects. Checked in child processes, against the bundle
 * `npm run build` wrote (skipped when there is none).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));
const LIB = join(DIST, 'index.js');
const built = existsSync(join(DIST, 'skillgraph.cjs'));
/** The files of code, in the order the stamp hashes them: the core, the parts it loads on first use, yaml, zod. */
const CODE = ['skillgraph.cjs', 'audit.cjs', 'verbs.cjs', 'yaml.cjs', 'zod.cjs'];

/** The internal modules Node loaded, and the files required, in a child that imports `entry` and then runs `after`. */
function loadedBy(entry: string, after = ''): string[] {
  const script = `const before = new Set(process.moduleLoadList);
const lib = await import(${JSON.stringify(pathToFileURL(entry).href)});
${after}
const loaded = process.moduleLoadList.filter((m) => !before.has(m));
const files = Object.keys((await import('node:module')).default._cache);
console.log(JSON.stringify([...loaded, ...files.map((f) => 'file ' + f)]));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
  ) as string[];
}

describe.skipIf(!built)('importing the built library', () => {
  it('loads its core only: not node:crypto, the streams code, yaml, zod, the audit rules, the tasks or the CLI', () => {
    const loaded = loadedBy(LIB);
    expect(
      loaded.filter((m) => /^NativeModule (crypto|internal\/crypto|internal\/fs\/streams|stream)\b/.test(m)),
    ).toEqual([]);
    expect(
      loaded
        .filter((m) => m.startsWith('file '))
        .map((f) => f.slice(5 + DIST.length))
        .sort(),
    ).toEqual(['index.cjs', 'skillgraph.cjs']);
  });

  it('loads node:crypto on the first digest, and the digests are there', () => {
    const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));
    const skills = JSON.stringify(join(examples, 'skills'));
    const root = `lib.makeRoot({ path: ${skills}, scope: 'project' }, ${JSON.stringify(examples)})`;
    const after = `const engine = lib.createEngine({ workers: 0, cache: false });
const { catalog } = await engine.loadCatalog({ roots: [${root}] });
await engine.close();
const digest = /^sha256:[0-9a-f]{64}$/;
const sealed = catalog.skills.every((s) => digest.test(s.descriptor.digest));
if (!catalog.skills.length || !digest.test(catalog.digest) || !sealed) {
  throw new Error('no digests');
}`;
    const loaded = loadedBy(LIB, after);
    expect(loaded).toContain('NativeModule crypto');
    // A catalog needs the core only; the audit rules come with the first audit.
    expect(loaded.filter((m) => /^file .*\/(audit|verbs)\.cjs$/.test(m))).toEqual([]);
    const audited = loadedBy(LIB, `lib.auditSkill({ dir: 'x', skillFile: 'SKILL.md', files: [] });`).filter((m) =>
      m.startsWith('file '),
    );
    expect(audited.map((f) => f.slice(5 + DIST.length)).sort()).toEqual(['audit.cjs', 'index.cjs', 'skillgraph.cjs']);
  });

  it('answers a warm load from its record without loading node:crypto, node:v8, the streams code or a part', () => {
    // Plain skills (a record JSON keeps exactly), quiet for an hour (older than the racy window).
    const tree = mkdtempSync(join(tmpdir(), 'skillgraph-warm-'));
    const cache = join(tree, '.cache');
    const skills = join(tree, 'skills');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of ['alpha', 'beta']) {
      mkdirSync(join(skills, name), { recursive: true });
      writeFileSync(
        join(skills, name, 'SKILL.md'),
        `---\nname: ${name}\ndescription: ${name} helps. Use when testing.\n---\nBody.\n`,
      );
      utimesSync(join(skills, name, 'SKILL.md'), hourAgo, hourAgo);
      utimesSync(join(skills, name), hourAgo, hourAgo);
    }
    utimesSync(skills, hourAgo, hourAgo);
    try {
      const load = (
        warm: boolean,
      ): string => `const engine = lib.createEngine({ workers: 0, cache: ${JSON.stringify(cache)} });
const { catalog, cache: counts } = await engine.loadCatalog({
  roots: [lib.makeRoot({ path: ${JSON.stringify(skills)}, scope: 'project' }, ${JSON.stringify(tree)})],
});
await engine.close();
if (!catalog.skills.length || (${warm} && counts.misses !== 0)) throw new Error('not answered from the store');`;
      loadedBy(LIB, load(false)); // fills the files table
      loadedBy(LIB, load(true)); // answered by stamp: records the catalog
      expect(readdirSync(cache)).toContain('run.load-catalog.store');
      const loaded = loadedBy(LIB, load(true));
      expect(
        loaded.filter((m) =>
          /^NativeModule (crypto|v8|internal\/crypto|internal\/heap_utils|internal\/fs\/streams|stream)\b/.test(m),
        ),
      ).toEqual([]);
      // Nor any part.
      expect(loaded.filter((m) => m.startsWith('file ')).map((f) => f.slice(5 + DIST.length))).toEqual([
        'index.cjs',
        'skillgraph.cjs',
      ]);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('hands over the same objects to import and require', () => {
    const script = `import { createRequire } from 'node:module';
const esm = await import(${JSON.stringify(pathToFileURL(LIB).href)});
const cjs = createRequire(import.meta.url)(${JSON.stringify(join(DIST, 'index.cjs'))});
const internals = await import(${JSON.stringify(pathToFileURL(join(DIST, 'internals.js')).href)});
const same = Object.keys(cjs).every((k) => esm[k] === cjs[k]);
const sameClass = esm.SkillgraphError === cjs.SkillgraphError;
console.log(JSON.stringify([sameClass, esm.default === cjs, same, internals.JS_HASHER.name]));`;
    expect(
      JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })),
    ).toEqual([true, true, true, 'js']);
  });

  it('keeps the entries Node scans for export names small: none re-exports the bundle directly', () => {
    const entries = readdirSync(DIST).filter((f) => f.endsWith('.cjs') && !CODE.includes(f));
    expect(entries.sort()).toEqual(['audit-worker.cjs', 'index.cjs', 'internals.cjs', 'worker.cjs']);
    expect(entries.filter((f) => /module\.exports\s*=\s*require\(/.test(readFileSync(join(DIST, f), 'utf8')))).toEqual(
      [],
    );
  });

  it('ships code that is ASCII only (V8 then holds the source one byte a character)', () => {
    expect(CODE.filter((file) => /[^\0-\x7f]/.test(readFileSync(join(DIST, file), 'utf8')))).toEqual([]);
  });

  it('stamps the code with the SHA-256 of the code it ships (every cache keys on it)', () => {
    const core = readFileSync(join(DIST, 'skillgraph.cjs'), 'utf8');
    const hash = createHash('sha256');
    let stamp = '';
    hash.update(core.replace(/"([0-9a-f]{64})"/, (_, hex: string) => ((stamp = hex), `"${'S'.repeat(64)}"`)));
    for (const file of CODE.slice(1)) hash.update(readFileSync(join(DIST, file), 'utf8'));
    expect(stamp).toBe(hash.digest('hex'));
  });
});
