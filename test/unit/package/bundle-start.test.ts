/**
 * What importing the built library costs before any call: the bundles reach
 * Node's built-in modules through `require` (an ES import of `node:fs` builds
 * a facade that loads the whole streams code), `node:crypto` is loaded on
 * first call, and yaml and zod on first use; the library, the CLI, yaml and
 * zod compile with the code caches the build made for them. Checked in a child process, against the bundle `npm run
 * build` wrote (skipped when there is none).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUNDLE_FOLDERS } from '../../../src/engine/fingerprint.js';

const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));
const LIB = join(DIST, 'lib', 'index.js');
const built = existsSync(LIB);

/** The internal modules Node loaded in a child that imports `entry` and then runs `after`. */
function loadedBy(entry: string, after = ''): string[] {
  const script = `const before = new Set(process.moduleLoadList);
const lib = await import(${JSON.stringify(pathToFileURL(entry).href)});
${after}
const loaded = process.moduleLoadList.filter((m) => !before.has(m));
const vendor = Object.keys((await import('node:module')).createRequire(import.meta.url).cache ?? {}).filter((f) => /vendor|node_modules\\/(yaml|zod)\\//.test(f));
console.log(JSON.stringify([...loaded, ...vendor.map((f) => 'file ' + f)]));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
}

describe.skipIf(!built)('importing the built library', () => {
  it('loads neither node:crypto, nor the streams code, nor yaml or zod', () => {
    const loaded = loadedBy(LIB);
    expect(loaded.filter((m) => /^NativeModule (crypto|internal\/crypto|internal\/fs\/streams|stream)\b/.test(m) || m.startsWith('file '))).toEqual([]);
  });

  it('loads node:crypto on the first digest, and the digests are there', () => {
    const examples = fileURLToPath(new URL('../../../examples/', import.meta.url));
    const skills = join(examples, 'skills');
    const after = `const engine = lib.createEngine({ workers: 0, cache: false });
const { catalog } = await engine.loadCatalog({ roots: [lib.makeRoot({ path: ${JSON.stringify(skills)}, scope: 'project' }, ${JSON.stringify(examples)})] });
await engine.close();
if (!catalog.skills.length || !/^sha256:[0-9a-f]{64}$/.test(catalog.digest) || !catalog.skills.every((s) => /^sha256:[0-9a-f]{64}$/.test(s.descriptor.digest))) throw new Error('no digests');`;
    expect(loadedBy(LIB, after)).toContain('NativeModule crypto');
  });

  it('answers a warm load from its record without loading node:crypto, node:v8 or the streams code', () => {
    // Plain skills (a record JSON keeps exactly), quiet for an hour (older than the racy window).
    const tree = mkdtempSync(join(tmpdir(), 'skillgraph-warm-'));
    const cache = join(tree, '.cache');
    const skills = join(tree, 'skills');
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of ['alpha', 'beta']) {
      mkdirSync(join(skills, name), { recursive: true });
      writeFileSync(join(skills, name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${name} helps. Use when testing.\n---\nBody.\n`);
      utimesSync(join(skills, name, 'SKILL.md'), hourAgo, hourAgo);
      utimesSync(join(skills, name), hourAgo, hourAgo);
    }
    utimesSync(skills, hourAgo, hourAgo);
    try {
      const load = (warm: boolean): string => `const engine = lib.createEngine({ workers: 0, cache: ${JSON.stringify(cache)} });
const { catalog, cache: counts } = await engine.loadCatalog({ roots: [lib.makeRoot({ path: ${JSON.stringify(skills)}, scope: 'project' }, ${JSON.stringify(tree)})] });
await engine.close();
if (!catalog.skills.length || (${warm} && counts.misses !== 0)) throw new Error('not answered from the store');`;
      loadedBy(LIB, load(false)); // fills the files table
      loadedBy(LIB, load(true)); // answered by stamp: records the catalog
      expect(readdirSync(cache)).toContain('run.load-catalog.store');
      const loaded = loadedBy(LIB, load(true));
      expect(loaded.filter((m) => /^NativeModule (crypto|v8|internal\/crypto|internal\/heap_utils|internal\/fs\/streams|stream)\b/.test(m))).toEqual([]);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it('imports no built-in module as an ES module but node:module', () => {
    const statements: string[] = [];
    for (const dir of ['lib', 'internals', 'bin']) {
      for (const name of readdirSync(join(DIST, dir)).filter((n) => n.endsWith('.js'))) {
        for (const [spec] of readFileSync(join(DIST, dir, name), 'utf8').matchAll(/from "node:[\w/]+"/g)) if (spec !== 'from "node:module"') statements.push(`${dir}/${name}: ${spec}`);
      }
    }
    expect(statements).toEqual([]);
  });

  it('has code caches this Node accepts, for the library, the CLI and the vendored yaml and zod', () => {
    // In a child: V8 takes a cache only under the flags that made it (the build's, Node's defaults).
    const script = `import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { Script } from 'node:vm';
const dist = ${JSON.stringify(DIST)};
const lib = (await import(dist + 'lib/cached-load.mjs')).load(dist + 'lib/index.cjs');
const cli = (await import(dist + 'bin/cached-load.mjs')).load(dist + 'bin/main.cjs');
const vendor = ['yaml', 'zod'].map((name) => {
  const file = dist + 'vendor/' + name + '.cjs';
  return new Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData: readFileSync(file + '.cache') }).cachedDataRejected;
});
console.log(JSON.stringify([lib.script.cachedDataRejected, cli.script.cachedDataRejected, ...vendor]));`;
    expect(JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } }))).toEqual([false, false, false, false]);
  });

  it('ships bundles that are ASCII only (V8 then holds their source one byte a character)', () => {
    const bundles = ['lib/index.cjs', 'bin/main.cjs', 'vendor/yaml.cjs', 'vendor/zod.cjs'];
    expect(bundles.filter((file) => /[^\0-\x7f]/.test(readFileSync(join(DIST, file), 'utf8')))).toEqual([]);
  });

  it('loads the library without the CommonJS loader: nothing is required at import', () => {
    const script = `await import(${JSON.stringify(pathToFileURL(LIB).href)});
console.log(JSON.stringify(Object.keys((await import('node:module')).default._cache)));`;
    const required = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
    expect(typeof process.getBuiltinModule === 'function' ? required : []).toEqual([]);
  });

  it('keeps its code only in the folders the code fingerprint looks at', () => {
    const holding = readdirSync(DIST, { withFileTypes: true })
      .filter((e) => e.isDirectory() && readdirSync(join(DIST, e.name)).some((n) => /\.(c?js|cache)$/.test(n)))
      .map((e) => e.name)
      .sort();
    expect(holding).toEqual([...BUNDLE_FOLDERS]);
  });
});
