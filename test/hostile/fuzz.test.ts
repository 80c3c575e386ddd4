/**
 * Fuzzing the whole engine: random bytes and random small trees of hostile
 * frontmatter (deep nesting, quotes, anchors and aliases, BOM, CRLF, NUL,
 * odd names) beside the two normal skills. Inline (0 workers) and in a
 * two-worker pool (batches of one file, so the threads parse too) the
 * catalog must be byte-identical, the normal skills must survive, and no
 * run may throw.
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRoot } from '../../src/discover/roots.js';
import { createEngine, type Engine } from '../../src/engine/engine.js';
import { NORMAL_SKILLS } from './_harness.js';

const FRAGMENTS = [
  'name: fuzz',
  'name: "../../etc"',
  'name: "nu\\0l"',
  'name: con',
  'name: normal-alpha',
  'name: "p\u0430ypal"',
  'name: [a, b]',
  'description: Use when fuzzing.',
  "description: 'it''s'",
  'description: "unterminated',
  'description: Use when: a: b',
  'description: |',
  '  block text',
  'a: &a [1, 2]',
  'b: *a',
  'c: *nope',
  'd: &d {x: *a}',
  'e: [*a, *a, *a, *a]',
  "k: [a', [[",
  '[[[[',
  '- - - x',
  '? x',
  ': y',
  '{a: {b: {c:',
  'tools: [read_file, {name: w, writes: true}]',
  'includes: [normal-alpha, {skill: normal-beta, overrides: {x: {writes: true}}}]',
  'agent-skills: ["a\\0b", ../up, vendor/con]',
  'mcp: [{server: s, tools: [t]}]',
  '  indented: 1',
  '\tx: tab',
  '...',
  '--- inner',
  '!!binary aGk=',
  '%YAML 1.2',
  'x: !tag v',
  'metadata: {version: 1}',
  'dup: 1',
  'dup: 2',
  '"\\x1b[31mred": 1',
  '\u0000',
  '\u0085: c1',
  'long: ' + 'x'.repeat(2000),
];

/** One frontmatter line: a fragment, or nesting of random depth in one of the hostile spellings. */
const line = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3_000 }).map((n) => `deep: ${'['.repeat(n)}`) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3_000 }).map((n) => `deep:\n${'- '.repeat(n)}x`) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 1_000 }).map((n) => `deep: [a', ${'{b: '.repeat(n)}`) },
);

/** A SKILL.md: random bytes, or fenced random lines with optional BOM and CRLF. */
const skillFile = fc.oneof(
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
  {
    weight: 4,
    arbitrary: fc
      .record({ lines: fc.array(line, { maxLength: 8 }), bom: fc.boolean(), crlf: fc.boolean(), closed: fc.boolean() })
      .map(({ lines, bom, crlf, closed }) => {
        const text = `${bom ? '\uFEFF' : ''}---\n${lines.join('\n')}\n${closed ? '---\n' : ''}Body.\n`;
        return crlf ? text.replaceAll('\n', '\r\n') : text;
      }),
  },
);

const folder = fc.constantFrom(
  'fuzz',
  'con',
  'p\u0430ypal',
  'x y',
  'normal-alpha-copy',
  'a\\b',
  'esc\u001b[0m',
  'deep',
);
const tree = fc.array(fc.record({ folder, file: skillFile }), { minLength: 1, maxLength: 3 });

const NORMAL = (name: string): string =>
  `---\nname: ${name}\ndescription: Use when a test needs a normal skill named ${name}.\n---\nBody.\n`;

let base: string;
let inline: Engine;
let pooled: Engine;
beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'skillgraph-fuzz-'));
  // One engine per worker count for the whole property: the pool starts once.
  inline = createEngine({ workers: 0 });
  pooled = createEngine({ workers: 2, batchSize: 1, keepPool: true });
});
afterAll(async () => {
  await inline.close();
  await pooled.close();
  rmSync(base, { recursive: true, force: true });
});

let runs = 0;
function writeTree(entries: readonly { folder: string; file: string | Uint8Array }[]): string {
  const root = join(base, `run-${runs++}`, 'skills');
  for (const name of NORMAL_SKILLS) {
    mkdirSync(join(root, name), { recursive: true });
    writeFileSync(join(root, name, 'SKILL.md'), NORMAL(name));
  }
  entries.forEach(({ folder: f, file }, i) => {
    const dir = join(root, `${f}-${i}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'SKILL.md'), file);
  });
  return root;
}

describe('engine fuzz', () => {
  it('random trees: byte-identical catalogs with 0 and 2 workers, normal skills kept', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (entries) => {
        const root = writeTree(entries);
        const roots = [makeRoot({ path: root, scope: 'project' }, base)];
        const a = JSON.stringify((await inline.loadCatalog({ roots })).catalog);
        const pool = await pooled.loadCatalog({ roots });
        expect(pool.stats.workers).toBe(2);
        const b = JSON.stringify(pool.catalog);
        expect(b).toBe(a);
        const names = (JSON.parse(a) as { skills: { name: string }[] }).skills.map((s) => s.name);
        for (const name of NORMAL_SKILLS) expect(names).toContain(name);
        // No selected name may be anything but one plain path segment.
        for (const name of names) expect(name).not.toMatch(/^\.{1,2}$|[/\\\u0000-\u001f\u007f-\u009f]/);
      }),
      { numRuns: 60, seed: 20261201 },
    );
  }, 120_000);

  it('the same tree in lenient: still identical, still no unsafe name offered', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (entries) => {
        const root = writeTree(entries);
        const roots = [makeRoot({ path: root, scope: 'project' }, base)];
        const a = JSON.stringify((await inline.loadCatalog({ roots, profile: 'lenient' })).catalog);
        const b = JSON.stringify((await pooled.loadCatalog({ roots, profile: 'lenient' })).catalog);
        expect(b).toBe(a);
        const names = (JSON.parse(a) as { skills: { name: string }[] }).skills.map((s) => s.name);
        for (const name of NORMAL_SKILLS) expect(names).toContain(name);
        for (const name of names) expect(name).not.toMatch(/^\.{1,2}$|[/\\\u0000-\u001f\u007f-\u009f]/);
      }),
      { numRuns: 40, seed: 7 },
    );
  }, 120_000);
});
