import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../src/catalog/build.js';
import { formatDigest, packageBytes, packageDigest } from '../../../src/catalog/digest.js';
import { JS_HASHER } from '../../../src/catalog/hasher.js';
import { makeRoot } from '../../../src/discover/roots.js';
import { parseBatch, planCatalog } from '../../../src/engine/catalog-pipeline.js';
import { createEngine } from '../../../src/engine/engine.js';
import type { SkillPackage } from '../../../src/model/package.js';
import { parseSkill } from '../../../src/parse/index.js';

const FORGED = `sha256:${'0'.repeat(64)}`;

function _pkg(name: string, body: string): SkillPackage {
  const parsed = parseSkill(
    `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\nlicense: MIT\nmetadata:\n  n: "1"\n---\n${body}`,
    {
      locator: `/r/${name}/SKILL.md`,
      dirName: name,
      scope: 'project',
      root: '/r',
      precedence: 20,
    },
  );
  if (!parsed.package) throw new TypeError(`fixture ${name} did not parse`);
  return parsed.package;
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-digests-'));
  for (const name of ['alpha', 'beta', 'gamma']) {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(
      join(dir, name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\n---\n# ${name}\r\nCRLF body ${'é'.repeat(50)}\n`,
    );
  }
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('packageDigest', () => {
  it('equals the hash of packageBytes, also for a body longer than its scratch buffer', () => {
    for (const body of ['short', `crlf\r\nline\r\n`, 'x'.repeat(200_000), '€'.repeat(40_000)]) {
      const pkg = _pkg('alpha', body);
      expect(packageDigest(pkg)).toBe(formatDigest(JS_HASHER.hashBatch([packageBytes(pkg)])[0]!));
    }
  });

  it('does not leak one package into the next through the reused buffer', () => {
    const long = _pkg('alpha', 'y'.repeat(100_000));
    const short = _pkg('alpha', 'y');
    const fresh = packageDigest(short);
    packageDigest(long);
    expect(packageDigest(short)).toBe(fresh);
  });
});

describe('buildCatalog trustDigests', () => {
  it('recomputes a forged digest by default', () => {
    const pkg = _pkg('alpha', 'body');
    const forged = { ...pkg, descriptor: { ...pkg.descriptor, digest: FORGED } };
    const catalog = buildCatalog([forged]);
    expect(catalog.get('alpha')?.descriptor.digest).toBe(packageDigest(pkg));
    expect(Object.isFrozen(forged)).toBe(false);
  });

  it('keeps a well-formed digest only when told to, and freezes the package in place', () => {
    const pkg = _pkg('alpha', 'body');
    const forged = { ...pkg, descriptor: { ...pkg.descriptor, digest: FORGED } };
    const catalog = buildCatalog([forged], { trustDigests: true });
    expect(catalog.get('alpha')).toBe(forged);
    expect(catalog.get('alpha')?.descriptor.digest).toBe(FORGED);
    expect(Object.isFrozen(forged.descriptor)).toBe(true);
  });

  it('computes a missing or malformed digest even when trusting', () => {
    const pkg = _pkg('alpha', 'body');
    const bad = { ...pkg, descriptor: { ...pkg.descriptor, digest: 'sha256:XYZ' } };
    expect(buildCatalog([pkg], { trustDigests: true }).get('alpha')?.descriptor.digest).toBe(packageDigest(pkg));
    expect(buildCatalog([bad], { trustDigests: true }).get('alpha')?.descriptor.digest).toBe(packageDigest(pkg));
  });
});

describe('digests made at parse time', () => {
  it('give the same catalog as digests made at seal time, inline and in workers', async () => {
    const roots = [makeRoot({ path: dir, scope: 'project' }, dir)];
    const plan = planCatalog({ roots });
    const withDigests = parseBatch(plan.items, JS_HASHER);
    for (const r of withDigests) expect(r.package?.descriptor.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const fromSeal = buildCatalog(parseBatch(plan.items).flatMap((r) => (r.package ? [r.package] : [])));
    const trusted = buildCatalog(
      withDigests.flatMap((r) => (r.package ? [r.package] : [])),
      { trustDigests: true },
    );
    const sealed = (c: { digest: string; skills: readonly SkillPackage[] }): string =>
      JSON.stringify({ digest: c.digest, skills: c.skills });
    expect(sealed(trusted)).toBe(sealed(fromSeal));
    for (const workers of [0, 2]) {
      const engine = createEngine({ workers, batchSize: 1, cache: false });
      try {
        expect(sealed((await engine.loadCatalog({ roots })).catalog)).toBe(sealed(fromSeal));
      } finally {
        await engine.close();
      }
    }
  });
});

describe('sealing skillgraph-parsed packages in place', () => {
  it('leaves nothing reachable from a trusted package unfrozen (composition, compatibility, diagnostics, frontmatter)', () => {
    const parsed = parseSkill(
      [
        '---',
        'name: rich',
        'description: A rich skill. Use when testing.',
        'compatibility: { os: [linux], programs: [git] }',
        'metadata: { author: me, version: "2.0.0" }',
        'allowed-tools: Read Grep',
        'includes: [{ skill: base, overrides: { deploy: { writes: false } } }]',
        'tools: [read_file, { name: deploy, writes: true }]',
        'mcp: [{ server: github, tools: [search] }]',
        'extra-key: { nested: [1, { deeper: true }] }',
        '---',
        'Body with a [broken link](nowhere.md).',
      ].join('\n'),
      {
        locator: '/r/rich/SKILL.md',
        dirName: 'rich',
        scope: 'project',
        root: '/r',
        precedence: 20,
        profile: 'skillgraph',
      },
    );
    const pkg = parsed.package!;
    expect(pkg.diagnostics.length).toBeGreaterThan(0);
    const trusted = { ...pkg, descriptor: { ...pkg.descriptor, digest: packageDigest(pkg) } };
    const sealed = buildCatalog([trusted], { trustDigests: true }).get('rich')!;
    expect(sealed).toBe(trusted);
    const unfrozen: string[] = [];
    const visit = (value: unknown, path: string): void => {
      if (value === null || typeof value !== 'object') return;
      if (!Object.isFrozen(value)) unfrozen.push(path);
      for (const [k, v] of Object.entries(value)) visit(v, `${path}.${k}`);
    };
    visit(sealed, 'package');
    expect(unfrozen).toEqual([]);
  });
});
