/**
 * OpenCode, measured with the hosts oracle. It walks up to the repository top
 * and reads three project and five home folders; every SKILL.md is parsed at
 * once and the last parse to finish takes a name, so the winner is a race.
 */
import type { HostModel } from '../types.js';

export const OPENCODE: HostModel = {
  id: 'opencode',
  title: 'OpenCode',
  checked: { package: 'opencode-ai', version: '1.18.33' },
  discovery: {
    roots: [
      { scope: 'project', path: '.claude/skills' },
      { scope: 'project', path: '.agents/skills' },
      { scope: 'project', path: '.opencode/skills', skip: 'dot' },
      { scope: 'project', path: '.opencode/skill', skip: 'dot' },
      { scope: 'user', path: '.claude/skills' },
      { scope: 'user', path: '.agents/skills' },
      {
        scope: 'user',
        path: '.config/opencode/skills',
        env: { name: 'XDG_CONFIG_HOME', suffix: 'opencode/skills' },
        skip: 'dot',
      },
      {
        scope: 'user',
        path: '.config/opencode/skill',
        env: { name: 'XDG_CONFIG_HOME', suffix: 'opencode/skill' },
        skip: 'dot',
      },
      { scope: 'user', path: '.opencode/skills', skip: 'dot' },
    ],
    walkUp: 'git-else-root',
    walkOrder: 'near-first',
    depth: 32,
    rootFile: true,
    nested: true,
    skip: 'none',
    symlinks: { folders: true, files: true },
  },
  dialect: {
    fence: 'lines',
    reader: 'yaml-recover-quote',
    duplicateKeys: 'error',
    invalid: 'refuse',
    noFrontmatter: 'refuse',
    notMapping: 'refuse',
    name: { from: 'frontmatter', types: 'string' },
    description: { missing: 'unlisted', empty: 'keep', blank: 'refuse', types: 'string', wrongType: 'refuse' },
  },
  precedence: { rule: 'race', withinRoot: 'name' },
  listing: { format: 'opencode', order: 'locale', text: 'raw', budget: null, bundledAt: 'sorted' },
  bundled: [{ name: 'customize-opencode', chars: 386, columns: 386, bytes: 386 }],
  sources: {
    roots: { measured: 'roots' },
    'walk-up': { measured: 'walk-up, walk-up-no-git' },
    trust: { measured: 'trust' },
    depth: { measured: 'depth' },
    files: { measured: 'files' },
    symlinks: { measured: 'symlinks, duplicates' },
    yaml: { measured: 'yaml' },
    names: { measured: 'names' },
    description: { measured: 'frontmatter' },
    precedence: { measured: 'precedence (five runs: three names changed winner)' },
    listing: { measured: 'roots, names' },
    budget: { measured: 'budget-many, budget-cjk, budget-count (everything listed)' },
    bundled: { measured: 'roots' },
  },
  caveats: [
    'Which copy of a name wins changes from run to run: every SKILL.md is parsed concurrently.',
    'A skill without a description is loaded (the skill tool can run it) but never listed to the model.',
    'No depth limit was found: skills ten folders below a root are listed.',
    'In its own folders (.opencode, ~/.config/opencode) it skips dot-folders; in .claude and .agents it does not.',
  ],
};
