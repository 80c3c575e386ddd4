/**
 * Hostile frontmatter YAML: alias floods and nesting that used to overflow
 * the parser's stack. Each case sits in a project beside the two normal
 * skills; the finding must have its code and place, the run must end within
 * a bound, the normal skills must stay catalogued, and the output must be
 * byte-identical inline and in a two-worker pool (whose threads have another
 * stack size than the main thread).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRoot } from '../../src/discover/roots.js';
import { createEngine } from '../../src/engine/engine.js';
import { catalogNames, hostileProject, NORMAL_SKILLS, runChild, snapshot, type HostileProject } from './_harness.js';

/** A SKILL.md whose frontmatter opens with a valid name and description; `yaml` follows from line 4. */
function skillText(name: string, yaml: string): string {
  return `---\nname: ${name}\ndescription: Use when a hostile test needs ${name}.\n${yaml}---\nBody.\n`;
}

/** ~60 KB: one anchor and 20,000 aliases of it in one flow list (line 5). */
function aliasFlood(): string {
  return `anchor: &a x\nlist: [${Array(20_000).fill('*a').join(',')}]\n`;
}

interface Found {
  readonly code: string;
  readonly line: number;
  readonly column: number;
}

/** The catalog's findings about one skill file, as code/line/column. */
function findingsFor(
  doc: { diagnostics: { code: string; file: string; line: number; column: number }[] },
  dir: string,
): Found[] {
  return doc.diagnostics
    .filter((d) => d.file.includes(`/${dir}/`))
    .map((d) => ({ code: d.code, line: d.line, column: d.column }));
}

/** catalog.toJSON() with 0 and 2 workers (batches of one file, so the pool parses some). */
async function catalogByWorkers(p: HostileProject): Promise<string[]> {
  const roots = [makeRoot({ path: p.root, scope: 'project' }, p.dir)];
  const out: string[] = [];
  for (const workers of [0, 2]) {
    const engine = createEngine({ workers, batchSize: 1 });
    try {
      for (let run = 0; run < 2; run++) out.push(JSON.stringify((await engine.loadCatalog({ roots })).catalog));
    } finally {
      await engine.close();
    }
  }
  return out;
}

describe('hostile frontmatter YAML', () => {
  it('four 60 KB files of 20,000 aliases each are refused at the 101st alias within seconds (child process)', async () => {
    const p = hostileProject();
    for (let i = 0; i < 4; i++) p.write(`.claude/skills/flood-${i}/SKILL.md`, skillText(`flood-${i}`, aliasFlood()));
    const before = snapshot(p.home);
    for (const args of [
      ['catalog', '--json', '--no-cache', '--workers', '0'],
      ['validate', '.claude/skills', '--json'],
    ]) {
      const r = await runChild(p, args, { timeoutMs: 30_000 });
      expect(r.timedOut, args[0]).toBe(false);
      // Measured ~1–2 s here under load (most of it node + tsx start); the old error path took ~27 s per file.
      expect(r.ms, args[0]).toBeLessThan(15_000);
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(1);
      // Measured ~90–100 MiB here, tsx included (a two-skill baseline is ~90 MiB).
      expect(r.peakRssMiB, args[0]).toBeLessThan(512);
      const doc = JSON.parse(r.stdout) as {
        skills: { name?: string; file?: string; diagnostics?: Found[] }[];
        diagnostics?: never;
      };
      if (args[0] === 'catalog') {
        expect(catalogNames(r.stdout)).toEqual([...NORMAL_SKILLS]);
        for (let i = 0; i < 4; i++) {
          // Line 5 of the file; the 101st `*a` starts at column 8 + 3 × 100.
          expect(findingsFor(JSON.parse(r.stdout), `flood-${i}`)).toContainEqual({
            code: 'yaml.limit',
            line: 5,
            column: 308,
          });
        }
      } else {
        const byName = new Map(doc.skills.map((s) => [s.file?.split('/').at(-2), s]));
        for (const name of NORMAL_SKILLS)
          expect(
            byName.get(name)?.diagnostics?.filter((d) => (d as { severity?: string }).severity === 'error'),
          ).toEqual([]);
        for (let i = 0; i < 4; i++) {
          expect(byName.get(`flood-${i}`)?.diagnostics?.map((d) => [d.code, d.line, d.column])).toContainEqual([
            'yaml.limit',
            5,
            308,
          ]);
        }
      }
    }
    expect(snapshot(p.home)).toEqual(before);
  }, 90_000);

  it.each([
    // The apostrophe made the old pre-check think a quoted scalar had begun and stop counting.
    ["flow nesting behind a plain scalar's apostrophe", `deep: [a', ${'['.repeat(30_000)}\n`, { line: 4, column: 74 }],
    // Compact block sequences were not counted at all: 30,000 levels in 60 KB.
    ['compact block sequences', `deep:\n${'- '.repeat(30_000)}x\n`, { line: 5, column: 127 }],
    ['nested flow mappings', `deep: ${'{a: '.repeat(12_000)}\n`, { line: 4, column: 259 }],
    ['explicit keys', `deep:\n  ${'? '.repeat(30_000)}x\n`, { line: 5, column: 129 }],
  ])(
    '%s: yaml.limit at the first level over 64, byte-identical with 0 and 2 workers',
    async (_, yaml, where) => {
      const p = hostileProject();
      p.write('.claude/skills/deep/SKILL.md', skillText('deep', yaml));
      const before = snapshot(p.home);
      const started = Date.now();
      const outputs = await catalogByWorkers(p);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(new Set(outputs).size).toBe(1);
      const doc = JSON.parse(outputs[0]!) as {
        skills: { name: string }[];
        diagnostics: { code: string; file: string; line: number; column: number }[];
      };
      expect(doc.skills.map((s) => s.name)).toEqual([...NORMAL_SKILLS]);
      expect(findingsFor(doc, 'deep')).toEqual([{ code: 'yaml.limit', ...where }]);
      expect(snapshot(p.home)).toEqual(before);
    },
    60_000,
  );

  it('nesting of exactly 64 levels parses; 65 is refused (the bound is the documented one)', async () => {
    const p = hostileProject();
    // The root mapping is level 1, so 63 brackets make 64 levels.
    p.write(
      '.claude/skills/at-limit/SKILL.md',
      skillText('at-limit', `metadata: {}\nx: ${'['.repeat(63)}${']'.repeat(63)}\n`),
    );
    p.write('.claude/skills/over-limit/SKILL.md', skillText('over-limit', `x: ${'['.repeat(64)}${']'.repeat(64)}\n`));
    const [out] = await catalogByWorkers(p);
    const doc = JSON.parse(out!) as {
      skills: { name: string }[];
      diagnostics: { code: string; file: string; line: number; column: number }[];
    };
    expect(doc.skills.map((s) => s.name)).toEqual(['at-limit', ...NORMAL_SKILLS]);
    expect(findingsFor(doc, 'over-limit')).toEqual([{ code: 'yaml.limit', line: 4, column: 67 }]);
  }, 60_000);

  it('a frontmatter of 6,000 unknown keys (~52 KB) and a duplicate is reported in linear time', async () => {
    const p = hostileProject();
    let yaml = '';
    for (let i = 0; i < 6_000; i++) yaml += `k${i}: v\n`;
    // An anchor sends it down the general path (the hand path declines anchors).
    p.write('.claude/skills/keys/SKILL.md', skillText('keys', `${yaml}k0: &dup again\n`));
    const r = await runChild(p, ['validate', join('.claude', 'skills', 'keys'), '--json'], { timeoutMs: 30_000 });
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as { skills: { diagnostics: Found[] }[] };
    expect(doc.skills[0]!.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['yaml.invalid', 6_004, 1]]);
  }, 60_000);
});
