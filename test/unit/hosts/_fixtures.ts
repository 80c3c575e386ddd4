/**
 * Helpers for the host fixtures: read a recorded answer, run a host model over
 * the same tree, and put both in one comparable shape.
 */
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTree, generatedDescription, generatedName, type TreeSpec } from '../../fixtures/hosts/_tree.js';
import { hostsTask } from '../../../src/tasks/hosts.js';
import type { HostEvaluation } from '../../../src/hosts/evaluate.js';

export const FIXTURES = new URL('../../fixtures/hosts/', import.meta.url).pathname;

/** One listed row: name, path (`$PROJECT/…`, `$HOME/…`, `<bundled>`), description ('=' when it is the file's own). */
export interface Row {
  readonly name: string;
  readonly path: string;
  readonly description: string;
}

export interface Recorded {
  readonly host: string;
  readonly version: string;
  /** Lengths of the project and home paths the agent ran on (its budget may count them). */
  readonly pathLengths: { readonly project: number; readonly home: number };
  readonly skills: readonly Row[];
  readonly notes?: readonly string[];
}

/** Every rule with its tree and the hosts recorded on it. */
export function fixtureRules(): { rule: string; spec: TreeSpec; answers: Map<string, Recorded> }[] {
  return readdirSync(FIXTURES)
    .filter((d) => existsSync(join(FIXTURES, d, 'tree.json')))
    .sort()
    .map((rule) => {
      const spec = JSON.parse(readFileSync(join(FIXTURES, rule, 'tree.json'), 'utf8')) as TreeSpec;
      const answers = new Map<string, Recorded>();
      for (const f of readdirSync(join(FIXTURES, rule, 'oracle')).filter(
        (x) => x.endsWith('.json') && x !== 'opencode-runs.json',
      )) {
        answers.set(
          f.replace(/\.json$/, ''),
          JSON.parse(readFileSync(join(FIXTURES, rule, 'oracle', f), 'utf8')) as Recorded,
        );
      }
      return { rule, spec, answers };
    });
}

/** The oracle file's name → the host id and whether the folder was trusted. */
export function hostOf(answer: string): { id: string; trusted: boolean } {
  if (answer === 'copilot-untrusted') return { id: 'copilot', trusted: false };
  return { id: answer, trusted: true };
}

/**
 * A tree built in a temp folder, evaluated for the hosts asked; `dispose` removes it. With
 * `lengths`, the project and home folders get paths of those lengths (padded names), as the
 * agent's run had.
 */
export async function runModels(
  spec: TreeSpec,
  hosts: readonly string[],
  trusted = true,
  lengths?: Recorded['pathLengths'],
): Promise<{ evals: HostEvaluation[]; project: string; home: string; dispose(): void }> {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'sg-hosts-')));
  const project = padded(base, 'p', lengths?.project);
  const home = padded(base, 'h', lengths?.home);
  const cwd = buildTree(spec, project, home);
  const doc = await hostsTask({ project: cwd, home, hosts, trusted, env: {} });
  return { evals: [...doc.hosts], project, home, dispose: () => rmSync(base, { recursive: true, force: true }) };
}

/** `base/<prefix>xxx…` of exactly `length` characters when it can be (else `base/<prefix>`). */
function padded(base: string, prefix: string, length: number | undefined): string {
  const plain = join(base, prefix);
  return length === undefined || length <= plain.length ? plain : plain + 'x'.repeat(length - plain.length);
}

/** The model's listed rows, as the oracle records them. */
export function modelRows(e: HostEvaluation, spec: TreeSpec, project: string, home: string): Row[] {
  const generated = new Map<string, string>();
  for (const g of spec.generate ?? [])
    for (let i = 0; i < g.count; i++) generated.set(generatedName(g, i), generatedDescription(i, g.length, g.text));
  const place = (p: string): string =>
    p === '<bundled>' ? p : p.split(project).join('$PROJECT').split(home).join('$HOME');
  return e.skills
    .filter((s) => s.verdict === 'shown' || s.verdict === 'shortened' || s.verdict === 'name-only')
    .map((s) => {
      // A shipped skill's text is not known, only whether its description is listed.
      if (s.bundled)
        return { name: s.name, path: '<bundled>', description: s.verdict === 'name-only' ? '' : '(bundled)' };
      return {
        name: s.name,
        path: place(s.path),
        description: generated.get(s.name) === s.description && s.verdict !== 'name-only' ? '=' : s.description,
      };
    });
}

/** Copies whose winner the agent does not fix: name → every path the agent may pick. */
export function openChoices(e: HostEvaluation, project: string, home: string): Map<string, Set<string>> {
  const place = (p: string): string => p.split(project).join('$PROJECT').split(home).join('$HOME');
  const out = new Map<string, Set<string>>();
  for (const s of e.skills) {
    if (!s.nondeterministic || !s.winner) continue;
    const set = out.get(s.name) ?? new Set([place(s.winner)]);
    set.add(place(s.path));
    out.set(s.name, set);
  }
  return out;
}

/** Rows in a comparable form: bundled descriptions only as shown or not; open choices as the set of copies. */
export function comparable(rows: readonly Row[], choices: Map<string, Set<string>>, sorted: boolean): string[] {
  const out = rows.map((r) => {
    const open = choices.has(r.name) && choices.get(r.name)!.has(r.path);
    const path = open ? `{${[...choices.get(r.name)!].sort().join('|')}}` : r.path;
    // An open choice shows one of the copies' descriptions: the path set above is what is checked.
    const description = open
      ? '(one of the copies)'
      : r.path === '<bundled>'
        ? r.description === ''
          ? ''
          : '(bundled)'
        : r.description;
    return JSON.stringify([r.name, path, description]);
  });
  return sorted ? out.sort() : out;
}
