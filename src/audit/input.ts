/**
 * What the audit rules read: a skill's files as plain data (the I/O side,
 * `tasks/audit-path.ts`, fills it in), and the one way a rule makes a
 * finding. Pure.
 */
import type { Diagnostic, Severity } from '../model/diagnostics.js';
import type { Composition } from '../model/package.js';
import { needlesIn } from './needles.js';
import { RULES_BY_CODE, type SecurityCode } from './rules.js';

/** One entry of a skill folder. */
export interface AuditFile {
  /** POSIX path inside the skill folder, e.g. `scripts/sync.sh`. */
  readonly path: string;
  readonly kind: 'file' | 'symlink';
  /** Bytes on disk (for a symlink, 0). */
  readonly size: number;
  /** The text when the file is UTF-8 without NUL bytes and within the scan limit. */
  readonly text?: string;
  /** The first bytes of a file that is not text (for executable magic numbers). */
  readonly head?: Uint8Array;
  /** Set when the file was not read whole: over the per-file limit or the skill's budget. */
  readonly unscanned?: 'too-large' | 'budget' | 'unreadable';
  /** `sha256:<hex>` of the whole file, when it was read whole. */
  readonly digest?: string;
  /** True for a file with an execute bit. */
  readonly executable?: boolean;
  /** A symlink's target as written. */
  readonly target?: string;
  /** A symlink whose target (resolved, or as written when dangling) lies outside the skill folder. */
  readonly escapes?: boolean;
}

/** One skill as the rules see it. */
export interface AuditInput {
  /** The skill folder as shown in findings (POSIX); each finding's `file` is `dir/path`. */
  readonly dir: string;
  /** Path of SKILL.md inside the folder (any letter case). */
  readonly skillFile: string;
  readonly name?: string;
  readonly description?: string;
  /** `allowed-tools` entries as written. */
  readonly allowedTools?: readonly string[];
  readonly composition?: Composition;
  readonly files: readonly AuditFile[];
  /** Other skill names in the same run, for look-alike names. */
  readonly otherNames?: readonly string[];
}

/** The `file` of a finding about `path` inside the skill. */
export function shownPath(dir: string, path: string): string {
  if (dir === '' || dir === '.') return path;
  return dir.endsWith('/') ? `${dir}${path}` : `${dir}/${path}`;
}

/**
 * A `security.*` diagnostic: the table's hint, the rule's level unless `severity` is given.
 *
 * @example finding('security.decode-exec', 'skill/scripts/x.sh', 3, 1, 'base64 decoded into sh')
 */
export function finding(
  code: SecurityCode,
  file: string,
  line: number,
  column: number,
  message: string,
  severity?: Severity,
): Diagnostic {
  const rule = RULES_BY_CODE.get(code)!;
  return { code, severity: severity ?? rule.level, message, file, line, column, hint: rule.help };
}

/** At most `max` characters of untrusted text for a message, controls escaped, one line. */
export function quote(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  // eslint-disable-next-line no-control-regex
  return cut.replace(
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (c) => `\\u{${c.charCodeAt(0).toString(16)}}`,
  );
}

/** File extensions of scripts (interpreted or shell). */
const SCRIPT_EXTENSIONS = new Set([
  'sh',
  'bash',
  'zsh',
  'fish',
  'ksh',
  'py',
  'js',
  'mjs',
  'cjs',
  'ts',
  'mts',
  'cts',
  'rb',
  'pl',
  'php',
  'ps1',
  'psm1',
  'bat',
  'cmd',
  'lua',
  'r',
  'go',
  'rs',
  'java',
  'kt',
  'swift',
  'cs',
  'groovy',
  'tcl',
  'awk',
]);

const BUILD_FILE = /^(?:GNUmakefile|[Mm]akefile|[\w.-]{1,80}\.mk|[Jj]ustfile|Rakefile)$/;

/**
 * True for a file the skill runs: under `scripts/`, a script extension, a build file (Makefile, justfile), or a
 * `#!` line.
 *
 * @example isScript({ path: 'scripts/x.txt', kind: 'file', size: 1 }) // true
 */
export function isScript(file: AuditFile): boolean {
  if (file.kind !== 'file') return false;
  if (file.path.startsWith('scripts/') || file.path.includes('/scripts/')) return true;
  // Build files whose lines are shell commands run on the user's machine (a container build's are not).
  if (BUILD_FILE.test(file.path.slice(file.path.lastIndexOf('/') + 1))) return true;
  const dot = file.path.lastIndexOf('.');
  if (dot > file.path.lastIndexOf('/') && SCRIPT_EXTENSIONS.has(file.path.slice(dot + 1).toLowerCase())) return true;
  return file.text?.startsWith('#!') === true;
}

/** True for Markdown (what gets prose rules and fenced-block handling). */
export function isMarkdown(path: string): boolean {
  return /\.(?:md|markdown|mdx)$/i.test(path);
}

/** What one pass over a file found: the rule families that may match it, and the Markdown lines that may hold a phrase. */
export interface Scanned {
  readonly needles: number;
  readonly phraseLines: ReadonlySet<number>;
}

const scans = new WeakMap<AuditFile, Scanned>();

/**
 * The pass over `f`'s text (`needlesIn`), made once per file whichever rules ask (none for no text).
 *
 * @example holds(scanOf(file).needles, CRON)
 */
export function scanOf(f: AuditFile): Scanned {
  let found = scans.get(f);
  if (found === undefined) {
    const phraseLines = new Set<number>();
    const needles = needlesIn(f.text ?? '', isMarkdown(f.path) ? phraseLines : undefined);
    scans.set(f, (found = { needles, phraseLines }));
  }
  return found;
}

/**
 * True for a file that teaches, tests or gives examples (tests/, examples/, fixtures/, `*_test.py`,
 * `*.example.*`): what it shows is not what the skill does, so its findings are at most warnings.
 *
 * @example isTeaching('tests/test_upload.py') // true
 */
export function isTeaching(path: string): boolean {
  return (
    /(?:^|\/)(?:tests?|__tests__|spec|specs|examples?|samples?|fixtures?|testdata|demo|demos)\//i.test(path) ||
    /(?:^|\/)(?:test_[^/]*|[^/]*_test|[^/]*\.(?:test|spec|example|sample))\.[a-z0-9]+$/i.test(path)
  );
}

/** An error made a warning (teaching material, documentation); other severities stay. */
export function softened<T extends Diagnostic>(d: T): T {
  return d.severity === 'error' ? { ...d, severity: 'warning' } : d;
}
