/**
 * Claude Code, measured with the hosts oracle on the fixture trees named in
 * `sources`. A skill is named by its folder; the home copy of a name beats
 * the project's; descriptions past a 30,000-column budget drop to names only.
 */
import type { HostModel } from '../types.js';

export const CLAUDE_CODE: HostModel = {
  id: 'claude-code',
  title: 'Claude Code',
  checked: { package: '@anthropic-ai/claude-code', version: '2.1.328' },
  discovery: {
    roots: [
      { scope: 'user', path: '.claude/skills', env: { name: 'CLAUDE_CONFIG_DIR', suffix: 'skills' } },
      { scope: 'project', path: '.claude/skills' },
      { scope: 'project', path: '.claude/commands' },
    ],
    walkUp: 'git-else-root',
    walkOrder: 'near-first',
    depth: 1,
    rootFile: false,
    nested: true,
    skip: 'none',
    symlinks: { folders: true, files: true },
  },
  dialect: {
    fence: 'lines',
    reader: 'yaml-recover-quote',
    duplicateKeys: 'last',
    invalid: 'ignore',
    noFrontmatter: 'empty',
    notMapping: 'empty',
    name: { from: 'folder', types: 'scalar' },
    description: { missing: 'body', empty: 'body', blank: 'body', types: 'scalar', wrongType: 'body' },
  },
  precedence: { rule: 'first', withinRoot: 'name' },
  listing: {
    format: 'claude',
    order: 'load',
    text: 'fold',
    cap: { length: 1536, ellipsis: '\u2026' },
    escape: [
      ['<', '&lt;'],
      ['>', '&gt;'],
    ],
    budget: { strategy: 'names-after-budget', unit: 'columns', limit: 30_000 },
    bundledAt: 'end',
  },
  bundled: [
    { name: 'dataviz', chars: 1436, columns: 1436, bytes: 1448 },
    { name: 'update-config', chars: 690, columns: 690, bytes: 690 },
    { name: 'keybindings-help', chars: 228, columns: 228, bytes: 228 },
    { name: 'code-review', chars: 835, columns: 835, bytes: 835 },
    { name: 'simplify', chars: 176, columns: 176, bytes: 178 },
    { name: 'fewer-permission-prompts', chars: 163, columns: 163, bytes: 163 },
    { name: 'loop', chars: 336, columns: 336, bytes: 336 },
    { name: 'claude-api', chars: 1157, columns: 1155, bytes: 1167 },
    { name: 'workflow-authoring', chars: 230, columns: 230, bytes: 230 },
    { name: 'run', chars: 361, columns: 361, bytes: 361 },
    { name: 'plugin-authoring', chars: 255, columns: 255, bytes: 255 },
    { name: 'init', chars: 59, columns: 59, bytes: 59, lowPriority: true },
    { name: 'security-review', chars: 71, columns: 71, bytes: 71, lowPriority: true },
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
    listing: { measured: 'roots, order' },
    budget: { measured: 'budget-many, budget-long, budget-cjk, budget-mixed, budget-count' },
    bundled: { measured: 'roots' },
  },
  caveats: [
    'The listing names a skill by its folder; a different frontmatter name is only a label.',
    'Skills in .claude/commands are listed after the skills folders; their budget priority was not measured.',
    'The 30,000-column budget is the default share of the context window (skillListingBudgetFraction in settings moves it).',
  ],
};
