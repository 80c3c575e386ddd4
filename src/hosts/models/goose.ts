import type { HostModel } from '../types.js';

const SOURCE = 'https://github.com/block/goose/blob/main/crates/goose/src/skills/mod.rs';

export const GOOSE: HostModel = {
  id: 'goose',
  title: 'Goose',
  checked: null,
  discovery: {
    roots: [
      { scope: 'project', path: '.agents/skills' },
      { scope: 'project', path: '.goose/skills' },
      { scope: 'project', path: '.claude/skills' },
      { scope: 'user', path: '.agents/skills' },
      { scope: 'user', path: '.config/goose/skills' },
      { scope: 'user', path: '.claude/skills' },
      { scope: 'user', path: '.config/agents/skills' },
    ],
    walkUp: 'none',
    walkOrder: 'near-first',
    depth: 32,
    rootFile: true,
    nested: true,
    skip: 'none',
    symlinks: { folders: true, files: true },
  },
  dialect: {
    fence: 'lines',
    reader: 'yaml',
    duplicateKeys: 'error',
    invalid: 'refuse',
    noFrontmatter: 'refuse',
    notMapping: 'refuse',
    name: { from: 'frontmatter', types: 'string', pattern: '^[^/]+$' },
    description: { missing: 'keep', empty: 'keep', blank: 'refuse', types: 'string', wrongType: 'refuse' },
  },
  precedence: { rule: 'first', withinRoot: 'filesystem' },
  listing: { format: 'available-skills', order: 'load', text: 'raw', budget: null, bundledAt: 'end' },
  bundled: [],
  sources: {
    roots: { documented: SOURCE },
    'walk-up': { documented: SOURCE },
    trust: { documented: SOURCE },
    depth: { documented: SOURCE },
    files: { documented: SOURCE },
    symlinks: { documented: SOURCE },
    yaml: { documented: SOURCE },
    names: { documented: SOURCE },
    description: { documented: SOURCE },
    precedence: { documented: SOURCE },
    listing: { documented: SOURCE },
    budget: { documented: SOURCE },
    bundled: { documented: SOURCE },
  },
  caveats: [
    'Read from source, not measured: ' +
      'the listing format and any budget live in the skills extension and were not modelled.',
    'Goose ships built-in skills (browser use, web search, …) whose sizes are not counted.',
  ],
};
