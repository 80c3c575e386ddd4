import type { HostModel } from '../types.js';
import { SPEC_DIALECT } from './documented.js';

const DOCS = 'https://cursor.com/docs/context/skills';

export const CURSOR: HostModel = {
  id: 'cursor',
  title: 'Cursor',
  checked: null,
  discovery: {
    roots: [
      { scope: 'project', path: '.agents/skills' },
      { scope: 'project', path: '.cursor/skills' },
      { scope: 'project', path: '.claude/skills' },
      { scope: 'project', path: '.codex/skills' },
      { scope: 'user', path: '.cursor/skills' },
      { scope: 'user', path: '.agents/skills' },
      { scope: 'user', path: '.claude/skills' },
      { scope: 'user', path: '.codex/skills' },
    ],
    walkUp: 'none',
    walkOrder: 'near-first',
    depth: 1,
    rootFile: false,
    nested: true,
    skip: 'none',
    symlinks: { folders: true, files: true },
  },
  dialect: SPEC_DIALECT,
  precedence: { rule: 'first', withinRoot: 'name' },
  listing: { format: 'available-skills', order: 'load', text: 'raw', budget: null, bundledAt: 'end' },
  bundled: [],
  sources: {
    roots: { documented: DOCS },
    'walk-up': { documented: DOCS },
    trust: { documented: DOCS },
    depth: { documented: DOCS },
    files: { documented: DOCS },
    symlinks: { documented: DOCS },
    yaml: { documented: DOCS },
    names: { documented: DOCS },
    description: { documented: DOCS },
    precedence: { documented: DOCS },
    listing: { documented: DOCS },
    budget: { documented: DOCS },
    bundled: { documented: DOCS },
  },
  caveats: [
    'Documented, not measured: the docs give no listing budget, precedence rule or walk-up; the model assumes none.',
    'Cursor ships built-in skills (the docs list them); their sizes are unknown, so they are not counted.',
  ],
};
