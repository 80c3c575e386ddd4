import type { HostModel } from '../types.js';
import { SPEC_DIALECT } from './documented.js';

const DOCS = 'https://code.visualstudio.com/docs/agent-customization/agent-skills';
const REFERENCE = 'https://code.visualstudio.com/docs/agents/reference/agent-skills-reference';

export const VSCODE: HostModel = {
  id: 'vscode',
  title: 'VS Code agent mode',
  checked: null,
  discovery: {
    roots: [
      { scope: 'project', path: '.github/skills' },
      { scope: 'project', path: '.agents/skills' },
      { scope: 'project', path: '.claude/skills' },
      { scope: 'user', path: '.copilot/skills' },
      { scope: 'user', path: '.agents/skills' },
      { scope: 'user', path: '.claude/skills' },
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
    roots: { documented: REFERENCE },
    'walk-up': { documented: DOCS },
    trust: { documented: DOCS },
    depth: { documented: DOCS },
    files: { documented: DOCS },
    symlinks: { documented: DOCS },
    yaml: { documented: REFERENCE },
    names: { documented: REFERENCE },
    description: { documented: REFERENCE },
    precedence: { documented: DOCS },
    listing: { documented: DOCS },
    budget: { documented: DOCS },
    bundled: { documented: DOCS },
  },
  caveats: [
    'Documented, not measured: the docs give no listing budget, precedence rule or walk-up; the model assumes none.',
  ],
};
