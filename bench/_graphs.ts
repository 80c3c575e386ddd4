/**
 * Generated skill catalogs for the resolve benchmark: `local`, `uniform` and
 * `chain` include graphs of any size, deterministic (seeded), built straight
 * into SkillPackages (no files, no parsing) so the benchmark times resolution
 * alone.
 *
 * - `chain`:   s0 → s1 → … → s(n-1); closure sizes n, n-1, …, 1 (sum ≈ n²/2).
 * - `local`:   clusters of 50; each skill includes 1–3 later skills of its own
 *              cluster — many small diamonds, bounded closures.
 * - `uniform`: each skill includes 1–3 later skills drawn uniformly from the
 *              whole catalog — early skills reach almost everything.
 *
 * Each skill owns two tool refs from a shared vocabulary of 1,000 names, one
 * inline tool (a unique key), and every fifth an MCP tool; every seventh
 * include carries an override.
 */
import type { Catalog } from '../src/model/catalog.js';
import type { IncludeSpec, SkillPackage } from '../src/model/package.js';

export const SHAPES = ['local', 'uniform', 'chain'] as const;
export type Shape = (typeof SHAPES)[number];

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const name = (i: number): string => `skill-${String(i).padStart(6, '0')}`;

function targets(shape: Shape, i: number, n: number, rand: () => number): number[] {
  if (shape === 'chain') return i + 1 < n ? [i + 1] : [];
  const out = new Set<number>();
  const count = 1 + Math.floor(rand() * 3);
  for (let k = 0; k < count; k++) {
    if (shape === 'local') {
      const end = Math.min(n, (Math.floor(i / 50) + 1) * 50);
      if (i + 1 < end) out.add(i + 1 + Math.floor(rand() * (end - i - 1)));
    } else if (i + 1 < n) out.add(i + 1 + Math.floor(rand() * (n - i - 1)));
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * A catalog of `n` generated skills of the given shape.
 *
 * @example const catalog = generateCatalog('uniform', 10_000);
 */
export function generateCatalog(shape: Shape, n: number, seed = 42): Catalog {
  const rand = rng(seed);
  const skills: SkillPackage[] = [];
  for (let i = 0; i < n; i++) {
    const includes: IncludeSpec[] = targets(shape, i, n, rand).map((t, k) => ({
      skill: name(t),
      overrides: (i + k) % 7 === 0 ? { [`tool-${(i * 13) % 1000}`]: { writes: true } } : {},
    }));
    const tool = (k: number) => ({ name: `tool-${Math.floor(rand() * 1000)}`, writes: k === 0 && rand() < 0.2 });
    skills.push({
      descriptor: {
        id: `project/${name(i)}`,
        name: name(i),
        description: `Generated skill ${i}`,
        version: '0.0.0',
        metadata: {},
        allowedTools: [],
        modelInvocable: true,
        source: { scope: 'project', precedence: 20, root: '/bench', locator: `/bench/${name(i)}/SKILL.md` },
        digest: 'sha256:0',
      },
      body: '',
      bodyLine: 1,
      frontmatter: {},
      diagnostics: [],
      composition: {
        includes,
        tools: [tool(0), tool(1)],
        inlineTools: [{ description: `inline ${i}`, writes: false }],
        mcp: i % 5 === 0 ? [{ server: `srv-${i % 10}`, tools: [{ name: `op-${i % 50}`, writes: i % 2 === 0 }] }] : [],
        agentSkills: [],
      },
    });
  }
  const byName = new Map(skills.map((s) => [s.descriptor.name, s]));
  const catalog: Catalog = {
    digest: 'sha256:bench',
    skills,
    conflicts: [],
    diagnostics: [],
    get: (skill) => byName.get(skill),
    getScoped: (scope, skill) => (scope === 'project' ? byName.get(skill) : undefined),
    excluding: () => catalog,
  };
  return catalog;
}
