import { resolve } from 'node:path';
import { homedir } from 'node:os';
import { evaluateHost, type HostEvaluation } from '../hosts/evaluate.js';
import { hostModel, HOSTS } from '../hosts/registry.js';
import { hostRoots, posix, type HostContext } from '../hosts/roots.js';
import type { Measure } from '../hosts/budget.js';
import { HOST_IDS, type HostId } from '../hosts/types.js';
import { SkillgraphError } from '../model/errors.js';
import { findOverlaps, type OverlapOptions, type OverlapPair } from '../routing/overlap.js';
import { FileTexts, findGitRoot, walkEverything, walkHost } from './host-walk.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface HostsOptions {
  /** The folder the agents start in (default: the working folder). */
  readonly project: string;
  readonly home?: string;
  /** By id (default: every model). */
  readonly hosts?: readonly string[];
  /** Further folders to look into for skills no agent reaches. */
  readonly paths?: readonly string[];
  /** Agents that ask skip project skills otherwise. Default true. */
  readonly trusted?: boolean;
  /** Environment variables the agents honour (CLAUDE_CONFIG_DIR, CODEX_HOME, XDG_CONFIG_HOME). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly tokens?: Measure;
  /** The overlap pass over each agent's listing: its threshold, or `severity: 'off'`. */
  readonly overlap?: OverlapOptions;
}

export interface HostsDocument {
  readonly project: string;
  readonly home: string;
  readonly gitRoot: string | null;
  readonly hosts: readonly HostEvaluation[];
  /** Per host, the listed skills whose text, as that agent shows it, competes. */
  readonly overlaps: readonly (readonly OverlapPair[])[];
  /** Skill files that no chosen agent lists in any form. */
  readonly unreachable: readonly string[];
}

export const LISTED: ReadonlySet<string> = new Set(['shown', 'shortened', 'name-only']);

const HOSTS_TASK_KEYS = optionKeys<HostsOptions>('hostsTask', {
  project: true,
  home: true,
  hosts: true,
  paths: true,
  trusted: true,
  env: true,
  tokens: true,
  overlap: true,
});

/** What each agent would load, show and hide for `options.project`. */
export async function hostsTask(options: HostsOptions): Promise<HostsDocument> {
  checkOptionKeys(options, HOSTS_TASK_KEYS);
  const ids = resolveHosts(options.hosts);
  const project = resolve(options.project);
  const home = resolve(options.home ?? homedir());
  const gitRoot = findGitRoot(project);
  const context: HostContext = {
    cwd: project,
    home,
    gitRoot,
    trusted: options.trusted ?? true,
    env: options.env ?? {},
  };
  const texts = new FileTexts();
  const rootsByHost = ids.map((id) => hostRoots(HOSTS[id], context));
  const everyRoot = [...new Set(rootsByHost.flat().map((r) => r.path))];
  const universe = walkEverything([project, ...(options.paths ?? []).map((p) => resolve(project, p))], everyRoot);
  const hosts = ids.map((id, i) => {
    const model = HOSTS[id];
    const files = walkHost(model, rootsByHost[i]!, texts);
    return evaluateHost({ model, context, files, universe, ...(options.tokens ? { tokens: options.tokens } : {}) });
  });
  return {
    project: posix(project),
    home: posix(home),
    gitRoot: gitRoot === null ? null : posix(gitRoot),
    hosts,
    overlaps: hosts.map((h) => listedOverlaps(h, options.overlap)),
    unreachable: unreachable(hosts),
  };
}

// Over the names and descriptions the model sees (own skills and bare names left out); one file
// reached twice is one skill.
function listedOverlaps(host: HostEvaluation, options: OverlapOptions | undefined): readonly OverlapPair[] {
  const skills = host.skills
    .filter((s) => (s.verdict === 'shown' || s.verdict === 'shortened') && s.bundled !== true && s.description !== '')
    .map((s) => ({
      name: s.name,
      routing: { name: s.name.replace(/[-_.]+/g, ' '), text: s.description },
      file: s.path,
      digest: s.real ?? s.path,
    }));
  return findOverlaps(skills, options).pairs;
}

function unreachable(hosts: readonly HostEvaluation[]): string[] {
  const first = new Map<string, string>();
  const listed = new Set<string>();
  for (const h of hosts) {
    for (const s of h.skills) {
      if (s.real === undefined) continue;
      if (!first.has(s.real)) first.set(s.real, s.path);
      if (LISTED.has(s.verdict)) listed.add(s.real);
    }
  }
  return [...first]
    .filter(([real]) => !listed.has(real))
    .map(([, path]) => path)
    .sort();
}

/** The JSON document of a `hosts` result (snake_case keys; the CLI adds `schemaVersion`). */
export function hostsJson(doc: HostsDocument): Record<string, unknown> {
  return {
    project: doc.project,
    home: doc.home,
    git_root: doc.gitRoot,
    hosts: doc.hosts.map((h, i) => ({
      host: h.host,
      title: h.title,
      version: h.version,
      budget: h.budget && {
        unit: h.budget.unit,
        limit: h.budget.limit,
        used: h.budget.used,
        ...(h.budget.namesLimit !== undefined
          ? { names_limit: h.budget.namesLimit, names_used: h.budget.namesUsed ?? 0 }
          : {}),
      },
      roots: h.roots,
      skills: h.skills.map(({ real: _real, ...s }) => s),
      overlaps: (doc.overlaps[i] ?? []).map((p) => ({ a: p.a.name, b: p.b.name, score: p.score, terms: [...p.terms] })),
      warnings: h.warnings,
    })),
    unreachable: doc.unreachable,
  };
}

/** Checked, in the models' order; every host when none is named. */
export function resolveHosts(names: readonly string[] | undefined): HostId[] {
  if (names === undefined || names.length === 0) return [...HOST_IDS];
  for (const name of names) hostModel(name);
  const wanted = new Set(names);
  if (wanted.size !== names.length)
    throw new SkillgraphError('options.invalid', 'a host is named twice', { field: 'hosts' });
  return HOST_IDS.filter((id) => wanted.has(id));
}
