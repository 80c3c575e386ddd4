// `skillgraph init [DIR]`: a commented starter config for the layout found; never overwrites one.
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONFIG_FILE_NAME } from '../catalog-request.js';
import { PRESETS } from '../../discover/presets.js';
import { DEFAULT_DISCOVER_OPTIONS } from '../../discover/walk.js';
import { PROFILE_NAMES } from '../../parse/profiles.js';
import { DEFAULT_OVERLAP_THRESHOLD } from '../../routing/overlap.js';
import { SkillgraphError } from '../../model/errors.js';
import { parseVerbArgs, usageError, type VerbSpec } from '../args.js';
import { EXIT } from '../exit.js';
import { note, writeJson, type CliIo } from '../io.js';

export const spec: VerbSpec = {
  name: 'init',
  summary: 'write a commented skillgraph.config.yaml for the project layout (never overwrites)',
  usage: '[DIR] [--json]',
  flags: {},
  positionals: 'paths',
  examples: ['skillgraph init', 'skillgraph init path/to/project --json'],
};

/** Looked for when no agent folder is there. */
const PLAIN_FOLDERS = ['skills', '.skills'];

/** An agent whose project folder alone makes its profile the natural one. */
const AGENT_PROFILE: Readonly<Record<string, string>> = { claude: 'claude-code', codex: 'codex' };

export interface Layout {
  /** Relative to DIR, POSIX. */
  readonly roots: readonly string[];
  readonly agents: readonly string[];
  readonly profile: string;
  /** Nothing was found and `skills` is a suggestion. */
  readonly guessed: boolean;
}

/** What `init` finds in `dir`. */
export function detectLayout(dir: string): Layout {
  const isDir = (rel: string): boolean => statSync(join(dir, rel), { throwIfNoEntry: false })?.isDirectory() === true;
  const agents = Object.keys(PRESETS)
    .sort()
    .filter((name) => isDir(PRESETS[name]!.project));
  const roots = agents.map((name) => PRESETS[name]!.project);
  if (roots.length === 0) roots.push(...PLAIN_FOLDERS.filter(isDir));
  const guessed = roots.length === 0;
  const profile = agents.length === 1 ? (AGENT_PROFILE[agents[0]!] ?? 'skillgraph') : 'skillgraph';
  return { roots: guessed ? ['skills'] : roots, agents, profile, guessed };
}

/** The starter config text for a layout: every setting commented, valid YAML. */
export function configText(layout: Layout): string {
  const found = layout.guessed
    ? 'No skill folder was found; skills/ is a suggestion.'
    : `Found here: ${layout.roots.join(', ')}.`;
  return [
    '# skillgraph.config.yaml — written by `skillgraph init`. Every verb run in this folder',
    '# (or below it) reads this file; `--config FILE` names another.',
    '',
    `# Skill roots, relative to this file. ${found}`,
    '# A root may also be `PATH:scope:precedence` (scopes: global < project < local).',
    'roots:',
    ...layout.roots.map((r) => `  - ${r}`),
    '',
    "# Or add agents' project and user folders by name:",
    `# presets: [${Object.keys(PRESETS).sort().join(', ')}]`,
    '',
    `# Validation profile: ${PROFILE_NAMES.join(', ')}.`,
    `profile: ${layout.profile}`,
    '',
    '# Per-rule severity for `skillgraph validate`: off, info, warning or error.',
    'rules:',
    '  description.no-trigger: warning',
    '  # field.unknown: error',
    '',
    '# The CI gate: fail on errors (error) or on warnings too (warning) ...',
    'fail-on: error',
    '# ... or on more than N warnings.',
    '# max-warnings: 0',
    '',
    '# Two skills whose descriptions would win the same requests (routing.overlap): the lowest score reported.',
    `# overlap-threshold: ${DEFAULT_OVERLAP_THRESHOLD}`,
    '',
    '# How the roots are walked. The values shown are the defaults; uncomment one to change it.',
    ...WALK_SETTINGS.flatMap((w) => [`# ${w.key}: ${String(w.value)}`, `#   ${w.about}`]),
    '',
  ].join('\n');
}

/** Defaults read from the walk's own option table, so the template never states an old one. */
export const WALK_SETTINGS: readonly WalkSetting[] = [
  {
    key: 'depth',
    value: DEFAULT_DISCOVER_OPTIONS.depth,
    about: 'folder levels searched below each root (the root is level 0)',
  },
  {
    key: 'max-dirs',
    value: DEFAULT_DISCOVER_OPTIONS.maxDirs,
    about: 'folders read per root before the walk stops (and says so)',
  },
  {
    key: 'follow-symlinks',
    value: DEFAULT_DISCOVER_OPTIONS.followSymlinks,
    about: 'follow links whose target lies inside a root or this project',
  },
  { key: 'nested', value: DEFAULT_DISCOVER_OPTIONS.nested, about: 'also look for skills inside skill folders' },
];

interface WalkSetting {
  readonly key: string;
  readonly value: number | boolean;
  readonly about: string;
}

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  if (positionals.length > 1) usageError(io, spec.name, `takes one folder, got ${positionals.length}`);
  const dir = resolve(io.cwd, positionals[0] ?? '.');
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true)
    usageError(io, spec.name, `not a folder: ${positionals[0] ?? '.'}`);
  const file = join(dir, CONFIG_FILE_NAME);
  const shown = positionals[0] ? `${positionals[0].replace(/[\\/]+$/, '')}/${CONFIG_FILE_NAME}` : CONFIG_FILE_NAME;
  const layout = detectLayout(dir);
  if (existsSync(file))
    usageError(io, spec.name, `${shown} already exists; not overwritten (edit it, or remove it and run init again)`);
  try {
    // 'wx': a file that appeared meanwhile is not overwritten either.
    writeFileSync(file, configText(layout), { flag: 'wx' });
  } catch (error) {
    const errno = (error as NodeJS.ErrnoException).code;
    if (errno === 'EEXIST') usageError(io, spec.name, `${shown} already exists; not overwritten`);
    throw new SkillgraphError(
      'io',
      `cannot write ${shown}: ${(error as Error).message}`,
      { file: shown, ...(errno ? { errno } : {}) },
      error,
    );
  }
  if (values.json === true)
    writeJson(io, { file: shown, written: true, roots: layout.roots, agents: layout.agents, profile: layout.profile });
  else
    io.stdout.write(
      `Wrote ${shown}: roots ${layout.roots.join(', ')}${layout.guessed ? ' (none found yet)' : ''}, ` +
        `profile ${layout.profile}.\n`,
    );
  note(io, 'init: run `skillgraph validate` to check the skills with it\n');
  return EXIT.ok;
}
