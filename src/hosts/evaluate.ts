// One agent's view of a set of skill files, a verdict and its rule for each. Pure: the caller walks
// the agent's roots and reads the files.
import { readWithDialect, type HostRead } from './dialect.js';
import { chooseCopies, type Copy } from './precedence.js';
import { listEntries, type ListedSkill } from './listing.js';
import { notDiscoveredReason } from './reasons.js';
import { hostRoots, posix, rootLabel, type HostContext, type ResolvedRoot } from './roots.js';
import type { Measure } from './budget.js';
import type { HostModel } from './types.js';

export interface HostFile {
  /** Index into the roots `hostRoots` gave. */
  readonly root: number;
  /** POSIX path as reached (through any link). */
  readonly path: string;
  readonly inRoot: string;
  readonly real: string;
  /** Reached through a symlinked folder (or root), or the SKILL.md is a symlink. */
  readonly link: 'none' | 'folder' | 'file';
  /** Null when it could not be read. */
  readonly text: string | null;
}

export const VERDICTS = ['shown', 'shortened', 'name-only', 'hidden', 'shadowed', 'refused', 'not-discovered'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface HostSkill {
  /** '' when the agent never read one. */
  readonly name: string;
  /** As reached, or `<bundled>`. */
  readonly path: string;
  readonly verdict: Verdict;
  /** The text the model sees ('' when nothing is listed). */
  readonly description: string;
  /** `shadowed`: the path of the copy that wins. */
  readonly winner?: string;
  /** The rule behind a verdict other than `shown`. */
  readonly rule?: string;
  readonly reason?: string;
  readonly bundled?: boolean;
  /** The agent's choice between copies of this name is not fixed. */
  readonly nondeterministic?: boolean;
  /** One skill reached by two paths is one file. */
  readonly real?: string;
}

export interface HostEvaluation {
  readonly host: string;
  readonly title: string;
  readonly version: string | null;
  readonly budget: {
    readonly unit: string;
    readonly limit: number;
    readonly used: number;
    readonly namesLimit?: number;
    readonly namesUsed?: number;
  } | null;
  readonly roots: readonly { readonly path: string; readonly label: string; readonly read: boolean }[];
  readonly skills: readonly HostSkill[];
  readonly warnings: readonly string[];
  readonly listing: string;
}

export interface EvaluateInput {
  readonly model: HostModel;
  readonly context: HostContext;
  /** What the walk of `hostRoots(model, context)` found, with the agent's depth and folder rules. */
  readonly files: readonly HostFile[];
  /** Every SKILL.md any walk saw, for `not-discovered` verdicts. */
  readonly universe: readonly { readonly path: string; readonly real: string }[];
  /** For a `tokens` budget (o200k); an approximation is used without it. */
  readonly tokens?: Measure;
}

/** Every skill's verdict for one agent. */
export function evaluateHost(input: EvaluateInput): HostEvaluation {
  const { model, context } = input;
  const roots = hostRoots(model, context);
  const skills: HostSkill[] = [];
  const copies: Copy[] = [];
  for (const file of input.files) {
    const gate = discoveryGate(model, file);
    if (gate) {
      skills.push({
        name: '',
        path: file.path,
        verdict: 'not-discovered',
        description: '',
        rule: gate.rule,
        reason: gate.reason,
        real: file.real,
      });
      continue;
    }
    const read: HostRead =
      file.text === null
        ? { ok: false, rule: 'frontmatter.missing', detail: 'unreadable' }
        : readWithDialect(model.dialect, file.text, folderOf(file));
    if (!read.ok) {
      skills.push({
        name: '',
        path: file.path,
        verdict: 'refused',
        description: '',
        rule: read.rule,
        reason: refusalReason(read.rule, read.detail),
        real: file.real,
      });
      continue;
    }
    copies.push({ file, read, root: roots[file.root]! });
  }
  const chosen = chooseCopies(model, copies);
  for (const s of chosen.shadowed) skills.push(s);
  for (const s of chosen.unlisted) skills.push(s);
  const listed = listEntries(model, chosen.winners, input.tokens, context.home);
  skills.push(...listed.skills.map((s: ListedSkill) => s.skill));
  const found = new Set(input.files.map((f) => f.real));
  const seen = new Set<string>();
  const skillDirs = new Set(input.universe.map((u) => u.path.slice(0, u.path.lastIndexOf('/'))));
  for (const u of input.universe) {
    if (found.has(u.real) || seen.has(u.real)) continue;
    seen.add(u.real);
    const why = notDiscoveredReason(model, roots, u.path, skillDirs);
    skills.push({
      name: '',
      path: u.path,
      verdict: 'not-discovered',
      description: '',
      rule: why.rule,
      reason: why.reason,
      real: u.real,
    });
  }
  return {
    host: model.id,
    title: model.title,
    version: model.checked?.version ?? null,
    budget: listed.budget,
    roots: roots.map((r: ResolvedRoot) => ({ path: posix(r.path), label: rootLabel(r, context), read: !r.untrusted })),
    skills,
    warnings: chosen.warnings,
    listing: listed.text,
  };
}

function folderOf(file: HostFile): string {
  const parts = file.path.split('/');
  return parts.at(-2) ?? '';
}

function discoveryGate(model: HostModel, file: HostFile): { rule: string; reason: string } | null {
  const d = model.discovery;
  const base = file.inRoot.split('/').at(-1);
  if (base !== 'SKILL.md') return { rule: 'files', reason: `the agent reads SKILL.md only, not ${base}` };
  if (file.inRoot === 'SKILL.md' && !d.rootFile)
    return { rule: 'files', reason: 'a SKILL.md directly in a skills folder is not read' };
  if (file.link === 'file' && !d.symlinks.files)
    return { rule: 'symlinks', reason: 'the SKILL.md is a symlink, which the agent does not follow' };
  if (file.link === 'folder' && !d.symlinks.folders)
    return { rule: 'symlinks', reason: 'reached through a symlinked folder, which the agent does not follow' };
  return null;
}

const REFUSALS: Readonly<Record<string, string>> = Object.freeze({
  'frontmatter.missing': 'no frontmatter the agent recognises',
  'frontmatter.unterminated': 'the frontmatter is never closed',
  'frontmatter.not-mapping': 'the frontmatter is not a mapping of fields',
  'yaml.invalid': 'the frontmatter is not YAML the agent accepts',
  'name.missing': 'no name in the frontmatter',
  'name.type': 'the name is not a string',
  'name.length': 'the name is longer than the agent allows',
  'name.charset': 'the name has characters the agent does not allow',
  'description.missing': 'no description',
  'description.empty': 'an empty description',
  'description.type': 'the description is not a string',
  'description.length': 'the description is longer than the agent allows',
});

function refusalReason(rule: string, detail: string): string {
  const base = REFUSALS[rule] ?? rule;
  return detail ? `${base} (${detail})` : base;
}
