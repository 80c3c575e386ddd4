/**
 * The obvious user pipeline that skillgraph is measured against:
 * fast-glob to find SKILL.md files, `fs.promises.readFile` for each,
 * gray-matter for the frontmatter, a zod schema, `createHash` for digests, a
 * precedence map for the catalog, and a fresh recursive DFS per skill to
 * flatten includes into tool lists (no memoisation). fast-glob and
 * gray-matter live in `bench/peers/` (`npm run bench:setup`), never in
 * skillgraph's own dependencies.
 *
 * Reads are concurrent (`Promise.all`) by default; `--sequential` awaits one
 * file at a time, the other obvious way to write it (each read then waits
 * for its round trip through the thread pool: ~2× slower here).
 *
 *   node --import=tsx bench/naive.ts [--sequential] ROOT[:scope]...
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

type FastGlob = (patterns: string[], options: Record<string, unknown>) => Promise<string[]>;
interface GrayMatter {
  (input: string): { data: Record<string, unknown>; content: string };
  clearCache(): void;
}

const peers = createRequire(new URL('./peers/package.json', import.meta.url));
/** Loaded lazily so importing this module does not require `npm run bench:setup`. */
function libs(): { fg: FastGlob; matter: GrayMatter } {
  return { fg: peers('fast-glob') as FastGlob, matter: peers('gray-matter') as GrayMatter };
}

const ToolRef = z.union([z.string(), z.object({ name: z.string(), writes: z.boolean().optional() })]);
const Include = z.union([
  z.string(),
  z.object({ skill: z.string(), overrides: z.record(z.string(), z.unknown()).optional() }),
]);
const Frontmatter = z.object({
  name: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  description: z.string().min(1).max(1024),
  license: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  includes: z.array(Include).optional(),
  tools: z.array(ToolRef).optional(),
  mcp: z.array(z.object({ server: z.string(), tools: z.array(ToolRef) })).optional(),
});
type Fm = z.infer<typeof Frontmatter>;

export interface NaiveRoot {
  readonly path: string;
  readonly scope: string;
}

export interface NaiveResult {
  /** SKILL.md files found. */
  readonly files: number;
  /** Skills selected into the catalog (one per name). */
  readonly skills: number;
  readonly invalid: number;
  readonly conflicts: number;
  /** Skills whose include closure failed (cycle or unknown include). */
  readonly unresolved: number;
  /** Total tool entries over all resolved skills. */
  readonly entries: number;
  /** SHA-256 over the sorted `name digest` lines. */
  readonly digest: string;
  readonly ms: number;
}

const PRECEDENCE: Record<string, number> = { global: 10, project: 20, local: 30 };

/** Flatten one skill's includes depth-first (deeper first), then its own tools; throws on a cycle or unknown include. */
function flatten(name: string, catalog: Map<string, Fm>, stack: string[]): string[] {
  if (stack.includes(name)) throw new Error(`cycle: ${[...stack, name].join(' -> ')}`);
  const fm = catalog.get(name);
  if (!fm) throw new Error(`skill not found: ${name} (included by ${stack.at(-1) ?? '?'})`);
  const out: string[] = [];
  for (const inc of fm.includes ?? []) {
    const target = typeof inc === 'string' ? inc : inc.skill;
    out.push(
      ...flatten(target.includes('/') ? target.slice(target.indexOf('/') + 1) : target, catalog, [...stack, name]),
    );
  }
  for (const t of fm.tools ?? []) out.push(typeof t === 'string' ? t : t.name);
  for (const m of fm.mcp ?? [])
    for (const t of m.tools) out.push(`mcp:${m.server}/${typeof t === 'string' ? t : t.name}`);
  return [...new Set(out)];
}

/**
 * Run the naive pipeline over scoped roots.
 *
 * @example await runNaive([{ path: 'bench/.data/10k/global', scope: 'global' }])
 */
export async function runNaive(
  roots: readonly NaiveRoot[],
  { sequential = false }: { sequential?: boolean } = {},
): Promise<NaiveResult> {
  const { fg, matter } = libs();
  matter.clearCache(); // gray-matter memoises by content; a fresh run must parse
  const started = performance.now();
  const found: { file: string; scope: string }[] = [];
  for (const root of roots) {
    const files = await fg(['**/SKILL.md'], {
      cwd: root.path,
      absolute: true,
      caseSensitiveMatch: false,
      ignore: ['**/node_modules/**'],
    });
    for (const file of files.sort()) found.push({ file, scope: root.scope });
  }
  const parseOne = async ({ file, scope }: { file: string; scope: string }) => {
    const text = await readFile(file, 'utf8');
    const digest = createHash('sha256').update(text).digest('hex');
    try {
      const { data } = matter(text);
      const fm = Frontmatter.safeParse(data);
      const ok = fm.success && fm.data.name === basename(dirname(file));
      return { file, scope, digest, fm: ok ? fm.data : null };
    } catch {
      return { file, scope, digest, fm: null };
    }
  };
  let parsed: Awaited<ReturnType<typeof parseOne>>[] = [];
  if (sequential) for (const f of found) parsed.push(await parseOne(f));
  else parsed = await Promise.all(found.map(parseOne));
  const catalog = new Map<string, Fm>();
  const chosen = new Map<string, { rank: number; digest: string }>();
  let invalid = 0;
  let conflicts = 0;
  for (const p of parsed.sort(
    (a, b) => (PRECEDENCE[b.scope] ?? 0) - (PRECEDENCE[a.scope] ?? 0) || (a.file < b.file ? -1 : 1),
  )) {
    if (p.fm === null) {
      invalid++;
      continue;
    }
    if (chosen.has(p.fm.name)) {
      conflicts++;
      continue;
    }
    chosen.set(p.fm.name, { rank: PRECEDENCE[p.scope] ?? 0, digest: p.digest });
    catalog.set(p.fm.name, p.fm);
  }
  let entries = 0;
  let unresolved = 0;
  for (const name of catalog.keys()) {
    try {
      entries += flatten(name, catalog, []).length;
    } catch {
      unresolved++;
    }
  }
  const lines = [...chosen.entries()].map(([name, c]) => `${name} ${c.digest}`).sort();
  const digest = createHash('sha256').update(lines.join('\n')).digest('hex');
  return {
    files: found.length,
    skills: catalog.size,
    invalid,
    conflicts,
    unresolved,
    entries,
    digest,
    ms: performance.now() - started,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const sequential = args.includes('--sequential');
  const roots = args
    .filter((a) => a !== '--sequential')
    .map((arg) => {
      const colon = arg.lastIndexOf(':');
      return colon > 0 ? { path: arg.slice(0, colon), scope: arg.slice(colon + 1) } : { path: arg, scope: 'project' };
    });
  const result = await runNaive(roots, { sequential });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
