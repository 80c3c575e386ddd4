/**
 * Implicit edges: a skill that uses another without declaring it. A
 * relative link from one of its files into another skill's folder is a
 * `link` edge; `/name`, `$name`, `plugin:name` and "the name skill" naming a
 * catalogued skill are `mention` edges. A link to a skill that is not there
 * (`../other/SKILL.md`, `../other/`) is `routing.missing-sibling` at the
 * line and column that hold it. Links resolve by place first (the folder of
 * a catalogued skill), then by name: installed skills are siblings by name
 * (`<root>/<name>/`), so `../name/…` means the skill `name` wherever it lies.
 */
import { posix } from 'node:path';
import { cmp, compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { routingDiagnostic } from './messages.js';
import { findReferences, type Reference } from './references.js';

export type ImplicitKind = 'link' | 'mention';
/** What a folder a link points at holds, as the caller's file system sees it. */
export type FolderProbe = (dir: string) => 'skill' | 'other' | 'none';

/** One file of a skill to read for references. */
export interface EdgeFile {
  /** Path relative to the skill folder (POSIX), e.g. `SKILL.md`, `references/a.md`. */
  readonly path: string;
  /** The text, or the references already found in it (`findReferences`), so no caller holds the text. */
  readonly text?: string;
  readonly references?: readonly Reference[];
  /** Line of `text`'s first line in the file (the body of a SKILL.md starts after the frontmatter). */
  readonly firstLine: number;
  /** The file as findings name it. */
  readonly shown: string;
}

/** A skill whose files are read. */
export interface EdgeSource {
  readonly name: string;
  /**
   * The skill folder (POSIX, absolute), or undefined when it is not known (a SKILL.md reached
   * through a link from elsewhere): links then resolve by sibling name only and are never missing.
   */
  readonly dir: string | undefined;
  readonly files: readonly EdgeFile[];
}

/** A skill edges may lead to. */
export interface EdgeTarget {
  readonly name: string;
  readonly dir: string;
}

export interface SkillEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: ImplicitKind;
  /** The file holding it (as shown), line and column. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** As written: `../b/SKILL.md`, `/b`, `$b`, `the b skill`. */
  readonly text: string;
}

export interface EdgeOptions {
  /** Tells what a linked folder holds; without it a link naming a skill not catalogued is missing. */
  readonly probe?: FolderProbe;
  /** Severity of `routing.missing-sibling`, or `off` (default warning). */
  readonly severity?: Diagnostic['severity'] | 'off';
}

/** A link to a skill that is not there, as data (the finding says the same in words). */
export interface MissingLink {
  readonly from: string;
  readonly text: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface EdgeResult {
  /** Sorted by source, target, kind, file, line, column. */
  readonly edges: readonly SkillEdge[];
  /** In the order found. */
  readonly missing: readonly MissingLink[];
  readonly diagnostics: readonly Diagnostic[];
}

/** Findings per file at most; one more finding counts the rest. */
export const MISSING_FINDINGS_MAX = 100;
const SKILL_FILE = /^skill\.md$/i;

/**
 * The implicit edges of `sources` among `targets`, and the links to skills that are not there.
 *
 * @example implicitEdges([{ name: 'a', dir: '/s/a', files: [body] }], [{ name: 'b', dir: '/s/b' }]).edges
 */
export function implicitEdges(
  sources: readonly EdgeSource[],
  targets: readonly EdgeTarget[],
  options: EdgeOptions = {},
): EdgeResult {
  const byDir = new Map(targets.map((t) => [t.dir, t.name] as const));
  const names = new Set(targets.map((t) => t.name));
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

/**
 * Where a link leads: `{ to }` a catalogued skill, `{}` a skill that is not there, or
 * undefined when it is no link to a skill (a URL, a file of this skill, a file elsewhere).
 */
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
    // keep the text as written when it is not valid percent-encoding
  }
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
  // The folder the link names as a skill: the one holding a SKILL.md it names, or a sibling
  // folder itself (`../name/`, `../name`; `../notes.md` is a file, not a folder).
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
