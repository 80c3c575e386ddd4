/**
 * OpenAI Codex CLI, measured with the hosts oracle. Every copy of a name is
 * listed; descriptions are cut evenly to fit 2% of the context window,
 * counted as ⌈bytes/4⌉ per line, and skills are left out when names alone do not fit.
 */
import type { HostModel } from '../types.js';

export const CODEX: HostModel = {
  id: 'codex',
  title: 'OpenAI Codex CLI',
  checked: { package: '@openai/codex', version: '0.169.0' },
  discovery: {
    roots: [
      { scope: 'project', path: '.agents/skills' },
      { scope: 'project', path: '.codex/skills' },
      { scope: 'user', path: '.agents/skills' },
      { scope: 'user', path: '.codex/skills', env: { name: 'CODEX_HOME', suffix: 'skills' } },
    ],
    walkUp: 'git',
    walkOrder: 'near-first',
    depth: 6,
    rootFile: true,
    nested: true,
    skip: 'dot',
    symlinks: { folders: true, files: false },
  },
  dialect: {
    fence: 'lines-no-bom',
    reader: 'yaml-recover-compact',
    duplicateKeys: 'error',
    invalid: 'refuse',
    noFrontmatter: 'refuse',
    notMapping: 'refuse',
    name: { from: 'frontmatter-or-folder', types: 'scalar', maxLength: 64 },
    description: { missing: 'refuse', empty: 'refuse', blank: 'refuse', types: 'scalar', wrongType: 'refuse' },
  },
  precedence: { rule: 'all', withinRoot: 'name' },
  listing: {
    format: 'codex',
    order: 'scope-name',
    text: 'fold',
    cap: { length: 1024, ellipsis: '...' },
    budget: { strategy: 'even-cut-then-omit', unit: 'approx-tokens', limit: 5_440 },
    bundledAt: 'start',
  },
  bundled: [
    { name: 'imagegen', chars: 570, columns: 570, bytes: 570 },
    { name: 'openai-docs', chars: 624, columns: 624, bytes: 624 },
    { name: 'skill-creator', chars: 106, columns: 106, bytes: 106 },
    { name: 'skill-installer', chars: 225, columns: 225, bytes: 225 },
  ],
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
    precedence: { measured: 'precedence' },
    listing: { measured: 'roots, names, order' },
    budget: { measured: 'budget-many, budget-long, budget-cjk, budget-mixed, budget-count' },
    bundled: { measured: 'roots' },
  },
  caveats: [
    "The budget is 2% of the model's context window; 5,440 approximate tokens is the default model's (272,000 tokens).",
    'Codex writes its system skills into ~/.codex/skills/.system on first run; one of them (review-agent) is never listed.',
  ],
};
