// Implicit edges: a skill using another without declaring it, by a relative link (`link`) or by
// naming it (`mention`). Installed skills are siblings by name, so `../name/…` means `name` anywhere.
import { posix } from 'node:path';
import { cmp, compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { routingDiagnostic } from './messages.js';
import { findReferences, type Reference } from './references.js';

export type ImplicitKind = 'link' | 'mention';
export type FolderProbe = (dir: string) => 'skill' | 'other' | 'none';

export interface EdgeFile {
  readonly path: string;
  /** The text, or the references already found in it, so no caller holds the text. */
  readonly text?: string;
  readonly references?: readonly Reference[];
  /** Line of `text`'s first line in the file (a SKILL.md body starts after the frontmatter). */
  readonly firstLine: number;
  readonly shown: string;
}

export interface EdgeSource {
  readonly name: string;
  /** Undefined for a SKILL.md reached through a link: links then resolve by sibling name only. */
  readonly dir: string | undefined;
  readonly files: readonly EdgeFile[];
}

export interface EdgeTarget {
  readonly name: string;
  readonly dir: string;
}

export interface SkillEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: ImplicitKind;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly text: string;
}

export interface EdgeOptions {
  /** Without it a link naming a skill not catalogued is missing. */
  readonly probe?: FolderProbe;
  readonly severity?: Diagnostic['severity'] | 'off';
}

export interface MissingLink {
  readonly from: string;
  readonly text: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface EdgeResult {
  readonly edges: readonly SkillEdge[];
  readonly missing: readonly MissingLink[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Findings per file at most; one more finding counts the rest. */
export const MISSING_FINDINGS_MAX = 100;
const SKILL_FILE = /^skill\.md$/i;

/** The implicit edges of `sources` among `targets`, and the links to skills that are not there. */
export function implicitEdges(
  sources: readonly EdgeSource[],
  targets: readonly EdgeTarget[],
  options: EdgeOptions = {},
): EdgeResult {
  const { byDir, names } = targetIndex(targets);
  const edges: SkillEdge[] = [];
  const missingLinks: MissingLink[] = [];
  const diagnostics: Diagnostic[] = [];
  const severity = options.severity ?? 'warning';
  for (const source of sources) {
    for (const file of source.files) {
      let missing = 0;
      for (const ref of file.references ?? findReferences(file.text ?? '')) {
        const at = { file: file.shown, line: file.firstLine + ref.line - 1, column: ref.column };
        if (ref.kind === 'mention') {
          if (ref.target !== source.name && names.has(ref.target))
            edges.push({ from: source.name, to: ref.target, kind: 'mention', ...at, text: ref.text });
          continue;
        }
        const found = linkTarget(source, file.path, ref.target, byDir, names, options.probe);
        if (found === undefined) continue;
        if (found.to !== undefined) {
          if (found.to !== source.name)
            edges.push({ from: source.name, to: found.to, kind: 'link', ...at, text: ref.text });
        } else if (++missing <= MISSING_FINDINGS_MAX) {
          missingLinks.push({ from: source.name, text: ref.text, ...at });
          if (severity !== 'off')
            diagnostics.push({
              ...routingDiagnostic('routing.missing-sibling', at.file, { target: ref.text }, at.line, at.column),
              severity,
            });
        }
      }
      if (missing > MISSING_FINDINGS_MAX && severity !== 'off') {
        const more = { target: `(and ${missing - MISSING_FINDINGS_MAX} more links like it in this file)` };
        diagnostics.push({
          ...routingDiagnostic('routing.missing-sibling', file.shown, more),
          severity: severity as Diagnostic['severity'],
        });
      }
    }
  }
  edges.sort(
    (a, b) =>
      cmp(a.from, b.from) ||
      cmp(a.to, b.to) ||
      cmp(a.kind, b.kind) ||
      cmp(a.file, b.file) ||
      a.line - b.line ||
      a.column - b.column,
  );
  return { edges, missing: missingLinks, diagnostics: diagnostics.sort(compareDiagnostics) };
}

interface TargetIndex {
  readonly byDir: ReadonlyMap<string, string>;
  readonly names: ReadonlySet<string>;
}

// Callers pass one targets list for each skill in turn: indexing it once keeps a tree linear.
const targetIndexes = new WeakMap<readonly EdgeTarget[], TargetIndex>();

function targetIndex(targets: readonly EdgeTarget[]): TargetIndex {
  let index = targetIndexes.get(targets);
  if (!index) {
    index = {
      byDir: new Map(targets.map((t) => [t.dir, t.name] as const)),
      names: new Set(targets.map((t) => t.name)),
    };
    targetIndexes.set(targets, index);
  }
  return index;
}

/** `{ to }` a catalogued skill, `{}` a missing one, undefined when the link is not to a skill. */
function linkTarget(
  source: EdgeSource,
  file: string,
  raw: string,
  byDir: ReadonlyMap<string, string>,
  names: ReadonlySet<string>,
  probe?: FolderProbe,
): { to?: string } | undefined {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(raw) || /^[#/~{$<%\\]/.test(raw)) return undefined;
  let target = raw.replace(/[#?].*$/, '');
  try {
    target = decodeURIComponent(target);
  } catch {
    // not valid percent-encoding: keep the text as written
  }
  // Perf: only a `..` segment leads out of the skill's folder (most links stay inside it).
  if (!target.includes('..')) return undefined;
  const rel = posix.normalize(posix.join(posix.dirname(file), target));
  if (!rel.startsWith('../')) return undefined;
  const sibling = /^\.\.\/([^/]+)(\/.*)?$/.exec(rel.replace(/\/+$/, ''));
  if (source.dir === undefined) return sibling && names.has(sibling[1]!) ? { to: sibling[1]! } : undefined;
  const abs = posix.join(source.dir, rel);
  for (let dir = abs; ; dir = posix.dirname(dir)) {
    const owner = byDir.get(dir);
    if (owner !== undefined) return { to: owner };
    if (dir === posix.dirname(dir)) break;
  }
  if (sibling && names.has(sibling[1]!)) return { to: sibling[1]! };
  // `../name/SKILL.md` names the folder holding it; `../name/` and `../name` the folder itself.
  const namesFile = SKILL_FILE.test(posix.basename(rel));
  const folder = namesFile
    ? posix.dirname(abs)
    : sibling && sibling[2] === undefined && (raw.endsWith('/') || !/\.[A-Za-z0-9]{1,8}$/.test(sibling[1]!))
      ? abs.replace(/\/+$/, '')
      : undefined;
  if (folder === undefined) return undefined;
  const holds = probe?.(folder);
  if (holds === 'skill') return undefined;
  if (holds === 'other' && !namesFile) return undefined;
  return {};
}
