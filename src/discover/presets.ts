// Data only: nothing here touches the disk; missing folders are skipped later.
import { join } from 'node:path';
import { SkillgraphError } from '../model/errors.js';
import { makeRoot, type SkillRoot } from './roots.js';
import { didYouMean } from '../model/wording.js';

/** Where one agent keeps skills. */
export interface Preset {
  /** Relative to the working folder. */
  readonly project: string;
  /** Relative to home (used when `env` is unset). */
  readonly user: string;
  /** Environment variable naming a base folder; the user root is `$VAR/<envSuffix>`. */
  readonly env?: string;
  readonly envSuffix?: string;
}

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

export const PRESET_NAMES: readonly string[] = Object.freeze(Object.keys(PRESETS).sort());

/** Where presets are anchored; injectable so tests never read the real home. */
export interface PresetContext {
  readonly cwd: string;
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * The project (scope `project`) and user (scope `global`) roots of the named presets, in order; unknown names
 * are `options.invalid` listing the known ones.
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
