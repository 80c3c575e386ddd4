// The sandbox Skills capability over a local folder the app names (here the project's `.agents/skills`).
import type { HostModel } from '../types.js';

export const OPENAI_AGENTS: HostModel = {
  id: 'openai-agents',
  title: 'OpenAI Agents SDK (JavaScript)',
  checked: { package: '@openai/agents', version: '0.20.0' },
  discovery: {
    roots: [{ scope: 'project', path: '.agents/skills' }],
    walkUp: 'none',
    walkOrder: 'near-first',
    depth: 1,
    rootFile: false,
    nested: true,
    skip: 'none',
    symlinks: { folders: false, files: false },
  },
  dialect: {
    fence: 'lines',
    reader: 'lines',
    duplicateKeys: 'last',
    invalid: 'ignore',
    noFrontmatter: 'empty',
    notMapping: 'empty',
    name: { from: 'frontmatter-or-folder', types: 'scalar' },
    description: {
      missing: 'placeholder',
      empty: 'keep',
      blank: 'keep',
      types: 'scalar',
      wrongType: 'keep',
      placeholder: 'No description provided.',
    },
  },
  precedence: { rule: 'all', withinRoot: 'name' },
  listing: { format: 'openai-agents', order: 'locale', text: 'raw', budget: null, bundledAt: 'start' },
  bundled: [],
  sources: {
    roots: { measured: 'roots (the app names the folder; the oracle gave .agents/skills)' },
    'walk-up': { measured: 'walk-up' },
    trust: { measured: 'trust' },
    depth: { measured: 'depth' },
    files: { measured: 'files' },
    symlinks: { measured: 'symlinks' },
    yaml: { measured: 'yaml' },
    names: { measured: 'names' },
    description: { measured: 'frontmatter' },
    precedence: { measured: 'precedence' },
    listing: { measured: 'roots' },
    budget: { measured: 'budget-many, budget-cjk (everything listed)' },
    bundled: { measured: 'roots' },
  },
  caveats: [
    "The SDK discovers nothing by itself: the app names one folder, read here as the project's .agents/skills.",
    'The Python SDK reads the same folders with a simpler line reader: no block scalars, ' +
      'and an unreadable or BOM-prefixed frontmatter yields the folder name and "No description provided.".',
    'Symlinked skill folders and SKILL.md files are skipped, ' +
      'and a skills folder reached through a link is not read at all.',
  ],
};
