/**
 * Presets as data: each well-known agent's project folder
 * (relative to the working folder) and user folder (under home, or under an
 * environment variable the agent honours). Nothing here touches the disk;
 * `presetRoots` only builds roots, and missing folders are skipped later.
 */
import { join } from 'node:path';
import { SkillgraphError } from '../model/errors.js';
import { makeRoot, type SkillRoot } from './roots.js';
import { didYouMean } from '../model/wording.js';

/** Where one agent keeps skills. */
export interface Preset {
  /** Project folder, relative to the working folder. */
  readonly project: string;
  /** User folder, relative to home (used when `env` is unset). */
  readonly user: string;
  /** Environment variable naming a base folder; the user root is `$VAR/<envSuffix>`. */
  readonly env?: string;
  readonly envSuffix?: string;
}

/** The built-in presets, by name. */
export const PRESETS: Readonly<Record<string, Preset>> = Object.freeze({
  agents: Object.freeze({ project: '.agents/skills', user: '.agents/skills' }),
  claude: Object.freeze({
    project: '.claude/skills',
    user: '.claude/skills',
    env: 'CLAUDE_CONFIG_DIR',
    envSuffix: 'skills',
  }),
  codex: Object.freeze({ project: '.codex/skills', user: '.codex/skills', env: 'CODEX_HOME', envSuffix: 'skills' }),
  copilot: Object.freeze({ project: '.github/skills', user: '.copilot/skills' }),
  cursor: Object.freeze({ project: '.cursor/skills', user: '.cursor/skills' }),
  gemini: Object.freeze({ project: '.gemini/skills', user: '.gemini/skills' }),
  opencode: Object.freeze({
    project: '.opencode/skills',
    user: '.config/opencode/skills',
    env: 'XDG_CONFIG_HOME',
    envSuffix: 'opencode/skills',
  }),
  windsurf: Object.freeze({ project: '.windsurf/skills', user: '.codeium/windsurf/skills' }),
});

/** Names of the built-in presets, sorted. */
export const PRESET_NAMES: readonly string[] = Object.freeze(Object.keys(PRESETS).sort());

/** Where presets are anchored; injectable so tests never read the real home. */
export interface PresetContext {
  readonly cwd: string;
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The roots of the named presets: the project folder (scope `project`) and
 * the user folder (scope `global`) of each, in the order named. Unknown names
 * are `options.invalid` errors listing the known ones.
 *
 * @example presetRoots(['claude'], { cwd: '/repo', home: '/home/me', env: {} }) // /repo/.claude/skills (project), /home/me/.claude/skills (global)
 */
export function presetRoots(names: readonly string[], ctx: PresetContext): SkillRoot[] {
  const roots: SkillRoot[] = [];
  for (const name of names) {
    const preset = Object.hasOwn(PRESETS, name) ? PRESETS[name] : undefined;
    if (!preset) {
      throw new SkillgraphError(
        'options.invalid',
        `unknown preset '${name}'${didYouMean(name, PRESET_NAMES)}; known presets: ${PRESET_NAMES.join(', ')}`,
        { field: 'preset', preset: name },
      );
    }
    roots.push(makeRoot({ path: preset.project, scope: 'project' }, ctx.cwd, ctx.home));
    const base = preset.env !== undefined ? ctx.env[preset.env] : undefined;
    const user = base ? join(base, preset.envSuffix ?? '') : join(ctx.home, preset.user);
    roots.push(makeRoot({ path: user, scope: 'global' }, ctx.cwd, ctx.home));
  }
  return roots;
}
