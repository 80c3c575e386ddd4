/**
 * Seeded synthetic skill trees for the throughput benchmarks.
 *
 *   node --import=tsx bench/_generate.ts OUT --skills 10000 --seed 1 --shape local [--no-symlinks] [--force]
 *
 * Layout: `OUT/{global,project,local}/<category>/[<sub>/]<name>/SKILL.md` plus
 * `references/*.md` and `scripts/*.py` on part of the skills, and
 * `OUT/manifest.json` describing the roots. Same seed → byte-identical tree.
 * Sizes follow the real corpus: SKILL.md median ~5 KB (log-normal), most
 * frontmatter flat; part of the skills carry composition keys (`includes`,
 * `tools`, `mcp`) whose include graph has the requested shape (`local`: near
 * neighbours, `uniform`: any earlier skill, `chain`: each includes the
 * previous one). A few name conflicts across scopes (half byte-identical),
 * symlinks (to a folder, to a SKILL.md, one dangling) and broken skills.
 * The tree is written under a temporary name and renamed into place.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export type GraphShape = 'local' | 'uniform' | 'chain';
export const SCOPES = ['global', 'project', 'local'] as const;
export type Scope = (typeof SCOPES)[number];

export interface GenerateOptions {
  readonly skills: number;
  readonly seed: number;
  readonly shape: GraphShape;
  readonly symlinks?: boolean;
}

export interface GeneratedTree {
  readonly dir: string;
  readonly roots: readonly { readonly path: string; readonly scope: Scope }[];
  readonly skills: number;
  readonly files: number;
  readonly bytes: number;
  readonly conflicts: number;
  readonly broken: number;
  /** Symbolic links written (to skill folders, to a SKILL.md, one dangling). */
  readonly links: number;
  readonly withIncludes: number;
  readonly ms: number;
}

interface Plan {
  readonly name: string;
  readonly scope: Scope;
  readonly dir: string;
  readonly includes: string[];
  readonly broken: string | null;
  copyOf: Plan | null;
}

const BROKEN_KINDS = [
  'no-frontmatter',
  'unterminated',
  'bad-yaml',
  'name-mismatch',
  'missing-description',
  'unknown-include',
];
const TOOLS = [
  'read_file',
  'grep',
  'glob',
  'bash',
  'git_log',
  'git_diff',
  'web_fetch',
  'search_docs',
  'list_dir',
  'run_tests',
];
const WRITE_TOOLS = ['write_file', 'edit_file', 'git_commit', 'deploy'];
const MCP_SERVERS = ['github', 'linear', 'sentry', 'postgres', 'slack'];

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

/** Deterministic PRNG (mulberry32): the same seed gives the same tree on every machine. */
type Rng = () => number;
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'review test deploy release build lint format parse render query index cache audit secure migrate plan debug trace ' +
  'profile bench docs api schema graph store queue stream model agent prompt tool skill data report chart design ' +
  'review commit branch merge issue ticket triage alert metric log shell python node rust react vue cloud'
).split(' ');

/** A few hundred sentences built once; bodies are cheap joins of them (generation speed). */
function sentencePool(rng: Rng): string[] {
  return Array.from({ length: 400 }, () => {
    const n = 6 + Math.floor(rng() * 14);
    const words = Array.from({ length: n }, () => pick(rng, WORDS));
    const s = words.join(' ');
    return `${s[0]?.toUpperCase()}${s.slice(1)}.`;
  });
}

/** Log-normal size around `median` bytes (σ 0.6), clamped. */
function sizeAround(rng: Rng, median: number, min: number, max: number): number {
  const g = Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  return Math.min(max, Math.max(min, Math.round(median * Math.exp(0.6 * g))));
}

function prose(rng: Rng, pool: readonly string[], bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const r = rng();
    const piece =
      r < 0.08
        ? `\n## ${pick(rng, WORDS)} ${pick(rng, WORDS)}\n`
        : r < 0.2
          ? `- ${pick(rng, pool)}`
          : r < 0.24
            ? `\n\`\`\`bash\n${pick(rng, WORDS)} --${pick(rng, WORDS)}\n\`\`\`\n`
            : pick(rng, pool);
    parts.push(piece);
    size += piece.length + 1;
  }
  return parts.join('\n');
}

function bodyOf(rng: Rng, pool: readonly string[], name: string): string {
  return `# ${name}\n\n${prose(rng, pool, sizeAround(rng, 4700, 600, 60_000))}\n\nSee [the guide](references/guide.md) and \`scripts/run.py\`.\n`;
}

function referenceOf(rng: Rng, pool: readonly string[]): string {
  return `# Reference\n\n${prose(rng, pool, sizeAround(rng, 3000, 300, 30_000))}\n`;
}

function scriptOf(rng: Rng): string {
  const lines = ['#!/usr/bin/env python3', '"""Synthetic benchmark script; never run."""', 'import sys', ''];
  for (let i = 0, n = 10 + Math.floor(rng() * 60); i < n; i++)
    lines.push(`def ${pick(rng, WORDS)}_${i}(x):\n    return x * ${i}\n`);
  return `${lines.join('\n')}\n`;
}

/** Include targets for skill `k` among the earlier named skills, by graph shape. */
function includeTargets(rng: Rng, shape: GraphShape, earlier: readonly Plan[]): string[] {
  if (earlier.length === 0) return [];
  if (shape === 'chain') return [(earlier[earlier.length - 1] as Plan).name];
  const count = 1 + Math.floor(rng() * 3);
  const out = new Set<string>();
  for (let j = 0; j < count; j++) {
    const span = shape === 'local' ? Math.min(earlier.length, 40) : earlier.length;
    out.add((earlier[earlier.length - 1 - Math.floor(rng() * span)] as Plan).name);
  }
  return [...out].sort();
}

function frontmatterOf(rng: Rng, plan: Plan, pool: readonly string[]): string {
  const desc = `${pick(rng, pool)} Use when ${pick(rng, pool).toLowerCase()}`;
  const lines = ['---', `name: ${plan.broken === 'name-mismatch' ? `${plan.name}-x` : plan.name}`];
  if (plan.broken !== 'missing-description') {
    const style = rng();
    const cut = desc.indexOf(' ', 50);
    if (style < 0.15 && cut > 0) lines.push('description: >-', `  ${desc.slice(0, cut)}`, `  ${desc.slice(cut + 1)}`);
    else if (style < 0.35) lines.push(`description: "${desc.replace(/"/g, "'")}"`);
    else lines.push(`description: ${desc.replace(/: /g, ' - ')}`);
  }
  if (rng() < 0.6) lines.push(`license: ${pick(rng, ['MIT', 'Apache-2.0', 'BSD-3-Clause'])}`);
  if (rng() < 0.5)
    lines.push(
      'metadata:',
      `  author: ${pick(rng, WORDS)}`,
      `  version: "${1 + Math.floor(rng() * 3)}.${Math.floor(rng() * 10)}.0"`,
    );
  if (plan.includes.length > 0) {
    if (rng() < 0.2) lines.push('# composition (skillgraph extension keys)');
    lines.push('includes:');
    for (const inc of plan.includes)
      lines.push(rng() < 0.1 ? `  - skill: ${inc}\n    overrides:\n      write_file: { writes: false }` : `  - ${inc}`);
  }
  if (plan.includes.length > 0 || rng() < 0.2) {
    const tools = [...new Set([pick(rng, TOOLS), pick(rng, TOOLS)])].sort();
    lines.push(`tools: [${tools.join(', ')}]`);
    if (rng() < 0.1)
      lines[lines.length - 1] =
        `tools:\n  - ${tools.join('\n  - ')}\n  - { name: ${pick(rng, WRITE_TOOLS)}, writes: true }`;
  }
  if (rng() < 0.08)
    lines.push('mcp:', `  - server: ${pick(rng, MCP_SERVERS)}`, `    tools: [search, { name: create, writes: true }]`);
  if (plan.broken === 'unknown-include') lines.push('includes: [no-such-skill-anywhere]');
  if (plan.broken === 'bad-yaml') lines.push('description: [unclosed, flow');
  if (plan.broken !== 'unterminated') lines.push('---');
  return plan.broken === 'no-frontmatter' ? '' : `${lines.join('\n')}\n`;
}

function parseArgs(argv: readonly string[]): { out: string; force: boolean } & GenerateOptions {
  const out = argv[0];
  const get = (flag: string, fallback: string): string => {
    const i = argv.indexOf(flag);
    return i > 0 && argv[i + 1] !== undefined ? (argv[i + 1] as string) : fallback;
  };
  const shape = get('--shape', 'local');
  const skills = Number(get('--skills', '1000'));
  const seed = Number(get('--seed', '1'));
  if (
    !out ||
    out.startsWith('--') ||
    !['local', 'uniform', 'chain'].includes(shape) ||
    !Number.isInteger(skills) ||
    skills < 1 ||
    !Number.isInteger(seed)
  ) {
    process.stderr.write(
      'usage: node --import=tsx bench/_generate.ts OUT --skills N --seed S --shape local|uniform|chain [--no-symlinks] [--force]\n',
    );
    process.exit(2);
  }
  return {
    out,
    skills,
    seed,
    shape: shape as GraphShape,
    symlinks: !argv.includes('--no-symlinks'),
    force: argv.includes('--force'),
  };
}

/**
 * Write a synthetic tree into `dir` (which must not exist, or be empty).
 *
 * @example generateTree('bench/.data/10k', { skills: 10_000, seed: 1, shape: 'local' })
 */
export function generateTree(dir: string, options: GenerateOptions): GeneratedTree {
  const started = performance.now();
  const target = resolve(dir);
  if (existsSync(target) && readdirSync(target).length > 0) throw new Error(`generateTree: ${target} is not empty`);
  const tmp = `${target}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const rng = createRng(options.seed);
  const pool = sentencePool(rng);
  const categories = Array.from({ length: 24 }, (_, i) => `${pick(rng, WORDS)}-${i}`);
  const plans: Plan[] = [];
  const named: Plan[] = [];
  let conflicts = 0;
  const brokenEvery = Math.max(100, Math.floor(options.skills / 40));
  for (let k = 0; k < options.skills; k++) {
    const r = rng();
    const scope: Scope = r < 0.55 ? 'global' : r < 0.85 ? 'project' : 'local';
    const broken =
      k % brokenEvery === brokenEvery - 1
        ? (BROKEN_KINDS[Math.floor(k / brokenEvery) % BROKEN_KINDS.length] as string)
        : null;
    const shadow = scope !== 'global' && broken === null && named.length > 0 && rng() < 0.05 ? pick(rng, named) : null;
    const name =
      shadow !== null && shadow.scope !== scope
        ? shadow.name
        : `${pick(rng, WORDS)}-${pick(rng, WORDS)}-${k.toString(36)}`;
    const cat = pick(rng, categories);
    const sub = rng() < 0.4 ? `/${pick(rng, WORDS)}` : '';
    const includes =
      broken === null && rng() < (options.shape === 'chain' ? 0.5 : 0.35)
        ? includeTargets(rng, options.shape, named)
        : [];
    const plan: Plan = { name, scope, dir: `${scope}/${cat}${sub}/${name}`, includes, broken, copyOf: null };
    if (name === shadow?.name) {
      conflicts++;
      if (rng() < 0.5) plan.copyOf = shadow;
    } else if (broken === null) named.push(plan);
    plans.push(plan);
  }
  let files = 0;
  let bytes = 0;
  const texts = new Map<Plan, string>();
  const write = (rel: string, text: string): void => {
    const full = join(tmp, rel);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
    files++;
    bytes += Buffer.byteLength(text);
  };
  for (const plan of plans) {
    const text = plan.copyOf
      ? (texts.get(plan.copyOf) as string)
      : frontmatterOf(rng, plan, pool) + bodyOf(rng, pool, plan.name);
    texts.set(plan, text);
    write(`${plan.dir}/${plan.broken === 'name-mismatch' && rng() < 0.5 ? 'skill.md' : 'SKILL.md'}`, text);
    if (rng() < 0.3)
      for (let j = 0, n = 1 + Math.floor(rng() * 3); j < n; j++)
        write(`${plan.dir}/references/${pick(rng, WORDS)}-${j}.md`, referenceOf(rng, pool));
    if (rng() < 0.2)
      for (let j = 0, n = 1 + Math.floor(rng() * 2); j < n; j++)
        write(`${plan.dir}/scripts/${pick(rng, WORDS)}_${j}.py`, scriptOf(rng));
  }
  let links = 0;
  if (options.symlinks !== false) {
    const globals = named.filter((p) => p.scope === 'global');
    for (let j = 0; j < Math.max(3, Math.floor(options.skills / 1000)) && globals.length > 0; j++) {
      const to = pick(rng, globals);
      const link = join(tmp, `local/linked/${to.name}`);
      if (existsSync(link)) continue;
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(relative(dirname(link), join(tmp, to.dir)), link, 'dir');
      links++;
    }
    const fileTarget = pick(rng, globals.length > 0 ? globals : plans);
    mkdirSync(join(tmp, `project/linked-file/${fileTarget.name}`), { recursive: true });
    symlinkSync(
      relative(join(tmp, `project/linked-file/${fileTarget.name}`), join(tmp, fileTarget.dir, 'SKILL.md')),
      join(tmp, `project/linked-file/${fileTarget.name}/SKILL.md`),
    );
    symlinkSync('../does-not-exist', join(tmp, 'project/linked-file/dangling'));
    links += 2;
  }
  const roots = SCOPES.map((scope) => ({ path: join(target, scope), scope }));
  for (const root of roots) mkdirSync(join(tmp, root.scope), { recursive: true });
  const summary = {
    skills: options.skills,
    files,
    bytes,
    conflicts,
    links,
    broken: plans.filter((p) => p.broken !== null).length,
    withIncludes: plans.filter((p) => p.includes.length > 0).length,
  };
  const manifest = {
    generator: 'bench/_generate.ts',
    seed: options.seed,
    shape: options.shape,
    ...summary,
    roots: SCOPES.map((scope) => ({ path: scope, scope })),
  };
  writeFileSync(join(tmp, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  if (existsSync(target)) rmSync(target, { recursive: true });
  renameSync(tmp, target);
  return { dir: target, roots, ...summary, ms: performance.now() - started };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = parseArgs(process.argv.slice(2));
  if (args.force) rmSync(args.out, { recursive: true, force: true });
  if (existsSync(args.out) && readdirSync(args.out).length > 0) {
    process.stderr.write(`${args.out} is not empty; pass --force to replace it\n`);
    process.exit(2);
  }
  const tree = generateTree(args.out, args);
  process.stderr.write(
    `generated ${tree.skills} skills (${tree.files} files, ${(tree.bytes / 2 ** 20).toFixed(1)} MiB, ${tree.conflicts} conflicts, ${tree.broken} broken, ${tree.links} symlinks, ${tree.withIncludes} with includes) in ${(tree.ms / 1000).toFixed(2)} s → ${tree.dir}\n`,
  );
}
