/** A file the walk reached twice (a symlinked copy) is one skill, shown as an identical conflict. */
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../../src/catalog/build.js';
import { _pkg } from './_pkg.js';

describe('buildCatalog aliases', () => {
  it('makes each second arrival of a winner an identical conflict, sorted with the others; unknown files are ignored', () => {
    const a = _pkg({ name: 'deploy', locator: '/p/.agents/skills/deploy/SKILL.md' });
    const b = _pkg({ name: 'review', locator: '/p/.agents/skills/review/SKILL.md' });
    const catalog = buildCatalog([b, a], {
      aliases: [
        { locator: '/p/.agents/skills/review/SKILL.md', via: '/p/.claude/skills/review/SKILL.md' },
        { locator: '/p/.agents/skills/deploy/SKILL.md', via: '/p/.claude/skills/deploy/SKILL.md' },
        { locator: '/p/elsewhere/SKILL.md', via: '/p/.claude/skills/gone/SKILL.md' },
      ],
    });
    expect(catalog.skills.map((p) => p.descriptor.name)).toEqual(['deploy', 'review']);
    expect(catalog.conflicts).toEqual([
      {
        name: 'deploy',
        selected: '/p/.agents/skills/deploy/SKILL.md',
        shadowed: '/p/.claude/skills/deploy/SKILL.md',
        identical: true,
      },
      {
        name: 'review',
        selected: '/p/.agents/skills/review/SKILL.md',
        shadowed: '/p/.claude/skills/review/SKILL.md',
        identical: true,
      },
    ]);
    // The catalog digest is over the winners only: the same with or without the links.
    expect(catalog.digest).toBe(buildCatalog([a, b]).digest);
  });

  it('ignores an alias of a shadowed copy, and reports a file met twice once, naming the root that kept it', () => {
    const strong = _pkg({ name: 'deploy', scope: 'local', locator: '/l/deploy/SKILL.md' });
    const weak = _pkg({ name: 'deploy', scope: 'global', locator: '/g/deploy/SKILL.md', body: 'Older.\n' });
    const twice = _pkg({ name: 'deploy', scope: 'global', locator: '/g/deploy/SKILL.md', body: 'Older.\n' });
    const catalog = buildCatalog([weak, strong, twice], {
      aliases: [{ locator: '/g/deploy/SKILL.md', via: '/p/link/SKILL.md' }],
    });
    expect(catalog.skills.map((p) => p.descriptor.source.locator)).toEqual(['/l/deploy/SKILL.md']);
    expect(catalog.conflicts).toEqual([
      { name: 'deploy', selected: '/l/deploy/SKILL.md', shadowed: '/g/deploy/SKILL.md', identical: false },
    ]);
    const duplicate = catalog.diagnostics.filter((d) => d.code === 'catalog.duplicate-file');
    expect(duplicate).toHaveLength(1);
    expect(duplicate[0]!.file).toBe('/g/deploy/SKILL.md');
    expect(duplicate[0]!.message).toContain('/global');
  });
});
