// Wording apart from the data; tests assert codes, never these strings.
import type { Diagnostic, DiagnosticCode } from '../model/diagnostics.js';
import { wordedDiagnostic, type Args, type Wording } from '../model/wording.js';

export type DiscoverCode = Extract<DiagnosticCode, `discover.${string}`>;

export const DISCOVER_MESSAGES: Readonly<Record<DiscoverCode, Wording>> = Object.freeze({
  'discover.symlink-skipped': {
    severity: 'warning',
    message: (a) => `symlinked ${a.what} not followed: ${a.link} -> ${a.target}`,
    hint: () => 'pass --follow-symlinks to follow links that stay inside the root',
  },
  'discover.symlink-escape': {
    severity: 'warning',
    message: (a) => `symlink leaves the root and was not followed: ${a.link} -> ${a.target}`,
    hint: (a) => `add ${a.target} as a root of its own if it should be searched`,
  },
  'discover.symlink-loop': {
    severity: 'warning',
    message: (a) => `symlink loop not followed: ${a.link} -> ${a.target}`,
    hint: () => 'the link points at a folder that contains it; remove or retarget it',
  },
  'discover.symlink-dangling': {
    severity: 'warning',
    message: (a) => `dangling symlink: ${a.link} -> ${a.target}`,
    hint: () => 'the link target does not exist; remove the link or restore its target',
  },
  'discover.dir-budget': {
    severity: 'warning',
    message: (a) =>
      `stopped searching ${a.root} after ${a.limit} folders; at least ${a.count} more folder(s) were not searched, so the catalog is incomplete`,
    hint: () => 'raise the budget with --max-dirs N or point the root closer to the skills',
  },
  'discover.depth-limit': {
    severity: 'warning',
    message: (a) =>
      `${a.count} folder(s) deeper than ${a.depth} levels under ${a.root} were not searched, so the catalog is incomplete`,
    hint: () => 'raise the limit with --depth N if skills live deeper',
  },
  'discover.nested-skill': {
    severity: 'warning',
    message: (a) => `SKILL.md inside the skill folder ${a.skill} is not catalogued: a skill folder is a leaf`,
    hint: () => 'pass --nested to catalogue skills nested inside other skills',
  },
  'discover.skipped-folder-skill': {
    severity: 'warning',
    message: (a) => `SKILL.md under the skipped folder ${a.folder} is not catalogued`,
    hint: () =>
      'node_modules and dot-folders other than agent folders are not searched; add the folder as a root (--root) to catalogue it',
  },
  'discover.not-regular': {
    severity: 'warning',
    message: (a) => `${a.file} is a ${a.kind}, not a regular file; it was not opened`,
    hint: () => 'a skill file must be a regular file; replace it with one',
  },
  'discover.not-catalogued': {
    severity: 'warning',
    message: (a) => `${a.count} more SKILL.md file(s) under ${a.root} not catalogued: ${a.reason} (e.g. ${a.first})`,
    hint: () => 'the first ones are reported one by one above; run with --json for the counts',
  },
  'discover.same-file': {
    severity: 'info',
    message: (a) => `${a.via} is the same file as ${a.file} (reached twice); catalogued once`,
    hint: () => 'an identical copy through a symlink or a second root; nothing to do',
  },
  'discover.root-outside-project': {
    severity: 'warning',
    message: (a) => `config root ${a.root} lies outside the project folder ${a.project} and was not searched`,
    hint: () =>
      'a cloned project must not send the walk elsewhere; pass --allow-outside-roots if you trust this config',
  },
  'discover.peek-limit': {
    severity: 'info',
    message: (a) =>
      `${a.count} folder(s) inside skill or skipped folders under ${a.root}, deeper than ${a.depth} levels, were not looked into for SKILL.md files`,
    hint: () => 'raise the limit with --depth N to look deeper',
  },
  'discover.unreadable': {
    severity: 'error',
    message: (a) => `cannot read ${a.path}: ${a.reason}`,
    hint: () => 'check the permissions of this path',
  },
  'discover.root-missing': {
    severity: 'info',
    message: (a) => `${a.scope} root not found, skipped: ${a.root}`,
    // `skills:Local:30` is a path, not a scope (scopes are lower case): say why, or the typo silently costs
    // every skill.
    hint: (a) =>
      /:[^/\\:]*$/.test(String(a.root))
        ? "the ':' made this one path: a scope must be lower-case letters, digits, '-' or '_' starting with a letter (PATH:scope[:precedence]); create the folder or mark the root required (PATH!) to make this an error"
        : a.flag !== undefined
          ? `check the path of ${String(a.flag)}: no folder is there (a typo?)`
          : 'create the folder or mark the root required (PATH!) to make this an error',
  },
  'discover.duplicate-skill-file': {
    severity: 'warning',
    message: (a) => `folder holds more than one skill file; using ${a.used}, ignoring ${a.ignored}`,
    hint: () => 'keep exactly one SKILL.md per skill folder',
  },
} satisfies Record<DiscoverCode, Wording>);

/** A discovery diagnostic about a whole file or folder (line/column 0). */
export function discoverDiagnostic(code: DiscoverCode, file: string, args: Args): Diagnostic {
  return wordedDiagnostic(code, DISCOVER_MESSAGES[code], file, args);
}

/** `discover.unreadable`, the reason being the error's errno code or its text. */
export function unreadableDiagnostic(path: string, error: unknown): Diagnostic {
  const reason = (error as NodeJS.ErrnoException | null)?.code ?? String(error);
  return discoverDiagnostic('discover.unreadable', path, { path, reason });
}
