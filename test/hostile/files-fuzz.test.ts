/**
 * Random skill trees through the file layer: random names (device names,
 * dots, unicode), depths, sizes (some past the read buffer), symlinks in and
 * out of the folder, dangling links, FIFOs. Tree digests never throw, are
 * the same run after run, stream the same bytes `treeBytes` serialises, and
 * agree between the node:crypto and WASM hashers; `materialize` never fails
 * with anything but a coded error naming the skill, and never copies a link.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listResourceFiles } from '../../src/discover/resources.js';
import { treeBytes, treeDigestResults } from '../../src/tasks/tree-digest.js';
import { wasmBackendOrNull } from '../../src/engine/backend.js';
import { loadCatalog } from '../../src/engine/catalog-pipeline.js';
import { makeRoot } from '../../src/discover/roots.js';
import { isSkillgraphError } from '../../src/model/errors.js';
import { materialize } from '../../src/workspace/materialize.js';

type Entry =
  | { kind: 'file'; path: string[]; size: number }
  | { kind: 'link-in' | 'link-out' | 'dangling' | 'fifo'; path: string[] };

const segment = fc.oneof(
  fc.constantFrom(
    'a',
    'b',
    'scripts',
    'assets',
    'nul',
    'CON.txt',
    '.hidden',
    'é',
    'x y',
    '..a',
    'node_modules',
    '.git',
  ),
  fc.stringMatching(/^[a-z0-9._-]{1,12}$/).filter((s) => s !== '.' && s !== '..'),
);
const entry: fc.Arbitrary<Entry> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('file' as const),
      path: fc.array(segment, { minLength: 1, maxLength: 4 }),
      size: fc.oneof(fc.integer({ min: 0, max: 300 }), fc.constant(1024 * 1024 + 3)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('link-in' as const, 'link-out' as const, 'dangling' as const, 'fifo' as const),
      path: fc.array(segment, { minLength: 1, maxLength: 3 }),
    }),
  },
);

/** Build one skill folder from entries; a path that collides with an earlier one is skipped. */
function build(dir: string, name: string, entries: readonly Entry[], outside: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Use when fuzzing the file layer.\n---\nbody\n`,
  );
  for (const e of entries) {
    const file = join(dir, ...e.path);
    try {
      mkdirSync(dirname(file), { recursive: true });
      if (e.kind === 'file') writeFileSync(file, Buffer.alloc(e.size, e.path.length), { flag: 'wx' });
      else if (e.kind === 'link-in') symlinkSync(join(dir, 'SKILL.md'), file);
      else if (e.kind === 'link-out') symlinkSync(outside, file);
      else if (e.kind === 'dangling') symlinkSync(join(dir, 'nothing-here'), file);
      else execFileSync('mkfifo', [file]);
    } catch {
      // a file where a folder was wanted, or the reverse: the tree is simply different
    }
  }
}

const sha = (b: Uint8Array): string => `sha256:${createHash('sha256').update(b).digest('hex')}`;

describe('fuzz: random trees through the file layer', () => {
  it('digests deterministically, equal to the serialisation and across hashers, and materialises safely', () => {
    const wasm = wasmBackendOrNull();
    expect(wasm, 'the WASM hasher is built (npm run build:wasm)').not.toBeNull();
    const base = mkdtempSync(join(tmpdir(), 'skillgraph-fuzz-'));
    const outside = join(base, 'secret.txt');
    writeFileSync(outside, 'SECRET\n');
    let round = 0;
    try {
      fc.assert(
        fc.property(fc.array(fc.array(entry, { maxLength: 8 }), { minLength: 1, maxLength: 3 }), (trees) => {
          const project = join(base, `p${round++}`);
          const root = join(project, 'skills');
          const dirs = trees.map((entries, i) => {
            const dir = join(root, `fuzz-${i}`);
            build(dir, `fuzz-${i}`, entries, outside);
            return dir;
          });
          const first = treeDigestResults(dirs);
          expect(treeDigestResults(dirs)).toEqual(first);
          if (wasm) expect(treeDigestResults(dirs, wasm)).toEqual(first);
          first.forEach((r, i) => {
            if (r.ok) expect(r.digest).toBe(sha(treeBytes(dirs[i]!)));
            else expect(r.diagnostic.code).toMatch(/^resource\./);
            const listing = listResourceFiles(dirs[i]!);
            if (listing.ok)
              for (const f of listing.files) expect(f.path.split('/').slice(0, -1)).not.toContain('node_modules'); // skipped as folders only
          });
          const catalog = loadCatalog([makeRoot({ path: root, scope: 'project' }, project)]).catalog;
          const ws = join(project, 'ws');
          try {
            materialize(catalog, ws);
          } catch (error) {
            expect(isSkillgraphError(error)).toBe(true);
            if (!isSkillgraphError(error)) return;
            expect(['path.invalid', 'path.duplicate', 'skill.invalid']).toContain(error.code);
          }
          const copied = existsSync(ws)
            ? (readdirSync(ws, { recursive: true }) as string[]).map((rel) => join(ws, rel))
            : [];
          for (const file of copied) expect(lstatSync(file).isSymbolicLink(), file).toBe(false);
          rmSync(project, { recursive: true, force: true });
        }),
        { numRuns: 30, seed: 20261201 },
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }, 120_000);
});
