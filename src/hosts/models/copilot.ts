/**
 * GitHub Copilot CLI, measured with the hosts oracle. The project's copy of a
 * name beats the home copy; the listing keeps whole descriptions for the
 * first skills that fit 15,000 characters, then names up to 5,000 more.
 */
import type { HostModel } from '../types.js';

export const COPILOT: HostModel = {
  id: 'copilot',
  title: 'GitHub Copilot CLI',
  checked: { package: '@github/copilot', version: '1.0.102' },
  discovery: {
    roots: [
      { scope: 'project', path: '.github/skills' },
      { scope: 'project', path: '.agents/skills' },
      { scope: 'project', path: '.claude/skills' },
      { scope: 'user', path: '.copilot/skills' },
      { scope: 'user', path: '.agents/skills' },
    ],
    walkUp: 'git-else-root',
    walkOrder: 'near-first',
    depth: 32,
    rootFile: true,
    nested: false,
    skip: 'dot',
    symlinks: { folders: true, files: true },
  },
  dialect: {
    fence: 'lines',
    reader: 'yaml',
    duplicateKeys: 'error',
    invalid: 'refuse',
    noFrontmatter: 'refuse',
    notMapping: 'empty',
    name: { from: 'frontmatter-or-folder', types: 'string', maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9 _.:-]*$' },
    description: {
      missing: 'body',
      empty: 'keep',
      blank: 'refuse',
      types: 'string',
      wrongType: 'refuse',
      maxLength: 1024,
    },
  },
  precedence: { rule: 'first', withinRoot: 'name' },
  listing: {
    format: 'copilot',
    order: 'copilot',
    text: 'trim',
    nameSpaces: '-',
    budget: { strategy: 'descriptions-then-names', unit: 'chars', limit: 15_000, namesLimit: 5_000 },
    bundledAt: 'end',
  },
  bundled: [
    { name: 'customize-cloud-agent', chars: 329, columns: 329, bytes: 329 },
    { name: 'github-pr-media', chars: 211, columns: 211, bytes: 211 },
  ],
  sources: {
    roots: { measured: 'roots' },
    'walk-up': { measured: 'walk-up, walk-up-no-git' },
    trust: { measured: 'trust (run trusted and untrusted: the same skills)' },
    depth: { measured: 'depth' },
    files: { measured: 'files' },
    symlinks: { measured: 'symlinks, duplicates' },
    yaml: { measured: 'yaml' },
    names: { measured: 'names' },
    description: { measured: 'frontmatter' },
    precedence: { measured: 'precedence' },
    listing: { measured: 'roots, order, names' },
    budget: { measured: 'budget-many, budget-cjk, budget-mixed, budget-count' },
    bundled: { measured: 'roots' },
  },
  caveats: [
    'No depth limit was found: skills ten folders below a root are listed.',
    'From a folder below the repository top the listing groups skills by folder kind (.github, .agents, .claude), nearest first.',
  ],
};
