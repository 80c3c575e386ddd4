// Wording apart from the data; tests assert codes, never these strings.
import { wordedDiagnostic, type Args, type Wording } from '../model/wording.js';
import type { Diagnostic, DiagnosticCode } from '../model/diagnostics.js';

export type FileCode = Extract<
  DiagnosticCode,
  `resource.${string}` | `workspace.${string}` | 'skill.changed' | 'input.budget' | 'cache.unusable'
>;

export const FILE_MESSAGES: Readonly<Record<FileCode, Wording>> = Object.freeze({
  'resource.unreadable': {
    severity: 'error',
    message: (a) => `cannot read ${a.path}: permission denied (${a.errno})`,
    hint: () => 'make the file or folder readable, or remove it from the skill',
  },
  'resource.vanished': {
    severity: 'error',
    message: (a) => `${a.path} disappeared while skillgraph was reading the skill (${a.errno})`,
    hint: () => 'something changed the skill folder during the run; run again once it is quiet',
  },
  'resource.path-too-long': {
    severity: 'error',
    message: (a) => `path too long for the operating system: ${a.path}`,
    hint: () => 'shorten the folder or file names inside the skill',
  },
  'resource.loop': {
    severity: 'error',
    message: (a) => `too many levels of symbolic links at ${a.path}`,
    hint: () => 'a link points back at itself or its parent; remove or retarget it',
  },
  'resource.io': {
    severity: 'error',
    message: (a) => `cannot read ${a.path}: ${a.errno}`,
    hint: () => 'check the file system holding this skill',
  },
  'resource.too-many-files': {
    severity: 'error',
    message: (a) => `skill folder ${a.path} holds more than ${a.limit} files (maxFiles)`,
    hint: () => 'a skill should ship a handful of files; move bulk data out of the skill folder',
  },
  'resource.too-deep': {
    severity: 'error',
    message: (a) => `skill folder ${a.path} is nested more than ${a.limit} folder levels deep (maxDepth)`,
    hint: () => 'flatten the folders inside the skill',
  },
  'resource.too-large': {
    severity: 'error',
    message: (a) => `skill folder ${a.path} holds more than ${a.limit} bytes of files (maxBytes)`,
    hint: () => 'large assets do not belong in a skill folder; fetch them at run time instead',
  },
  'resource.changed': {
    severity: 'error',
    message: (a) => `${a.path} changed while skillgraph was reading it (${a.what})`,
    hint: () => 'something edited or replaced the file during the run; run again once it is quiet',
  },
  'input.budget': {
    severity: 'error',
    message: (a) =>
      `not read: the run's SKILL.md files passed the total input budget of ${a.limit} bytes before this one (${a.size} bytes)`,
    hint: () => 'validate fewer or smaller skills per run; each SKILL.md should be small',
  },
  'workspace.exists': {
    severity: 'error',
    message: (a) => `not copied: ${a.detail}`,
    hint: () => 'move the workspace file away, or pass --force to replace it',
  },
  'workspace.name': {
    severity: 'error',
    message: (a) => `not copied: ${a.detail}`,
    hint: () => 'rename the skill or the file so it is a plain relative path on every system',
  },
  'workspace.write': {
    severity: 'error',
    message: (a) => `not copied: ${a.detail}`,
    hint: () => 'check the workspace folder: space, permissions and what already sits there',
  },
  'skill.changed': {
    severity: 'error',
    message: (a) => `not handed on: ${a.detail}`,
    hint: () => 'the skill changed since the catalog was sealed; run again to seal the new version',
  },
  'cache.unusable': {
    severity: 'warning',
    message: (a) => `cache folder ${a.path} is not usable (${a.reason}); running without the cache`,
    hint: () => 'pass --cache with a plain writable folder, or --no-cache',
  },
} satisfies Record<FileCode, Wording>);

/** A whole-file diagnostic of this table (line and column 0). */
export function fileDiagnostic(code: FileCode, file: string, args: Args): Diagnostic {
  return wordedDiagnostic(code, FILE_MESSAGES[code], file, args);
}

/** The code for an errno met while listing or reading a skill's files. */
export function errnoCode(errno: string | undefined): FileCode {
  switch (errno) {
    case 'EACCES':
    case 'EPERM':
      return 'resource.unreadable';
    case 'ENOENT':
    case 'ENOTDIR':
      return 'resource.vanished';
    case 'ENAMETOOLONG':
      return 'resource.path-too-long';
    case 'ELOOP':
      return 'resource.loop';
    default:
      return 'resource.io';
  }
}
