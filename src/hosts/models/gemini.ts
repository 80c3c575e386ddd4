import type { HostModel } from '../types.js';

export const GEMINI: HostModel = {
  id: 'gemini',
  title: 'Gemini CLI',
  checked: { package: '@google/gemini-cli', version: '0.61.0' },
  discovery: {
    roots: [
      { scope: 'user', path: '.gemini/skills' },
      { scope: 'user', path: '.agents/skills' },
      { scope: 'project', path: '.gemini/skills', trusted: true },
      { scope: 'project', path: '.agents/skills', trusted: true },
    ],
    walkUp: 'none',
    walkOrder: 'near-first',
    depth: 1,
    rootFile: true,
    nested: true,
    skip: 'dot-and-node-modules',
    symlinks: { folders: true, files: true },
  },
  dialect: {
    fence: 'exact',
    reader: 'yaml-else-lines',
    duplicateKeys: 'error',
    invalid: 'refuse',
    noFrontmatter: 'refuse',
    notMapping: 'refuse',
    name: { from: 'frontmatter', types: 'string', replace: { chars: '[:\\\\/<>*?"|]', with: '-' } },
    description: { missing: 'refuse', empty: 'keep', blank: 'keep', types: 'string', wrongType: 'refuse' },
  },
  precedence: { rule: 'last', withinRoot: 'filesystem' },
  listing: { format: 'gemini', order: 'filesystem', text: 'raw', budget: null, bundledAt: 'start' },
  bundled: [
    { name: 'skill-creator', chars: 230, columns: 230, bytes: 230 },
    { name: 'antigravity-support', chars: 273, columns: 273, bytes: 273 },
  ],
  sources: {
    roots: { measured: 'roots' },
    'walk-up': { measured: 'walk-up, walk-up-no-git' },
    trust: { measured: 'trust (headless mode refuses an untrusted folder; SkillManager skips project skills)' },
    depth: { measured: 'depth' },
    files: { measured: 'files' },
    symlinks: { measured: 'symlinks, duplicates' },
    yaml: { measured: 'yaml' },
    names: { measured: 'names' },
    description: { measured: 'frontmatter' },
    precedence: { measured: 'precedence' },
    listing: { measured: 'roots' },
    budget: { measured: 'budget-many, budget-cjk, budget-count (everything listed)' },
    bundled: { measured: 'roots' },
  },
  caveats: [
    'Skills of one folder are read in file-system order, ' +
      'so which of two same-name copies in one folder wins is not fixed.',
    'The oracle trusts the folder (headless mode exits in an untrusted one); untrusted, project skills are skipped.',
  ],
};
