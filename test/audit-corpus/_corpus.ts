/**
 * The labelled security corpus under test/fixtures/audit-corpus: loading the
 * cases, checking their shape, materialising each one (symlinks and binary
 * files are stored as JSON, since git cannot keep them portably) into a temp
 * folder named after the skill, and auditing it as the `audit` verb does.
 * Shared by the detection test and scripts/audit-corpus-report.mjs.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { auditPath } from '../../src/tasks/audit-path.js';

export const CORPUS_ROOT = resolve(import.meta.dirname, '../fixtures/audit-corpus');

/** The thirteen threat classes, in the order the tables list them. */
export const CLASSES = [
  'binary-executable',
  'symlink-escape',
  'hidden-unicode',
  'persistence',
  'exfiltration',
  'supply-chain',
  'unsafe-deserialization',
  'tool-permission',
  'obfuscation',
  'remote-code-execution',
  'trigger-hijack',
  'prompt-injection',
  'destructive',
] as const;
export type ThreatClass = (typeof CLASSES)[number];
export type Label = 'malicious' | 'benign';
/** What a case got (or should get): its worst `security.*` severity, `quiet` for none. */
export type Outcome = 'error' | 'warning' | 'quiet';

export interface CaseMeta {
  readonly class: ThreatClass;
  readonly label: Label;
  readonly expect: Outcome;
  readonly why: string;
  readonly source: string;
}

export interface LinkSpec {
  readonly path: string;
  readonly target: string;
}

export interface BinarySpec {
  readonly path: string;
  readonly hex: string;
}

export interface CorpusCase {
  /** The case folder's name, which is also the skill's name. */
  readonly id: string;
  /** Absolute path of the case folder. */
  readonly dir: string;
  readonly label: Label;
  readonly cls: ThreatClass;
  /** Parsed case.json, unchecked (see `caseProblems`). */
  readonly meta: Partial<CaseMeta>;
  readonly links: readonly LinkSpec[];
  readonly binaries: readonly BinarySpec[];
}

const LABELS: readonly Label[] = ['malicious', 'benign'];
const OUTCOMES: readonly Outcome[] = ['error', 'warning', 'quiet'];
const RANK: Record<Outcome, number> = { quiet: 0, warning: 1, error: 2 };

function readJson(file: string, fallback: unknown): unknown {
  if (!existsSync(file)) return fallback;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function subdirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/**
 * Every case of the corpus, ordered by label, class and id.
 *
 * @example loadCorpus().filter((c) => c.label === 'malicious').length // 182
 */
export function loadCorpus(root: string = CORPUS_ROOT): CorpusCase[] {
  const out: CorpusCase[] = [];
  for (const label of LABELS) {
    for (const cls of subdirs(join(root, label))) {
      for (const id of subdirs(join(root, label, cls))) {
        const dir = join(root, label, cls, id);
        const meta = readJson(join(dir, 'case.json'), undefined);
        const links = readJson(join(dir, 'links.json'), []);
        const binaries = readJson(join(dir, 'binaries.json'), []);
        out.push({
          id,
          dir,
          label,
          cls: cls as ThreatClass,
          meta: (meta ?? {}) as Partial<CaseMeta>,
          links: Array.isArray(links) ? (links as LinkSpec[]) : [],
          binaries: Array.isArray(binaries) ? (binaries as BinarySpec[]) : [],
        });
      }
    }
  }
  return out;
}

/** Inside `base`, refusing a path that climbs out of it (case data is checked, but never trusted). */
function inside(base: string, rel: string): string {
  const abs = resolve(base, rel);
  if (!abs.startsWith(`${base}/`)) throw new Error(`path leaves the case: ${rel}`);
  return abs;
}

/**
 * Copy a case's `skill/` into `parent/<id>/` (so the folder name is the skill's name) and create its
 * symlinks and binary files there. Returns the skill folder.
 */
export function materialise(c: CorpusCase, parent: string): string {
  const skill = join(parent, c.id);
  cpSync(join(c.dir, 'skill'), skill, { recursive: true, verbatimSymlinks: true });
  const place = (path: string): string => {
    const abs = inside(skill, path.replace(/^skill\//, ''));
    mkdirSync(dirname(abs), { recursive: true });
    return abs;
  };
  for (const b of c.binaries) writeFileSync(place(b.path), Buffer.from(b.hex, 'hex'));
  for (const l of c.links) symlinkSync(l.target, place(l.path));
  return skill;
}

export interface CaseResult {
  readonly id: string;
  readonly label: Label;
  readonly cls: ThreatClass;
  readonly expect: Outcome;
  readonly got: Outcome;
  /** `code@severity` of every security finding, sorted and unique. */
  readonly findings: readonly string[];
}

/** The worst severity among the security findings of an audit report. */
export function outcomeOf(severities: readonly string[]): Outcome {
  let got: Outcome = 'quiet';
  for (const s of severities) if ((s === 'error' || s === 'warning') && RANK[s] > RANK[got]) got = s;
  return got;
}

/** Audit one case in its own temp folder, as `skillgraph audit <folder>` would. */
export async function auditCase(c: CorpusCase, scratch: string): Promise<CaseResult> {
  const parent = mkdtempSync(join(scratch, 'case-'));
  try {
    const report = await auditPath([materialise(c, parent)]);
    const diagnostics = [...report.skills.flatMap((s) => s.diagnostics), ...report.diagnostics].filter((d) =>
      d.code.startsWith('security.'),
    );
    const findings = [...new Set(diagnostics.map((d) => `${d.code}@${d.severity}`))].sort();
    return {
      id: c.id,
      label: c.label,
      cls: c.cls,
      expect: (c.meta.expect ?? 'quiet') as Outcome,
      got: outcomeOf(diagnostics.map((d) => d.severity)),
      findings,
    };
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}

/** Audit every case; each runs alone, so no case sees another's name. */
export async function runCorpus(cases: readonly CorpusCase[] = loadCorpus()): Promise<CaseResult[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-audit-corpus-'));
  try {
    const out: CaseResult[] = [];
    for (const c of cases) out.push(await auditCase(c, scratch));
    return out;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export { LABELS, OUTCOMES, RANK };
